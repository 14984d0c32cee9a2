// The Center's audit section (/center/audit): the company's security events, who changed what (catalogues,
// white-label, teams, users, company settings and critical rule, retention purges, the product's
// administrators and its settings) and who exported conversations, newest (or oldest) first, read-only, a page
// at a time, searched by free text and filtered by kind, by who acted and by period; for administrators only
// (ability audit.read), everyone else is told so without a call.
import {
  AUDIT_KINDS,
  Catalogue,
  PERMISSIONS,
  Role,
  DEFAULT_TIMEZONE,
  type AuditDetails,
  type AuditEvent,
  type AuditKind,
  type Language,
} from '@atende/contract';
import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Group,
  MultiSelect,
  Select,
  Table,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { DateField } from '../../../components/DateFields.tsx';
import { SortAscendingIcon, SortDescendingIcon } from '../../../components/Icons.tsx';
import { QueryBody } from '../../../components/QueryBody.tsx';
import { holds } from '../../../lib/abilities.ts';
import { responsiblesQuery } from '../../../lib/catalogues.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { toLanguageTag } from '../../../lib/language.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { CenterSearch } from '../CenterListControls.tsx';
import { CenterSection } from '../CenterSection.tsx';
import { auditQuery } from './audit-api.ts';
import {
  auditParams,
  badPeriod,
  filtering,
  NO_FILTERS,
  type AuditDirection,
  type AuditFilters,
} from './audit-filters.ts';

/** Typing pauses this long before the list asks again. */
const SEARCH_DELAY_MS = 300;

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

/** A calendar day ("YYYY-MM-DD") as the language writes it. */
const formatDay = (day: AuditDetails[string] | undefined, language: Language) =>
  typeof day === 'string'
    ? new Intl.DateTimeFormat(toLanguageTag(language), { timeZone: 'UTC', dateStyle: 'short' }).format(
        new Date(`${day}T00:00:00Z`),
      )
    : '';
const COMPANY_FIELDS = {
  timezone: 'centerAudit.companyFields.timezone',
  currency: 'centerAudit.companyFields.currency',
  language: 'centerAudit.companyFields.language',
  business_hours: 'centerAudit.companyFields.business_hours',
  holidays: 'centerAudit.companyFields.holidays',
  service_level_seconds: 'centerAudit.companyFields.service_level_seconds',
  broadcast_max: 'centerAudit.companyFields.broadcast_max',
  retention_months: 'centerAudit.companyFields.retention_months',
  csat_enabled: 'centerAudit.companyFields.csat_enabled',
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

const CRITICAL_FIELDS = {
  unanswered_minutes: 'centerAudit.criticalFields.unanswered_minutes',
  high_priority: 'centerAudit.criticalFields.high_priority',
} as const;
const PRODUCT_FIELDS = {
  survey_period_days: 'centerAudit.productFields.survey_period_days',
  changelog_enabled: 'centerAudit.productFields.changelog_enabled',
  changelog_roles: 'centerAudit.productFields.changelog_roles',
} as const;

/**
 * A setting of the critical rule or of the product, what it was and became: yes or no, roles by their names,
 * none for no value.
 */
function describeSettingChange(t: TFunction, details: AuditDetails, name: (field: string) => string): string {
  const field = String(details.field);
  const value = (raw: AuditDetails[string] | undefined) => {
    if (raw === null || raw === undefined || raw === '') return t('centerAudit.details.settingsNone');
    if (typeof raw === 'boolean') return t(raw ? 'centerUsers.yes' : 'centerUsers.no');
    if (field === 'changelog_roles')
      return String(raw)
        .split(', ')
        .map((role) => (Role.safeParse(role).success ? t(`roles.${role as Role}`) : role))
        .join(', ');
    return String(raw);
  };
  return t('centerAudit.details.company_settings_changed', {
    field: name(field),
    from: value(details.from),
    to: value(details.to),
  });
}

/** What an event's details say, in words: each kind knows its own details. */
function describeDetails(t: TFunction, event: AuditEvent, language: Language): string {
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
    case 'team_created':
    case 'team_updated':
    case 'team_archived':
    case 'team_unarchived':
      return describeTeamChange(t, event);
    case 'branding_changed': {
      // A file is named by its last path segment (kind.key.type); none is the product's default.
      const value = (raw: AuditDetails[string] | undefined) =>
        typeof raw === 'string' ? (raw.split('/').at(-1) ?? raw) : t('centerAudit.details.brandingDefault');
      const field = String(details.field) as keyof typeof BRANDING_FIELDS;
      return t('centerAudit.details.branding_changed', {
        field: field in BRANDING_FIELDS ? t(BRANDING_FIELDS[field]) : field,
        from: value(details.from),
        to: value(details.to),
      });
    }
    case 'conversation_exported':
      return t('centerAudit.details.conversation_exported', {
        format: String(details.format).toUpperCase(),
        start: formatDay(details.start_date, language),
        end: formatDay(details.end_date, language),
        count: Number(details.messages),
      });
    case 'company_created':
      return t('centerAudit.details.company_created', { admin: details.admin });
    case 'company_suspended':
    case 'company_reactivated':
      return '';
    case 'impersonation_started':
      return t('centerAudit.details.impersonation_started', { user: details.user });
    case 'impersonation_ended':
      return t('centerAudit.details.impersonation_ended', { user: details.user });
    case 'user_created':
    case 'user_updated':
    case 'user_deactivated':
    case 'user_reactivated':
    case 'user_password_reset':
    case 'user_reset_link_created':
      return describeUserChange(t, event);
    case 'users_imported':
      return t('centerAudit.details.users_imported', {
        count: Number(details.count),
        usernames: details.usernames,
      });
    case 'company_settings_changed':
      return describeCompanyChange(t, details);
    case 'critical_rule_changed':
      return describeSettingChange(t, details, (field) =>
        field in CRITICAL_FIELDS ? t(CRITICAL_FIELDS[field as keyof typeof CRITICAL_FIELDS]) : field,
      );
    case 'product_settings_changed':
      return describeSettingChange(t, details, (field) =>
        field in PRODUCT_FIELDS ? t(PRODUCT_FIELDS[field as keyof typeof PRODUCT_FIELDS]) : field,
      );
    case 'retention_purged':
      return t('centerAudit.details.retention_purged', {
        messages: details.messages,
        files: details.files,
        months: details.months,
      });
  }
}

const USER_FIELDS = [
  'name',
  'username',
  'email',
  'role',
  'language',
  'timezone',
  'segments',
  'teams',
] as const;

/** A user's creation (role, invitation) or edit (each changed field, each changed flag), in words. */
function describeUserChange(t: TFunction, event: AuditEvent): string {
  const { details } = event;
  const role = (value: AuditDetails[string] | undefined) =>
    Role.safeParse(value).success ? t(`roles.${value as Role}`) : String(value ?? '');
  if (event.kind === 'user_created') {
    const summary = t(
      details.invited ? 'centerAudit.details.user_invited' : 'centerAudit.details.user_created',
      {
        role: role(details.role),
      },
    );
    return typeof details.teams === 'string'
      ? t('centerAudit.details.user_created_teams', { summary, teams: details.teams })
      : summary;
  }
  if (event.kind !== 'user_updated') return '';
  const shown = (field: string, value: AuditDetails[string] | undefined) =>
    field === 'role'
      ? role(value)
      : value === null || value === '' || value === undefined
        ? t('centerAudit.details.empty')
        : String(value);
  const fields = USER_FIELDS.filter((field) => `previous_${field}` in details).map((field) =>
    t('centerAudit.details.changed', {
      field: t(`centerAudit.userFields.${field}`),
      from: shown(field, details[`previous_${field}`]),
      to: shown(field, details[field]),
    }),
  );
  const flags = PERMISSIONS.filter((flag) => `permission_${flag}` in details).map((flag) =>
    t('centerAudit.details.flag', {
      flag: t(`centerUsers.flags.${flag}`),
      value: t(details[`permission_${flag}`] ? 'centerUsers.yes' : 'centerUsers.no'),
    }),
  );
  return [...fields, ...flags].join('; ');
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

/** How many people and segments a created or edited team has, and the name an edit replaced. */
function describeTeamChange(t: TFunction, event: AuditEvent): string {
  const { details } = event;
  if (typeof details.members !== 'number') return '';
  const sizes = t('centerAudit.details.team', { members: details.members, segments: details.segments });
  return typeof details.previous_name === 'string'
    ? t('centerAudit.details.team_renamed', { sizes, previous: details.previous_name })
    : sizes;
}

function AuditRow({ event }: { event: AuditEvent }) {
  const { t, language } = useTranslation();
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
      <Table.Td>
        <Text size="sm" c={event.actor_name === null ? 'dimmed' : undefined}>
          {event.actor_name ?? (event.actor_id === null ? t('centerAudit.system') : '—')}
        </Text>
      </Table.Td>
      <Table.Td>{event.subject}</Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {event.client_ip}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {describeDetails(t, event, language)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** Kinds, who acted (the company's users) and a period of days; invalid filters stay local until fixed. */
function AuditFilterBar({
  filters,
  onChange,
}: {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
}) {
  const { t } = useTranslation();
  const users = useQuery(responsiblesQuery).data?.data ?? [];
  const set = (patch: Partial<AuditFilters>) => onChange({ ...filters, ...patch });
  return (
    <Stack
      component="form"
      role="search"
      aria-label={t('centerAudit.filters.label')}
      gap="sm"
      mb="md"
      onSubmit={(event) => event.preventDefault()}
    >
      <Box maw={420}>
        <CenterSearch
          label={t('centerAudit.filters.search')}
          value={filters.search}
          onChange={(search) => set({ search })}
          testId="audit-search"
        />
      </Box>
      <Group align="flex-start" gap="sm">
        <MultiSelect
          label={t('centerAudit.filters.kinds')}
          placeholder={filters.kinds.length === 0 ? t('centerAudit.filters.allKinds') : undefined}
          data={AUDIT_KINDS.map((kind) => ({ value: kind, label: t(`centerAudit.kinds.${kind}`) }))}
          value={filters.kinds}
          onChange={(kinds) => set({ kinds: kinds as AuditKind[] })}
          clearable
          searchable
          miw={220}
          maw={420}
          comboboxProps={{ withinPortal: true }}
          data-testid="audit-filter-kinds"
        />
        <Select
          label={t('centerAudit.filters.actor')}
          placeholder={t('centerAudit.filters.anyone')}
          data={users.map((user) => ({ value: user.id, label: `${user.name} (${user.username})` }))}
          value={filters.actor}
          onChange={(actor) => set({ actor })}
          clearable
          searchable
          w={240}
          comboboxProps={{ withinPortal: true }}
          data-testid="audit-filter-actor"
        />
        <DateField
          label={t('centerAudit.filters.from')}
          value={filters.from}
          onChange={(from) => set({ from })}
          testId="audit-filter-from"
        />
        <DateField
          label={t('centerAudit.filters.to')}
          value={filters.to}
          onChange={(to) => set({ to })}
          error={badPeriod(filters) ? t('centerAudit.filters.badPeriod') : undefined}
          testId="audit-filter-to"
        />
        {filtering(filters) && (
          <Button
            variant="subtle"
            mt={25}
            onClick={() => onChange(NO_FILTERS)}
            data-testid="audit-filter-clear"
          >
            {t('centerAudit.filters.clear')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The "when" header: newest first, or oldest first when clicked. */
function WhenHeader({
  direction,
  onChange,
}: {
  direction: AuditDirection;
  onChange: (direction: AuditDirection) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.Th aria-sort={direction === 'asc' ? 'ascending' : 'descending'}>
      <UnstyledButton
        onClick={() => onChange(direction === 'desc' ? 'asc' : 'desc')}
        data-testid="audit-sort-at"
      >
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={700}>
            {t('centerAudit.columns.at')}
          </Text>
          {direction === 'asc' ? <SortAscendingIcon size={14} /> : <SortDescendingIcon size={14} />}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function AuditEvents() {
  const { t } = useTranslation();
  const timeZone = useCurrentUser()?.timezone ?? DEFAULT_TIMEZONE;
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [direction, setDirection] = useState<AuditDirection>('desc');
  // While the period is backwards the list keeps what it showed: the field says what to fix.
  const [applied, setApplied] = useState<AuditFilters>(NO_FILTERS);
  const handleChange = (next: AuditFilters) => {
    setFilters(next);
    if (!badPeriod(next)) setApplied(next);
  };
  const [search] = useDebouncedValue(applied.search, SEARCH_DELAY_MS);
  const label = (kind: AuditKind) => t(`centerAudit.kinds.${kind}`);
  const query = useInfiniteQuery(auditQuery(auditParams({ ...applied, search }, timeZone, direction, label)));
  return (
    <>
      <AuditFilterBar filters={filters} onChange={handleChange} />
      <QueryBody query={query}>
        {(data) => {
          const events = data.pages.flatMap((page) => page.data);
          if (events.length === 0) {
            const empty = filtering(applied) ? 'centerAudit.filters.none' : 'centerAudit.empty';
            return <Text c="dimmed">{t(empty)}</Text>;
          }
          return (
            <>
              <Table.ScrollContainer minWidth={860}>
                <Table verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <WhenHeader direction={direction} onChange={setDirection} />
                      <Table.Th>{t('centerAudit.columns.kind')}</Table.Th>
                      <Table.Th>{t('centerAudit.columns.actor')}</Table.Th>
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
    </>
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
