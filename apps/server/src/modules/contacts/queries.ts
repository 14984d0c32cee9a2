// Reads of contacts for the list, search, queue and detail: every one scoped to the tenant and to what the
// user may see, ordered and paginated by keyset.
import type { ContactOrder, ContactListFilter, ContactPage, SortDirection } from '@atende/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { contacts, contactWallets, schedules, userWallets } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { afterCursor, cursorColumn, encodeCursor, orderBy, sortKeys } from './keyset.ts';
import { visibleContacts } from './policy.ts';
import { presentSummary, responsibleJoin, summaryColumns } from './presenter.ts';

export function filterCondition(ctx: TenantContext, filter: ContactListFilter): SQL | undefined {
  switch (filter) {
    case 'general':
      return undefined;
    case 'mine':
      return eq(contacts.responsibleId, ctx.userId);
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

export const inMySegments = (ctx: TenantContext) => sql`exists (
  select 1 from ${contactWallets} join ${userWallets} on ${userWallets.walletId} = ${contactWallets.walletId}
  where ${contactWallets.contactId} = ${contacts.id} and ${userWallets.userId} = ${ctx.userId})`;

export type PageRequest = {
  where: (SQL | undefined)[];
  order: ContactOrder;
  direction: SortDirection;
  limit: number;
  cursor?: string;
};

/** One page of contact summaries visible to the user, matching `where`. One SQL statement whatever the size. */
export async function contactPage(ctx: TenantContext, request: PageRequest): Promise<ContactPage> {
  const keys = sortKeys(request.order, request.direction);
  const rows = await ctx.db
    .select({ ...summaryColumns, cursor: cursorColumn(keys) })
    .from(contacts)
    .leftJoin(...responsibleJoin)
    .where(
      and(
        eq(contacts.companyId, ctx.companyId),
        visibleContacts(ctx),
        ...request.where,
        request.cursor ? afterCursor(keys, request.direction, request.cursor) : undefined,
      ),
    )
    .orderBy(...orderBy(keys, request.direction))
    .limit(request.limit + 1);
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  return {
    data: page.map(presentSummary),
    next_cursor: rows.length > request.limit && last ? encodeCursor(last.cursor) : null,
  };
}

export async function maySeeContact(ctx: TenantContext, contactId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.companyId, ctx.companyId), visibleContacts(ctx)))
    .limit(1);
  return Boolean(row);
}

/** One contact's summary, if the user may see it. */
export async function findSummary(ctx: TenantContext, contactId: string) {
  const [row] = await ctx.db
    .select(summaryColumns)
    .from(contacts)
    .leftJoin(...responsibleJoin)
    .where(and(eq(contacts.id, contactId), eq(contacts.companyId, ctx.companyId), visibleContacts(ctx)))
    .limit(1);
  return row;
}
