// The company's AI provider (an OpenAI-compatible API: base URL, sealed key, models, monthly limit), what each
// user used of it per month, and — when the company asks — a log of its requests without their text.
import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { createdAt, primaryId, tenantId, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const aiProviders = pgTable('ai_providers', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  baseUrl: text('base_url').notNull(),
  /** `{ api_key }` sealed (platform/credentials.ts): a database dump alone reveals no key. */
  credentials: text('credentials').notNull(),
  chatModel: text('chat_model').notNull(),
  /** Empty: the provider is not used for transcription. */
  transcriptionModel: text('transcription_model').notNull().default(''),
  /** Requests a month for the whole company; null is no limit. */
  monthlyLimit: integer('monthly_limit'),
  /** Keep a log of every request (who, what, outcome, duration, sizes), never its text. */
  logRequests: boolean('log_requests').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const aiUsage = pgTable(
  'ai_usage',
  {
    companyId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The month counted, as YYYY-MM (UTC). */
    month: text('month').notNull(),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month, t.userId] })],
);

export const aiRequestLog = pgTable(
  'ai_request_log',
  {
    id: primaryId(),
    companyId: tenantId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** An enhancement action (`fix`, `formal`…) or `transcribe`. */
    action: text('action').notNull(),
    /** `ok` or the error code the user was shown. */
    outcome: text('outcome').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** Sizes only: characters sent and received (bytes of audio for a transcription). */
    inputSize: integer('input_size').notNull(),
    outputSize: integer('output_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ai_request_log_company_idx').on(t.companyId, t.createdAt)],
);
