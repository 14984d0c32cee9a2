// A one-time password reset link, shown once (the server keeps only its hash) with a copy button and when it
// expires; the administrator hands it to the user, who chooses a new password on the page it opens.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { CopyField } from '../channels/CopyField.tsx';

export type ShownLink = { name: string; username: string; url: string; expiresAt: string };

export function ResetLinkModal({ shown, onClose }: { shown: ShownLink | null; onClose: () => void }) {
  const { t } = useTranslation();
  const formatters = useFormatters();
  return (
    <Modal opened={shown !== null} onClose={onClose} title={t('centerUsers.resetLink.title')}>
      {shown && (
        <Stack gap="sm">
          <Text size="sm">
            {t('centerUsers.resetLink.body', { name: shown.name, username: shown.username })}
          </Text>
          <CopyField value={shown.url} testId="user-reset-link-url" />
          <Text size="xs" c="dimmed">
            {t('centerUsers.resetLink.once', { expires: formatters.dateTime(shown.expiresAt) })}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="user-reset-link-done">
              {t('centerUsers.resetLink.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
