// The conversation timeline: the latest page of items and older pages, newest first, for a contact the user
// may see. Given the boundary item's id too, pages are keyed by (created_at, id) and never skip or repeat one.
import type { ItemsPage, ItemsQuery, PaginateQuery } from '@atende/contract';
import { desc, lt, sql } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { maySeeContact } from '../contacts/queries.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { conversationMessages, messageItem, presentMessages } from './presenter.ts';

export async function assertVisibleContact(ctx: TenantContext, contactId: string): Promise<void> {
  if (!(await maySeeContact(ctx, contactId))) throw notFound();
}

type Boundary = { createdAt: Date; id: string | undefined } | null;

const boundary = (createdAt: string | undefined, id: string | undefined): Boundary =>
  createdAt ? { createdAt: new Date(createdAt), id } : null;

async function messagesBefore(ctx: TenantContext, contactId: string, before: Boundary, limit: number) {
  const rows = await conversationMessages(
    ctx,
    contactId,
    before?.id
      ? sql`(${messages.createdAt}, ${messages.id}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id}::uuid)`
      : before
        ? lt(messages.createdAt, before.createdAt)
        : undefined,
  )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

export async function conversationItems(
  ctx: TenantContext,
  urls: UrlSigner,
  contactId: string,
  query: ItemsQuery,
): Promise<ItemsPage> {
  await assertVisibleContact(ctx, contactId);
  const before = boundary(query.before_created_at, query.before_id);
  const { rows, hasMore } = await messagesBefore(ctx, contactId, before, query.limit);
  return {
    data: (await presentMessages(ctx.db, urls, ctx.companyId, rows)).map(messageItem),
    has_more: hasMore,
  };
}

/**
 * Older items, given the oldest message (and, once events exist, the oldest event) already loaded: each kind
 * continues from its own anchor.
 */
export async function paginateItems(
  ctx: TenantContext,
  urls: UrlSigner,
  contactId: string,
  query: PaginateQuery,
): Promise<ItemsPage> {
  await assertVisibleContact(ctx, contactId);
  const before = boundary(query.first_message_created_at, query.first_message_id);
  const { rows, hasMore } = await messagesBefore(ctx, contactId, before, query.limit);
  return {
    data: (await presentMessages(ctx.db, urls, ctx.companyId, rows)).map(messageItem),
    has_more: hasMore,
  };
}
