// Saved personal views of the contact list (issue 20, item 6): a user's named list, ordering and filters.
import type { SavedList } from '@atende/contract';
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, tenantId, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const savedViews = pgTable(
  'saved_views',
  {
    id: primaryId(),
    companyId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** As the contract's SavedList: validated on the way in, so read back as it is. */
    list: jsonb('list').$type<SavedList>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Names are unique per user whatever their case: the picker lists them by name.
  (t) => [uniqueIndex('saved_views_user_name_key').on(t.userId, sql`lower(${t.name})`)],
);
