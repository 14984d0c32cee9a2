// Support sessions (issue 21 item 6): a super administrator opens a session as a user of a company (by default
// its first administrator) to see what they see. The session is marked with who opened it, lasts at most
// IMPERSONATION_TTL_MS, is written to the company's audit log when it starts and ends (its administrators see
// who came in), and cannot change the user's password. The console asks for the state to show its banner.
import { IMPERSONATION_TTL_MS, type ImpersonateRequest } from '@atende/contract';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { companies, sessions, users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import type { TokenService } from '../../platform/tokens.ts';
import { recordAuditEvent } from '../audit/service.ts';
import { openSession } from '../auth/open-session.ts';
import { findCompanyById } from '../companies/service.ts';
import type { SuperAdmin } from './super-admin.ts';

export type ImpersonationDeps = {
  db: Db;
  bus: EventBus;
  tokens: TokenService;
  sessions: SessionCache;
  sessionTtlMs: number;
};

const impersonator = alias(users, 'impersonator');

/** Whether the session was opened by a super administrator as its user. */
export async function isSupportSession(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ impersonatorId: sessions.impersonatorId })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return Boolean(row?.impersonatorId);
}

/** Refuses a password change in a support session: the account stays its owner's. */
export async function refuseInSupportSession(db: Db, sessionId: string): Promise<void> {
  if (await isSupportSession(db, sessionId)) throw new AppError('impersonation_password', 403);
}

export type ImpersonationService = ReturnType<typeof impersonationService>;

export function impersonationService(deps: ImpersonationDeps) {
  /** The chosen active user of the company, or its first active administrator. */
  async function target(companyId: string, userId: string | undefined) {
    const [user] = await deps.db
      .select()
      .from(users)
      .where(
        and(
          eq(users.companyId, companyId),
          eq(users.active, true),
          userId ? eq(users.id, userId) : eq(users.role, 'admin'),
        ),
      )
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(1);
    if (!user) throw notFound();
    // A support session never carries the product's own powers.
    if (user.role === 'super_admin') throw new AppError('forbidden', 403);
    return user;
  }

  return {
    async start(actor: SuperAdmin, companyId: string, input: ImpersonateRequest & { userAgent?: string }) {
      const company = await findCompanyById(deps.db, companyId);
      if (!company) throw notFound();
      if (company.suspendedAt) throw new AppError('company_suspended', 409);
      const version = deps.sessions.version();
      const user = await target(company.id, input.user_id);
      return deps.db.transaction(async (tx) => {
        const session = await openSession(
          tx,
          deps,
          version,
          { ...user, ip: actor.clientIp, userAgent: input.userAgent },
          { impersonatorId: actor.userId, ttlMs: IMPERSONATION_TTL_MS },
        );
        await recordAuditEvent(tx, {
          companyId: company.id,
          kind: 'impersonation_started',
          actorUserId: actor.userId,
          subject: actor.username,
          clientIp: actor.clientIp,
          details: { user: user.username, expires_at: session.expiresAt.toISOString() },
        });
        return session;
      });
    },

    /** Who the session is for and who opened it, while it is a support session; null otherwise. */
    async state(ctx: TenantContext) {
      const [row] = await ctx.db
        .select({
          by: { id: impersonator.id, name: impersonator.name, username: impersonator.username },
          user: { id: users.id, name: users.name, username: users.username },
          company: { id: companies.id, name: companies.name },
          startedAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .innerJoin(impersonator, eq(impersonator.id, sessions.impersonatorId))
        .innerJoin(users, eq(users.id, sessions.userId))
        .innerJoin(companies, eq(companies.id, sessions.companyId))
        .where(and(eq(sessions.id, ctx.sessionId), eq(sessions.companyId, ctx.companyId)))
        .limit(1);
      return row ?? null;
    },

    /** Ends the support session (its token stops working at once); the console returns to the super admin's. */
    async end(ctx: TenantContext, clientIp: string) {
      await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const [ended] = await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(sessions.id, ctx.sessionId),
              eq(sessions.companyId, ctx.companyId),
              isNotNull(sessions.impersonatorId),
              isNull(sessions.revokedAt),
            ),
          )
          .returning({ impersonatorId: sessions.impersonatorId });
        if (!ended?.impersonatorId) throw new AppError('not_impersonating', 409);
        const [by] = await tx
          .select({ username: users.username })
          .from(users)
          .where(and(eq(users.id, ended.impersonatorId), ne(users.companyId, ctx.companyId)))
          .limit(1);
        const [user] = await tx
          .select({ username: users.username })
          .from(users)
          .where(and(eq(users.id, ctx.userId), eq(users.companyId, ctx.companyId)))
          .limit(1);
        await recordAuditEvent(tx, {
          companyId: ctx.companyId,
          kind: 'impersonation_ended',
          actorUserId: ended.impersonatorId,
          subject: by?.username ?? null,
          clientIp,
          details: { user: user?.username ?? null },
        });
        record({ type: 'sessions.revoked', companyId: ctx.companyId, sessionIds: [ctx.sessionId] });
      });
    },
  };
}
