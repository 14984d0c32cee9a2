// The active combinable filters as chips (one per value, so each can be removed alone) and what is left once
// one is removed.
import { UNASSIGNED, type ContactFilters } from '@atende/contract';

export type FilterName = keyof ContactFilters;

export interface FilterChip {
  name: FilterName;
  /** The value the chip stands for: one of a list's values, the tag, or the critical flag. */
  value: string;
}

/** One chip per value of each list filter, then the tag and the critical flag. */
export function filterChips(filters: ContactFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const name of ['status', 'channel', 'segment', 'team', 'responsible', 'priority'] as const) {
    for (const value of filters[name] ?? []) chips.push({ name, value });
  }
  if (filters.tag) chips.push({ name: 'tag', value: filters.tag });
  if (filters.critical !== undefined) chips.push({ name: 'critical', value: String(filters.critical) });
  return chips;
}

export const activeFilterCount = (filters: ContactFilters): number => filterChips(filters).length;

/** The filters without the chip's value (a list left empty goes away). */
export function withoutChip(filters: ContactFilters, chip: FilterChip): ContactFilters {
  const current = filters[chip.name];
  const next: ContactFilters = { ...filters };
  if (Array.isArray(current)) {
    const rest = (current as string[]).filter((value) => value !== chip.value);
    (next as Record<string, unknown>)[chip.name] = rest.length > 0 ? rest : undefined;
  } else {
    delete next[chip.name];
  }
  return Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined));
}

/** Whether the chip is the "nobody's" choice of the responsible filter. */
export const isUnassigned = (chip: FilterChip) => chip.name === 'responsible' && chip.value === UNASSIGNED;
