// The message footer: the channel to answer on, the text (Enter sends, Shift+Enter breaks the line), one file at
// a time (spec §5) and a voice recording; on an e-mail channel also the subject. A blacklisted channel cannot be
// written to, nor free text sent outside the customer-service window (WhatsApp, Messenger, Instagram): the
// footer says why, and on WhatsApp offers the approved templates. Typing tells colleagues viewing the
// conversation (`onTyping`). A message being answered shows above the text (Esc or × cancels it); the note
// switch turns the footer into a private note for colleagues, visibly (the note's colour and label), that no
// channel carries.
// Ready phrases come with the `/` shortcut (features/phrases) or through the `insertText` handle.
import type { ContactChannel } from '@atende/contract';
import {
  ActionIcon,
  Alert,
  Box,
  CloseButton,
  FileButton,
  Group,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import {
  forwardRef,
  memo,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useAbility } from '../../../lib/abilities.ts';
import { useComposerFocus } from '../../../lib/composer-focus.ts';
import { ariaKeys, useShortcut } from '../../../lib/shortcuts.ts';
import { FileIcon, PaperclipIcon, SendIcon, SparklesIcon } from '../ConversationIcons.tsx';
import { CHANNEL_TEXT_MAX, CUSTOMER_WINDOW_HOURS, MESSAGE_TEXT_MAX } from '@atende/contract';
import { errorText } from '../../../lib/error-text.ts';
import { formatFileSize } from '../file-size.ts';
import { MailSubjectField } from './MailSubjectField.tsx';
import { useMailSubject } from './mail-subject.ts';
import { HttpError } from '../../../lib/http.ts';
import { PhraseShortcut } from '../../phrases/PhraseShortcut.tsx';
import { usePhraseShortcut } from '../../phrases/use-phrase-shortcut.ts';
import { VoiceRecorder } from './VoiceRecorder.tsx';
import classes from './Composer.module.css';
import type { Outgoing } from './send-message.ts';
import { channelLabel } from '../channel-label.ts';
import { useQuote } from '../timeline/message-actions-context.tsx';
import { QuotePreview } from './QuotePreview.tsx';
import { TemplatePicker } from './TemplatePicker.tsx';
import { EnhanceDialog } from './EnhanceDialog.tsx';

/** The share of the channel's length from which the characters left are shown. */
const LENGTH_WARNING = 0.8;

export interface ComposerHandle {
  /** Puts text at the caret (ready phrases). */
  insertText: (text: string) => void;
}

export interface ComposerProps {
  /** The conversation the footer belongs to (focus requests name it). */
  contactId: string;
  channels: readonly ContactChannel[];
  channelId: string | null;
  onChannelChange: (channelId: string) => void;
  onSend: (channel: ContactChannel, clientId: string, outgoing: Outgoing) => Promise<unknown>;
  /** "Re: …" of the customer's last e-mail on the chosen channel: the subject's prefill. */
  replySubject?: string | null;
  /** Called on every keystroke in the text (the caller throttles what it tells the room). */
  onTyping?: () => void;
}

const sameFile = (a: File, b: File): boolean =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

const newClientId = (): string => crypto.randomUUID();

/** Alt+M ("mensagem") puts the caret in the text from anywhere in the conversation. */
const FOCUS_KEYS = 'alt+m';

const ComposerFooter = forwardRef<ComposerHandle, ComposerProps>(function Composer(
  { contactId, channels, channelId, onChannelChange, onSend, replySubject = null, onTyping },
  ref,
) {
  const { t, language } = useTranslation();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState(false);
  const [enhancing, setEnhancing] = useState(false);
  const quote = useQuote();
  const subject = useMailSubject(replySubject);
  const [subjectError, setSubjectError] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const resetFile = useRef<() => void>(null);
  // The client_id of a send that failed on the network: sending the same thing again reuses it.
  const unsent = useRef<{ key: string; clientId: string } | null>(null);
  const phraseShortcut = usePhraseShortcut(textarea, text, setText);
  useComposerFocus(textarea, contactId);
  // Choosing "answer" on a message puts the caret here, ready to write the answer.
  useEffect(() => {
    if (quote.quoted) textarea.current?.focus();
  }, [quote.quoted]);
  useShortcut({
    id: 'composer.focus',
    keys: FOCUS_KEYS,
    label: 'shortcuts.actions.focusComposer',
    handler: () => textarea.current?.focus(),
  });
  // From the command palette: the note switch, then the text to write it.
  useShortcut({
    id: 'composer.note',
    label: 'shortcuts.actions.privateNote',
    handler: () => {
      setNote((current) => !current);
      textarea.current?.focus();
    },
  });

  useImperativeHandle(ref, () => ({
    insertText: (insert) => {
      const element = textarea.current;
      const start = element?.selectionStart ?? text.length;
      const end = element?.selectionEnd ?? text.length;
      setText(text.slice(0, start) + insert + text.slice(end));
      element?.focus();
    },
  }));

  const channel = channels.find((entry) => entry.id === channelId) ?? null;
  // A note reaches no channel: a blocked one does not stop it, and it has no subject nor files.
  const blocked = !note && (channel?.blacklisted ?? false);
  const mail = !note && channel?.type === 'email';
  // WhatsApp, Messenger and Instagram take free text only within hours of the customer's last message.
  const closesAt = channel?.customer_window_closes_at ?? null;
  const windowClosed = !note && !blocked && closesAt !== null && Date.parse(closesAt) <= Date.now();
  const trimmed = text.trim();
  // What leaves is held to its channel's length (Messenger 2 000, Instagram 1 000…); a note to ours.
  const textMax = note || !channel ? MESSAGE_TEXT_MAX : CHANNEL_TEXT_MAX[channel.type];
  const overLength = text.length > textMax;
  // An e-mail needs its text even with a file (the subject is checked on send, where the error can show).
  const canSend =
    !!channel &&
    !blocked &&
    !windowClosed &&
    !sending &&
    !overLength &&
    (trimmed !== '' || (file !== null && !mail && !note));
  const mayUpload = useAbility('messages.send_files');

  async function deliver(outgoing: Outgoing, key: string) {
    if (!channel) return;
    const clientId = unsent.current?.key === key ? unsent.current.clientId : newClientId();
    setSending(true);
    setError(null);
    try {
      await onSend(channel, clientId, outgoing);
      unsent.current = null;
      return true;
    } catch (failure) {
      unsent.current = failure instanceof HttpError && failure.status === 0 ? { key, clientId } : null;
      if (failure instanceof HttpError && failure.code === 'mail_subject_required') {
        setSubjectError(errorText(failure));
      } else {
        setError(errorText(failure));
      }
      return false;
    } finally {
      setSending(false);
    }
  }

  async function handleSend() {
    if (!canSend) return;
    const subjectLine = subject.value.trim();
    if (mail && subjectLine === '') {
      setSubjectError(t('email.subjectRequired'));
      return;
    }
    setSubjectError(null);
    const content: Outgoing = note
      ? { kind: 'note', text: trimmed }
      : mail
        ? { kind: 'mail', subject: subjectLine, text: trimmed, files: file ? [file] : [] }
        : file
          ? { kind: 'file', file, filename: file.name, caption: trimmed }
          : { kind: 'text', text: trimmed };
    const quoted = quote.quoted;
    const outgoing: Outgoing = quoted
      ? {
          ...content,
          quote: {
            id: quoted.id,
            direction: quoted.direction,
            text: quoted.text,
            deleted: quoted.deleted_at !== null,
          },
        }
      : content;
    const key = `${note ? 'note' : channel?.id}|${quoted?.id ?? ''}|${mail ? subjectLine : ''}|${trimmed}|${file && !note ? `${file.name}:${file.size}` : ''}`;
    const previous = { text, file };
    setText('');
    setFile(null);
    resetFile.current?.();
    if (await deliver(outgoing, key)) {
      if (mail) subject.reset();
      quote.clear();
    } else {
      setText(previous.text);
      setFile(previous.file);
    }
    textarea.current?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape' && quote.quoted) {
      event.preventDefault();
      quote.clear();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void handleSend();
    }
  }

  function handlePick(picked: File | null) {
    if (!picked) return;
    if (file && sameFile(file, picked)) {
      setError(t('composer.duplicateFile'));
    } else {
      setError(null);
      setFile(picked);
    }
    resetFile.current?.();
  }

  const channelOptions = channels.map((entry) => ({
    value: entry.id,
    label: channelLabel(entry, t),
    disabled: entry.blacklisted,
  }));

  return (
    <Box
      p="sm"
      className={note ? classes.note : classes.footer}
      data-testid="composer"
      data-contact-id={contactId}
      data-note={note || undefined}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap">
          {note ? (
            <Text
              size="xs"
              fw={600}
              className={classes.noteLabel}
              style={{ flex: 1 }}
              data-testid="composer-note-label"
            >
              {t('composer.noteHint')}
            </Text>
          ) : (
            <Select
              size="xs"
              aria-label={t('composer.channel')}
              data={channelOptions}
              value={channelId}
              onChange={(value) => value && onChannelChange(value)}
              allowDeselect={false}
              style={{ flex: 1, minWidth: 0, maxWidth: 360 }}
              comboboxProps={{ withinPortal: true }}
              data-testid="composer-channel"
            />
          )}
          <Switch
            size="xs"
            color="yellow"
            label={t('composer.note')}
            checked={note}
            onChange={(event) => setNote(event.currentTarget.checked)}
            ml="auto"
            data-testid="composer-note"
          />
        </Group>
        {quote.quoted && <QuotePreview message={quote.quoted} onCancel={quote.clear} />}
        {blocked && channel && (
          <Alert color="red" variant="light" p="xs" data-testid="composer-blocked">
            {channel.blacklist_reason
              ? t('composer.blacklistedBecause', { reason: channel.blacklist_reason })
              : t('composer.blacklisted')}
          </Alert>
        )}
        {windowClosed && channel && (
          <Alert color="yellow" variant="light" p="xs" data-testid="composer-window-closed">
            <Stack gap="xs">
              <Text size="sm">
                {t(channel.type === 'whatsapp' ? 'composer.windowClosedTemplate' : 'composer.windowClosed', {
                  hours: CUSTOMER_WINDOW_HOURS[channel.type] ?? 24,
                })}
              </Text>
              {channel.type === 'whatsapp' && (
                <TemplatePicker
                  disabled={sending}
                  onSend={(template, variables) =>
                    deliver(
                      { kind: 'template', template, variables },
                      `template:${template.id}:${variables.join('|')}`,
                    )
                  }
                />
              )}
            </Stack>
          </Alert>
        )}
        {mail && !blocked && (
          <MailSubjectField
            value={subject.value}
            onChange={(value) => {
              subject.change(value);
              setSubjectError(null);
            }}
            error={subjectError}
            disabled={sending}
          />
        )}
        {file && !note && (
          <Group gap={6} wrap="nowrap" data-testid="composer-file">
            <FileIcon size={16} />
            <Text size="sm" truncate style={{ minWidth: 0 }}>
              {file.name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatFileSize(file.size, language)}
            </Text>
            <CloseButton size="sm" aria-label={t('composer.removeFile')} onClick={() => setFile(null)} />
          </Group>
        )}
        <PhraseShortcut shortcut={phraseShortcut} />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          {mayUpload && !blocked && !windowClosed && !note && (
            <FileButton onChange={handlePick} resetRef={resetFile}>
              {(props) => (
                <Tooltip label={t('composer.attach')}>
                  <ActionIcon
                    {...props}
                    variant="subtle"
                    size="lg"
                    aria-label={t('composer.attach')}
                    disabled={sending}
                  >
                    <PaperclipIcon />
                  </ActionIcon>
                </Tooltip>
              )}
            </FileButton>
          )}
          <Textarea
            ref={textarea}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              onTyping?.();
            }}
            onKeyDown={handleKeyDown}
            placeholder={t(
              note
                ? 'composer.notePlaceholder'
                : file
                  ? 'composer.captionPlaceholder'
                  : 'composer.placeholder',
            )}
            aria-label={t('composer.message')}
            aria-keyshortcuts={ariaKeys(FOCUS_KEYS)}
            autosize
            minRows={1}
            maxRows={6}
            maxLength={textMax}
            disabled={blocked || windowClosed}
            style={{ flex: 1 }}
            data-testid="composer-text"
          />
          {text.length >= textMax * LENGTH_WARNING && (
            <Text
              size="xs"
              c={overLength ? 'red' : 'dimmed'}
              aria-live="polite"
              data-testid="composer-remaining"
            >
              {t('composer.remaining', { count: textMax - text.length })}
            </Text>
          )}
          {!blocked && !windowClosed && !note && channel && (
            <Tooltip label={t('enhance.open')}>
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={t('enhance.open')}
                disabled={sending || text.trim() === ''}
                onClick={() => setEnhancing(true)}
                data-testid="composer-enhance"
              >
                <SparklesIcon />
              </ActionIcon>
            </Tooltip>
          )}
          {mayUpload && !blocked && !windowClosed && !note && channel && (
            <VoiceRecorder
              disabled={sending}
              onRecorded={(blob, filename) =>
                deliver({ kind: 'audio', file: blob, filename, caption: '' }, `audio:${filename}`)
              }
              onError={setError}
            />
          )}
          <Tooltip label={t(note ? 'composer.sendNote' : 'composer.send')}>
            <ActionIcon
              size="lg"
              color={note ? 'yellow' : undefined}
              onClick={() => void handleSend()}
              disabled={!canSend}
              loading={sending}
              aria-label={t(note ? 'composer.sendNote' : 'composer.send')}
              data-testid="composer-send"
            >
              <SendIcon />
            </ActionIcon>
          </Tooltip>
        </Group>
        {channel && (
          <EnhanceDialog
            opened={enhancing}
            contactId={contactId}
            draft={text}
            channel={channel.type}
            onAccept={(suggestion) => {
              setText(suggestion);
              setEnhancing(false);
              textarea.current?.focus();
            }}
            onClose={() => setEnhancing(false)}
          />
        )}
        {error && (
          <Text size="xs" c="red" role="alert" data-testid="composer-error">
            {error}
          </Text>
        )}
      </Stack>
    </Box>
  );
});

/**
 * Memoised: the conversation re-renders with every page of history, and the text area measures its height (a
 * forced layout of the whole screen) on every render.
 */
export const Composer = memo(ComposerFooter);
