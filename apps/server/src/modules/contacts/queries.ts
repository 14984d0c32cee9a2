// Reads of contacts for the list, search, queue and detail: every one scoped to the tenant and to what the
// user may see, ordered and paginated by keyset.
import {
  defaultPermissions,
  may,
  type ContactOrder,
  type ContactListFilter,
  type ContactListQuery,
  type SortDirection,
} from '@atende/contract';
import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  channelAccounts,
  contactChannels,
  contacts,
  contactWallets,
  jokers,
  messages,
  schedules,
  users,
  wallets,
} from '../../db/schema/index.ts';
import type { AuthContext, TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { jsonRows, namedColumns } from '../../platform/db/json-rows.ts';
import { param, prepared, preparedRows, preparedSql } from '../../platform/db/prepared.ts';
import { notFound } from '../../platform/errors.ts';
import {
  afterCursor,
  cursorAfter,
  decodeCursor,
  mergedOrderBy,
  orderBy,
  sortColumns,
  sortKeys,
} from './keyset.ts';
import { inServedSegments } from '../teams/served-segments.ts';
import { filterConditions, filterShape, filtersOf, filterValues } from './list-filters.ts';
import { isOpen, visibleContacts, visibleParts, workingParts } from './policy.ts';
import {
  responsibleJoin,
  summaryColumns,
  type ContactDetail,
  type SummaryPage,
  type SummaryRow,
} from './presenter.ts';

export function filterCondition(
  ctx: Pick<AuthContext, 'userId'>,
  filter: ContactListFilter,
): SQL | undefined {
  switch (filter) {
    case 'general':
      return undefined;
    case 'mine':
      // Resolved and snoozed conversations leave "my contacts" (issue 20, item 1).
      return and(eq(contacts.responsibleId, ctx.userId), isOpen());
    case 'pending_schedules':
      return hasPendingSchedule();
    case 'pending':
      return sql`${contacts.unreadCount} > 0`;
    case 'pending_first_response':
      return eq(contacts.firstResponsePending, true);
    case 'chatbots':
      return eq(contacts.chatbot, true);
  }
}

export const hasPendingSchedule = () =>
  sql`exists (select 1 from ${schedules} where ${schedules.contactId} = ${contacts.id} and ${schedules.doneAt} is null)`;

/** "Only my segments": the segments the user serves, their own and their teams' (teams/served-segments.ts). */
export const inMySegments = (ctx: Pick<AuthContext, 'userId'>) => inServedSegments(ctx.userId);

export type PageRequest = {
  where: (SQL | undefined)[];
  order: ContactOrder;
  direction: SortDirection;
  limit: number;
  cursor?: string;
  /** The user's own contacts only (the "mine" filter): an attendant's unassigned part is not read at all. */
  ownOnly?: boolean;
};

type Viewer = Pick<AuthContext, 'role' | 'permissions'>;
type Scope = Pick<AuthContext, 'companyId' | 'userId'> & Viewer;

/** The tenant and the user as placeholders of a prepared statement (`scopeValues` binds them); what the user
 * may see is part of the statement (see visibility). */
export const boundScope = ({ role, permissions }: Viewer): Scope => ({
  companyId: param('companyId'),
  userId: param('userId'),
  role,
  permissions,
});
export const scopeValues = (ctx: AuthContext) => ({ companyId: ctx.companyId, userId: ctx.userId });

/** Statements differ by what the role may see: every contact, or the user's own and the unassigned. */
export const visibility = (ctx: AuthContext) => (may(ctx, 'contacts.see_all') ? 'all' : 'own');

type SortKeys = ReturnType<typeof sortKeys>;

/**
 * Summaries in `parts` of what the user may see (see visibleParts) matching `where`, in the keys' order after
 * `after`: one SQL statement. Each part stops at the page size in its own index order; two parts are merged.
 */
function pageQuery(
  db: Db,
  companyId: string,
  parts: SQL[],
  where: (SQL | undefined)[],
  keys: SortKeys,
  direction: SortDirection,
  after: SQL | undefined,
  limit: number,
) {
  const part = (visible: SQL) =>
    db
      .select({ ...summaryColumns, ...sortColumns(keys) })
      .from(contacts)
      .leftJoin(...responsibleJoin)
      .where(and(eq(contacts.companyId, companyId), visible, ...where, after))
      .orderBy(...orderBy(keys, direction))
      .limit(limit);
  const [first, second] = parts.map(part);
  return second
    ? first!
        .unionAll(second)
        .orderBy(...mergedOrderBy(keys, direction))
        .limit(limit)
    : first!;
}

/** `limit` rows of the `limit + 1` read, and a cursor when the extra one shows more exist. */
function toPage(keys: SortKeys, rows: SummaryRow[], limit: number): SummaryPage {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? cursorAfter(keys, last) : null };
}

/** One page of contact summaries visible to the user, matching `where`. One SQL statement whatever the size. */
export async function contactPage(ctx: TenantContext, request: PageRequest): Promise<SummaryPage> {
  const keys = sortKeys(request.order, request.direction);
  const after = request.cursor
    ? afterCursor(keys, request.direction, decodeCursor(keys, request.cursor))
    : undefined;
  const parts = visibleParts(ctx, request.ownOnly ?? false);
  const rows = await pageQuery(
    ctx.db,
    ctx.companyId,
    parts,
    request.where,
    keys,
    request.direction,
    after,
    request.limit + 1,
  );
  return toPage(keys, rows, request.limit);
}

/**
 * A page of the contact list, the console's most frequent call: a prepared statement per filter, ordering,
 * first-or-next page, visibility and set of combinable filters (list-filters.ts), with the tenant, the user, the cursor and the size bound at execution.
 */
export async function listContacts(ctx: TenantContext, query: ContactListQuery): Promise<SummaryPage> {
  const keys = sortKeys(query.order, query.direction);
  const cursorParams = [...keys, null].map((_, i) => `c${i}`);
  const filters = filtersOf(query);
  const shape = [
    'contacts',
    query.filter,
    query.only_my_segments ? 'segments' : 'any',
    query.order,
    query.direction,
    query.cursor ? 'next' : 'first',
    visibility(ctx),
    filterShape(filters),
  ].join(':');
  const statement = preparedRows(ctx.db, shape, () => {
    const scope = boundScope(ctx);
    const where = [
      filterCondition(scope, query.filter),
      query.only_my_segments ? inMySegments(scope) : undefined,
      ...filterConditions(filters),
    ];
    const after = query.cursor
      ? afterCursor(
          keys,
          query.direction,
          cursorParams.map((name) => param(name)),
        )
      : undefined;
    const parts = workingParts(scope, query.filter === 'mine');
    return pageQuery(
      ctx.db,
      scope.companyId,
      parts,
      where,
      keys,
      query.direction,
      after,
      param<number>('limit'),
    );
  });
  const cursor = query.cursor ? decodeCursor(keys, query.cursor) : [];
  const rows = await statement.execute({
    ...scopeValues(ctx),
    limit: query.limit + 1,
    ...filterValues(filters),
    ...Object.fromEntries(cursor.map((value, i) => [cursorParams[i], value])),
  });
  return toPage(keys, rows, query.limit);
}

/**
 * `select <lists>` of the contact (bound as `contactId`) if the user (see boundScope) may see it: one row, or
 * none. For statements that answer a conversation's lists at once, the visibility check included.
 */
export const forVisibleContact = (viewer: Viewer, lists: Record<string, SQL>) => sql`select ${sql.join(
  Object.entries(lists).map(([name, list]) => sql`${list} as ${sql.identifier(name)}`),
  sql`, `,
)}
  from ${contacts}
  where ${and(
    eq(contacts.id, param('contactId')),
    eq(contacts.companyId, param('companyId')),
    visibleContacts(boundScope(viewer)),
  )}`;

/** Whether the user may open the contact: every conversation call checks it first. */
export async function maySeeContact(ctx: TenantContext, contactId: string): Promise<boolean> {
  const statement = prepared(ctx.db, `may_see_contact:${visibility(ctx)}`, () =>
    ctx.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(
        and(
          eq(contacts.id, param('contactId')),
          eq(contacts.companyId, param('companyId')),
          visibleContacts(boundScope(ctx)),
        ),
      )
      .limit(1),
  );
  const [row] = await statement.execute({ contactId, ...scopeValues(ctx) });
  return Boolean(row);
}

/** The name of who gave the contact to its responsible (a second join of users would clash with the first). */
const assignedByName = () =>
  sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${contacts.assignedById})`;

/**
 * The contact panel's whole contact in one prepared statement (the console reads it on every conversation
 * opened): its row with the summary's names and its joker, its channels and its segments, as JSON, if the
 * user may see it.
 */
const detailStatement = (ctx: TenantContext) =>
  preparedSql<{
    contact: ContactDetail['row'][];
    channels: ContactDetail['channels'];
    segments: ContactDetail['segments'];
  }>(ctx.db, `contact_detail:${visibility(ctx)}`, () => {
    const db = ctx.db;
    const id = param('contactId');
    const companyId = param('companyId');
    return forVisibleContact(ctx, {
      contact: jsonRows(
        db
          .select(
            namedColumns({
              ...getTableColumns(contacts),
              ...summaryColumns,
              jokerName: jokers.name,
              assignedByName: assignedByName(),
            }),
          )
          .from(contacts)
          .leftJoin(...responsibleJoin)
          .leftJoin(jokers, eq(jokers.id, contacts.jokerId))
          .where(and(eq(contacts.id, id), eq(contacts.companyId, companyId))),
      ),
      channels: jsonRows(
        db
          .select(
            namedColumns({
              ...getTableColumns(contactChannels),
              lastInboundAt: lastInboundOf(),
              providerCarries: providerCarriesKind(),
            }),
          )
          .from(contactChannels)
          .where(and(eq(contactChannels.contactId, id), eq(contactChannels.companyId, companyId)))
          .orderBy(desc(contactChannels.main), asc(contactChannels.createdAt)),
      ),
      segments: jsonRows(
        db
          .select(namedColumns({ walletId: wallets.id, walletName: wallets.name }))
          .from(contactWallets)
          .innerJoin(wallets, eq(wallets.id, contactWallets.walletId))
          .where(and(eq(contactWallets.contactId, id), eq(contactWallets.companyId, companyId)))
          .orderBy(asc(wallets.name)),
      ),
    });
  });

/** When the customer last wrote on the channel of the row (the customer-service window's start). */
const lastInboundOf = () => sql<string | null>`(
  select max(${messages.createdAt}) from ${messages}
  where ${messages.contactId} = ${contactChannels.contactId} and ${messages.companyId} = ${contactChannels.companyId}
    and ${messages.contactChannelId} = ${contactChannels.id} and ${messages.direction} = 'in')`;

/** Whether a provider account (not a demo's simulated line) carries the row's kind: its window rules apply. */
const providerCarriesKind = () => sql<boolean>`exists(
  select 1 from ${channelAccounts} where ${channelAccounts.companyId} = ${contactChannels.companyId}
    and ${channelAccounts.kind} = ${contactChannels.kind} and ${channelAccounts.enabled}
    and coalesce(${channelAccounts.settings}->>'simulated', 'false') <> 'true')`;

/** A viewer who sees every contact of the company (visibility 'all'). */
const companyWide: Viewer = { role: 'supervisor', permissions: defaultPermissions('supervisor') };

/**
 * The whole contact (row, channels, segments) the user may see, or notFound: what every change answers.
 * `handedOver`: the user has just given the contact to someone else in this request, so reads it as it is now
 * although they no longer see it (they held it when they asked).
 */
export async function contactDetail(
  ctx: TenantContext,
  contactId: string,
  handedOver = false,
): Promise<ContactDetail> {
  const viewer = handedOver ? { ...ctx, ...companyWide } : ctx;
  const [detail] = await detailStatement(viewer).execute({ ...scopeValues(ctx), contactId });
  const [row] = detail?.contact ?? [];
  if (!detail || !row) throw notFound();
  return { row, channels: detail.channels, segments: detail.segments };
}
