// The call histories' filters: period, operator, direction, outcome, call reason and (the company's) a number.
import { CALL_DIRECTIONS, CALL_OUTCOMES, type CallDirection, type CallOutcome } from '@atende/contract';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DateField } from '../../components/DateFields.tsx';
import { callReasonsQuery, responsiblesQuery } from '../../lib/catalogues.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { backwardsPeriod } from '../../lib/wall-time.ts';
import { filteringCalls, NO_CALL_FILTERS, numberTooShort, type CallHistoryFilters } from './call-filters.ts';

interface CallFilterBarProps {
  filters: CallHistoryFilters;
  onChange: (filters: CallHistoryFilters) => void;
  /** The number filter: the company's history has it, a customer's needs none. */
  withNumber: boolean;
}

export function CallFilterBar({ filters, onChange, withNumber }: CallFilterBarProps) {
  const { t } = useTranslation();
  const users = useQuery(responsiblesQuery).data?.data ?? [];
  const reasons = useQuery(callReasonsQuery).data?.data ?? [];
  const set = (change: Partial<CallHistoryFilters>) => onChange({ ...filters, ...change });
  return (
    <Group gap="sm" align="flex-start" wrap="wrap" data-testid="call-filters">
      <DateField
        label={t('calls.filters.from')}
        value={filters.from}
        onChange={(from) => set({ from })}
        testId="call-filter-from"
      />
      <DateField
        label={t('calls.filters.to')}
        value={filters.to}
        onChange={(to) => set({ to })}
        error={backwardsPeriod(filters) ? t('calls.filters.badPeriod') : undefined}
        testId="call-filter-to"
      />
      <Select
        label={t('calls.filters.operator')}
        placeholder={t('calls.filters.anyone')}
        data={users.map((user) => ({ value: user.id, label: user.name }))}
        value={filters.operator}
        onChange={(operator) => set({ operator })}
        clearable
        searchable
        w={200}
        comboboxProps={{ withinPortal: true }}
        data-testid="call-filter-operator"
      />
      <Select
        label={t('calls.filters.direction')}
        placeholder={t('calls.filters.any')}
        data={CALL_DIRECTIONS.map((direction) => ({
          value: direction,
          label: t(`softphone.timeline.direction.${direction}`),
        }))}
        value={filters.direction}
        onChange={(direction) => set({ direction: direction as CallDirection | null })}
        clearable
        w={180}
        comboboxProps={{ withinPortal: true }}
        data-testid="call-filter-direction"
      />
      <Select
        label={t('calls.filters.outcome')}
        placeholder={t('calls.filters.any')}
        data={CALL_OUTCOMES.map((outcome) => ({ value: outcome, label: t(`calls.outcomes.${outcome}`) }))}
        value={filters.outcome}
        onChange={(outcome) => set({ outcome: outcome as CallOutcome | null })}
        clearable
        w={170}
        comboboxProps={{ withinPortal: true }}
        data-testid="call-filter-outcome"
      />
      <Select
        label={t('calls.filters.reason')}
        placeholder={t('calls.filters.any')}
        data={reasons.map((reason) => ({ value: reason.id, label: reason.name }))}
        value={filters.reason}
        onChange={(reason) => set({ reason })}
        clearable
        searchable
        w={200}
        comboboxProps={{ withinPortal: true }}
        data-testid="call-filter-reason"
      />
      {withNumber && (
        <TextInput
          label={t('calls.filters.number')}
          value={filters.number}
          onChange={(event) => set({ number: event.currentTarget.value })}
          error={numberTooShort(filters) ? t('calls.filters.numberTooShort') : undefined}
          inputMode="tel"
          w={170}
          data-testid="call-filter-number"
        />
      )}
      {filteringCalls(filters) && (
        <Button
          variant="subtle"
          mt={25}
          onClick={() => onChange(NO_CALL_FILTERS)}
          data-testid="call-filter-clear"
        >
          {t('calls.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
