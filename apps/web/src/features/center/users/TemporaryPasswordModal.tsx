// The temporary password of an invitation or a reset, shown once (the server keeps only its hash) with a copy
// button; the user must choose their own at next sign-in.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { CopyField } from '../channels/CopyField.tsx';

export type Shown = { name: string; username: string; password: string };

export function TemporaryPasswordModal({ shown, onClose }: { shown: Shown | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={shown !== null} onClose={onClose} title={t('centerUsers.temporary.title')}>
      {shown && (
        <Stack gap="sm">
          <Text size="sm">
            {t('centerUsers.temporary.body', { name: shown.name, username: shown.username })}
          </Text>
          <CopyField value={shown.password} testId="user-temporary-password" />
          <Text size="xs" c="dimmed">
            {t('centerUsers.temporary.once')}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="user-temporary-done">
              {t('centerUsers.temporary.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
