// One message of the timeline: who sent it, on which channel, the message it quotes, an e-mail's subject and
// original, its text and attachments, its reactions and actions, and for outbound messages the delivery status
// (a failed one says why and can be sent again), and the broadcast it was sent by or answers. A private note
// shows as one; a deleted message keeps its place as a placeholder. Mounted by the dozen while the timeline
// scrolls, so its frame is plain elements styled by a CSS module (a Mantine layout component costs more to
// mount than the text it holds).
import type { Attachment, Message, QuotedMessage } from '@atende/contract';
import { Anchor, Badge, Box, Button, Group, Image, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ChannelIcon } from '../../../components/ChannelIcon.tsx';
import { FileIcon } from '../ConversationIcons.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { failureReasonText } from './failure-reason.ts';
import { formatFileSize } from '../file-size.ts';
import { HighlightedText } from '../../../components/HighlightedText.tsx';
import classes from './MessageBubble.module.css';
import { MessageActions } from './MessageActions.tsx';
import { useMessageDialogs } from './MessageDialogs.tsx';
import { ReactionChips } from './ReactionBar.tsx';
import { useMessageActions } from './message-actions-context.tsx';
import { senderName } from './sender-name.ts';
import { isLocal } from './timeline-store.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { useFreshAttachments } from './use-fresh-attachments.ts';
import { useTranscription } from './use-transcription.ts';

const STATUS_COLORS = {
  pending: 'gray',
  sent: 'blue',
  delivered: 'teal',
  read: 'green',
  failed: 'red',
  received: 'gray',
} as const;

function AttachmentView({ attachment, onFail }: { attachment: Attachment; onFail: () => void }) {
  const { language } = useTranslation();
  if (attachment.kind === 'image') {
    return (
      <Anchor href={attachment.url} target="_blank" rel="noreferrer">
        <Image
          src={attachment.url}
          alt={attachment.filename}
          h={180}
          w="auto"
          maw="100%"
          fit="contain"
          radius="sm"
          loading="lazy"
          onError={onFail}
          data-testid="attachment-image"
        />
      </Anchor>
    );
  }
  if (attachment.kind === 'audio') {
    return (
      <audio controls preload="none" src={attachment.url} onError={onFail} style={{ maxWidth: '100%' }} />
    );
  }
  if (attachment.kind === 'video') {
    return (
      <video
        controls
        preload="none"
        src={attachment.url}
        onError={onFail}
        style={{ maxWidth: '100%', maxHeight: 240 }}
      />
    );
  }
  return (
    <Anchor href={attachment.url} download={attachment.filename} size="sm" data-testid="attachment-document">
      <Group gap={6} wrap="nowrap">
        <FileIcon />
        <span>{attachment.filename}</span>
        <Text span size="xs" c="dimmed">
          {formatFileSize(attachment.size, language)}
        </Text>
      </Group>
    </Anchor>
  );
}

/** The quoted message's excerpt: pressing it brings the original into view when it is loaded. */
function QuoteView({ quoted }: { quoted: QuotedMessage }) {
  const { t } = useTranslation();
  const actions = useMessageActions();
  return (
    <button
      type="button"
      className={classes.quote}
      onClick={() => actions.showMessage(quoted.id)}
      aria-label={t('messageActions.showQuoted')}
      data-testid="message-quote"
    >
      <span className={classes.quoteText}>
        {quoted.deleted ? t('messageActions.deleted') : quoted.text || '📎'}
      </span>
    </button>
  );
}

export interface MessageBubbleProps {
  message: Message;
  time: string;
  highlight: string | null;
  focused: boolean;
  onRetry: (message: Message) => void;
}

export const MessageBubble = memo(function MessageBubble({
  message,
  time,
  highlight,
  focused,
  onRetry,
}: MessageBubbleProps) {
  const { t } = useTranslation();
  const dialogs = useMessageDialogs();
  const transcription = useTranscription(message);
  const renewAttachments = useFreshAttachments(message);
  // An optimistic copy has no id on the server yet: nothing can be asked about it.
  const known = !isLocal(message);
  const outbound = message.direction === 'out';
  const { customerName } = useMessageActions();
  const userId = useCurrentUser()?.id ?? null;
  const sender = senderName(message, { customerName, userId }, t);
  const deleted = message.deleted_at !== null;
  const rowClass = [classes.row, outbound && classes.outbound, message.internal && classes.note]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={rowClass}>
      <div
        className={focused ? `${classes.bubble} ${classes.focused}` : classes.bubble}
        data-testid="message"
        data-message-id={message.id}
        data-status={message.status}
        data-internal={message.internal || undefined}
        data-deleted={deleted || undefined}
      >
        <div className={classes.header}>
          <ChannelIcon kind={message.channel.type} size={14} />
          <span className={classes.sender} data-testid="message-sender">
            {sender}
          </span>
          {message.internal && (
            <span className={classes.noteLabel} data-testid="message-note-label">
              {t('messageActions.noteLabel')}
            </span>
          )}
          {known && !deleted && (
            <MessageActions
              message={message}
              transcribing={transcription.isPending}
              onTranscribe={() => transcription.mutate()}
            />
          )}
        </div>
        {message.broadcast && (
          <div className={classes.broadcast} data-testid="message-broadcast">
            {t(outbound ? 'messageActions.broadcastSent' : 'messageActions.broadcastReply', {
              name: message.broadcast.name,
            })}
          </div>
        )}
        {deleted && (
          <div className={classes.deleted} data-testid="message-deleted">
            {t('messageActions.deleted')}
          </div>
        )}
        {message.reply_to && !deleted && <QuoteView quoted={message.reply_to} />}
        {message.subject && (
          <div className={classes.subject} data-testid="message-subject">
            {message.subject}
          </div>
        )}
        {message.text !== '' && (
          <div className={classes.text}>
            <HighlightedText text={message.text} term={highlight} />
          </div>
        )}
        {message.attachments.map((attachment) => (
          <Box key={attachment.id}>
            <AttachmentView attachment={attachment} onFail={renewAttachments} />
          </Box>
        ))}
        {transcription.isError && (
          <Text size="xs" c="red" role="alert" data-testid="transcription-error">
            {errorText(transcription.error)}
          </Text>
        )}
        {!deleted && (message.transcription ?? transcription.data?.transcription) && (
          <Text size="sm" fs="italic" className={classes.text} data-testid="message-transcription">
            <Text span size="xs" c="dimmed" fs="normal">
              {t('transcription.label')}{' '}
            </Text>
            <HighlightedText
              text={(message.transcription ?? transcription.data?.transcription)!}
              term={highlight}
            />
          </Text>
        )}
        {message.has_html && known && (
          <Box>
            <Button size="compact-xs" variant="subtle" onClick={() => dialogs.openHtml(message.id)}>
              {t('email.viewOriginal')}
            </Button>
          </Box>
        )}
        <div className={classes.footer}>
          <span className={classes.time}>{time}</span>
          {outbound && !message.internal && !deleted && (
            <Badge
              size="xs"
              variant="light"
              color={STATUS_COLORS[message.status]}
              data-testid="message-status"
            >
              {t(`timeline.status.${message.status}`)}
            </Badge>
          )}
        </div>
        {message.status === 'failed' && (
          <Group gap={6} justify="flex-end" wrap="wrap">
            {message.failure_reason && (
              <Text size="xs" c="red">
                {failureReasonText(message.failure_reason, t)}
              </Text>
            )}
            <Button size="compact-xs" variant="light" color="red" onClick={() => onRetry(message)}>
              {t('timeline.retry')}
            </Button>
          </Group>
        )}
        <ReactionChips message={message} />
      </div>
    </div>
  );
});
