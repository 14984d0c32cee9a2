// Companies are the tenants; `slug` is the name typed on the login form, `host` resolves white-label by domain.
import { DEFAULT_CRITICAL_AFTER_MINUTES, type CompanyBranding, type CompanySettings } from '@atende/contract';
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';

export const companies = pgTable(
  'companies',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    host: text('host'),
    branding: jsonb('branding').$type<CompanyBranding>().notNull().default({}),
    /**
     * What the company calls critical (issue 20, item 6), each condition optional and all of those set
     * required: unanswered for more than this many minutes (null: whatever the wait), of high priority. By
     * default a high-priority customer unanswered for over an hour. Contacts keep the verdict in their
     * `critical` column (migration 0024) so the list orders by it through its indexes.
     */
    criticalAfterMinutes: integer('critical_after_minutes').default(DEFAULT_CRITICAL_AFTER_MINUTES),
    criticalHighPriority: boolean('critical_high_priority').notNull().default(true),
    /** Set while the product's super administrator has suspended the company: nobody of it signs in. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /**
     * The company's settings (Center › Empresa) as the administrators changed them; what is absent takes the
     * product's default (DEFAULT_COMPANY_SETTINGS), so a new default reaches every company that never chose.
     */
    settings: jsonb('settings').$type<Partial<CompanySettings>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('companies_slug_key').on(table.slug),
    uniqueIndex('companies_host_key').on(table.host),
  ],
);
