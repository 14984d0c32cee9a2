// The audit log: events are written by the areas they happen in (record) and read by the company's
// administrators in the Center (list), newest or oldest first, a page at a time, filtered by kind, actor and
// period and searched by free text (subject, actor's name, kind). Every filter reads through an index. The
// table is append-only (a trigger refuses changes, migration 0028): this module only inserts and reads.
import { AUDIT_KINDS, type AuditDetails, type AuditKind, type AuditQuery } from '@atende/contract';
import { and, asc, desc, eq, getTableColumns, gt, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import { auditEvents, users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/like.ts';
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
  /**
   * The free-text search as ids and kinds first — the company's users whose name holds it (a few rows), the
   * kinds whose name or label holds it — so the events are read through the actor, kind and subject indexes
   * rather than joined and filtered one by one.
   */
  async function searchFilter(ctx: TenantContext, query: AuditQuery): Promise<SQL | undefined> {
    const search = query.search?.trim();
    if (!search) return undefined;
    const pattern = `%${escapeLike(search)}%`;
    const actors = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, ctx.companyId), ilike(users.name, pattern)));
    const words = search.toLowerCase();
    const kinds = new Set<AuditKind>(query.search_kinds ?? []);
    for (const kind of AUDIT_KINDS) if (kind.replaceAll('_', ' ').includes(words)) kinds.add(kind);
    return or(
      ilike(auditEvents.subject, pattern),
      actors.length > 0
        ? inArray(
            auditEvents.actorUserId,
            actors.map((actor) => actor.id),
          )
        : undefined,
      kinds.size > 0 ? inArray(auditEvents.kind, [...kinds]) : undefined,
    );
  }

  return {
    async list(ctx: TenantContext, query: AuditQuery): Promise<AuditRows> {
      const newest = query.direction === 'desc';
      // UUIDv7 ids order events as they were written: the id alone is the keyset.
      const rows = await ctx.db
        .select({ ...getTableColumns(auditEvents), actorName: users.name })
        .from(auditEvents)
        .leftJoin(users, and(eq(users.id, auditEvents.actorUserId), eq(users.companyId, ctx.companyId)))
        .where(
          and(
            eq(auditEvents.companyId, ctx.companyId),
            query.cursor ? (newest ? lt : gt)(auditEvents.id, query.cursor) : undefined,
            query.kind?.length ? inArray(auditEvents.kind, query.kind) : undefined,
            query.actor ? eq(auditEvents.actorUserId, query.actor) : undefined,
            query.from ? gte(auditEvents.at, new Date(query.from)) : undefined,
            query.to ? lt(auditEvents.at, new Date(query.to)) : undefined,
            await searchFilter(ctx, query),
          ),
        )
        .orderBy((newest ? desc : asc)(auditEvents.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      return { rows: page, nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
    },
  };
}
