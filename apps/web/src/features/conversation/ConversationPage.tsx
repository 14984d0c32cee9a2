// conversation.messages (/painel/conversa/:contactId): the contact the attendant opened, with what this
// version of the console knows about it — name, channels, responsible, priority, segments and identifiers.
// The message timeline arrives with the conversation feature; until then the screen says so.
import type { Contact } from '@atende/contract';
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Box,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { pathTo } from '../../app/routes.ts';
import { ArrowLeftIcon, MessageOffIcon, PinIcon, PinOffIcon } from '../../components/Icons.tsx';
import { setTitleSubject } from '../../lib/document-title.ts';
import { HttpError } from '../../lib/http.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { contactQuery } from '../contacts/contact-queries.ts';
import { ChannelIcon } from '../contacts/ChannelIcon.tsx';
import { useRecentContacts, type RecentContact } from '../contacts/recent-contacts.ts';
import { responsibleLabel } from '../contacts/responsible-label.ts';
import { initialsOf } from '../shell/initials.ts';
import { useFormatters } from '../session/use-formatters.ts';
import { useCurrentUser } from '../session/user-api.ts';

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
        variant={pinned ? 'light' : 'default'}
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

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value ?? '—'}</Text>
    </div>
  );
}

function ContactHeader({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const viewerId = useCurrentUser()?.id;
  const format = useFormatters();
  const responsible = responsibleLabel(contact, viewerId, t);

  return (
    <Stack gap="md" maw={960}>
      <Group gap="sm" wrap="nowrap" align="center">
        <BackToList />
        <Avatar radius="xl" size={48} color="initials" name={contact.name}>
          {initialsOf(contact.name)}
        </Avatar>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Title order={1} size="h3" lineClamp={1}>
            {contact.name}
          </Title>
          <Group gap={6} mt={2}>
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
            <Badge size="sm" variant="light" color={contact.priority === 'high' ? 'orange' : 'gray'}>
              {t('conversation.priority', { priority: t(`contacts.priority.${contact.priority}`) })}
            </Badge>
            {contact.unread_messages.count > 0 && (
              <Badge size="sm">{t('conversation.unread', { total: contact.unread_messages.count })}</Badge>
            )}
          </Group>
        </Box>
        <PinButton contact={contact} />
      </Group>

      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 2, lg: 3 }} spacing="sm">
          <Detail label={t('conversation.responsible')} value={responsible} />
          <Detail label={t('conversation.document')} value={contact.document} />
          <Detail label={t('conversation.code')} value={contact.code} />
          <Detail label={t('conversation.protocol')} value={contact.protocol} />
          <Detail label={t('conversation.tag')} value={contact.tag} />
          <Detail label={t('conversation.lastEvent')} value={contact.last_event} />
          <Detail
            label={t('conversation.segments')}
            value={contact.segments.map((segment) => segment.wallet_name).join(', ') || null}
          />
          <Detail
            label={t('conversation.lastMessage')}
            value={contact.last_message ? format.dateTime(contact.last_message.created_at) : null}
          />
        </SimpleGrid>
      </Card>

      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h5" mb="xs">
          {t('conversation.channels')}
        </Title>
        <Stack gap={6}>
          {contact.channels.map((channel) => (
            <Group key={channel.id} gap="xs" wrap="nowrap" data-testid="contact-channel">
              <ChannelIcon kind={channel.type} />
              <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
                {channel.address}
              </Text>
              <Badge
                size="xs"
                variant={channel.main ? 'filled' : 'light'}
                color={channel.main ? 'brand' : 'gray'}
              >
                {t(channel.main ? 'conversation.mainChannel' : 'conversation.alternativeChannel')}
              </Badge>
              {channel.blacklisted && (
                <Badge size="xs" color="red" variant="light">
                  {t('conversation.blacklisted')}
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      </Card>

      {contact.last_message && (
        <Card withBorder radius="md" padding="md">
          <Text size="xs" c="dimmed" mb={4}>
            {t(
              contact.last_message.direction === 'in'
                ? 'conversation.lastFromCustomer'
                : 'conversation.lastFromUs',
            )}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {contact.last_message.text}
          </Text>
        </Card>
      )}

      <Alert variant="light" color="gray" icon={<MessageOffIcon />} title={t('conversation.timelineTitle')}>
        {t('conversation.timelineBody')}
      </Alert>
    </Stack>
  );
}

export function ConversationPage() {
  const { t } = useTranslation();
  const { contactId = '' } = useParams();
  const query = useQuery(contactQuery(contactId));
  const visit = useRecentContacts((state) => state.visit);
  const contact = query.data;

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
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!contact) {
    const gone = query.error instanceof HttpError && query.error.status === 404;
    return (
      <Stack gap="sm" maw={520}>
        <BackToList />
        <Alert
          color={gone ? 'gray' : 'red'}
          title={t(gone ? 'conversation.notFoundTitle' : 'conversation.errorTitle')}
        >
          {gone
            ? t('conversation.notFoundBody')
            : (query.error instanceof HttpError && query.error.serverMessage) || t('errors.generic')}
        </Alert>
      </Stack>
    );
  }
  return <ContactHeader contact={contact} />;
}
