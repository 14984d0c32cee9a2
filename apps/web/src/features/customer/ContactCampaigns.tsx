// The customer's power-dial campaigns on their campaign page (issue 27, GET /api/contacts/{id}/campaigns): each
// campaign with its status and whether (and when) the customer is still to be called, and each attempt's time,
// attendant, outcome and notes; a clear empty state when no campaign calls them.
import type { CampaignAttempt, ContactCampaigns as ContactCampaignList } from '@atende/contract';
import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { QueryBody } from '../../components/QueryBody.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useCurrentUser } from '../../lib/session-store.ts';

export const contactCampaignsQuery = (contactId: string) =>
  queryOptions({
    queryKey: ['contact-campaigns', contactId],
    queryFn: ({ signal }) =>
      http.get<ContactCampaignList>(`/contacts/${encodeURIComponent(contactId)}/campaigns`, { signal }),
  });

function useDateTime() {
  const { language } = useTranslation();
  const timeZone = useCurrentUser()?.timezone;
  return (value: string) => formatDateTime(value, { language, timeZone });
}

function Attempts({ attempts }: { attempts: CampaignAttempt[] }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  if (attempts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('campaigns.contact.noAttempts')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('campaigns.contact.when')}</Table.Th>
            <Table.Th>{t('campaigns.contact.attendant')}</Table.Th>
            <Table.Th>{t('campaigns.contact.outcome')}</Table.Th>
            <Table.Th>{t('campaigns.contact.notes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attempts.map((attempt) => (
            <Table.Tr key={attempt.id} data-testid="contact-campaign-attempt">
              <Table.Td>{dateTime(attempt.started_at)}</Table.Td>
              <Table.Td>{attempt.user?.name ?? ''}</Table.Td>
              <Table.Td>
                {attempt.outcome
                  ? t(`campaigns.outcomes.${attempt.outcome}`)
                  : t('campaigns.contact.inProgress')}
              </Table.Td>
              <Table.Td>{attempt.notes ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CampaignCard({ item }: { item: ContactCampaignList['data'][number] }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const pending = !item.pending
    ? t('campaigns.contact.notPending')
    : item.next_attempt_at
      ? t('campaigns.contact.nextAttempt', { at: dateTime(item.next_attempt_at) })
      : t('campaigns.contact.pending');
  return (
    <Card withBorder padding="sm" data-testid="contact-campaign">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{item.campaign.name}</Text>
          <Badge variant="light">{t(`campaigns.status.${item.campaign.status}`)}</Badge>
        </Group>
        <Text size="sm" c="dimmed" data-testid="contact-campaign-pending">
          {pending}
        </Text>
        <Attempts attempts={item.attempts} />
      </Stack>
    </Card>
  );
}

export function ContactCampaigns({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  const campaigns = useQuery(contactCampaignsQuery(contactId));
  return (
    <Stack gap="sm">
      <Title order={2} size="h5">
        {t('campaigns.contact.title')}
      </Title>
      <QueryBody query={campaigns}>
        {(data) =>
          data.data.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="contact-campaigns-empty">
              {t('campaigns.contact.empty')}
            </Text>
          ) : (
            <Stack gap="sm">
              {data.data.map((item) => (
                <CampaignCard key={item.campaign.id} item={item} />
              ))}
            </Stack>
          )
        }
      </QueryBody>
    </Stack>
  );
}
