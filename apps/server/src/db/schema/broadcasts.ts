// Broadcasts (issue 25): saved transmission lists, broadcasts, one recipient row per contact of a broadcast,
// and the customers who asked to receive no broadcast. A recipient's delivery state is its message's (the
// message row it was given, unique), so counts read one truth with the conversation's timeline.
import type { BroadcastMessage, BroadcastSkipped, ContactFilters } from '@atende/contract';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { channelAccounts, channelKindEnum as channelKind } from './catalogues.ts';
import { createdAt, primaryId, tenantId, updatedAt } from './columns.ts';
import { attachmentKind, contactChannels, contacts, messages } from './contacts.ts';
import { users } from './users.ts';

export const broadcastLists = pgTable(
  'broadcast_lists',
  {
    id: primaryId(),
    companyId: tenantId(),
    name: text('name').notNull(),
    /** filter | contacts | csv (the contract's BroadcastListSource). */
    source: text('source').notNull(),
    /** A filter list's filter, resolved again each time it is sent. */
    filter: jsonb('filter').$type<ContactFilters>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('broadcast_lists_company_idx').on(t.companyId, t.createdAt)],
);

/** The contacts of a picked or imported list. */
export const broadcastListMembers = pgTable(
  'broadcast_list_members',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => broadcastLists.id, { onDelete: 'cascade' }),
    companyId: tenantId(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.contactId] }),
    index('broadcast_list_members_contact_idx').on(t.contactId),
  ],
);

export const broadcasts = pgTable(
  'broadcasts',
  {
    id: primaryId(),
    companyId: tenantId(),
    name: text('name').notNull(),
    listId: uuid('list_id').references(() => broadcastLists.id, { onDelete: 'set null' }),
    channelAccountId: uuid('channel_account_id').references(() => channelAccounts.id, {
      onDelete: 'set null',
    }),
    kind: channelKind('kind').notNull(),
    message: jsonb('message').$type<BroadcastMessage>().notNull(),
    /** scheduled | sending | paused | completed | cancelled (the contract's BroadcastStatus). */
    status: text('status').notNull(),
    skipped: jsonb('skipped').$type<BroadcastSkipped>().notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * When the next batch may be claimed: each batch moves it a second on, in the batch's transaction, so
     * however many tick jobs run (a resume, a restart, several workers) the throughput holds.
     */
    nextBatchAt: timestamp('next_batch_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('broadcasts_company_idx').on(t.companyId, t.createdAt),
    // Workers starting up resume what was sending.
    index('broadcasts_sending_idx')
      .on(t.status)
      .where(sql`${t.status} = 'sending'`),
  ],
);

export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    id: primaryId(),
    companyId: tenantId(),
    broadcastId: uuid('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    contactChannelId: uuid('contact_channel_id').references(() => contactChannels.id, {
      onDelete: 'set null',
    }),
    /** Why the contact is left out (the contract's BroadcastSkipReason); null: it is sent to. */
    skipReason: text('skip_reason'),
    /** The broadcast was cancelled before this recipient's message was made. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * When a worker claimed the row and made its one message (in one transaction). Never cleared: the message
     * may be purged later (retention), the recipient is still served.
     */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The one message this recipient is ever given (unique). */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    /**
     * When a worker handed the message to the provider and has not yet heard back. Found set by a later
     * attempt, the send may have gone out before a crash: it is not tried again (one message ever).
     */
    sendingSince: timestamp('sending_since', { withTimezone: true }),
    /** The customer's first message after receiving it (an answer to the broadcast). */
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    replyMessageId: uuid('reply_message_id').references(() => messages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('broadcast_recipients_contact_key').on(t.broadcastId, t.contactId),
    uniqueIndex('broadcast_recipients_message_key')
      .on(t.messageId)
      .where(sql`${t.messageId} is not null`),
    // The claim of the next batch: recipients still waiting for their message, in order.
    index('broadcast_recipients_waiting_idx')
      .on(t.broadcastId, t.id)
      .where(sql`${t.claimedAt} is null and ${t.skipReason} is null and ${t.cancelledAt} is null`),
    // An inbound message finds the recipients it may answer by contact.
    index('broadcast_recipients_contact_idx').on(t.contactId),
    // A conversation's message shows the broadcast it answers.
    index('broadcast_recipients_reply_idx')
      .on(t.replyMessageId)
      .where(sql`${t.replyMessageId} is not null`),
  ],
);

/** Customers who asked to receive no broadcast: skipped and counted. */
export const broadcastOptOuts = pgTable(
  'broadcast_opt_outs',
  {
    companyId: tenantId(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.contactId] })],
);

/**
 * When a channel account may hand its provider the next broadcast message: each send takes the account's next
 * slot (one provider-second divided by its throughput) in one statement, so every worker of every process
 * keeps the account's sends spaced at the provider's pace, however many broadcasts share the account.
 */
export const broadcastSendPace = pgTable('broadcast_send_pace', {
  channelAccountId: uuid('channel_account_id')
    .primaryKey()
    .references(() => channelAccounts.id, { onDelete: 'cascade' }),
  companyId: tenantId(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
});

/**
 * A broadcast's file, uploaded before the broadcast: stored once under a shared key that every recipient's
 * message attachment points to, so purging or deleting one message never removes it (see messages/files.ts).
 */
export const broadcastFiles = pgTable(
  'broadcast_files',
  {
    id: primaryId(),
    companyId: tenantId(),
    kind: attachmentKind('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('broadcast_files_company_idx').on(t.companyId)],
);
