// The Center's audit section (/center/audit): the company's security events and who changed what (catalogues,
// white-label, company settings, retention purges), newest first, read-only, a page at a time; for
// administrators only (ability audit.read), everyone else is told so without a call.
import { Catalogue, type AuditDetails, type AuditEvent } from '@atende/contract';
import { Alert, Badge, Button, Center, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { QueryBody } from '../../../components/QueryBody.tsx';
import { holds } from '../../../lib/abilities.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { CenterSection } from '../CenterSection.tsx';
import { auditQuery } from './audit-api.ts';

const BRANDING_FIELDS = {
  color_light: 'centerAudit.brandingFields.color_light',
  color_dark: 'centerAudit.brandingFields.color_dark',
  product_name: 'centerAudit.brandingFields.product_name',
  logo: 'centerAudit.brandingFields.logo',
  logo_inverted: 'centerAudit.brandingFields.logo_inverted',
  logo_monochrome_light: 'centerAudit.brandingFields.logo_monochrome_light',
  logo_monochrome_dark: 'centerAudit.brandingFields.logo_monochrome_dark',
  favicon: 'centerAudit.brandingFields.favicon',
} as const;

const COMPANY_FIELDS = {
  timezone: 'centerAudit.companyFields.timezone',
  currency: 'centerAudit.companyFields.currency',
  language: 'centerAudit.companyFields.language',
  business_hours: 'centerAudit.companyFields.business_hours',
  holidays: 'centerAudit.companyFields.holidays',
  service_level_seconds: 'centerAudit.companyFields.service_level_seconds',
  broadcast_max: 'centerAudit.companyFields.broadcast_max',
  retention_months: 'centerAudit.companyFields.retention_months',
} as const;

/** A setting that is one value says what it was and became; the lists (hours, holidays) that they changed. */
function describeCompanyChange(t: TFunction, details: AuditDetails): string {
  const field = String(details.field);
  const name = field in COMPANY_FIELDS ? t(COMPANY_FIELDS[field as keyof typeof COMPANY_FIELDS]) : field;
  if (field === 'business_hours' || field === 'holidays') {
    return t('centerAudit.details.company_settings_listChanged', { field: name });
  }
  const value = (raw: AuditDetails[string] | undefined) =>
    raw === null || raw === undefined ? t('centerAudit.details.settingsNone') : String(raw);
  return t('centerAudit.details.company_settings_changed', {
    field: name,
    from: value(details.from),
    to: value(details.to),
  });
}

/** What an event's details say, in words: each kind knows its own details. */
function describeDetails(t: TFunction, event: AuditEvent): string {
  const { details } = event;
  switch (event.kind) {
    case 'login_throttled': {
      const summary = t('centerAudit.details.login_throttled', {
        failures: details.failures,
        client: t(details.client === 'device' ? 'centerAudit.clients.device' : 'centerAudit.clients.address'),
        total: details.account_failures,
        seconds: details.retry_after_seconds,
      });
      return details.under_attack ? `${summary} — ${t('centerAudit.details.underAttack')}` : summary;
    }
    case 'catalogue_created':
    case 'catalogue_updated':
    case 'catalogue_moved':
    case 'catalogue_archived':
    case 'catalogue_unarchived':
      return describeCatalogueChange(t, event);
    case 'branding_changed': {
      // A file is named by its last path segment (kind.hash.type); none is the product's default.
      const value = (raw: AuditDetails[string] | undefined) =>
        typeof raw === 'string' ? (raw.split('/').at(-1) ?? raw) : t('centerAudit.details.brandingDefault');
      const field = String(details.field) as keyof typeof BRANDING_FIELDS;
      return t('centerAudit.details.branding_changed', {
        field: field in BRANDING_FIELDS ? t(BRANDING_FIELDS[field]) : field,
        from: value(details.from),
        to: value(details.to),
      });
    }
    case 'company_settings_changed':
      return describeCompanyChange(t, details);
    case 'retention_purged':
      return t('centerAudit.details.retention_purged', {
        messages: details.messages,
        files: details.files,
        months: details.months,
      });
  }
}

/** Which catalogue the entry belongs to, and what an edit renamed or a move changed. */
function describeCatalogueChange(t: TFunction, event: AuditEvent): string {
  const parsed = Catalogue.safeParse(event.details.catalogue);
  const catalogue = parsed.success ? t(`centerCatalogues.tabs.${parsed.data}`) : '';
  if (event.kind === 'catalogue_moved') {
    return t('centerAudit.details.catalogue_moved', {
      catalogue,
      position: Number(event.details.position) + 1,
    });
  }
  if (typeof event.details.previous_name === 'string') {
    return t('centerAudit.details.catalogue_renamed', { catalogue, previous: event.details.previous_name });
  }
  return t('centerAudit.details.catalogue', { catalogue });
}

function AuditRow({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Table.Tr data-testid="audit-row">
      <Table.Td>
        <Text size="sm">{format.dateTime(event.at)}</Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={event.kind === 'login_throttled' ? 'orange' : 'blue'}>
          {t(`centerAudit.kinds.${event.kind}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{event.subject}</Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {event.client_ip}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {describeDetails(t, event)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

function AuditEvents() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(auditQuery);
  return (
    <QueryBody query={query}>
      {(data) => {
        const events = data.pages.flatMap((page) => page.data);
        if (events.length === 0) return <Text c="dimmed">{t('centerAudit.empty')}</Text>;
        return (
          <>
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('centerAudit.columns.at')}</Table.Th>
                    <Table.Th>{t('centerAudit.columns.kind')}</Table.Th>
                    <Table.Th>{t('centerAudit.columns.subject')}</Table.Th>
                    <Table.Th>{t('centerAudit.columns.clientIp')}</Table.Th>
                    <Table.Th>{t('centerAudit.columns.details')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {events.map((event) => (
                    <AuditRow key={event.id} event={event} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {query.hasNextPage && (
              <Center mt="md">
                <Button
                  variant="subtle"
                  loading={query.isFetchingNextPage}
                  onClick={() => void query.fetchNextPage()}
                  data-testid="audit-more"
                >
                  {t('centerAudit.more')}
                </Button>
              </Center>
            )}
          </>
        );
      }}
    </QueryBody>
  );
}

export function AuditPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user) return null;
  if (!holds(user, 'audit.read')) {
    return (
      <Alert color="yellow" variant="light" title={t('centerAudit.adminsOnlyTitle')} role="alert">
        {t('centerAudit.adminsOnlyBody')}
      </Alert>
    );
  }
  return (
    <CenterSection title={t('centerAudit.title')} description={t('centerAudit.subtitle')}>
      <AuditEvents />
    </CenterSection>
  );
}
