// What the audit page filters by — kinds, who acted, a period of whole days in the user's time zone, free text —
// and the query it sends (the contract's AuditQuery: kinds comma-separated, the period as instants, `to`
// excluded, the text with the kinds whose label in the reader's language holds it).
// A period that ends before it starts is the `to` field's problem, shown before any call.
import { AUDIT_KINDS, type AuditKind } from '@atende/contract';
import { backwardsPeriod, periodInstants } from '../../../lib/wall-time.ts';

export type AuditFilters = {
  kinds: AuditKind[];
  /** A user's id, or null for anyone. */
  actor: string | null;
  /** Whole days, "YYYY-MM-DD", or "" for no bound. */
  from: string;
  to: string;
  /** Free text: the subject, who acted, the kind's label. */
  search: string;
};

export const NO_FILTERS: AuditFilters = { kinds: [], actor: null, from: '', to: '', search: '' };

export type AuditDirection = 'desc' | 'asc';

export type AuditParams = {
  kind?: string;
  actor?: string;
  from?: string;
  to?: string;
  search?: string;
  search_kinds?: string;
  direction: AuditDirection;
};

export const badPeriod = (filters: AuditFilters): boolean => backwardsPeriod(filters);

/**
 * The query of these filters; the day `to` is included, so the period ends when the next one starts. The
 * server knows the kinds by name only: `label` gives the reader's words for each, sent as the kinds the text
 * matches.
 */
export function auditParams(
  filters: AuditFilters,
  timeZone: string,
  direction: AuditDirection,
  label: (kind: AuditKind) => string,
): AuditParams {
  const search = filters.search.trim();
  const words = search.toLocaleLowerCase();
  const labelled = search
    ? AUDIT_KINDS.filter((kind) => label(kind).toLocaleLowerCase().includes(words))
    : [];
  return {
    kind: filters.kinds.length > 0 ? filters.kinds.join(',') : undefined,
    actor: filters.actor ?? undefined,
    ...periodInstants(filters, timeZone),
    search: search || undefined,
    search_kinds: labelled.length > 0 ? labelled.join(',') : undefined,
    direction,
  };
}

export const filtering = (filters: AuditFilters): boolean =>
  filters.kinds.length > 0 ||
  filters.actor !== null ||
  filters.from !== '' ||
  filters.to !== '' ||
  filters.search.trim() !== '';
