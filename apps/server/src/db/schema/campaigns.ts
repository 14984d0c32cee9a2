// Power-dial campaigns (issue 27): a campaign dials a transmission list's customers through the company's phone.
// Its members are the list's customers resolved when it starts (each with the voice number it calls), its
// attempts (spec §3 campaign_detail) one row per call placed or assigned. The dialer's whole state lives here,
// so a process killed mid-campaign resumes where it was; partial unique indexes keep one open attempt per
// customer and one pending assignment per attendant, whichever process claims them.
import type { CallingHours, CampaignOutcome, RetryRules } from '@atende/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
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
import { broadcastLists } from './broadcasts.ts';
import { channelAccounts } from './catalogues.ts';
import { createdAt, primaryId, tenantId, updatedAt } from './columns.ts';
import { contactChannels, contacts } from './contacts.ts';
import { users } from './users.ts';
import { voiceCalls } from './voice.ts';

export const campaigns = pgTable(
  'campaigns',
  {
    id: primaryId(),
    companyId: tenantId(),
    /** The campaign's id on the PBX (the X-Campaign header of its calls). */
    uuidVoice: uuid('uuid_voice').notNull().defaultRandom(),
    name: text('name').notNull(),
    /** draft | running | paused | finished (the contract's CampaignStatus). */
    status: text('status').notNull().default('draft'),
    listId: uuid('list_id').references(() => broadcastLists.id, { onDelete: 'set null' }),
    channelAccountId: uuid('channel_account_id').references(() => channelAccounts.id, {
      onDelete: 'set null',
    }),
    /** preview | progressive | power (the contract's CampaignMode). */
    mode: text('mode').notNull(),
    ratio: doublePrecision('ratio').notNull(),
    callingHours: jsonb('calling_hours').$type<CallingHours>().notNull(),
    retry: jsonb('retry').$type<RetryRules>().notNull(),
    script: text('script').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('campaigns_company_idx').on(t.companyId, t.createdAt),
    // The dialer's tick reads the running campaigns of every company.
    index('campaigns_running_idx')
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
  ],
);

/** The attendants taking part; `active` is theirs to switch (the user campaigns modal). */
export const campaignParticipants = pgTable(
  'campaign_participants',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    companyId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.userId] }),
    index('campaign_participants_user_idx').on(t.userId),
  ],
);

/**
 * A customer of a started campaign. waiting: to be called at next_attempt_at (null: as soon as possible);
 * calling: an attempt is open (assigned, ringing or talking); done: nothing more to try.
 */
export const campaignMembers = pgTable(
  'campaign_members',
  {
    id: primaryId(),
    companyId: tenantId(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    contactChannelId: uuid('contact_channel_id').references(() => contactChannels.id, {
      onDelete: 'set null',
    }),
    /** The number dialled (the voice channel's address when the campaign started). */
    number: text('number').notNull(),
    /** The customer's clock for calling hours, told by the number (phone-zone.ts); null: the company's zone. */
    timeZone: text('time_zone'),
    state: text('state').notNull().default('waiting'),
    /** Attempts per outcome so far (the retry rules count them). */
    tries: jsonb('tries').$type<Partial<Record<CampaignOutcome, number>>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastOutcome: text('last_outcome'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('campaign_members_contact_key').on(t.campaignId, t.contactId),
    index('campaign_members_contact_idx').on(t.contactId),
    // The claim of the next due customer.
    index('campaign_members_waiting_idx')
      .on(t.campaignId, t.nextAttemptAt)
      .where(sql`${t.state} = 'waiting'`),
  ],
);

/** One call to a campaign's customer (spec §3 campaign_detail). */
export const campaignDetails = pgTable(
  'campaign_details',
  {
    id: primaryId(),
    companyId: tenantId(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => campaignMembers.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    tryNumber: integer('try_number').notNull(),
    /** The attendant it was assigned or handed to (power: null until a free one takes the answered call). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** preview | dial | answered (the contract's TriggerAction). */
    triggerAction: text('trigger_action').notNull(),
    /** The SIP Call-ID of the call placed for it: set once, so the attempt is dialled once ever. */
    callId: text('call_id'),
    callRecordId: uuid('call_record_id').references(() => voiceCalls.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    dialledAt: timestamp('dialled_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The call ended (or the assignment was given up): the attempt no longer holds its customer. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    outcome: text('outcome').$type<CampaignOutcome>(),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    index('campaign_details_campaign_idx').on(t.campaignId, t.startedAt),
    index('campaign_details_contact_idx').on(t.contactId),
    uniqueIndex('campaign_details_call_key')
      .on(t.companyId, t.callId)
      .where(sql`${t.callId} is not null`),
    // Never two calls to one customer at once, whichever process claims them.
    uniqueIndex('campaign_details_open_member_key')
      .on(t.memberId)
      .where(sql`${t.endedAt} is null`),
    // One customer at a time per attendant (a preview or a call not yet ended).
    uniqueIndex('campaign_details_open_user_key')
      .on(t.userId)
      .where(sql`${t.endedAt} is null and ${t.userId} is not null`),
  ],
);
