// customer.information (conversa/:contactId/informacoes): who the customer is (spec §3 Contact), with the
// edit modal, the responsible (permission change_responsible), priority, segments, joker, the scheduled
// returns and the customer's call history (loaded with the calls feature, for users of the phone or customers
// with a voice channel).
import type { Contact } from '@atende/contract';
import { Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { loadCallTexts, useTranslation } from '../../lib/i18n.ts';
import { ChannelIcon } from '../../components/ChannelIcon.tsx';
import { SchedulesSection } from '../schedules/SchedulesSection.tsx';
import { holds } from '../../lib/abilities.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import { useFormatters } from '../../lib/use-formatters.ts';
import { ContactSubpage } from '../../components/ContactSubpage.tsx';
import { useRouteContact } from '../contacts/contact-queries.ts';
import { EditCustomerModal } from './EditCustomerModal.tsx';
import { FieldList, type FieldRow } from './FieldList.tsx';
import { JokerModal } from './JokerModal.tsx';
import { PriorityControl } from './PriorityControl.tsx';
import { ResponsibleField } from './ResponsibleField.tsx';
import { SegmentsField } from './SegmentsField.tsx';

const CustomerCallHistory = lazy(() =>
  loadCallTexts()
    .then(() => import('../calls/CustomerCallHistory.tsx'))
    .then((module) => ({ default: module.CustomerCallHistory })),
);

function CustomerData({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [editing, setEditing] = useState(false);
  const [changingJoker, setChangingJoker] = useState(false);
  const phoneUser = holds(useCurrentUser(), 'voice.use');
  const calls = phoneUser || contact.channels.some((channel) => channel.type === 'voice');
  const rows: FieldRow[] = [
    { key: 'name', label: t('customer.fields.name'), value: contact.name },
    { key: 'document', label: t('customer.fields.document'), value: contact.document },
    { key: 'code', label: t('customer.fields.code'), value: contact.code },
    { key: 'protocol', label: t('customer.fields.protocol'), value: contact.protocol },
    { key: 'tag', label: t('customer.fields.tag'), value: contact.tag },
    { key: 'reason', label: t('customer.fields.reason'), value: contact.reason },
    {
      key: 'critical',
      label: t('customer.fields.critical'),
      value: t(contact.critical ? 'customer.yes' : 'customer.no'),
    },
    {
      key: 'return',
      label: t('customer.fields.return'),
      value: contact.return_at && format.dateTime(contact.return_at),
    },
    { key: 'lastEvent', label: t('customer.fields.lastEvent'), value: contact.last_event },
    {
      key: 'status',
      label: t('customer.fields.status'),
      value: (
        <Group gap={4}>
          <Badge size="sm" variant="dot" color={contact.online ? 'green' : 'gray'}>
            {t(contact.online ? 'customer.online' : 'customer.offline')}
          </Badge>
          {contact.on_queue && (
            <Badge size="sm" variant="light">
              {t('customer.onQueue')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'channels',
      label: t('customer.fields.channels'),
      value:
        contact.channels.length > 0 ? (
          <Stack gap={2}>
            {contact.channels.map((channel) => (
              <Group key={channel.id} gap={6} wrap="nowrap">
                <ChannelIcon kind={channel.type} size={14} />
                <Text size="sm" truncate>
                  {channel.address}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : null,
    },
    { key: 'createdAt', label: t('customer.fields.createdAt'), value: format.dateTime(contact.created_at) },
  ];

  return (
    <Stack gap="md" data-testid="customer-data">
      <Group justify="space-between">
        <Title order={2} size="h5">
          {t('customer.title')}
        </Title>
        <Button size="xs" onClick={() => setEditing(true)} data-testid="customer-edit">
          {t('customer.edit')}
        </Button>
      </Group>
      <FieldList rows={rows} />
      <Divider />
      <FieldList
        rows={[
          {
            key: 'responsible',
            label: t('customer.fields.responsible'),
            value: <ResponsibleField contact={contact} />,
          },
          {
            key: 'priority',
            label: t('customer.fields.priority'),
            value: <PriorityControl contact={contact} />,
          },
          {
            key: 'joker',
            label: t('customer.fields.joker'),
            value: (
              <Group gap="xs">
                <Text size="sm" c={contact.jokers.length ? undefined : 'dimmed'}>
                  {contact.jokers.map((joker) => joker.name).join(', ') || t('customer.none')}
                </Text>
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() => setChangingJoker(true)}
                  data-testid="joker-change"
                >
                  {t('customer.joker.change')}
                </Button>
              </Group>
            ),
          },
          {
            key: 'segments',
            label: t('customer.fields.segments'),
            value: <SegmentsField contact={contact} />,
          },
        ]}
      />
      <Divider />
      <SchedulesSection contactId={contact.id} />
      {calls && (
        <>
          <Divider />
          <Suspense fallback={null}>
            <CustomerCallHistory contactId={contact.id} />
          </Suspense>
        </>
      )}
      <EditCustomerModal contact={contact} opened={editing} onClose={() => setEditing(false)} />
      <JokerModal contact={contact} opened={changingJoker} onClose={() => setChangingJoker(false)} />
    </Stack>
  );
}

export function CustomerPage() {
  const query = useRouteContact();
  return (
    <ContactSubpage active="customer.information" query={query}>
      {(contact) => <CustomerData contact={contact} />}
    </ContactSubpage>
  );
}
