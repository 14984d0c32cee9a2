// The audit log: events are written by the areas they happen in (record) and read by the company's
// administrators in the Center (list), newest first, a page at a time, filtered by kind, actor and period. The
// table is append-only (a trigger refuses changes, migration 0028): this module only inserts and reads.
import type { AuditDetails, AuditKind, AuditQuery } from '@atende/contract';
import { and, desc, eq, getTableColumns, gte, inArray, lt } from 'drizzle-orm';
import { auditEvents, users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import type { AuditRow } from './presenter.ts';

/** What happened, as the area it happened in tells it. */
export type AuditRecord = {
  companyId: string;
  kind: AuditKind;
  actorUserId?: string | null;
  subject?: string | null;
  clientIp?: string | null;
  details?: AuditDetails;
};

export async function recordAuditEvent(db: Db, event: AuditRecord): Promise<void> {
  await db.insert(auditEvents).values(event);
}

/** One page of events and the cursor after it (null on the last page). */
export type AuditRows = { rows: AuditRow[]; nextCursor: string | null };

export type AuditService = ReturnType<typeof auditService>;

export function auditService() {
  return {
    async list(ctx: TenantContext, query: AuditQuery): Promise<AuditRows> {
      // UUIDv7 ids order events as they were written: the id alone is the keyset.
      const rows = await ctx.db
        .select({ ...getTableColumns(auditEvents), actorName: users.name })
        .from(auditEvents)
        .leftJoin(users, and(eq(users.id, auditEvents.actorUserId), eq(users.companyId, ctx.companyId)))
        .where(
          and(
            eq(auditEvents.companyId, ctx.companyId),
            query.cursor ? lt(auditEvents.id, query.cursor) : undefined,
            query.kind?.length ? inArray(auditEvents.kind, query.kind) : undefined,
            query.actor ? eq(auditEvents.actorUserId, query.actor) : undefined,
            query.from ? gte(auditEvents.at, new Date(query.from)) : undefined,
            query.to ? lt(auditEvents.at, new Date(query.to)) : undefined,
          ),
        )
        .orderBy(desc(auditEvents.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      return { rows: page, nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
    },
  };
}
