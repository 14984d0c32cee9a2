// What the audit page filters by — kinds, who acted, a period of whole days in the user's time zone — and the
// query it sends (the contract's AuditQuery: kinds comma-separated, the period as instants, `to` excluded).
// A period that ends before it starts is the `to` field's problem, shown before any call.
import { instantOfWallTime, type AuditKind } from '@atende/contract';

export type AuditFilters = {
  kinds: AuditKind[];
  /** A user's id, or null for anyone. */
  actor: string | null;
  /** Whole days, "YYYY-MM-DD", or "" for no bound. */
  from: string;
  to: string;
};

export const NO_FILTERS: AuditFilters = { kinds: [], actor: null, from: '', to: '' };

export type AuditParams = { kind?: string; actor?: string; from?: string; to?: string };

/** Midnight starting the day (`days` later), in the zone, as an ISO instant. */
function dayStart(day: string, timeZone: string, days = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return instantOfWallTime({ year, month, day: date + days }, timeZone).toISOString();
}

export const badPeriod = (filters: AuditFilters): boolean =>
  filters.from !== '' && filters.to !== '' && filters.to < filters.from;

/** The query of these filters; the day `to` is included, so the period ends when the next one starts. */
export function auditParams(filters: AuditFilters, timeZone: string): AuditParams {
  return {
    kind: filters.kinds.length > 0 ? filters.kinds.join(',') : undefined,
    actor: filters.actor ?? undefined,
    from: filters.from ? dayStart(filters.from, timeZone) : undefined,
    to: filters.to ? dayStart(filters.to, timeZone, 1) : undefined,
  };
}

export const filtering = (filters: AuditFilters): boolean =>
  filters.kinds.length > 0 || filters.actor !== null || filters.from !== '' || filters.to !== '';
