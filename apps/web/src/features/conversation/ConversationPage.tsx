// conversation.messages (/painel/conversa/:contactId): the whole history of the customer across every channel,
// newest at the bottom, with the footer to answer on the right channel. The info bar shows the colleagues viewing
// it, toggles read/unread and opens the panels of the conversation (channels, threads, search, pipelines, export).
import type { Contact, Message } from '@atende/contract';
import { DEFAULT_TIMEZONE } from '@atende/contract';
import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { usePrefetchQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { pathTo } from '../../lib/routes.ts';
import { ArrowLeftIcon, KanbanIcon, PinIcon, PinOffIcon, SearchIcon } from '../../components/Icons.tsx';
import { setTitleSubject } from '../../lib/document-title.ts';
import { HttpError } from '../../lib/http.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useShortcut } from '../../lib/shortcuts.ts';
import { notifyError } from '../../lib/notify.ts';
import { contactQuery } from '../contacts/contact-queries.ts';
import { useRecentContacts, type RecentContact } from '../contacts/recent-contacts.ts';
import { ContactTabs } from '../../components/ContactSubpage.tsx';
import { initialsOf } from '../../lib/initials.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import { channelLabel } from './channel-label.ts';
import { Composer } from './composer/Composer.tsx';
import { ChannelsPanel } from './panels/ChannelsPanel.tsx';
import { ContactLoadAlert } from '../../components/ContactLoadAlert.tsx';
import { ChannelsIcon, DownloadIcon, MailIcon, MailOpenedIcon, ThreadsIcon } from './ConversationIcons.tsx';
import { ExportModal } from './panels/ExportModal.tsx';
import { LifecycleActions } from './lifecycle/LifecycleActions.tsx';
import { OwnerLine } from './lifecycle/OwnerLine.tsx';
import { SearchPanel } from './panels/SearchPanel.tsx';
import { foundMessageOf } from '../../lib/found-message.ts';
import { ThreadsPanel } from './panels/ThreadsPanel.tsx';
import classes from './ConversationPage.module.css';
import { retryMessage } from './conversation-api.ts';
import { defaultChannelId } from './composer/default-channel.ts';
import { errorText } from '../../lib/error-text.ts';
import { replySubjectFor } from './composer/mail-subject.ts';
import { MessageDialogsProvider } from './timeline/MessageDialogs.tsx';
import { TypingIndicator } from './presence/TypingIndicator.tsx';
import { useConversationPresence, useTypingNotice } from './presence/use-conversation-presence.ts';
import { ViewersBar } from './presence/ViewersBar.tsx';
import { useSendMessage } from './composer/send-message.ts';
import { Timeline, type TimelineHandle } from './timeline/Timeline.tsx';
import { conversationKeys } from './conversation-keys.ts';
import { addMessage, loadOlder, timelineQuery } from './timeline/timeline-queries.ts';
import type { Timeline as TimelineData } from './timeline/timeline-store.ts';
import { useConversationLive } from './use-conversation-live.ts';
import { useConversationCsat } from './lifecycle/use-conversation-csat.ts';
import { useOlderPages } from './timeline/use-older-pages.ts';
import { useReadState } from './use-read-state.ts';

const recentEntryOf = (contact: Contact): RecentContact => ({
  id: contact.id,
  name: contact.name,
  channel: contact.main_channel,
  opened_at: new Date().toISOString(),
});

function BackToList() {
  const { t } = useTranslation();
  return (
    <Box hiddenFrom="md">
      <ActionIcon
        component={Link}
        to={pathTo('panel.index')}
        variant="subtle"
        color="gray"
        aria-label={t('conversation.back')}
      >
        <ArrowLeftIcon />
      </ActionIcon>
    </Box>
  );
}

function PinButton({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const pinned = useRecentContacts((state) => state.pinned.some((entry) => entry.id === contact.id));
  const pin = useRecentContacts((state) => state.pin);
  const unpin = useRecentContacts((state) => state.unpin);
  const label = t(pinned ? 'recent.unpin' : 'recent.pin', { name: contact.name });
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant={pinned ? 'light' : 'subtle'}
        color={pinned ? undefined : 'gray'}
        size="lg"
        aria-label={label}
        aria-pressed={pinned}
        onClick={() => (pinned ? unpin(contact.id) : pin(recentEntryOf(contact)))}
      >
        {pinned ? <PinOffIcon /> : <PinIcon />}
      </ActionIcon>
    </Tooltip>
  );
}

function ReadToggle({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const read = useReadState(contact);
  const label = t(read.unread ? 'conversation.markRead' : 'conversation.markUnread');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        loading={read.pending}
        onClick={read.toggle}
        data-testid="read-toggle"
      >
        {read.unread ? <MailOpenedIcon /> : <MailIcon />}
      </ActionIcon>
    </Tooltip>
  );
}

type PanelName = 'channels' | 'threads' | 'search' | 'pipelines';

// Its own chunk: the pipeline feature loads when the panel first opens.
const ContactPipelinePanel = lazy(() =>
  import('../pipelines/ContactPipelinePanel.tsx').then((module) => ({
    default: module.ContactPipelinePanel,
  })),
);

/** A search result to show in the timeline; `nonce` lets the same result be chosen twice. */
interface Jump {
  contactId: string;
  messageId: string;
  term: string;
  nonce: number;
}

function PanelButton({
  label,
  active,
  onClick,
  testId,
  children,
}: {
  label: string;
  active: boolean;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant={active ? 'light' : 'subtle'}
        color={active ? undefined : 'gray'}
        size="lg"
        aria-label={label}
        aria-pressed={active}
        onClick={onClick}
        data-testid={testId}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

function InfoBar({
  contact,
  panel,
  onPanel,
  onExport,
}: {
  contact: Contact;
  panel: PanelName | null;
  onPanel: (panel: PanelName | null) => void;
  onExport: () => void;
}) {
  const { t } = useTranslation();
  const toggle = (name: PanelName) => onPanel(panel === name ? null : name);
  return (
    <Group className={classes.header} gap="xs" wrap="wrap" style={{ rowGap: 4 }}>
      <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 200px', minWidth: 0 }}>
        <BackToList />
        <Avatar radius="xl" size={40} color="initials" name={contact.name}>
          {initialsOf(contact.name)}
        </Avatar>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Title order={1} size="h4" lineClamp={1}>
            {contact.name}
          </Title>
          <OwnerLine contact={contact} />
          <Group gap={6} mt={2} wrap="nowrap" style={{ overflow: 'hidden' }}>
            {contact.online && (
              <Badge size="sm" color="green" variant="dot">
                {t('contacts.row.online')}
              </Badge>
            )}
            {contact.critical && (
              <Badge size="sm" color="red">
                {t('contacts.row.critical')}
              </Badge>
            )}
            <Badge
              size="sm"
              variant="light"
              color={contact.priority === 'high' ? 'orange' : 'gray'}
              visibleFrom="sm"
            >
              {t('conversation.priority', { priority: t(`contacts.priority.${contact.priority}`) })}
            </Badge>
            {contact.unread_messages.count > 0 && (
              <Badge size="sm" data-testid="unread-badge">
                {t('conversation.unread', { total: contact.unread_messages.count })}
              </Badge>
            )}
          </Group>
        </Box>
      </Group>
      <Group gap={2} wrap="nowrap" ml="auto">
        <ViewersBar contactId={contact.id} />
        <LifecycleActions contact={contact} />
        <ReadToggle contact={contact} />
        <PanelButton
          label={t('messageSearch.title')}
          active={panel === 'search'}
          onClick={() => toggle('search')}
          testId="open-search"
        >
          <SearchIcon />
        </PanelButton>
        <PanelButton label={t('exportChat.title')} active={false} onClick={onExport} testId="open-export">
          <DownloadIcon />
        </PanelButton>
        <PanelButton
          label={t('channelsPanel.title')}
          active={panel === 'channels'}
          onClick={() => toggle('channels')}
          testId="open-channels"
        >
          <ChannelsIcon />
        </PanelButton>
        <PanelButton
          label={t('threads.shortcut')}
          active={panel === 'threads'}
          onClick={() => toggle('threads')}
          testId="open-threads"
        >
          <ThreadsIcon />
        </PanelButton>
        <PanelButton
          label={t('pipelines.panel.title')}
          active={panel === 'pipelines'}
          onClick={() => toggle('pipelines')}
          testId="open-pipelines"
        >
          <KanbanIcon />
        </PanelButton>
        <PinButton contact={contact} />
      </Group>
    </Group>
  );
}

function ChannelFilter({
  contact,
  value,
  onChange,
}: {
  contact: Contact;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  if (contact.channels.length < 2) return null;
  return (
    <Group className={classes.toolbar} gap="xs" wrap="nowrap">
      <Select
        size="xs"
        aria-label={t('timeline.channelFilter')}
        placeholder={t('timeline.allChannels')}
        data={[
          { value: '', label: t('timeline.allChannels') },
          ...contact.channels.map((channel) => ({
            value: channel.id,
            label: channelLabel(channel, t),
          })),
        ]}
        value={value ?? ''}
        onChange={(next) => onChange(next ? next : null)}
        allowDeselect={false}
        w={280}
        maw="100%"
        data-testid="channel-filter"
      />
    </Group>
  );
}

function Conversation({ contact, jump }: { contact: Contact; jump: Jump | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const user = useCurrentUser();
  const timeline = useQuery(timelineQuery(contact.id));
  const send = useSendMessage(contact.id);
  const view = useRef<TimelineHandle>(null);
  const olderPages = useOlderPages(contact.id);
  const [channelFilter, setChannelFilter] = useState<string | null>(null);
  const [chosenChannel, setChosenChannel] = useState<string | null>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  useConversationLive(contact.id);
  useConversationPresence(contact.id);
  const handleTyping = useTypingNotice(contact.id);
  const csat = useConversationCsat(contact).data?.csat ?? null;

  // A chosen search result: load older pages until it is in the timeline, then bring it into view.
  useEffect(() => {
    if (!jump) return undefined;
    let cancelled = false;
    setChannelFilter(null);
    setFocusedId(jump.messageId);
    const present = () =>
      client
        .getQueryData<TimelineData>(conversationKeys.timeline(contact.id))
        ?.items.some((entry) => entry.type === 'message' && entry.message.id === jump.messageId) ?? false;
    void (async () => {
      while (!cancelled && !present()) {
        if (!(await loadOlder(client, contact.id).catch(() => false))) break;
      }
      if (cancelled) return;
      requestAnimationFrame(() => view.current?.scrollToMessage(jump.messageId));
    })();
    return () => {
      cancelled = true;
    };
  }, [jump, client, contact.id]);

  const items = timeline.data?.items;
  const channelId =
    (chosenChannel && contact.channels.some((channel) => channel.id === chosenChannel)
      ? chosenChannel
      : null) ?? defaultChannelId(contact.channels, items ?? []);
  const replySubject = useMemo(() => replySubjectFor(items ?? [], channelId), [items, channelId]);

  const handleRetry = useCallback(
    (message: Message) => {
      retryMessage(contact.id, message.id)
        .then((updated) => addMessage(client, updated))
        .catch((error: unknown) => {
          if (!(error instanceof HttpError)) notifyError(errorText(error));
        });
    },
    [client, contact.id],
  );

  const handleSend: typeof send = useCallback(
    async (channel, clientId, outgoing) => {
      const pending = send(channel, clientId, outgoing);
      requestAnimationFrame(() => view.current?.scrollToBottom());
      const message = await pending;
      requestAnimationFrame(() => view.current?.scrollToBottom());
      return message;
    },
    [send],
  );

  return (
    <MessageDialogsProvider contact={contact}>
      <ChannelFilter contact={contact} value={channelFilter} onChange={setChannelFilter} />
      {timeline.isPending ? (
        <Center style={{ flex: 1 }}>
          <Loader role="status" aria-label={t('common.loading')} />
        </Center>
      ) : timeline.isError ? (
        <Center style={{ flex: 1 }} p="md">
          <Stack align="center" gap="xs">
            <Text c="red" size="sm">
              {errorText(timeline.error)}
            </Text>
            <Button size="xs" variant="light" onClick={() => void timeline.refetch()}>
              {t('timeline.tryAgain')}
            </Button>
          </Stack>
        </Center>
      ) : (
        <Timeline
          ref={view}
          timeline={timeline.data}
          timeZone={user?.timezone ?? DEFAULT_TIMEZONE}
          channelId={channelFilter}
          highlight={jump?.term ?? null}
          focusedId={focusedId}
          loadingOlder={olderPages.loading}
          onLoadOlder={olderPages.loadMore}
          onRetry={handleRetry}
          csat={csat}
        />
      )}
      <TypingIndicator contactId={contact.id} />
      <Composer
        contactId={contact.id}
        channels={contact.channels}
        channelId={channelId}
        onChannelChange={setChosenChannel}
        onSend={handleSend}
        replySubject={replySubject}
        onTyping={handleTyping}
      />
    </MessageDialogsProvider>
  );
}

export function ConversationPage() {
  const { t } = useTranslation();
  const { contactId = '' } = useParams();
  const query = useQuery(contactQuery(contactId));
  // The timeline is fetched alongside the contact, not after it: the first paint waits for one round trip.
  usePrefetchQuery(timelineQuery(contactId));
  const visit = useRecentContacts((state) => state.visit);
  const [panel, setPanel] = useState<PanelName | null>(null);
  const [exporting, setExporting] = useState(false);
  const [jump, setJump] = useState<Jump | null>(null);
  const contact = query.data;
  // CTRL+SHIFT+A opens the threads panel (spec §2), also while typing in the footer.
  useShortcut({
    id: 'conversation.threads',
    keys: 'ctrl+shift+a',
    label: 'shortcuts.actions.threads',
    handler: () => setPanel('threads'),
  });

  // A message chosen in the company-wide search arrives with the navigation: shown like a match of the panel.
  const location = useLocation();
  useEffect(() => {
    const found = foundMessageOf(location.state);
    if (found) setJump({ contactId, messageId: found.messageId, term: found.term, nonce: Date.now() });
  }, [location.state, contactId]);

  // Opening a contact puts it at the top of the recent history; its name goes to the tab title.
  useEffect(() => {
    if (contact) visit(recentEntryOf(contact));
  }, [contact, visit]);
  useEffect(() => {
    setTitleSubject(contact?.name ?? null);
    return () => setTitleSubject(null);
  }, [contact?.name]);

  if (query.isPending) {
    return (
      <Center h="50vh">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!contact) {
    return (
      <Stack gap="sm" maw={520}>
        <BackToList />
        <ContactLoadAlert error={query.error} />
      </Stack>
    );
  }
  return (
    <div className={classes.page} data-testid="conversation">
      <InfoBar contact={contact} panel={panel} onPanel={setPanel} onExport={() => setExporting(true)} />
      <Box className={classes.toolbar}>
        <ContactTabs contactId={contact.id} />
      </Box>
      <Conversation key={contact.id} contact={contact} jump={jump?.contactId === contact.id ? jump : null} />
      <ExportModal contactId={contact.id} opened={exporting} onClose={() => setExporting(false)} />
      <Drawer
        opened={panel === 'search'}
        onClose={() => setPanel(null)}
        position="right"
        size="md"
        title={t('messageSearch.title')}
      >
        <SearchPanel
          key={contact.id}
          contactId={contact.id}
          onPick={(message, term) => {
            setJump({ contactId: contact.id, messageId: message.id, term, nonce: Date.now() });
            setPanel(null);
          }}
        />
      </Drawer>
      <Drawer
        opened={panel === 'channels'}
        onClose={() => setPanel(null)}
        position="right"
        size="md"
        title={t('channelsPanel.title')}
      >
        <ChannelsPanel contact={contact} />
      </Drawer>
      <Drawer
        opened={panel === 'threads'}
        onClose={() => setPanel(null)}
        position="right"
        size="md"
        title={t('threads.title')}
      >
        <ThreadsPanel contactId={contact.id} />
      </Drawer>
      <Drawer
        opened={panel === 'pipelines'}
        onClose={() => setPanel(null)}
        position="right"
        size="md"
        title={t('pipelines.panel.title')}
      >
        {panel === 'pipelines' && (
          <Suspense fallback={<Loader role="status" aria-label={t('common.loading')} />}>
            <ContactPipelinePanel contactId={contact.id} onOpenCard={() => setPanel(null)} />
          </Suspense>
        )}
      </Drawer>
    </div>
  );
}
