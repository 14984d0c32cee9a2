// The one path every inbound customer message takes (channel webhooks, IMAP, the chat widget, the simulator):
// in one transaction, find or create the contact and its channel, store the message keyed by the provider's
// id (a retried delivery stores nothing), and update the queue state. Events go out after the commit.
import type { ChannelKind } from '@atende/contract';
import { and, eq, sql } from 'drizzle-orm';
import { contactChannels, contacts, messages } from '../../db/schema/index.ts';
import { isUniqueViolation, type Db } from '../../platform/db/database.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { normaliseAddress } from '../contacts/addresses.ts';

export type InboundMessage = {
  companyId: string;
  kind: ChannelKind;
  /** The company's channel account (line) the message arrived on. */
  channelAccountId?: string | null;
  from: { address: string; name?: string | null };
  text: string;
  providerMessageId: string;
  receivedAt?: Date;
};

export type IngestResult = {
  contactId: string;
  messageId: string | null;
  duplicate: boolean;
  createdContact: boolean;
};

const PREVIEW_LENGTH = 280;
const ATTEMPTS = 3;

export async function ingestInbound(db: Db, bus: EventBus, message: InboundMessage): Promise<IngestResult> {
  const { address, digitsReversed } = normaliseAddress(message.kind, message.from.address);
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(db, bus, (tx, record) =>
        ingestOnce(tx, record, message, address, digitsReversed),
      );
    } catch (error) {
      // A first message from a new customer racing another one: the channel now exists, so retry finds it.
      if (attempt < ATTEMPTS && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

async function ingestOnce(
  tx: Db,
  record: Parameters<Parameters<typeof inTransaction>[2]>[1],
  message: InboundMessage,
  address: string,
  digitsReversed: string | null,
): Promise<IngestResult> {
  const at = message.receivedAt ?? new Date();
  const { companyId } = message;
  let createdContact = false;
  let [channel] = await tx
    .select({ id: contactChannels.id, contactId: contactChannels.contactId })
    .from(contactChannels)
    .where(
      and(
        eq(contactChannels.companyId, companyId),
        eq(contactChannels.kind, message.kind),
        eq(contactChannels.address, address),
      ),
    )
    .limit(1);
  if (!channel) {
    const [contact] = await tx
      .insert(contacts)
      .values({ companyId, name: message.from.name?.trim() || address, firstResponsePending: true })
      .returning({ id: contacts.id });
    [channel] = await tx
      .insert(contactChannels)
      .values({
        companyId,
        contactId: contact!.id,
        kind: message.kind,
        address,
        addressDigitsReversed: digitsReversed,
        main: true,
        outputLineId: message.channelAccountId ?? null,
      })
      .returning({ id: contactChannels.id, contactId: contactChannels.contactId });
    createdContact = true;
  }
  const { contactId } = channel!;

  const [stored] = await tx
    .insert(messages)
    .values({
      companyId,
      contactId,
      contactChannelId: channel!.id,
      kind: message.kind,
      direction: 'in',
      text: message.text,
      providerMessageId: message.providerMessageId,
      createdAt: at,
    })
    .onConflictDoNothing({ target: [messages.companyId, messages.kind, messages.providerMessageId] })
    .returning({ id: messages.id });
  if (!stored) return { contactId, messageId: null, duplicate: true, createdContact };

  const [queue] = await tx
    .update(contacts)
    .set({
      unreadCount: sql`${contacts.unreadCount} + 1`,
      lastMessageAt: at,
      lastMessageText: message.text.slice(0, PREVIEW_LENGTH),
      lastMessageDirection: 'in',
      lastMessageChannel: message.kind,
      unansweredSince: sql`coalesce(${contacts.unansweredSince}, ${at.toISOString()}::timestamptz)`,
      onQueue: sql`${contacts.responsibleId} is null`,
      queuedAt: sql`case when ${contacts.responsibleId} is null
        then coalesce(${contacts.queuedAt}, ${at.toISOString()}::timestamptz) else ${contacts.queuedAt} end`,
      updatedAt: new Date(),
    })
    .where(and(eq(contacts.id, contactId), eq(contacts.companyId, companyId)))
    .returning({ onQueue: contacts.onQueue, queuedAt: contacts.queuedAt });

  record({ type: 'message.created', companyId, contactId, messageId: stored.id });
  record({ type: 'contact.changed', companyId, contactId, created: createdContact, unreadChanged: true });
  const newlyQueued = queue?.onQueue && queue.queuedAt?.getTime() === at.getTime();
  if (newlyQueued) record({ type: 'waiting.changed', companyId });
  return { contactId, messageId: stored.id, duplicate: false, createdContact };
}
