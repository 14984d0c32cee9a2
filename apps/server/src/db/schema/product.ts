// Product-wide settings (issue 21 item 6): one row for the whole installation, changed by super administrators
// only. The one table without company_id: it belongs to no tenant (tenancy.test.ts names it).
import { ROLES, type Role } from '@atende/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

export const productSettings = pgTable(
  'product_settings',
  {
    /** Always 1: the check keeps the table at one row. */
    id: smallint('id').primaryKey().default(1),
    surveyPeriodDays: integer('survey_period_days').notNull().default(7),
    changelogEnabled: boolean('changelog_enabled').notNull().default(true),
    changelogRoles: text('changelog_roles')
      .array()
      .$type<Role[]>()
      .notNull()
      .default([...ROLES]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('product_settings_single_row', sql`${table.id} = 1`)],
);
