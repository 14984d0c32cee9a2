// The combinable filters of the contact list (issue 20, item 6): status, channel kind, segment, team (issue 21,
// for who may read teams), responsible, tag, priority and critical, in a popover beside the list's toolbar.
// Each change applies at once. The command palette opens it too.
import {
  CHANNEL_KINDS,
  CONVERSATION_STATUSES,
  PRIORITIES,
  UNASSIGNED,
  type ContactFilters,
} from '@atende/contract';
import {
  ActionIcon,
  Button,
  Indicator,
  MultiSelect,
  Popover,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FilterIcon } from '../../components/Icons.tsx';
import { responsiblesQuery, walletsQuery } from '../../lib/catalogues.ts';
import { holds } from '../../lib/abilities.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useShortcut } from '../../lib/shortcuts.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import { teamChoicesQuery } from '../../lib/teams.ts';
import { activeFilterCount } from './filter-chips.ts';

interface ContactFiltersPopoverProps {
  filters: ContactFilters;
  onChange: (filters: ContactFilters) => void;
}

/** Rendered inside the popover: a list's options must not open in a portal, or picking one would close it. */
const inPopover = { withinPortal: false } as const;

export function ContactFiltersPopover({ filters, onChange }: ContactFiltersPopoverProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  useShortcut({ id: 'contacts.filters', label: 'shortcuts.actions.filters', handler: () => setOpened(true) });
  const wallets = useQuery({ ...walletsQuery, enabled: opened }).data?.data ?? [];
  const responsibles = useQuery({ ...responsiblesQuery, enabled: opened }).data?.data ?? [];
  // Teams are offered to who may read them in the Center (administrators, supervisors their own teams).
  const readsTeams = holds(useCurrentUser(), 'teams.read');
  const teams = useQuery({ ...teamChoicesQuery, enabled: opened && readsTeams }).data?.data ?? [];
  const count = activeFilterCount(filters);
  const set = <K extends keyof ContactFilters>(name: K, value: ContactFilters[K]) =>
    onChange({ ...filters, [name]: value });
  const label = count > 0 ? t('contacts.filters.buttonActive', { count }) : t('contacts.filters.button');

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      width={300}
      withinPortal
      trapFocus
    >
      <Popover.Target>
        <Tooltip label={label}>
          <Indicator label={count} size={16} disabled={count === 0} offset={4}>
            <ActionIcon
              variant={count > 0 ? 'light' : 'default'}
              size={30}
              aria-label={label}
              aria-expanded={opened}
              onClick={() => setOpened((open) => !open)}
              data-testid="filters-button"
            >
              <FilterIcon size={16} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid="filters-popover" aria-label={label}>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('contacts.filters.title')}
          </Text>
          <MultiSelect
            size="xs"
            label={t('contacts.filters.status')}
            data={CONVERSATION_STATUSES.map((value) => ({ value, label: t(`lifecycle.status.${value}`) }))}
            value={filters.status ?? []}
            onChange={(value) => set('status', value as ContactFilters['status'])}
            comboboxProps={inPopover}
            clearable
          />
          <MultiSelect
            size="xs"
            label={t('contacts.filters.channel')}
            data={CHANNEL_KINDS.map((value) => ({ value, label: t(`channelKinds.${value}`) }))}
            value={filters.channel ?? []}
            onChange={(value) => set('channel', value as ContactFilters['channel'])}
            comboboxProps={inPopover}
            clearable
            data-testid="filter-channel"
          />
          <MultiSelect
            size="xs"
            label={t('contacts.filters.segment')}
            data={wallets.map((wallet) => ({ value: wallet.id, label: wallet.name }))}
            value={filters.segment ?? []}
            onChange={(value) => set('segment', value)}
            comboboxProps={inPopover}
            searchable
            clearable
          />
          {readsTeams && (
            <MultiSelect
              size="xs"
              label={t('contacts.filters.team')}
              data={teams.map((team) => ({ value: team.id, label: team.name }))}
              value={filters.team ?? []}
              onChange={(value) => set('team', value)}
              comboboxProps={inPopover}
              searchable
              clearable
              data-testid="filter-team"
            />
          )}
          <MultiSelect
            size="xs"
            label={t('contacts.filters.responsible')}
            data={[
              { value: UNASSIGNED, label: t('contacts.filters.unassigned') },
              ...responsibles.map((user) => ({ value: user.id, label: user.name })),
            ]}
            value={filters.responsible ?? []}
            onChange={(value) => set('responsible', value)}
            comboboxProps={inPopover}
            searchable
            clearable
          />
          <TextInput
            size="xs"
            label={t('contacts.filters.tag')}
            value={filters.tag ?? ''}
            onChange={(event) => set('tag', event.currentTarget.value || undefined)}
            maxLength={64}
          />
          <MultiSelect
            size="xs"
            label={t('contacts.filters.priority')}
            data={PRIORITIES.map((value) => ({ value, label: t(`contacts.priority.${value}`) }))}
            value={filters.priority ?? []}
            onChange={(value) => set('priority', value as ContactFilters['priority'])}
            comboboxProps={inPopover}
            clearable
            data-testid="filter-priority"
          />
          <Stack gap={4}>
            <Text size="xs" fw={500} id="filter-critical-label">
              {t('contacts.filters.critical')}
            </Text>
            <SegmentedControl
              size="xs"
              aria-labelledby="filter-critical-label"
              value={filters.critical === undefined ? 'any' : String(filters.critical)}
              onChange={(value) => set('critical', value === 'any' ? undefined : value === 'true')}
              data={[
                { value: 'any', label: t('contacts.filters.any') },
                { value: 'true', label: t('contacts.filters.criticalOnly') },
                { value: 'false', label: t('contacts.filters.notCritical') },
              ]}
              data-testid="filter-critical"
            />
          </Stack>
          {count > 0 && (
            <Button size="xs" variant="subtle" onClick={() => onChange({})}>
              {t('contacts.filters.clearAll')}
            </Button>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
