// Delete for everyone: an attendant takes back one of their own messages. A private note always can be; a
// message sent to the customer only where the channel's adapter can remove it from the customer's side
// (ChannelAdapter.deleteForEveryone). Only the author may: a supervisor answering for a colleague's words has no
// ability for it (contract abilities.ts), and a deletion cannot be undone. The row stays, so the timeline keeps
// its place and shows "deleted"; its text, subject, HTML and files are erased, so nothing serves them again.
import type { Message } from '@atende/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { accountForSend } from '../../channels/accounts.ts';
import { DeliveryError, type AdapterRegistry } from '../../channels/adapter.ts';
import { attachments, contactChannels, contacts, messages } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { maySeeContact } from '../contacts/queries.ts';
import { ownFileKeys } from './files.ts';
import { findMessage } from './send.ts';

export type DeleteDeps = {
  bus: EventBus;
  urls: UrlSigner;
  storage: FileStorage;
  adapters: AdapterRegistry;
  credentials: CredentialsBox;
};

export async function deleteMessage(
  ctx: TenantContext,
  deps: DeleteDeps,
  contactId: string,
  messageId: string,
): Promise<Message> {
  if (!(await maySeeContact(ctx, contactId))) throw notFound();
  const [row] = await ctx.db
    .select({
      kind: messages.kind,
      direction: messages.direction,
      senderUserId: messages.senderUserId,
      internal: messages.internal,
      deletedAt: messages.deletedAt,
      providerMessageId: messages.providerMessageId,
      createdAt: messages.createdAt,
      contactChannelId: contactChannels.id,
      address: contactChannels.address,
      outputLineId: contactChannels.outputLineId,
    })
    .from(messages)
    .leftJoin(contactChannels, eq(contactChannels.id, messages.contactChannelId))
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.contactId, contactId),
        eq(messages.companyId, ctx.companyId),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  if (row.direction !== 'out' || row.senderUserId !== ctx.userId || row.deletedAt) {
    throw new AppError('message_not_deletable', 400);
  }
  if (!row.internal) {
    const remove = deps.adapters(row.kind).deleteForEveryone;
    if (!remove || !row.contactChannelId) throw new AppError('channel_cannot_delete', 400);
    try {
      await remove({
        messageId,
        companyId: ctx.companyId,
        contactChannelId: row.contactChannelId,
        kind: row.kind,
        to: row.address!,
        providerMessageId: row.providerMessageId,
        account: await accountForSend(ctx.db, deps.credentials, ctx.companyId, row.kind, row.outputLineId),
      });
    } catch (error) {
      // The provider refused or could not be reached: the message stays, as the customer still has it.
      if (error instanceof DeliveryError) throw new AppError('service_unavailable', 503);
      throw error;
    }
  }
  const storedKeys = await inTransaction(ctx.db, deps.bus, async (tx, record) => {
    const at = new Date();
    const [erased] = await tx
      .update(messages)
      .set({
        deletedAt: at,
        deletedBy: ctx.userId,
        text: '',
        transcription: null,
        subject: null,
        html: null,
        updatedAt: at,
      })
      .where(
        and(eq(messages.id, messageId), eq(messages.companyId, ctx.companyId), isNull(messages.deletedAt)),
      )
      .returning({ id: messages.id });
    // Deleted meanwhile by another request of the same author: that one announced it.
    if (!erased) throw new AppError('message_not_deletable', 400);
    const files = await tx
      .delete(attachments)
      .where(and(eq(attachments.messageId, messageId), eq(attachments.companyId, ctx.companyId)))
      .returning({ key: attachments.storageKey });
    // The conversation list previews the last message: it must not keep showing the deleted text.
    const [preview] = await tx
      .update(contacts)
      .set({ lastMessageText: '' })
      .where(
        and(
          eq(contacts.id, contactId),
          eq(contacts.companyId, ctx.companyId),
          eq(contacts.lastMessageAt, row.createdAt),
        ),
      )
      .returning({ id: contacts.id });
    record({ type: 'message.updated', companyId: ctx.companyId, contactId, messageId });
    if (preview) record({ type: 'contact.changed', companyId: ctx.companyId, contactId });
    return ownFileKeys(files.map((file) => file.key));
  });
  await Promise.all(storedKeys.map((key) => deps.storage.remove(key)));
  return (await findMessage(ctx, deps.urls, messageId))!;
}
