// The active filters of the list as removable chips, with "clear all" (issue 20, item 6).
import type { ContactFilters } from '@atende/contract';
import { Badge, Button, CloseButton, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { responsiblesQuery, walletsQuery } from '../../lib/catalogues.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { teamChoicesQuery } from '../../lib/teams.ts';
import { filterChips, isUnassigned, withoutChip, type FilterChip } from './filter-chips.ts';

interface ContactFilterChipsProps {
  filters: ContactFilters;
  onChange: (filters: ContactFilters) => void;
}

export function ContactFilterChips({ filters, onChange }: ContactFilterChipsProps) {
  const { t } = useTranslation();
  const chips = filterChips(filters);
  const wallets = useQuery({ ...walletsQuery, enabled: chips.some((chip) => chip.name === 'segment') }).data;
  const teams = useQuery({ ...teamChoicesQuery, enabled: chips.some((chip) => chip.name === 'team') }).data;
  const responsibles = useQuery({
    ...responsiblesQuery,
    enabled: chips.some((chip) => chip.name === 'responsible'),
  }).data;
  if (chips.length === 0) return null;

  const valueLabel = (chip: FilterChip): string => {
    switch (chip.name) {
      case 'status':
        return t(`lifecycle.status.${chip.value as 'open'}`);
      case 'channel':
        return t(`channelKinds.${chip.value as 'email'}`);
      case 'priority':
        return t(`contacts.priority.${chip.value as 'high'}`);
      case 'segment':
        return wallets?.data.find((wallet) => wallet.id === chip.value)?.name ?? '…';
      case 'team':
        return teams?.data.find((team) => team.id === chip.value)?.name ?? '…';
      case 'responsible':
        return isUnassigned(chip)
          ? t('contacts.filters.unassigned')
          : (responsibles?.data.find((user) => user.id === chip.value)?.name ?? '…');
      case 'critical':
        return t(chip.value === 'true' ? 'contacts.filters.criticalOnly' : 'contacts.filters.notCritical');
      case 'tag':
        return chip.value;
    }
  };

  return (
    <Group
      gap={4}
      wrap="wrap"
      data-testid="filter-chips"
      aria-label={t('contacts.filters.active')}
      role="group"
    >
      {chips.map((chip) => {
        const text = `${t(`contacts.filters.${chip.name}`)}: ${valueLabel(chip)}`;
        return (
          <Badge
            key={`${chip.name}:${chip.value}`}
            variant="light"
            size="lg"
            radius="sm"
            tt="none"
            fw={500}
            pr={2}
            rightSection={
              <CloseButton
                size="xs"
                onClick={() => onChange(withoutChip(filters, chip))}
                aria-label={t('contacts.filters.remove', { filter: text })}
              />
            }
            data-testid="filter-chip"
          >
            {text}
          </Badge>
        );
      })}
      <Button size="compact-xs" variant="subtle" onClick={() => onChange({})} data-testid="filters-clear">
        {t('contacts.filters.clearAll')}
      </Button>
    </Group>
  );
}
