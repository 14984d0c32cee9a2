// The satisfaction survey's answers (and dismissals, which wait a period like an answer), issue 23.
import { sql } from 'drizzle-orm';
import { check, index, smallint, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, tenantId } from './columns.ts';
import { users } from './users.ts';

/** An answer has a rating and a comment; a dismissal has neither. Either one ends the user's asking period. */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: primaryId(),
    companyId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating'),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (table) => [
    index('survey_answers_user_idx').on(table.userId, table.createdAt),
    index('survey_answers_company_idx').on(table.companyId, table.createdAt),
    check(
      'survey_answers_rating',
      sql`(${table.rating} is null and ${table.comment} is null) or (${table.rating} between 0 and 10 and ${table.comment} is not null)`,
    ),
  ],
);
