// Contacts analytics (issue 28, spec §2 /painel/contacts-analytics). Two tables, both kept by database
// triggers in the transaction of the event itself (migration 0053), whatever path writes the event:
// - analytics_attendances: one row per attended customer, written when a conversation is resolved (its start,
//   end, channel, first-response time, counts of messages): the history the page lists and exports;
// - analytics_hourly: per company, attendant, channel kind and UTC hour, the sums the page's numbers and charts
//   read (messages in and out, response and resolution times with a log-scale histogram for median and p90,
//   pause seconds, calls). A request reads these, never the messages.
// And one kept by the reads (migration 0060): analytics_daily, the hourly rows of a past UTC day summed per
// attendant over every kind, so that a period's numbers read a row a day instead of one per hour and kind;
// analytics_daily_days says which days of a company it holds as they are (see modules/analytics/daily.ts).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { channelKindEnum } from './catalogues.ts';
import { primaryId, tenantId } from './columns.ts';
import { contacts } from './contacts.ts';

export const analyticsAttendances = pgTable(
  'analytics_attendances',
  {
    id: primaryId(),
    companyId: tenantId(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** Who resolved it (the responsible then); no foreign key: a removed user's history stays. */
    userId: uuid('user_id'),
    kind: channelKindEnum('kind'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    firstResponseSeconds: integer('first_response_seconds'),
    resolutionSeconds: integer('resolution_seconds').notNull(),
    messagesIn: integer('messages_in').notNull().default(0),
    messagesOut: integer('messages_out').notNull().default(0),
  },
  (t) => [
    index('analytics_attendances_company_idx').on(t.companyId, t.finishedAt, t.id),
    index('analytics_attendances_user_idx').on(t.companyId, t.userId, t.finishedAt, t.id),
    index('analytics_attendances_contact_idx').on(t.contactId, t.finishedAt),
  ],
);

/** The sums of the hourly and the daily rollups. */
const rollupSums = () => ({
  attended: integer('attended').notNull().default(0),
  messagesIn: integer('messages_in').notNull().default(0),
  messagesOut: integer('messages_out').notNull().default(0),
  firstResponseCount: integer('first_response_count').notNull().default(0),
  firstResponseSeconds: bigint('first_response_seconds', { mode: 'number' }).notNull().default(0),
  firstResponseHistogram: integer('first_response_histogram').array().notNull(),
  resolutionCount: integer('resolution_count').notNull().default(0),
  resolutionSeconds: bigint('resolution_seconds', { mode: 'number' }).notNull().default(0),
  resolutionHistogram: integer('resolution_histogram').array().notNull(),
  pauseSeconds: bigint('pause_seconds', { mode: 'number' }).notNull().default(0),
  calls: integer('calls').notNull().default(0),
  callSeconds: bigint('call_seconds', { mode: 'number' }).notNull().default(0),
  /** Customers' satisfaction ratings (1–5) answered in the period, for the attendant who resolved. */
  ratingCount: integer('rating_count').notNull().default(0),
  ratingSum: integer('rating_sum').notNull().default(0),
});

export const analyticsHourly = pgTable(
  'analytics_hourly',
  {
    companyId: tenantId(),
    /**
     * The attendant; the nil UUID for no one (a customer's message while the conversation had no responsible),
     * so that the key has no null in it; the all-ones UUID for the company's total (ANALYTICS_COMPANY_TOTAL),
     * what the whole company's numbers read.
     */
    userId: uuid('user_id').notNull(),
    /** A channel kind; 'voice' for calls. */
    kind: text('kind').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    ...rollupSums(),
  },
  (t) => [
    uniqueIndex('analytics_hourly_key').on(t.companyId, t.hour, t.userId, t.kind),
    index('analytics_hourly_user_idx').on(t.companyId, t.userId, t.hour),
    // The monitor's ratings of the day read only the few hours that have any (not every attendant's hours).
    index('analytics_hourly_ratings_idx')
      .on(t.companyId, t.hour)
      .where(sql`${t.ratingCount} > 0`),
  ],
);

/** A past UTC day of analytics_hourly summed per company and attendant (the all-ones UUID: the company). */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    companyId: tenantId(),
    userId: uuid('user_id').notNull(),
    /** The UTC day's first instant. */
    day: timestamp('day', { withTimezone: true }).notNull(),
    ...rollupSums(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId, t.day] })],
);

/**
 * The company's UTC days analytics_daily has summed: `fresh` until an hourly row of that day changes (a trigger
 * on analytics_hourly turns it false, under the row's lock); the next read sums the day again.
 */
export const analyticsDailyDays = pgTable(
  'analytics_daily_days',
  {
    companyId: tenantId(),
    day: timestamp('day', { withTimezone: true }).notNull(),
    fresh: boolean('fresh').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);
