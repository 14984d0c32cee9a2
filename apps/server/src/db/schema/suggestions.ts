// The wishlist (spec §3 Suggestion): a company's suggestions and their votes, one per user and suggestion (the
// key refuses a second). The sender of an anonymous suggestion is kept for moderation and never presented.
import { SUGGESTION_STATUSES, type SuggestionVote } from '@atende/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, primaryId, tenantId, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const suggestionStatusEnum = pgEnum('suggestion_status', SUGGESTION_STATUSES);

export const suggestions = pgTable(
  'suggestions',
  {
    id: primaryId(),
    companyId: tenantId(),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    status: suggestionStatusEnum('status').notNull().default('in_vote'),
    answer: text('answer'),
    answeredById: uuid('answered_by_id').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('suggestions_company_status_idx').on(table.companyId, table.status, table.createdAt)],
);

export const suggestionVotes = pgTable(
  'suggestion_votes',
  {
    suggestionId: uuid('suggestion_id')
      .notNull()
      .references(() => suggestions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: tenantId(),
    vote: text('vote').$type<SuggestionVote>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.suggestionId, table.userId] }),
    check('suggestion_votes_vote', sql`${table.vote} in ('yes', 'no')`),
  ],
);
