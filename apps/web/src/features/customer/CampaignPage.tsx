// campaign.information (conversa/:contactId/campanha): what the contact carries about the campaign it is
// worked in — the wallets (segments) it belongs to, its code and protocol in them and the last event
// registered — or a clear empty state when it carries none of it; then the power-dial campaigns that call the
// customer (ContactCampaigns).
import type { Contact } from '@atende/contract';
import { Alert, Badge, Divider, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { ContactSubpage } from '../../components/ContactSubpage.tsx';
import { useRouteContact } from '../contacts/contact-queries.ts';
import { ContactCampaigns } from './ContactCampaigns.tsx';
import { FieldList } from './FieldList.tsx';

function CampaignData({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const carries =
    contact.segments.length > 0 ||
    contact.code !== null ||
    contact.protocol !== null ||
    contact.last_event !== null;
  return (
    <Stack gap="md" data-testid="campaign-data">
      <Title order={2} size="h5">
        {t('customer.campaign.title')}
      </Title>
      {carries ? (
        <FieldList
          rows={[
            {
              key: 'wallets',
              label: t('customer.fields.segments'),
              value:
                contact.segments.length > 0 ? (
                  <Group gap={6}>
                    {contact.segments.map((segment) => (
                      <Badge key={segment.wallet_id} variant="light">
                        {segment.wallet_name}
                      </Badge>
                    ))}
                  </Group>
                ) : null,
            },
            { key: 'code', label: t('customer.fields.code'), value: contact.code },
            { key: 'protocol', label: t('customer.fields.protocol'), value: contact.protocol },
            { key: 'lastEvent', label: t('customer.fields.lastEvent'), value: contact.last_event },
          ]}
        />
      ) : (
        <Alert color="gray" title={t('customer.campaign.emptyTitle')} data-testid="campaign-empty">
          {t('customer.campaign.emptyBody')}
        </Alert>
      )}
    </Stack>
  );
}

export function CampaignPage() {
  const query = useRouteContact();
  return (
    <ContactSubpage active="campaign.information" query={query}>
      {(contact) => (
        <Stack gap="lg">
          <CampaignData contact={contact} />
          <Divider />
          <ContactCampaigns contactId={contact.id} />
        </Stack>
      )}
    </ContactSubpage>
  );
}
