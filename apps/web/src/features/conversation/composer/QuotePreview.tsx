// The message being answered, above the footer's text: who wrote it and an excerpt, and a way to cancel.
import type { Message } from '@atende/contract';
import { CloseButton, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { useMessageActions } from '../timeline/message-actions-context.tsx';
import { senderName } from '../timeline/sender-name.ts';
import classes from './Composer.module.css';

export function QuotePreview({ message, onCancel }: { message: Message; onCancel: () => void }) {
  const { t } = useTranslation();
  const { customerName } = useMessageActions();
  const userId = useCurrentUser()?.id ?? null;
  return (
    <div className={classes.quote} data-testid="composer-quote">
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="xs" fw={600}>
          {t('messageActions.replyingTo', { name: senderName(message, { customerName, userId }, t) })}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
          {message.text || message.attachments[0]?.filename || message.subject || ''}
        </Text>
      </Stack>
      <CloseButton size="sm" aria-label={t('messageActions.cancelReply')} onClick={onCancel} />
    </div>
  );
}
