// Contacts (customers), their channels, their segments, messages and scheduled returns. The contact row keeps
// the queue state denormalised (unread count, last message, unanswered since...) so the list is one indexed read.
import { ATTACHMENT_KINDS, CONVERSATION_STATUSES, MESSAGE_STATUSES } from '@atende/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  channelAccounts,
  channelKindEnum as channelKind,
  eventActions,
  jokers,
  wallets,
} from './catalogues.ts';
import { createdAt, primaryId, tenantId, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const messageDirection = pgEnum('message_direction', ['in', 'out']);
export const messageStatus = pgEnum('message_status', MESSAGE_STATUSES);
export const conversationStatus = pgEnum('conversation_status', CONVERSATION_STATUSES);

export const contacts = pgTable(
  'contacts',
  {
    id: primaryId(),
    companyId: tenantId(),
    name: text('name').notNull(),
    /** Letters and digits only, upper-case: "123.456.789-09" is stored and searched as "12345678909". */
    document: text('document'),
    code: text('code'),
    protocol: text('protocol'),
    tag: text('tag'),
    /** 0 low, 1 medium, 2 high: a number so it orders naturally. */
    priority: smallint('priority').notNull().default(1),
    critical: boolean('critical').notNull().default(false),
    online: boolean('online').notNull().default(false),
    reason: text('reason'),
    returnAt: timestamp('return_at', { withTimezone: true }),
    jokerId: uuid('joker_id').references(() => jokers.id, { onDelete: 'set null' }),
    responsibleId: uuid('responsible_id').references(() => users.id, { onDelete: 'set null' }),
    /** Since when the responsible has the conversation (the header shows it). */
    responsibleSince: timestamp('responsible_since', { withTimezone: true }),
    /** Who last gave the conversation to its responsible, and the note they left for them (null when taken). */
    assignedById: uuid('assigned_by_id').references(() => users.id, { onDelete: 'set null' }),
    assignmentNote: text('assignment_note'),
    /** The conversation's life: see CONVERSATION_STATUSES. Only open ones are in an attendant's lists. */
    status: conversationStatus('status').notNull().default('open'),
    /** When a snoozed conversation comes back (a job wakes it then, snooze.ts). */
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Waiting in the queue for an attendant (no responsible yet). */
    onQueue: boolean('on_queue').notNull().default(false),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    chatbot: boolean('chatbot').notNull().default(false),
    firstResponsePending: boolean('first_response_pending').notNull().default(false),
    unreadCount: integer('unread_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageText: text('last_message_text'),
    lastMessageDirection: messageDirection('last_message_direction'),
    lastMessageChannel: channelKind('last_message_channel'),
    /** When the oldest customer message still without an answer arrived; null once answered. */
    unansweredSince: timestamp('unanswered_since', { withTimezone: true }),
    lastEvent: text('last_event'),
    /**
     * The kind of the contact's main channel (its first main one, else its first): the list shows it on every
     * row. Kept by a trigger on contact_channels (migration 0018), whatever writes the channels.
     */
    mainChannelKind: channelKind('main_channel_kind'),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One index per ordering of the list, each ending with id for keyset pagination. An attendant's list is
    // their own contacts merged with the unassigned ones, each part read in order: the unassigned through a
    // partial copy of each index holding only them; their own (a few hundred) through a per-responsible copy of
    // the default ordering, and sorted for the other orderings. Every index is written by every message
    // (last_message_at changes, so no update of a contact is HOT): eight more per-responsible copies made
    // ingest 30 % dearer for lists that only the default ordering reads often.
    ...Object.entries({
      default_order: [t.critical, t.priority, t.lastMessageAt, t.id],
      // "Last unanswered message" sorts contacts without one last in both directions: one index per direction.
      unanswered_desc: [sql`coalesce(${t.unansweredSince}, '-infinity'::timestamptz)`, t.id],
      unanswered_asc: [sql`coalesce(${t.unansweredSince}, 'infinity'::timestamptz)`, t.id],
      name_order: [sql`lower(${t.name})`, t.id],
      online_order: [t.online, t.lastMessageAt, t.id],
      priority_order: [t.priority, t.lastMessageAt, t.id],
      critical_order: [t.critical, t.lastMessageAt, t.id],
      unread_order: [t.unreadCount, t.lastMessageAt, t.id],
    }).flatMap(([ordering, columns]) => [
      index(`contacts_${ordering}_idx`).on(t.companyId, ...columns),
      index(`contacts_${ordering}_unassigned_idx`)
        .on(t.companyId, ...columns)
        .where(sql`${t.responsibleId} is null`),
    ]),
    // Also every lookup by responsible (the per-responsible prefix). The status after it: an attendant's lists
    // read their open conversations in order however many they resolved (a search of their own contacts,
    // resolved ones included, reads the prefix and sorts).
    index('contacts_default_order_assigned_idx')
      .on(t.companyId, t.responsibleId, t.status, t.critical, t.priority, t.lastMessageAt, t.id)
      .where(sql`${t.responsibleId} is not null`),
    index('contacts_waiting_idx')
      .on(t.companyId, t.priority, t.queuedAt, t.id)
      .where(sql`${t.onQueue} and ${t.responsibleId} is null`),
    // text_pattern_ops: searches match a typed prefix of these identifiers.
    index('contacts_document_idx').on(t.companyId, sql`${t.document} text_pattern_ops`),
    index('contacts_code_idx').on(t.companyId, sql`${t.code} text_pattern_ops`),
    index('contacts_protocol_idx').on(t.companyId, sql`${t.protocol} text_pattern_ops`),
    index('contacts_tag_idx').on(t.companyId, sql`lower(${t.tag})`),
  ],
);

export const contactChannels = pgTable(
  'contact_channels',
  {
    id: primaryId(),
    companyId: tenantId(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    kind: channelKind('kind').notNull(),
    /** Normalised address: digits with country code for phones, lower-case e-mail, provider id otherwise. */
    address: text('address').notNull(),
    /** The address's digits reversed, so a phone typed without country code is an indexed prefix search. */
    addressDigitsReversed: text('address_digits_reversed'),
    main: boolean('main').notNull().default(false),
    responsibleId: uuid('responsible_id').references(() => users.id, { onDelete: 'set null' }),
    outputLineId: uuid('output_line_id').references(() => channelAccounts.id, { onDelete: 'set null' }),
    blacklisted: boolean('blacklisted').notNull().default(false),
    /** Why the channel is on the restriction list, shown where an attendant would write to it. */
    blacklistReason: text('blacklist_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contact_channels_address_key').on(t.companyId, t.kind, t.address),
    index('contact_channels_contact_idx').on(t.contactId),
    index('contact_channels_digits_idx').on(t.companyId, sql`${t.addressDigitsReversed} text_pattern_ops`),
  ],
);

export const contactWallets = pgTable(
  'contact_wallets',
  {
    companyId: tenantId(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.walletId] }),
    index('contact_wallets_wallet_idx').on(t.walletId),
  ],
);

/** The segments an attendant works; "only my segments" shows contacts of these wallets. */
export const userWallets = pgTable(
  'user_wallets',
  {
    companyId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.walletId] })],
);

export const messages = pgTable(
  'messages',
  {
    id: primaryId(),
    companyId: tenantId(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    contactChannelId: uuid('contact_channel_id').references(() => contactChannels.id, {
      onDelete: 'set null',
    }),
    kind: channelKind('kind').notNull(),
    direction: messageDirection('direction').notNull(),
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    subject: text('subject'),
    /** An e-mail's HTML body as received or sent; sanitised whenever it is shown. */
    html: text('html'),
    /** An e-mail's References header (Message-IDs, oldest first), so a reply can extend the chain. */
    emailReferences: text('email_references').array(),
    /** A WhatsApp template message: what the delivery sends instead of the text (the text is its body filled). */
    template: jsonb('template').$type<{ name: string; language: string; variables: string[] }>(),
    /** Options offered natively with the text (channels/adapter.ts MessageChoices): the delivery job sends them. */
    choices: jsonb('choices').$type<{ label: string; options: readonly { id: string; title: string }[] }>(),
    /** The provider's id of the message: a retried webhook carrying the same id inserts nothing. */
    providerMessageId: text('provider_message_id'),
    /**
     * The account an outbound message left from: its provider's status callbacks reach this message only
     * through that account's webhook (another account of the company and kind cannot move its status).
     */
    channelAccountId: uuid('channel_account_id').references(() => channelAccounts.id, {
      onDelete: 'set null',
    }),
    /** The sending client's id: a retried send request carrying the same id inserts nothing. */
    clientId: text('client_id'),
    status: messageStatus('status').notNull().default('received'),
    failureReason: text('failure_reason'),
    /** When an attendant read this customer message. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The message this one quotes (the composer's "Responder"); a quoted message deleted for good unlinks. */
    replyToId: uuid('reply_to_id').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    /** What an audio message says, once transcribed (search finds it like the text). */
    transcription: text('transcription'),
    /** A private note: shown to colleagues in the timeline, never sent to the customer nor shown to them. */
    internal: boolean('internal').notNull().default(false),
    /**
     * Written by the system in the conversation's name (the satisfaction request after a resolution): no
     * attendant's work, so the analytics count it neither as a reply nor as part of an attendance.
     */
    automatic: boolean('automatic').notNull().default(false),
    /** Deleted for everyone: the row stays (the timeline keeps its place) but its content is no longer served. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('messages_contact_idx').on(t.contactId, t.createdAt, t.id),
    // A reply's delivery looks up the customer's last message on that channel (e-mail threading); deleting a
    // channel nulls its messages' reference. Without it both read every message of every company.
    index('messages_channel_idx').on(t.contactChannelId, t.createdAt),
    // Deleting messages (a contact's, in cascade) unlinks the replies that quote them: found through this.
    index('messages_reply_to_idx')
      .on(t.replyToId)
      .where(sql`${t.replyToId} is not null`),
    uniqueIndex('messages_provider_key').on(t.companyId, t.kind, t.providerMessageId),
    // Deleting an account unlinks the messages sent from it: found through this (inbound ones stay out).
    index('messages_channel_account_idx')
      .on(t.channelAccountId)
      .where(sql`${t.channelAccountId} is not null`),
    // Only messages sent from the console carry the composer's id: inbound ones stay out of the index.
    uniqueIndex('messages_client_key')
      .on(t.companyId, t.clientId)
      .where(sql`${t.clientId} is not null`),
    // The company-wide message search, newest first (keyset on created_at, id).
    index('messages_company_created_idx').on(t.companyId, t.createdAt, t.id),
    // Search ignores accents and case: fragments of words through trigrams of `search_text` (the text
    // lowercased and unaccented, migration 0016), Portuguese word forms through `search_vector` (to_tsvector of
    // the unaccented text, 0015). Both are stored generated columns, computed once per message rather than per
    // row searched, and left undeclared here so that they never travel in selected rows.
    index('messages_search_text_trgm_idx').using('gin', sql`search_text gin_trgm_ops`),
    index('messages_search_vector_idx').using('gin', sql`search_vector`),
  ],
);

export const schedules = pgTable(
  'schedules',
  {
    id: primaryId(),
    companyId: tenantId(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    annotation: text('annotation'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('schedules_pending_idx')
      .on(t.companyId, t.contactId)
      .where(sql`${t.doneAt} is null`),
  ],
);

export const threadPrivacy = pgEnum('thread_privacy', ['public', 'private']);

/** Internal topics about a conversation; private ones are seen by their author and by supervisors. */
export const threads = pgTable(
  'threads',
  {
    id: primaryId(),
    companyId: tenantId(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    privacy: threadPrivacy('privacy').notNull().default('public'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    messagesCount: integer('messages_count').notNull().default(0),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('threads_contact_idx').on(t.contactId, t.lastActivityAt)],
);

export const threadMessages = pgTable(
  'thread_messages',
  {
    id: primaryId(),
    companyId: tenantId(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('thread_messages_thread_idx').on(t.threadId, t.createdAt)],
);

export const attachmentKind = pgEnum('attachment_kind', ATTACHMENT_KINDS);

/** Files of messages, stored under DATA_DIR/files by key and served by signed URL. */
export const attachments = pgTable(
  'attachments',
  {
    id: primaryId(),
    companyId: tenantId(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    kind: attachmentKind('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_message_idx').on(t.messageId),
    // The product's usage sums a company's stored bytes from this index alone.
    index('attachments_company_size_idx').on(t.companyId, t.size),
  ],
);

/** Reactions to messages: by an attendant (user_id) or, once channels report them, by the customer (null). */
export const messageReactions = pgTable(
  'message_reactions',
  {
    id: primaryId(),
    companyId: tenantId(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('message_reactions_key').on(t.messageId, t.userId, t.emoji)],
);

/** One row per reminder delivered: a reminder job that runs twice (retry, restart) sends once. */
export const scheduleReminders = pgTable(
  'schedule_reminders',
  {
    companyId: tenantId(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    minutesBefore: integer('minutes_before').notNull(),
    /** The schedule's time the reminder was for: a rescheduled return gets its reminders again. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.minutesBefore, t.scheduledAt] })],
);

/** What happened with a customer (spec §3 Event): an action of the company's list, a value and a note. */
export const contactEvents = pgTable(
  'contact_events',
  {
    id: primaryId(),
    companyId: tenantId(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    actionId: uuid('action_id').references(() => eventActions.id, { onDelete: 'set null' }),
    /** The action's name when registered, so renaming the action keeps history readable. */
    description: text('description').notNull(),
    /** In cents of the company's currency. */
    amountCents: integer('amount_cents'),
    annotation: text('annotation'),
    responsibleId: uuid('responsible_id').references(() => users.id, { onDelete: 'set null' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_events_contact_idx').on(t.contactId, t.createdAt, t.id)],
);
