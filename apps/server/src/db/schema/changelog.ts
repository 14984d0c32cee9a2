// The changelog (spec §3 Changelog version): product versions (company_id null, written by super administrators,
// read by every company) and a company's own versions (written by its administrators), and when each user last
// opened the changelog (the "what's new" badge counts the versions published since).
import type { ChangelogChange } from '@atende/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { createdAt, primaryId, tenantId, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const changelogVersions = pgTable(
  'changelog_versions',
  {
    id: primaryId(),
    /** Null: a product version, read by every company. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    version: text('version').notNull(),
    changes: jsonb('changes').$type<ChangelogChange[]>().notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** When it was published: what the badge compares with the reader's last look. */
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('changelog_versions_company_idx').on(table.companyId, table.createdAt),
    check('changelog_versions_changes_array', sql`jsonb_typeof(${table.changes}) = 'array'`),
  ],
);

export const changelogReads = pgTable('changelog_reads', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyId: tenantId(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
