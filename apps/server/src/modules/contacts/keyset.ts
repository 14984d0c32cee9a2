// Keyset pagination over the list's orderings: each ordering is a list of sort keys plus the id; the cursor
// holds the last row's keys as PostgreSQL text (timestamps keep their microseconds).
import { isStorableText, type ContactOrder, type SortDirection } from '@atende/contract';
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { contacts } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

type SortKey = { expr: SQL; cast: 'timestamptz' | 'int4' | 'bool' | 'text' };

const key = (expr: SQL, cast: SortKey['cast']): SortKey => ({ expr, cast });
const lastMessageAt = key(sql`${contacts.lastMessageAt}`, 'timestamptz');

/** Contacts without an unanswered message go last in either direction. */
const unansweredSince = (direction: SortDirection) =>
  key(
    direction === 'desc'
      ? sql`coalesce(${contacts.unansweredSince}, '-infinity'::timestamptz)`
      : sql`coalesce(${contacts.unansweredSince}, 'infinity'::timestamptz)`,
    'timestamptz',
  );

export function sortKeys(order: ContactOrder, direction: SortDirection): SortKey[] {
  switch (order) {
    case 'default':
      return [key(sql`${contacts.critical}`, 'bool'), key(sql`${contacts.priority}`, 'int4'), lastMessageAt];
    case 'last_message':
      return [unansweredSince(direction)];
    case 'name':
      return [key(sql`lower(${contacts.name})`, 'text')];
    case 'online':
      return [key(sql`${contacts.online}`, 'bool'), lastMessageAt];
    case 'priority':
      return [key(sql`${contacts.priority}`, 'int4'), lastMessageAt];
    case 'critical':
      return [key(sql`${contacts.critical}`, 'bool'), lastMessageAt];
    case 'unread':
      return [key(sql`${contacts.unreadCount}`, 'int4'), lastMessageAt];
  }
}

export function orderBy(keys: SortKey[], direction: SortDirection): SQL[] {
  const by = direction === 'desc' ? desc : asc;
  return [...keys.map((k) => by(k.expr)), by(contacts.id)];
}

/** The sort keys as output columns k0, k1…: the merge of two ordered parts sorts by them. */
export const sortColumns = (keys: SortKey[]) =>
  Object.fromEntries(keys.map((k, i) => [`k${i}`, sql`${k.expr}`.as(`k${i}`)]));

/** The order of the merged parts, over the columns of `sortColumns` and the id. */
export const mergedOrderBy = (keys: SortKey[], direction: SortDirection): SQL[] =>
  [...keys.map((_, i) => `k${i}`), 'id'].map((name) => sql.raw(`"${name}" ${direction}`));

/**
 * The cursor after `row`, a row selecting `sortColumns`: its keys as PostgreSQL's text (the driver leaves
 * timestamps as text, microseconds kept; booleans and numbers print as PostgreSQL does) and its id.
 */
export function cursorAfter(keys: SortKey[], row: { id: string }): string {
  const values = row as unknown as Record<string, unknown>;
  const json = JSON.stringify([...keys.map((_, i) => String(values[`k${i}`])), row.id]);
  return Buffer.from(json).toString('base64url');
}

const VALUE_FORMATS: Record<SortKey['cast'] | 'uuid', { test(value: string): boolean }> = {
  timestamptz: /^(-?infinity|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?)$/,
  int4: /^-?\d{1,9}$/,
  bool: /^(true|false)$/,
  // Only text the database could have given (no NUL, no lone surrogate): anything else would reach SQL.
  text: { test: (value) => value.length <= 1000 && isStorableText(value) },
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
};

/** The cursor's values in key order (the id last); a tampered cursor is a validation error, never SQL. */
export function decodeCursor(keys: SortKey[], cursor: string): string[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = null;
  }
  if (
    !Array.isArray(values) ||
    values.length !== keys.length + 1 ||
    !values.every(
      (value, i) => typeof value === 'string' && VALUE_FORMATS[keys[i]?.cast ?? 'uuid'].test(value),
    )
  ) {
    throw new AppError('invalid_cursor', 400);
  }
  return values as string[];
}

/** Rows after the decoded cursor `values` (strings, or placeholders for them) in the list's order. */
export function afterCursor(keys: SortKey[], direction: SortDirection, values: unknown[]): SQL {
  const left = sql.join([...keys.map((k) => k.expr), sql`${contacts.id}`], sql`, `);
  const right = sql.join(
    [...keys.map((k, i) => sql`${values[i]}::${sql.raw(k.cast)}`), sql`${values[keys.length]}::uuid`],
    sql`, `,
  );
  return direction === 'desc' ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
}
