// Per-message actions of the conversation: reactions, the message data panel and an e-mail's HTML (transcription
// is the AI area's: modules/ai).
import type { Message, MessageMetaData, MessageHtml } from '@atende/contract';
import { and, eq } from 'drizzle-orm';
import {
  channelAccounts,
  contactChannels,
  messageReactions,
  messages,
  users,
} from '../../db/schema/index.ts';
import { sanitizeEmailHtml } from '../../channels/email/sanitize.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { findMessage } from './send.ts';
import { assertVisibleContact } from './timeline.ts';

const ofContact = (ctx: TenantContext, contactId: string, messageId: string) =>
  and(eq(messages.id, messageId), eq(messages.contactId, contactId), eq(messages.companyId, ctx.companyId));

async function assertMessage(ctx: TenantContext, contactId: string, messageId: string) {
  await assertVisibleContact(ctx, contactId);
  const [row] = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(ofContact(ctx, contactId, messageId));
  if (!row) throw notFound();
}

/** Adds the user's reaction, or removes it when the same emoji is sent again. */
export async function toggleReaction(
  ctx: TenantContext,
  deps: { bus: EventBus; urls: UrlSigner },
  contactId: string,
  messageId: string,
  emoji: string,
): Promise<Message> {
  await assertMessage(ctx, contactId, messageId);
  await inTransaction(ctx.db, deps.bus, async (tx, record) => {
    const mine = and(
      eq(messageReactions.messageId, messageId),
      eq(messageReactions.userId, ctx.userId),
      eq(messageReactions.emoji, emoji),
    );
    const removed = await tx.delete(messageReactions).where(mine).returning({ id: messageReactions.id });
    if (removed.length === 0) {
      await tx
        .insert(messageReactions)
        .values({ companyId: ctx.companyId, messageId, userId: ctx.userId, emoji })
        .onConflictDoNothing();
    }
    record({ type: 'message.updated', companyId: ctx.companyId, contactId, messageId });
  });
  return (await findMessage(ctx, deps.urls, messageId))!;
}

export async function messageMetaData(
  ctx: TenantContext,
  contactId: string,
  messageId: string,
): Promise<MessageMetaData> {
  await assertVisibleContact(ctx, contactId);
  const [row] = await ctx.db
    .select({
      message: messages,
      senderName: users.name,
      address: contactChannels.address,
      line: channelAccounts.name,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .leftJoin(contactChannels, eq(contactChannels.id, messages.contactChannelId))
    .leftJoin(channelAccounts, eq(channelAccounts.id, contactChannels.outputLineId))
    .where(ofContact(ctx, contactId, messageId));
  if (!row) throw notFound();
  const { message } = row;
  return {
    id: message.id,
    direction: message.direction,
    channel: { type: message.kind, address: row.address, line: row.line },
    provider_message_id: message.providerMessageId,
    client_id: message.clientId,
    status: message.status,
    failure_reason: message.failureReason,
    sender:
      message.direction === 'in'
        ? { type: 'customer', id: null, name: null }
        : { type: 'user', id: message.senderUserId, name: row.senderName },
    read_at: message.readAt?.toISOString() ?? null,
    created_at: message.createdAt.toISOString(),
    updated_at: message.updatedAt.toISOString(),
  };
}

/** The HTML version of an e-mail, sanitised here so no script or remote load ever reaches a browser. */
export async function messageHtml(
  ctx: TenantContext,
  contactId: string,
  messageId: string,
): Promise<MessageHtml> {
  await assertVisibleContact(ctx, contactId);
  const [row] = await ctx.db
    .select({ id: messages.id, subject: messages.subject, html: messages.html })
    .from(messages)
    .where(ofContact(ctx, contactId, messageId));
  if (!row) throw notFound();
  if (row.html === null) throw new AppError('message_has_no_html', 404);
  return { id: row.id, subject: row.subject, html: await sanitizeEmailHtml(row.html) };
}
