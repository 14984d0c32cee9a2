// Companies are the tenants; `slug` is the name typed on the login form, `host` resolves white-label by domain.
import type { CompanyBranding } from '@atende/contract';
import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('companies_slug_key').on(table.slug),
    uniqueIndex('companies_host_key').on(table.host),
  ],
);
