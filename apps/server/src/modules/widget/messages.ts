// The messages of a visitor's conversation as the widget shows them: only those of the visitor's own chat
// channel (never the contact's other channels, notes or threads), with signed file addresses.
import type { WidgetMessage } from '@atende/contract';
import { and, asc, desc, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { messageColumns, presentMessages, senderJoin } from '../messages/presenter.ts';
import { csatOfMessages } from '../csat/service.ts';
import { widgetMessage } from './presenter.ts';

type Scope = { db: Db; urls: UrlSigner };

/** A page of the conversation: a visitor coming back sees up to this many of the latest messages. */
export const SYNC_PAGE = 200;

/** The provider id of a visitor's message: its client id, scoped to the visitor so ids never collide. */
export const visitorProviderId = (channelId: string, clientId: string) => `${channelId}:${clientId}`;

const clientIdOf = (providerMessageId: string | null) => providerMessageId?.split(':')[1] ?? null;

/** `latest`: the newest page (a first sync); `next`: the oldest page of what matches (catching up in order). */
async function present(
  scope: Scope,
  companyId: string,
  channelId: string,
  page: 'latest' | 'next',
  ...conditions: (SQL | undefined)[]
): Promise<{ rows: WidgetMessage[] }> {
  const query = scope.db
    .select({ ...messageColumns, providerMessageId: messages.providerMessageId })
    .from(messages)
    .leftJoin(...senderJoin)
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(messages.contactChannelId, channelId),
        // Colleagues' notes never reach the customer; a message deleted for everyone is gone for them.
        eq(messages.internal, false),
        isNull(messages.deletedAt),
        ...conditions,
      ),
    );
  const rows =
    page === 'latest'
      ? (await query.orderBy(desc(messages.createdAt), desc(messages.id)).limit(SYNC_PAGE)).reverse()
      : await query.orderBy(asc(messages.createdAt), asc(messages.id)).limit(SYNC_PAGE);
  const presented = await presentMessages(scope.db, scope.urls, companyId, rows);
  // A satisfaction request (csat/) is shown as its buttons, or the rating once given.
  const requests = await csatOfMessages(
    scope.db,
    companyId,
    presented.filter((message) => message.direction === 'out').map((message) => message.id),
  );
  return {
    rows: presented.map((message, index) =>
      widgetMessage(
        message,
        message.direction === 'in' ? clientIdOf(rows[index]!.providerMessageId) : null,
        requests.get(message.id) ?? null,
      ),
    ),
  };
}

export async function findVisitorMessage(
  scope: Scope,
  companyId: string,
  channelId: string,
  messageId: string,
): Promise<WidgetMessage | undefined> {
  return (await present(scope, companyId, channelId, 'next', eq(messages.id, messageId))).rows[0];
}

export async function findVisitorMessageByClientId(
  scope: Scope,
  companyId: string,
  channelId: string,
  clientId: string,
): Promise<WidgetMessage | undefined> {
  const providerId = visitorProviderId(channelId, clientId);
  return (
    await present(
      scope,
      companyId,
      channelId,
      'next',
      eq(messages.kind, 'chat'),
      eq(messages.providerMessageId, providerId),
    )
  ).rows[0];
}

/** Messages after the one the visitor last has (the latest page without it), oldest first; a client with
 * more to catch up asks again after the last one it got. */
export async function visitorMessagesAfter(
  scope: Scope,
  companyId: string,
  channelId: string,
  afterId: string | null | undefined,
): Promise<WidgetMessage[]> {
  if (!afterId) return (await present(scope, companyId, channelId, 'latest')).rows;
  const [anchor] = await scope.db
    .select({ createdAt: messages.createdAt })
    .from(messages)
    .where(
      and(
        eq(messages.id, afterId),
        eq(messages.companyId, companyId),
        eq(messages.contactChannelId, channelId),
      ),
    )
    .limit(1);
  // An id that is not this visitor's: answer the latest page, as for a first sync.
  if (!anchor) return (await present(scope, companyId, channelId, 'latest')).rows;
  const newer = or(
    gt(messages.createdAt, anchor.createdAt),
    and(eq(messages.createdAt, anchor.createdAt), gt(messages.id, afterId)),
  );
  return (await present(scope, companyId, channelId, 'next', newer)).rows;
}
