// The one path every inbound customer message takes (channel webhooks, IMAP, the chat widget, the simulator):
// in one transaction, find or create the contact and its channel, store the message keyed by the provider's
// id (a retried delivery stores nothing), and update the queue state. Events go out after the commit.
import type { ChannelKind } from '@atende/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { contactChannels, contacts, messages } from '../../db/schema/index.ts';
import { isUniqueViolation, type Db } from '../../platform/db/database.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import type { Deps } from '../../platform/deps.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { normaliseAddress } from '../contacts/addresses.ts';
import { storeInboundAttachments, type InboundAttachment } from './inbound-attachments.ts';

export type InboundMessage = {
  companyId: string;
  kind: ChannelKind;
  /** The company's channel account (line) the message arrived on. */
  channelAccountId?: string | null;
  from: { address: string; name?: string | null };
  text: string;
  providerMessageId: string;
  receivedAt?: Date;
  /** E-mail: the subject, the HTML body, and its References chain (kept so replies extend it). */
  subject?: string | null;
  html?: string | null;
  references?: readonly string[];
  /**
   * Provider ids of messages this one answers, most telling first (e-mail In-Reply-To, then References newest
   * first): a sender address not known yet joins the contact whose conversation holds the first one found;
   * a known address stays with its own contact.
   */
  threadHints?: readonly string[];
  attachments?: readonly InboundAttachment[];
};

export type IngestDeps = { db: Db; bus: EventBus; storage: FileStorage };

/** The ingest dependencies out of the app's platform services. */
export const ingestDeps = (deps: Deps): IngestDeps => ({
  db: deps.database.db,
  bus: deps.bus,
  storage: deps.storage,
});

export type IngestResult = {
  contactId: string;
  messageId: string | null;
  duplicate: boolean;
  createdContact: boolean;
};

const PREVIEW_LENGTH = 280;
const ATTEMPTS = 3;

export async function ingestInbound(deps: IngestDeps, message: InboundMessage): Promise<IngestResult> {
  const { address, digitsReversed } = normaliseAddress(message.kind, message.from.address);
  for (let attempt = 1; ; attempt++) {
    const written: string[] = [];
    try {
      return await inTransaction(deps.db, deps.bus, (tx, record) =>
        ingestOnce(tx, record, message, address, digitsReversed, async (messageId) => {
          const owner = { companyId: message.companyId, messageId };
          written.push(
            ...(await storeInboundAttachments(tx, deps.storage, owner, message.attachments ?? [])),
          );
        }),
      );
    } catch (error) {
      await Promise.all(written.map((key) => deps.storage.remove(key)));
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
  storeFiles: (messageId: string) => Promise<void>,
): Promise<IngestResult> {
  const at = message.receivedAt ?? new Date();
  const { companyId } = message;
  let createdContact = false;
  const threadContactId = await threadContact(tx, message);
  const [known] = await tx
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
  let channel = known;
  if (!channel && threadContactId) {
    // A new address answering a known thread (a colleague of the customer in copy): it joins that contact.
    [channel] = await tx
      .insert(contactChannels)
      .values({
        companyId,
        contactId: threadContactId,
        kind: message.kind,
        address,
        addressDigitsReversed: digitsReversed,
        main: false,
        outputLineId: message.channelAccountId ?? null,
      })
      .returning({ id: contactChannels.id, contactId: contactChannels.contactId });
  }
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
      subject: message.subject ?? null,
      html: message.html ?? null,
      emailReferences: message.references ? [...message.references] : null,
      providerMessageId: message.providerMessageId,
      createdAt: at,
    })
    .onConflictDoNothing({ target: [messages.companyId, messages.kind, messages.providerMessageId] })
    .returning({ id: messages.id });
  if (!stored) return { contactId, messageId: null, duplicate: true, createdContact };
  await storeFiles(stored.id);

  const [queue] = await tx
    .update(contacts)
    .set({
      unreadCount: sql`${contacts.unreadCount} + 1`,
      lastMessageAt: at,
      lastMessageText: preview(message).slice(0, PREVIEW_LENGTH),
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

const preview = (message: InboundMessage) =>
  message.text.trim() ||
  message.subject?.trim() ||
  (message.attachments?.[0] ? `📎 ${message.attachments[0].filename}` : '');

/** The contact whose conversation holds the first message the thread hints name, if any. */
async function threadContact(tx: Db, message: InboundMessage): Promise<string | null> {
  const hints = message.threadHints?.filter(Boolean) ?? [];
  if (hints.length === 0) return null;
  const found = await tx
    .select({ contactId: messages.contactId, providerMessageId: messages.providerMessageId })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, message.companyId),
        eq(messages.kind, message.kind),
        inArray(messages.providerMessageId, [...hints]),
      ),
    );
  for (const hint of hints) {
    const match = found.find((row) => row.providerMessageId === hint);
    if (match) return match.contactId;
  }
  return null;
}
