// Told when the heartbeat gave up: the server is unreachable; the user can try again.
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { PlugOffIcon } from '../../components/Icons.tsx';

interface ConnectionLostBannerProps {
  retrying: boolean;
  onRetry: () => void;
}

export function ConnectionLostBanner({ retrying, onRetry }: ConnectionLostBannerProps) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<PlugOffIcon />}
      title={t('connection.lostTitle')}
      mb="md"
      role="alert"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('connection.lostBody')}</Text>
        <Button size="xs" color="orange" onClick={onRetry} loading={retrying}>
          {t('connection.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
