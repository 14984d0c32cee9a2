// Message search across every conversation the user may see (attendants: their contacts and the unassigned
// queue; supervisors and administrators: the whole company), newest first, a page at a time.
//
// No single plan serves every term. A common word ("pedido") fills a page within the newest messages, read in
// order; a rare one must come from the search indexes, or the ordered read walks the whole company. The
// planner tells them apart only by estimates, and for a rare term it guesses common (≈0.4% of 2M rows) and
// walks. So the search reads in bounded steps, each only if the page is not full yet: windows of the newest
// messages (whose boundaries, known at planning, let a rare term use the indexes inside them and a common one
// the ordered read, which stops at a full page), then the older messages through the indexes alone, matched
// first and sorted after (a materialised CTE, out of the planner's reach of an ordered walk). That last step
// reads every older match of the company: for a common term seen by an attendant (1 visible match in 100
// messages) it cost 0.8 s on 2M messages, hence a second, larger window before it (7 ms for the same page).
import type {
  CompanyMessageSearchQuery,
  CompanyMessageSearchResult,
  MessageSearchHit,
} from '@atende/contract';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import { contacts, messages } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { visibleContacts } from '../contacts/policy.ts';
import { matchesTerm } from './search.ts';
import { newerFirst, windowStart, type Position, type SearchWindows } from './search-windows.ts';

const hitColumns = {
  id: messages.id,
  contactId: messages.contactId,
  contactName: contacts.name,
  contactChannelId: messages.contactChannelId,
  kind: messages.kind,
  direction: messages.direction,
  text: messages.text,
  subject: messages.subject,
  createdAt: messages.createdAt,
};

type HitRow = Pick<
  typeof messages.$inferSelect,
  'id' | 'contactId' | 'contactChannelId' | 'kind' | 'direction' | 'text' | 'subject' | 'createdAt'
> & { contactName: string };

const presentHit = (row: HitRow): MessageSearchHit => ({
  id: row.id,
  contact: { id: row.contactId, name: row.contactName },
  channel: { id: row.contactChannelId, type: row.kind },
  direction: row.direction,
  text: row.text,
  subject: row.subject,
  created_at: row.createdAt.toISOString(),
});

const at = (position: Position) =>
  sql`(${position.createdAt.toISOString()}::timestamptz, ${position.id}::uuid)`;
const row = sql`(${messages.createdAt}, ${messages.id})`;

/** Messages strictly older than the last one shown: by (created_at, id) when its id is known. */
function before(query: CompanyMessageSearchQuery): SQL | undefined {
  if (!query.before_created_at) return undefined;
  if (!query.before_id) return lt(messages.createdAt, new Date(query.before_created_at));
  return sql`${row} < ${at({ createdAt: new Date(query.before_created_at), id: query.before_id })}`;
}

/** Messages with their contacts, newest first, narrowed by `conditions`. */
const hitRows = (ctx: TenantContext, ...conditions: (SQL | undefined)[]) =>
  ctx.db
    .select(hitColumns)
    .from(messages)
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .where(and(eq(messages.companyId, ctx.companyId), eq(contacts.companyId, ctx.companyId), ...conditions))
    .orderBy(...newerFirst);

/**
 * The ids of the newest `count` visible matches older than `start`, found through the search indexes only.
 * The matches are sorted before meeting their contacts, so the contacts are looked up one by one, newest match
 * first, until the page is full, rather than all of the company's hashed for a handful of matches.
 */
const olderMatchIds = (ctx: TenantContext, term: string, start: Position, count: number) => sql`
  with matched as materialized (
    select ${messages.id} as id, ${messages.contactId} as contact_id, ${messages.createdAt} as created_at
    from ${messages}
    where ${messages.companyId} = ${ctx.companyId} and ${row} < ${at(start)} and ${matchesTerm(term)}
  )
  select newest.id
  from (select * from matched order by created_at desc, id desc) as newest
  join ${contacts} on ${contacts.id} = newest.contact_id
  where ${contacts.companyId} = ${ctx.companyId} and ${visibleContacts(ctx)}
  order by newest.created_at desc, newest.id desc
  limit ${count}`;

/** The newest visible matches of `query` older than its cursor, read through `windows` in turn. */
export async function searchCompanyMessages(
  ctx: TenantContext,
  query: CompanyMessageSearchQuery,
  windows: SearchWindows,
): Promise<CompanyMessageSearchResult> {
  // One more than the page tells whether another page exists.
  const wanted = query.limit + 1;
  const rows: HitRow[] = [];
  const starts = windows.startsFor(ctx.companyId, !query.before_created_at);
  let older = before(query);
  let start: Position | null = null;
  for (const [index, size] of windows.sizes.entries()) {
    start = await windowStart(ctx, starts, index, size, older);
    const inWindow = start ? sql`${row} >= ${at(start)}` : undefined;
    rows.push(
      ...(await hitRows(ctx, visibleContacts(ctx), matchesTerm(query.term), older, inWindow).limit(
        wanted - rows.length,
      )),
    );
    // Fewer messages than the window: every older one was read.
    if (!start || rows.length === wanted) break;
    older = sql`${row} < ${at(start)}`;
  }
  if (start && rows.length < wanted) {
    const ids = olderMatchIds(ctx, query.term, start, wanted - rows.length);
    rows.push(...(await hitRows(ctx, sql`${messages.id} in (${ids})`)));
  }
  return { data: rows.slice(0, query.limit).map(presentHit), has_more: rows.length > query.limit };
}
