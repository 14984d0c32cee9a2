// The conversation's channels (spec §2 "channel maintenance"): each with its kind, address, main or
// alternative and blacklist state; make it main or alternative, edit its responsible and kind, put it on or
// take it off the blacklist with a reason, and add a channel answered by one of the company's lines.
import {
  CHANNEL_KINDS,
  PHONE_KINDS,
  type ChannelKind,
  type Contact,
  type ContactChannel,
} from '@atende/contract';
import {
  Badge,
  Button,
  Card,
  Group,
  Menu,
  ActionIcon,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { AdjustmentsIcon } from '../../../components/Icons.tsx';
import { ChannelIcon } from '../../../components/ChannelIcon.tsx';
import { channelsQuery, responsiblesQuery } from '../../../lib/catalogues.ts';
import { activateChannel, addChannel, blacklistChannel, updateChannel } from './channel-api.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useContactChange } from '../../../lib/use-contact-change.ts';
import { CallChannelButton } from '../../softphone/CallChannelButton.tsx';

const isPhoneKind = (kind: ChannelKind): boolean => (PHONE_KINDS as readonly string[]).includes(kind);

type Editing = { channelId: string; mode: 'edit' | 'blacklist' } | null;

function EditChannelForm({
  contact,
  channel,
  onDone,
}: {
  contact: Contact;
  channel: ContactChannel;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const responsibles = useQuery(responsiblesQuery).data?.data ?? [];
  const [responsible, setResponsible] = useState<string>(channel.responsible_id ?? '');
  const [kind, setKind] = useState<ChannelKind>(channel.type);
  const mutation = useContactChange(
    () => updateChannel(contact.id, channel.id, { responsible_id: responsible || null, type: kind }),
    onDone,
  );
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    mutation.mutate();
  }
  return (
    <form onSubmit={handleSubmit}>
      <Stack gap="xs" mt="xs">
        <Select
          size="xs"
          label={t('channelsPanel.responsible')}
          data={[
            { value: '', label: t('channelsPanel.noResponsible') },
            ...responsibles.map((entry) => ({ value: entry.id, label: entry.name })),
          ]}
          value={responsible}
          onChange={(value) => setResponsible(value ?? '')}
          allowDeselect={false}
        />
        <Select
          size="xs"
          label={t('channelsPanel.kind')}
          data={CHANNEL_KINDS.map((value) => ({ value, label: t(`channelKinds.${value}`) }))}
          value={kind}
          onChange={(value) => value && setKind(value as ChannelKind)}
          allowDeselect={false}
        />
        {mutation.isError && (
          <Text size="xs" c="red" role="alert">
            {errorText(mutation.error)}
          </Text>
        )}
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button size="xs" type="submit" loading={mutation.isPending}>
            {t('channelsPanel.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function BlacklistForm({
  contact,
  channel,
  onDone,
}: {
  contact: Contact;
  channel: ContactChannel;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const mutation = useContactChange(
    () => blacklistChannel(contact.id, channel.id, { blacklisted: true, reason: reason.trim() || undefined }),
    onDone,
  );
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    mutation.mutate();
  }
  return (
    <form onSubmit={handleSubmit}>
      <Stack gap="xs" mt="xs">
        <TextInput
          size="xs"
          label={t('channelsPanel.reason')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={500}
          data-autofocus
        />
        {mutation.isError && (
          <Text size="xs" c="red" role="alert">
            {errorText(mutation.error)}
          </Text>
        )}
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button size="xs" color="red" type="submit" loading={mutation.isPending}>
            {t('channelsPanel.blacklist')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ChannelCard({
  contact,
  channel,
  editing,
  onEdit,
}: {
  contact: Contact;
  channel: ContactChannel;
  editing: Editing;
  onEdit: (editing: Editing) => void;
}) {
  const { t } = useTranslation();
  const responsibles = useQuery(responsiblesQuery).data?.data ?? [];
  const responsible = responsibles.find((entry) => entry.id === channel.responsible_id)?.name;
  const action = useContactChange((change: 'main' | 'alternative' | 'unblock') =>
    change === 'unblock'
      ? blacklistChannel(contact.id, channel.id, { blacklisted: false })
      : activateChannel(contact.id, channel.id, { type: change }),
  );
  const mine = editing?.channelId === channel.id ? editing.mode : null;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="channel-card">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ChannelIcon kind={channel.type} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {channel.address}
          </Text>
          <Group gap={4}>
            <Badge size="xs" variant="light" color="gray">
              {t(`channelKinds.${channel.type}`)}
            </Badge>
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
          {channel.blacklisted && channel.blacklist_reason && (
            <Text size="xs" c="red">
              {channel.blacklist_reason}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('channelsPanel.responsibleIs', { name: responsible ?? t('channelsPanel.noResponsible') })}
          </Text>
        </Stack>
        {channel.type === 'voice' && !channel.blacklisted && (
          <CallChannelButton contact={contact} address={channel.address} />
        )}
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('channelsPanel.actions', { address: channel.address })}
              loading={action.isPending}
            >
              <AdjustmentsIcon />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {channel.main ? (
              <Menu.Item onClick={() => action.mutate('alternative')}>
                {t('channelsPanel.makeAlternative')}
              </Menu.Item>
            ) : (
              <Menu.Item onClick={() => action.mutate('main')}>{t('channelsPanel.makeMain')}</Menu.Item>
            )}
            <Menu.Item onClick={() => onEdit({ channelId: channel.id, mode: 'edit' })}>
              {t('channelsPanel.edit')}
            </Menu.Item>
            {channel.blacklisted ? (
              <Menu.Item onClick={() => action.mutate('unblock')}>{t('channelsPanel.unblacklist')}</Menu.Item>
            ) : (
              <Menu.Item c="red" onClick={() => onEdit({ channelId: channel.id, mode: 'blacklist' })}>
                {t('channelsPanel.blacklist')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {mine === 'edit' && <EditChannelForm contact={contact} channel={channel} onDone={() => onEdit(null)} />}
      {mine === 'blacklist' && (
        <BlacklistForm contact={contact} channel={channel} onDone={() => onEdit(null)} />
      )}
    </Card>
  );
}

/** A change of the contact's channels: the server answers the whole contact, which replaces the cached one. */
export function AddChannelForm({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const lines = useQuery(channelsQuery).data?.data ?? [];
  const kinds = CHANNEL_KINDS.filter((kind) => lines.some((line) => line.kind === kind));
  const [kind, setKind] = useState<ChannelKind | null>(null);
  const [address, setAddress] = useState('');
  const [lineId, setLineId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useContactChange(
    (input: { type: ChannelKind; address: string; output_line_id: string }) => addChannel(contact.id, input),
    () => {
      setAddress('');
      setProblem(null);
    },
    (error) => setProblem(errorText(error)),
  );
  const kindLines = lines.filter((line) => line.kind === kind);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!kind || !lineId) return setProblem(t('channelsPanel.lineRequired'));
    if (address.trim() === '') {
      return setProblem(
        t(isPhoneKind(kind) ? 'channelsPanel.phoneRequired' : 'channelsPanel.addressRequired'),
      );
    }
    mutation.mutate({ type: kind, address: address.trim(), output_line_id: lineId });
  }

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="add-channel">
      <Stack gap="xs">
        <Title order={3} size="h6">
          {t('channelsPanel.add')}
        </Title>
        <Select
          size="xs"
          label={t('channelsPanel.kind')}
          data={kinds.map((value) => ({ value, label: t(`channelKinds.${value}`) }))}
          value={kind}
          onChange={(value) => {
            setKind(value as ChannelKind | null);
            setLineId(null);
          }}
        />
        <Select
          size="xs"
          label={t('channelsPanel.line')}
          data={kindLines.map((line) => ({
            value: line.id,
            label: line.address ? `${line.name} · ${line.address}` : line.name,
          }))}
          value={lineId}
          onChange={setLineId}
          disabled={!kind}
        />
        <TextInput
          size="xs"
          label={t(kind && isPhoneKind(kind) ? 'channelsPanel.phone' : 'channelsPanel.address')}
          value={address}
          onChange={(event) => setAddress(event.currentTarget.value)}
          maxLength={254}
        />
        {problem && (
          <Text size="xs" c="red" role="alert" data-testid="add-channel-error">
            {problem}
          </Text>
        )}
        <Group justify="flex-end">
          <Button size="xs" type="submit" loading={mutation.isPending}>
            {t('channelsPanel.addSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ChannelsPanel({ contact }: { contact: Contact }) {
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <Stack gap="sm" data-testid="channels-panel">
      {contact.channels.map((channel) => (
        <ChannelCard
          key={channel.id}
          contact={contact}
          channel={channel}
          editing={editing}
          onEdit={setEditing}
        />
      ))}
      <Card withBorder radius="md" padding="sm">
        <AddChannelForm contact={contact} />
      </Card>
    </Stack>
  );
}
