// Pauses: each time a user stopped taking customers, with the reason and how long, kept for the analytics.
// At most one open pause per user (ended_at null), enforced by a partial unique index.
import { sql } from 'drizzle-orm';
import { index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { pauseReasons } from './catalogues.ts';
import { createdAt, primaryId, tenantId } from './columns.ts';
import { users } from './users.ts';

export const pauses = pgTable(
  'pauses',
  {
    id: primaryId(),
    companyId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Reasons are archived, never deleted, so the history keeps them. */
    reasonId: uuid('reason_id')
      .notNull()
      .references(() => pauseReasons.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Null while the pause lasts. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('pauses_one_open_per_user')
      .on(table.userId)
      .where(sql`${table.endedAt} is null`),
    index('pauses_company_started_idx').on(table.companyId, table.startedAt),
  ],
);
