// The audit log: one generic table for what happened to a company's security and administration (throttled
// logins now; admin actions later). Kinds are text, not an enum, so a new kind needs no migration. Append-only:
// a trigger (migration 0028) refuses to change or delete an event, except what its company's or its actor's
// removal does by foreign key.
import type { AuditDetails } from '@atende/contract';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { primaryId, tenantId } from './columns.ts';
import { users } from './users.ts';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: primaryId(),
    companyId: tenantId(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    /** Who did it when someone signed in did (an admin's action); null for what the system saw happen. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Whom or what it concerns, as typed or named at the time (a username that may not exist). */
    subject: text('subject'),
    clientIp: text('client_ip'),
    details: jsonb('details').$type<AuditDetails>().notNull().default({}),
  },
  // Newest first per company: ids are UUIDv7, so the id order is the order events were written in.
  // Newest first per actor and per kind too: the Center filters the log by who acted and what happened. The
  // search reads the subject through its trigrams, so a word found in no event reads no event.
  (table) => [
    index('audit_events_company_id_idx').on(table.companyId, table.id),
    index('audit_events_company_actor_idx').on(table.companyId, table.actorUserId, table.id),
    index('audit_events_company_kind_idx').on(table.companyId, table.kind, table.id),
    index('audit_events_subject_trgm_idx').using('gin', sql`${table.subject} gin_trgm_ops`),
  ],
);
