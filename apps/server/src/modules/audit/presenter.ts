// Rows of `audit_events` as the contract's AuditEvent.
import type { AuditEvent, AuditKind, AuditPage } from '@atende/contract';
import type { auditEvents } from '../../db/schema/index.ts';
import { isoTimestamp } from '../../platform/db/timestamps.ts';
import type { AuditRows } from './service.ts';

/** An event and its actor's name now (null when none, or removed). */
export type AuditRow = typeof auditEvents.$inferSelect & { actorName: string | null };

export const presentAuditEvent = (row: AuditRow): AuditEvent => ({
  id: row.id,
  at: isoTimestamp(row.at),
  kind: row.kind as AuditKind,
  actor_id: row.actorUserId,
  actor_name: row.actorName,
  subject: row.subject,
  client_ip: row.clientIp,
  details: row.details,
});

export const presentAuditPage = (page: AuditRows): AuditPage => ({
  data: page.rows.map(presentAuditEvent),
  next_cursor: page.nextCursor,
});
