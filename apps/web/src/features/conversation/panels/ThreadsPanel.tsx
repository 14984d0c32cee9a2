// The threads panel (spec §2): internal topics about the conversation between colleagues, public or private.
// The list and the open thread follow 'thread.updated' and 'thread.message' live. Create is disabled until a
// name is typed and Send until a message is typed (spec §5).
import { MESSAGE_TEXT_MAX, THREAD_NAME_MAX, type Thread, type ThreadPrivacy } from '@atende/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ArrowLeftIcon } from '../../../components/Icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { applyThreadMessage, applyThreadUpdate, mergeOlderThreadPage } from './thread-cache.ts';
import { conversationKeys } from '../conversation-keys.ts';
import {
  changeThreadPrivacy,
  createThread,
  fetchOlderThreadMessages,
  replyToThread,
  threadMessagesQuery,
  threadsQuery,
} from './thread-api.ts';

export function NewThreadForm({
  contactId,
  onCreated,
}: {
  contactId: string;
  onCreated: (thread: Thread) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [privacy, setPrivacy] = useState<ThreadPrivacy>('public');
  const [text, setText] = useState('');
  const mutation = useMutation({
    mutationFn: () =>
      createThread(contactId, { name: name.trim(), privacy, text: text.trim() ? text.trim() : undefined }),
    onSuccess: (thread) => {
      applyThreadUpdate(client, thread);
      setName('');
      setText('');
      onCreated(thread);
    },
  });
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (name.trim()) mutation.mutate();
  }
  return (
    <form onSubmit={handleSubmit} data-testid="new-thread">
      <Stack gap="xs">
        <TextInput
          size="xs"
          label={t('threads.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={THREAD_NAME_MAX}
        />
        <SegmentedControl
          size="xs"
          value={privacy}
          onChange={(value) => setPrivacy(value === 'private' ? 'private' : 'public')}
          data={[
            { value: 'public', label: t('threads.public') },
            { value: 'private', label: t('threads.private') },
          ]}
          aria-label={t('threads.privacy')}
        />
        <TextAndSubmit
          label={t('threads.firstMessage')}
          text={text}
          onText={setText}
          error={mutation.isError ? errorText(mutation.error) : null}
          submit={t('threads.create')}
          disabled={name.trim() === ''}
          pending={mutation.isPending}
        />
      </Stack>
    </form>
  );
}

export function ThreadReplyForm({ contactId, threadId }: { contactId: string; threadId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const mutation = useMutation({
    mutationFn: () => replyToThread(contactId, threadId, text.trim()),
    onSuccess: (message) => {
      applyThreadMessage(client, { ...message, contact_id: contactId });
      setText('');
    },
  });
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) mutation.mutate();
  }
  return (
    <form onSubmit={handleSubmit} data-testid="thread-reply">
      <Stack gap={6}>
        <TextAndSubmit
          placeholder={t('threads.message')}
          text={text}
          onText={setText}
          error={mutation.isError ? errorText(mutation.error) : null}
          submit={t('threads.send')}
          disabled={text.trim() === ''}
          pending={mutation.isPending}
        />
      </Stack>
    </form>
  );
}

/** A thread's text box with the error of the last attempt and the submit button, in both thread forms. */
function TextAndSubmit(props: {
  label?: string;
  placeholder?: string;
  text: string;
  onText: (text: string) => void;
  error: string | null;
  submit: string;
  disabled: boolean;
  pending: boolean;
}) {
  return (
    <>
      <Textarea
        size="xs"
        label={props.label}
        aria-label={props.label ?? props.placeholder}
        placeholder={props.placeholder}
        value={props.text}
        onChange={(event) => props.onText(event.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={5}
        maxLength={MESSAGE_TEXT_MAX}
      />
      {props.error && (
        <Text size="xs" c="red" role="alert">
          {props.error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button size="xs" type="submit" disabled={props.disabled} loading={props.pending}>
          {props.submit}
        </Button>
      </Group>
    </>
  );
}

function ThreadView({
  contactId,
  thread,
  onBack,
}: {
  contactId: string;
  thread: Thread;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const client = useQueryClient();
  const messages = useQuery(threadMessagesQuery(contactId, thread.id));
  const privacy = useMutation({
    mutationFn: (next: ThreadPrivacy) => changeThreadPrivacy(contactId, thread.id, next),
    onSuccess: (updated) => applyThreadUpdate(client, updated),
  });
  const older = useMutation({
    mutationFn: (before: string) => fetchOlderThreadMessages(contactId, thread.id, before),
    onSuccess: (page) =>
      client.setQueryData(
        conversationKeys.threadMessages(contactId, thread.id),
        (current: typeof messages.data) => (current ? mergeOlderThreadPage(current, page) : current),
      ),
  });
  const ordered = [...(messages.data?.data ?? [])].reverse();
  const oldest = ordered[0]?.created_at;
  return (
    <Stack gap="sm" data-testid="thread-view">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon variant="subtle" color="gray" onClick={onBack} aria-label={t('threads.back')}>
          <ArrowLeftIcon />
        </ActionIcon>
        <Text fw={600} style={{ flex: 1, minWidth: 0 }} truncate>
          {thread.name}
        </Text>
        <Switch
          size="xs"
          label={t('threads.private')}
          checked={thread.privacy === 'private'}
          disabled={privacy.isPending}
          onChange={(event) => privacy.mutate(event.currentTarget.checked ? 'private' : 'public')}
        />
      </Group>
      {privacy.isError && (
        <Text size="xs" c="red" role="alert">
          {errorText(privacy.error)}
        </Text>
      )}
      {messages.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      ) : ordered.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('threads.noMessages')}
        </Text>
      ) : (
        <Stack gap={6}>
          {messages.data?.has_more && oldest && (
            <Button
              size="compact-xs"
              variant="subtle"
              loading={older.isPending}
              onClick={() => older.mutate(oldest)}
            >
              {t('threads.older')}
            </Button>
          )}
          {ordered.map((message) => (
            <Card key={message.id} withBorder padding="xs" radius="sm" data-testid="thread-message">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="xs" fw={600} truncate>
                  {message.author.name ?? '—'}
                </Text>
                <Text size="xs" c="dimmed">
                  {format.dateTime(message.created_at)}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.text}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
      <ThreadReplyForm contactId={contactId} threadId={thread.id} />
    </Stack>
  );
}

export function ThreadsPanel({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const user = useCurrentUser();
  const threads = useQuery(threadsQuery(contactId));
  const [openId, setOpenId] = useState<string | null>(null);
  const open = threads.data?.data.find((thread) => thread.id === openId);

  if (open) return <ThreadView contactId={contactId} thread={open} onBack={() => setOpenId(null)} />;

  return (
    <Stack gap="sm" data-testid="threads-panel">
      {threads.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      ) : threads.isError ? (
        <Text size="sm" c="red">
          {errorText(threads.error)}
        </Text>
      ) : threads.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('threads.empty')}
        </Text>
      ) : (
        threads.data.data.map((thread) => (
          <UnstyledButton key={thread.id} onClick={() => setOpenId(thread.id)} data-testid="thread-row">
            <Card withBorder padding="xs" radius="sm">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={600} truncate>
                  {thread.name}
                </Text>
                <Badge size="xs" variant="light" color={thread.privacy === 'private' ? 'orange' : 'gray'}>
                  {t(thread.privacy === 'private' ? 'threads.private' : 'threads.public')}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {t('threads.summary', {
                  author: thread.author.id === user?.id ? t('timeline.you') : (thread.author.name ?? '—'),
                  count: thread.messages_count,
                  when: format.dateTime(thread.last_activity_at),
                })}
              </Text>
            </Card>
          </UnstyledButton>
        ))
      )}
      <Card withBorder padding="sm" radius="md">
        <Text size="sm" fw={600} mb="xs">
          {t('threads.new')}
        </Text>
        <NewThreadForm contactId={contactId} onCreated={(thread) => setOpenId(thread.id)} />
      </Card>
    </Stack>
  );
}
