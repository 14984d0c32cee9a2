// Customer satisfaction (CSAT, issue 28): one request per conversation (the contact), sent after it is
// resolved, and the customer's answer (1–5 and a comment) once they give it. The token is the public link's.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, tenantId, updatedAt } from './columns.ts';
import { contactChannels, contacts, messages } from './contacts.ts';

export const csatRequests = pgTable(
  'csat_requests',
  {
    id: primaryId(),
    companyId: tenantId(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    contactChannelId: uuid('contact_channel_id').references(() => contactChannels.id, {
      onDelete: 'set null',
    }),
    /** The message that carried the request (the widget shows its buttons on it). */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    /** The `/s/<token>` link's secret: random, unguessable. */
    token: text('token').notNull(),
    rating: smallint('rating'),
    comment: text('comment'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /**
     * A native rating's request for a comment (comment.ts): the customer's next text message on the request's
     * channel until then is the comment; null when none was asked.
     */
    commentUntil: timestamp('comment_until', { withTimezone: true }),
    /** The provider's id of the message taken as the comment: the same message delivered again is not another. */
    commentMessageId: text('comment_message_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one request ever per conversation.
    uniqueIndex('csat_requests_contact_key').on(t.companyId, t.contactId),
    uniqueIndex('csat_requests_token_key').on(t.token),
    index('csat_requests_message_idx').on(t.messageId),
    index('csat_requests_company_answered_idx').on(t.companyId, t.answeredAt),
    // Every inbound message of a kind with native choices looks for a comment asked on its channel.
    index('csat_requests_comment_channel_idx')
      .on(t.contactChannelId)
      .where(sql`${t.commentUntil} is not null`),
    check('csat_requests_rating_range', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    check('csat_requests_comment_length', sql`char_length(${t.comment}) <= 1000`),
  ],
);
