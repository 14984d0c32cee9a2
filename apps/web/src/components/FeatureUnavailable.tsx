// Honest empty state of a route whose feature has not been delivered yet.
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { Link } from 'react-router';
import { pathTo } from '../lib/routes.ts';
import { ToolsIcon } from './Icons.tsx';

export function FeatureUnavailable() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md" data-testid="feature-unavailable">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <ToolsIcon size={28} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('unavailable.title')}
        </Title>
        <Text c="dimmed">{t('unavailable.body')}</Text>
        <Button component={Link} to={pathTo('panel.index')} variant="light">
          {t('unavailable.back')}
        </Button>
      </Stack>
    </Center>
  );
}
