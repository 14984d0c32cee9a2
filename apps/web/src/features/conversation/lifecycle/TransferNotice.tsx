// The body of a transfer notification: the giver's note, if any, and the button that opens the conversation.
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';

export function TransferNotice({ note, onOpen }: { note: string | null; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} align="flex-start" data-testid="transfer-notice">
      {note && (
        <Text size="sm" lineClamp={4} data-testid="transfer-note">
          {note}
        </Text>
      )}
      <Button size="compact-xs" variant="light" onClick={onOpen} data-testid="transfer-open">
        {t('lifecycle.open')}
      </Button>
    </Stack>
  );
}
