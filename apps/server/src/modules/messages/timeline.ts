// The conversation timeline: messages and registered events of a contact the user may see, newest first, the
// latest page and older pages. Both kinds are ordered by (created_at, id); a page is the newest `limit` items
// of their union before the anchor, so given the boundary item's id too pages never skip or repeat one.
import type { CallItem, EventItem, Item, ItemsPage, ItemsQuery, PaginateQuery } from '@atende/contract';
import { desc, sql, type AnyColumn } from 'drizzle-orm';
import { contactEvents, messages } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { jsonRows } from '../../platform/db/json-rows.ts';
import { param, preparedSql } from '../../platform/db/prepared.ts';
import { notFound } from '../../platform/errors.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { forVisibleContact, maySeeContact, scopeValues, visibility } from '../contacts/queries.ts';
import { presentEvent } from '../events/presenter.ts';
import { contactEventJsonRows, type EventJsonRow } from '../events/queries.ts';
import { contactCallsIn } from '../voice/calls.ts';
import { presentCall } from '../voice/presenter.ts';
import {
  conversationMessagesJson,
  messageItem,
  presentJsonMessages,
  type MessageJsonRow,
} from './presenter.ts';

export async function assertVisibleContact(ctx: TenantContext, contactId: string): Promise<void> {
  if (!(await maySeeContact(ctx, contactId))) throw notFound();
}

type Anchor = { createdAt: Date; id: string | undefined } | null;

const anchorOf = (createdAt: string | undefined, id: string | undefined): Anchor =>
  createdAt ? { createdAt: new Date(createdAt), id } : null;

/** What bounds a page: nothing (the latest), a time, or a time and the boundary item's id. */
type AnchorKind = 'latest' | 'at' | 'at_id';

const anchorKind = (anchor: Anchor): AnchorKind => (!anchor ? 'latest' : anchor.id ? 'at_id' : 'at');

/** Rows strictly older than the anchor (bound as `<name>At`, `<name>Id`): by (created_at, id) when its id is
 * known, else by created_at. */
function olderThan(createdAt: AnyColumn, id: AnyColumn, kind: AnchorKind, name: string) {
  if (kind === 'latest') return undefined;
  const at = sql`${param(`${name}At`)}::timestamptz`;
  if (kind === 'at') return sql`${createdAt} < ${at}`;
  return sql`(${createdAt}, ${id}) < (${at}, ${param(`${name}Id`)}::uuid)`;
}

const anchorValues = (name: string, anchor: Anchor) =>
  anchor ? { [`${name}At`]: anchor.createdAt.toISOString(), [`${name}Id`]: anchor.id } : {};

type PageRow = { messages: MessageJsonRow[]; events: EventJsonRow[] };

/**
 * A page in one prepared statement (one per visibility and anchor kinds): if the user may see the contact, its
 * newest `limit` messages (with their files and reactions) and events older than their anchors, as JSON; no
 * row when the user may not see it. It took five statements before (visibility, messages, events, files,
 * reactions); the driver's work per statement and its socket write were a quarter of a loaded server's profile.
 */
const pageStatement = (ctx: TenantContext, messageKind: AnchorKind, eventKind: AnchorKind) =>
  preparedSql<PageRow>(ctx.db, `timeline:${visibility(ctx)}:${messageKind}:${eventKind}`, () => {
    const conversation = { db: ctx.db, companyId: param('companyId') };
    const contactId = param('contactId');
    const limit = param<number>('limit');
    const messagesPart = conversationMessagesJson(
      conversation,
      contactId,
      olderThan(messages.createdAt, messages.id, messageKind, 'message'),
    )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit);
    const eventsPart = contactEventJsonRows(
      conversation,
      contactId,
      olderThan(contactEvents.createdAt, contactEvents.id, eventKind, 'event'),
    )
      .orderBy(desc(contactEvents.createdAt), desc(contactEvents.id))
      .limit(limit);
    return forVisibleContact(ctx, { messages: jsonRows(messagesPart), events: jsonRows(eventsPart) });
  });

type Entry = { createdAt: string; id: string };

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Newest first by (created_at, id): ISO timestamps of one width compare as text, and uuids as their lowercase
 * text, the order PostgreSQL uses.
 */
const newerFirst = (a: Entry, b: Entry): number => byText(b.createdAt, a.createdAt) || byText(b.id, a.id);

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
  const [row] = await pageStatement(ctx, anchorKind(messageAnchor), anchorKind(eventAnchor)).execute({
    ...scopeValues(ctx),
    contactId,
    limit: limit + 1,
    ...anchorValues('message', messageAnchor),
    ...anchorValues('event', eventAnchor),
  });
  if (!row) throw notFound();
  const merged = [
    ...presentJsonMessages(urls, row.messages).map((message) => ({
      createdAt: message.created_at,
      id: message.id,
      item: messageItem(message),
    })),
    ...row.events.map((json) => {
      const event = presentEvent(json);
      const item: EventItem = { type: 'event', created_at: event.created_at, event };
      return { createdAt: event.created_at, id: event.id, item };
    }),
  ].sort(newerFirst);
  const shown = merged.slice(0, limit);
  const hasMore = merged.length > limit;
  // The calls of the span this page covers: from its oldest item (or the beginning, on the last page) to the
  // earlier of its anchors (the newer side was the previous page's).
  const upper = [messageAnchor, eventAnchor]
    .map((anchor) => anchor?.createdAt.getTime())
    .filter((time): time is number => time !== undefined);
  const oldest = shown.at(-1);
  const calls = await contactCallsIn(ctx.db, ctx.companyId, contactId, {
    from: hasMore && oldest ? new Date(oldest.createdAt) : null,
    before: upper.length > 0 ? new Date(Math.min(...upper)) : null,
  });
  const withCalls = [
    ...shown,
    ...calls.map((row) => {
      const call = presentCall(row);
      const item: CallItem = { type: 'call', created_at: call.started_at, call };
      return { createdAt: call.started_at, id: call.id, item };
    }),
  ].sort(newerFirst);
  return { data: withCalls.map((entry): Item => entry.item), has_more: hasMore };
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
