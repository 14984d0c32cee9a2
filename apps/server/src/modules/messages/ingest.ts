// The one path every inbound customer message takes (channel webhooks, IMAP, the chat widget, the simulator):
// store the message on its sender's channel keyed by the provider's id (a retried delivery stores nothing) and
// update the queue state — one statement for a known customer, a transaction that first creates the contact
// or channel otherwise. Events go out after the commit, the new message in them.
import { storableText } from '@atende/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { contactChannels, contacts, messages, users } from '../../db/schema/index.ts';
import { v7 as uuidv7 } from 'uuid';
import { isUniqueViolation, type Db } from '../../platform/db/database.ts';
import { param, preparedSql, type RawRow } from '../../platform/db/prepared.ts';
import { inTransaction, type DomainEvent, type EventBus } from '../../platform/events.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { normaliseAddress } from '../contacts/addresses.ts';
import { presentSummary, type SummaryFields } from '../contacts/presenter.ts';
import type { Ingest, InboundMessage, IngestResult } from '../../channels/adapter.ts';
import { storeInboundAttachments } from './inbound-attachments.ts';
import { presentMessage } from './presenter.ts';

export type IngestDeps = { db: Db; bus: EventBus; storage: FileStorage };

/** The ingest function channels are handed, bound to the app's services. */
export const createIngest =
  (deps: IngestDeps): Ingest =>
  (message) =>
    ingestInbound(deps, message);

const PREVIEW_LENGTH = 280;
const ATTEMPTS = 3;

export async function ingestInbound(deps: IngestDeps, received: InboundMessage): Promise<IngestResult> {
  const message = storableMessage(received);
  const { address, digitsReversed } = normaliseAddress(message.kind, message.from.address);
  const at = message.receivedAt ?? new Date();
  // The common case — a known customer writing text — is one statement, atomic on its own: no transaction.
  // Files are stored with the message's id in the transaction of the path below, which a failure undoes.
  if (!message.attachments?.length) {
    const stored = await storeMessage(deps.db, message, address, at);
    if (stored) {
      const events: DomainEvent[] = [];
      const result = storedResult(stored, message, at, false, (event) => events.push(event));
      deps.bus.publish(events);
      return result;
    }
  }
  for (let attempt = 1; ; attempt++) {
    const written: string[] = [];
    // Just tried outside (text): the channel was not there. A racing first message that creates it meanwhile
    // makes this attempt's channel insert fail, and the next attempt finds it.
    const channelMissing = attempt === 1 && !message.attachments?.length;
    try {
      return await inTransaction(deps.db, deps.bus, (tx, record) =>
        ingestOnce(tx, record, message, address, digitsReversed, at, channelMissing, async (messageId) => {
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

/** What the provider wrote, made storable (contract storableText): a NUL in a mail must not lose it. */
function storableMessage(message: InboundMessage): InboundMessage {
  const orNull = (value: string | null | undefined) => (value == null ? value : storableText(value));
  return {
    ...message,
    from: { address: storableText(message.from.address), name: orNull(message.from.name) },
    text: storableText(message.text),
    providerMessageId: storableText(message.providerMessageId),
    references: message.references?.map(storableText),
    threadHints: message.threadHints?.map(storableText),
    subject: orNull(message.subject),
    html: orNull(message.html),
    attachments: message.attachments?.map((file) => ({ ...file, filename: storableText(file.filename) })),
  };
}

type RecordEvent = (event: DomainEvent) => void;

async function ingestOnce(
  tx: Db,
  record: RecordEvent,
  message: InboundMessage,
  address: string,
  digitsReversed: string | null,
  at: Date,
  channelMissing: boolean,
  storeFiles: (messageId: string) => Promise<void>,
): Promise<IngestResult> {
  let stored = channelMissing ? undefined : await storeMessage(tx, message, address, at);
  let createdContact = false;
  if (!stored) {
    // A new address: answering a known thread (a colleague of the customer in copy), it joins that contact;
    // otherwise it is a new customer.
    let contactId = await threadContact(tx, message);
    if (!contactId) {
      const [contact] = await tx
        .insert(contacts)
        .values({
          companyId: message.companyId,
          name: message.from.name?.trim() || address,
          firstResponsePending: true,
        })
        .returning({ id: contacts.id });
      contactId = contact!.id;
      createdContact = true;
    }
    await tx.insert(contactChannels).values({
      companyId: message.companyId,
      contactId,
      kind: message.kind,
      address,
      addressDigitsReversed: digitsReversed,
      main: createdContact,
      outputLineId: message.channelAccountId ?? null,
    });
    stored = await storeMessage(tx, message, address, at);
    if (!stored) throw new Error('the channel just created was not found');
  }
  if (stored.message_id) await storeFiles(stored.message_id);
  // With files the message is loaded again for the event, with their signed links.
  return storedResult(stored, message, at, createdContact, record, !message.attachments?.length);
}

type StoredRow = Partial<RawRow<SummaryFields>> & {
  channel_id: string;
  contact_id: string;
  /** Null when the provider's id was stored before: a retried delivery. */
  message_id: string | null;
  /** The stored row's updated_at in epoch milliseconds. */
  updated_ms: number | null;
  /** The message put its contact in the waiting queue. */
  newly_queued: boolean | null;
};

/**
 * Stores the message on the channel of its sender's address and updates the contact's queue state, in one
 * statement; nothing when the channel is not known yet, and no second copy when the provider's id was stored.
 */
async function storeMessage(
  db: Db,
  message: InboundMessage,
  address: string,
  at: Date,
): Promise<StoredRow | undefined> {
  const [row] = await storeStatement(db).execute({
    id: uuidv7(),
    companyId: message.companyId,
    kind: message.kind,
    address,
    text: message.text,
    subject: message.subject ?? null,
    html: message.html ?? null,
    references: message.references ? [...message.references] : null,
    providerMessageId: message.providerMessageId,
    at: at.toISOString(),
    preview: preview(message).slice(0, PREVIEW_LENGTH),
  });
  return row;
}

/** Every inbound message runs it: prepared, so PostgreSQL plans it once per connection. */
const storeStatement = (db: Db) =>
  preparedSql<StoredRow>(
    db,
    'ingest_store',
    () => sql`with channel as (
      select id, contact_id from ${contactChannels}
      where company_id = ${param('companyId')} and kind = ${param('kind')} and address = ${param('address')}
      limit 1
    ), stored as (
      insert into ${messages} (id, company_id, contact_id, contact_channel_id, kind, direction, text, subject,
        html, email_references, provider_message_id, created_at)
      select ${param('id')}, ${param('companyId')}, channel.contact_id, channel.id, ${param('kind')}::channel_kind,
        'in', ${param('text')}, ${param('subject')}, ${param('html')}, ${param('references')}::text[],
        ${param('providerMessageId')}, ${param('at')}::timestamptz
      from channel
      on conflict (company_id, kind, provider_message_id) do nothing
      returning id, contact_id, updated_at
    ), queue as (
      update ${contacts} set
        unread_count = unread_count + 1,
        last_message_at = ${param('at')}::timestamptz,
        last_message_text = ${param('preview')},
        last_message_direction = 'in',
        last_message_channel = ${param('kind')}::channel_kind,
        unanswered_since = coalesce(unanswered_since, ${param('at')}::timestamptz),
        on_queue = responsible_id is null,
        -- A customer writing to a resolved or snoozed conversation opens it again (issue 20).
        status = 'open',
        snoozed_until = null,
        resolved_at = null,
        queued_at = case when responsible_id is null
          then coalesce(queued_at, ${param('at')}::timestamptz) else queued_at end,
        updated_at = now()
      from stored
      where contacts.id = stored.contact_id and contacts.company_id = ${param('companyId')}
      returning contacts.*
    )
    select channel.id as channel_id, channel.contact_id, stored.id as message_id,
      (extract(epoch from stored.updated_at) * 1000)::float8 as updated_ms,
      queue.on_queue and queue.queued_at = ${param('at')}::timestamptz as newly_queued,
      -- The contact as the console lists it (contacts/presenter.ts summaryColumns), so that its realtime
      -- update need not read it back.
      queue.id as "id", queue.name as "name", queue.priority as "priority", queue.critical as "critical",
      queue.online as "online", queue.on_queue as "onQueue", queue.status as "status",
      queue.snoozed_until as "snoozedUntil", queue.chatbot as "chatbot",
      queue.first_response_pending as "firstResponsePending", queue.unread_count as "unreadCount",
      queue.responsible_id as "responsibleId", responsible.name as "responsibleName",
      queue.main_channel_kind as "mainChannel", queue.last_message_at as "lastMessageAt",
      queue.last_message_text as "lastMessageText", queue.last_message_direction as "lastMessageDirection",
      queue.last_message_channel as "lastMessageChannel", queue.unanswered_since as "unansweredSince",
      queue.last_event as "lastEvent", queue.updated_at as "updatedAt"
    from channel left join stored on true left join queue on true
      left join ${users} responsible on responsible.id = queue.responsible_id`,
  );

/** The result of a stored (or repeated) message, and the events it makes. */
function storedResult(
  stored: StoredRow,
  message: InboundMessage,
  at: Date,
  createdContact: boolean,
  record: RecordEvent,
  withMessage = true,
): IngestResult {
  const { companyId } = message;
  const contactId = stored.contact_id;
  const messageId = stored.message_id;
  if (!messageId) return { contactId, messageId: null, duplicate: true, createdContact };
  const presented = withMessage ? presentInbound(stored, messageId, message, at) : undefined;
  record({ type: 'message.created', companyId, contactId, messageId, message: presented });
  // The statement's row carries the contact's summary, once its queue state was written.
  const summary = stored.id ? presentSummary(stored as RawRow<SummaryFields>) : undefined;
  record({
    type: 'contact.changed',
    companyId,
    contactId,
    created: createdContact,
    unreadChanged: true,
    summary,
  });
  if (stored.newly_queued) record({ type: 'waiting.changed', companyId });
  return { contactId, messageId, duplicate: false, createdContact, message: presented };
}

/** The stored message as the contract shows it, without reading it back: the event carries it. */
const presentInbound = (stored: StoredRow, id: string, message: InboundMessage, at: Date) =>
  presentMessage({
    id,
    contactId: stored.contact_id,
    contactChannelId: stored.channel_id,
    kind: message.kind,
    direction: 'in',
    senderUserId: null,
    senderName: null,
    text: message.text,
    clientId: null,
    subject: message.subject ?? null,
    hasHtml: message.html != null,
    status: 'received',
    failureReason: null,
    readAt: null,
    replyTo: null,
    broadcast: null, // a reply is marked after (the broadcasts' notifier), and announced as an update
    transcription: null,
    internal: false,
    deletedAt: null,
    createdAt: at,
    updatedAt: new Date(stored.updated_ms!),
  });

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
