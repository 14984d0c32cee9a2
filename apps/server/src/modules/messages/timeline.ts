// The conversation timeline: messages and registered events of a contact the user may see, newest first, the
// latest page and older pages. Both kinds are ordered by (created_at, id); a page is the newest `limit` items
// of their union before the anchor, so given the boundary item's id too pages never skip or repeat one.
import type { EventItem, Item, ItemsPage, ItemsQuery, PaginateQuery } from '@atende/contract';
import { desc, sql, type AnyColumn } from 'drizzle-orm';
import { contactEvents, messages } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { param, prepared } from '../../platform/db/prepared.ts';
import { notFound } from '../../platform/errors.ts';
import { maySeeContact } from '../contacts/queries.ts';
import { contactEventRows, presentEvent } from '../events/service.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { conversationMessages, messageItem, presentMessages } from './presenter.ts';

export async function assertVisibleContact(ctx: TenantContext, contactId: string): Promise<void> {
  if (!(await maySeeContact(ctx, contactId))) throw notFound();
}

type Anchor = { createdAt: Date; id: string | undefined } | null;

const anchorOf = (createdAt: string | undefined, id: string | undefined): Anchor =>
  createdAt ? { createdAt: new Date(createdAt), id } : null;

/** What bounds a page: nothing (the latest), a time, or a time and the boundary item's id. */
type AnchorKind = 'latest' | 'at' | 'at_id';

const anchorKind = (anchor: Anchor): AnchorKind => (!anchor ? 'latest' : anchor.id ? 'at_id' : 'at');

const anchorValues = (anchor: Anchor) =>
  anchor ? { beforeAt: anchor.createdAt.toISOString(), beforeId: anchor.id } : {};

/** Rows strictly older than the anchor: by (created_at, id) when its id is known, else by created_at. */
function olderThan(createdAt: AnyColumn, id: AnyColumn, kind: AnchorKind) {
  if (kind === 'latest') return undefined;
  if (kind === 'at') return sql`${createdAt} < ${param('beforeAt')}::timestamptz`;
  return sql`(${createdAt}, ${id}) < (${param('beforeAt')}::timestamptz, ${param('beforeId')}::uuid)`;
}

/** The tenant's conversation, bound at execution. */
const boundConversation = (db: Db) => ({ db, companyId: param('companyId') });

/**
 * Rows of one kind, newest first, enough of them (limit + 1) to fill a page and tell whether more exist.
 * Opening a conversation runs both: prepared statements, one per anchor kind.
 */
const messagesBefore = (ctx: TenantContext, contactId: string, anchor: Anchor, limit: number) =>
  prepared(ctx.db, `timeline_messages:${anchorKind(anchor)}`, () =>
    conversationMessages(
      boundConversation(ctx.db),
      param('contactId'),
      olderThan(messages.createdAt, messages.id, anchorKind(anchor)),
    )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(param<number>('limit')),
  ).execute({ companyId: ctx.companyId, contactId, limit: limit + 1, ...anchorValues(anchor) });

const eventsBefore = (ctx: TenantContext, contactId: string, anchor: Anchor, limit: number) =>
  prepared(ctx.db, `timeline_events:${anchorKind(anchor)}`, () =>
    contactEventRows(
      boundConversation(ctx.db),
      param('contactId'),
      olderThan(contactEvents.createdAt, contactEvents.id, anchorKind(anchor)),
    )
      .orderBy(desc(contactEvents.createdAt), desc(contactEvents.id))
      .limit(param<number>('limit')),
  ).execute({ companyId: ctx.companyId, contactId, limit: limit + 1, ...anchorValues(anchor) });

type Entry = { createdAt: Date; id: string };

/** Newest first by (created_at, id); uuids compare as their lowercase text, the order PostgreSQL uses. */
const newerFirst = (a: Entry, b: Entry): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The newest `limit` items of the union of messages older than `messageAnchor` and events older than
 * `eventAnchor`: the newest `limit` of each kind hold them all.
 */
async function page(
  ctx: TenantContext,
  urls: UrlSigner,
  contactId: string,
  messageAnchor: Anchor,
  eventAnchor: Anchor,
  limit: number,
): Promise<ItemsPage> {
  await assertVisibleContact(ctx, contactId);
  const [messageRows, eventRows] = await Promise.all([
    messagesBefore(ctx, contactId, messageAnchor, limit),
    eventsBefore(ctx, contactId, eventAnchor, limit),
  ]);
  const merged = [
    ...messageRows.map((row) => ({ createdAt: row.createdAt, id: row.id, message: row })),
    ...eventRows.map((row) => ({ createdAt: row.createdAt, id: row.id, event: row })),
  ].sort(newerFirst);
  const kept = merged.slice(0, limit);
  const shownMessages = kept.flatMap((entry) => ('message' in entry ? [entry.message] : []));
  const presented = new Map(
    (await presentMessages(ctx.db, urls, ctx.companyId, shownMessages)).map((message) => [
      message.id,
      messageItem(message),
    ]),
  );
  const data = kept.map((entry): Item => {
    if (!('event' in entry)) return presented.get(entry.id)!;
    const event = presentEvent(entry.event);
    return { type: 'event', created_at: event.created_at, event } satisfies EventItem;
  });
  return { data, has_more: merged.length > limit };
}

export function conversationItems(
  ctx: TenantContext,
  urls: UrlSigner,
  contactId: string,
  query: ItemsQuery,
): Promise<ItemsPage> {
  const before = anchorOf(query.before_created_at, query.before_id);
  return page(ctx, urls, contactId, before, before, query.limit);
}

/** Older items given the oldest message and the oldest event loaded; a missing anchor follows the other's. */
export function paginateItems(
  ctx: TenantContext,
  urls: UrlSigner,
  contactId: string,
  query: PaginateQuery,
): Promise<ItemsPage> {
  const messageAnchor = anchorOf(query.first_message_created_at, query.first_message_id);
  const eventAnchor = anchorOf(query.first_event_created_at, query.first_event_id);
  return page(ctx, urls, contactId, messageAnchor ?? eventAnchor, eventAnchor ?? messageAnchor, query.limit);
}
