// Login, logout and heartbeat. Failed logins are throttled per company+username and per client IP.
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_IP,
  LOGIN_THROTTLE_WINDOW_MS,
  type LoginRequest,
} from '@atende/contract';
import { and, eq } from 'drizzle-orm';
import { companies, sessions, users } from '../../db/schema/index.ts';
import { authContext, type TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { verifyDecoy, verifyPassword } from '../../platform/passwords.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import type { TokenService } from '../../platform/tokens.ts';
import { companySlug } from '../companies/service.ts';

export type AuthDeps = {
  db: Db;
  bus: EventBus;
  tokens: TokenService;
  limiter: RateLimiter;
  sessionTtlMs: number;
  /** The new session is remembered at once: the console's first requests follow the login. */
  sessions: SessionCache;
};
/** What a login is given: the credentials typed and who typed them (throttling, the session's record). */
export type LoginInput = LoginRequest & { ip: string; userAgent: string | undefined };
/** An open session's bearer token and when it expires. */
export type SessionToken = { token: string; expiresAt: Date };

export type AuthService = ReturnType<typeof authService>;

export function authService(deps: AuthDeps) {
  return {
    async login(input: LoginInput): Promise<SessionToken> {
      const accountKey = `login:account:${companySlug(input.company)}:${input.username.trim().toLowerCase()}`;
      const ipKey = `login:ip:${input.ip}`;
      await refuseWhenThrottled(deps.limiter, [
        [accountKey, LOGIN_FAILURES_PER_ACCOUNT],
        [ipKey, LOGIN_FAILURES_PER_IP],
      ]);

      // Before the user is read: a change of the user notified from then on keeps the session out of the cache.
      const version = deps.sessions.version();
      const user = await findLoginUser(deps.db, input);
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyDecoy(input.password);
      if (!user || !valid) {
        await Promise.all([
          deps.limiter.increment(accountKey, LOGIN_THROTTLE_WINDOW_MS),
          deps.limiter.increment(ipKey, LOGIN_THROTTLE_WINDOW_MS),
        ]);
        throw new AppError('invalid_credentials', 400);
      }
      await deps.limiter.reset(accountKey);

      const now = Date.now();
      const expiresAt = new Date(now + deps.sessionTtlMs);
      const [session] = await deps.db
        .insert(sessions)
        .values({
          companyId: user.companyId,
          userId: user.id,
          expiresAt,
          ip: input.ip,
          userAgent: input.userAgent?.slice(0, 500),
        })
        .returning({ id: sessions.id });
      if (!session) throw new Error('session insert returned nothing');
      const auth = authContext({ companyId: user.companyId, userId: user.id, sessionId: session.id }, user);
      deps.sessions.remember(version, auth, expiresAt.getTime(), now);
      return {
        token: deps.tokens.sign({ sid: session.id, sub: user.id, cid: user.companyId }, expiresAt),
        expiresAt,
      };
    },

    async logout(ctx: TenantContext): Promise<void> {
      await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.id, ctx.sessionId), eq(sessions.companyId, ctx.companyId)));
        record({ type: 'sessions.revoked', companyId: ctx.companyId, sessionIds: [ctx.sessionId] });
      });
    },

    /** Records that the user is still there: feeds "online" and the session's last activity. */
    async heartbeat(ctx: TenantContext): Promise<Date> {
      const now = new Date();
      await ctx.db.transaction(async (tx) => {
        await tx.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, ctx.sessionId));
        await tx
          .update(users)
          .set({ lastSeenAt: now })
          .where(and(eq(users.id, ctx.userId), eq(users.companyId, ctx.companyId)));
      });
      return now;
    },
  };
}

async function refuseWhenThrottled(
  limiter: RateLimiter,
  limits: [key: string, max: number][],
): Promise<void> {
  for (const [key, max] of limits) {
    const { count, resetInMs } = await limiter.peek(key);
    if (count >= max) {
      const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
      throw new AppError(
        'too_many_attempts',
        429,
        { minutes: Math.ceil(seconds / 60) },
        { 'retry-after': String(seconds) },
      );
    }
  }
}

/** The active user behind the credentials' company and username: one statement whether or not the company
 * exists, so an unknown company takes as long as a known one (with the decoy hash, service.login). */
async function findLoginUser(db: Db, input: LoginRequest) {
  const [user] = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      passwordHash: users.passwordHash,
      role: users.role,
      canCreateContacts: users.canCreateContacts,
      canSendFiles: users.canSendFiles,
      canChangeResponsible: users.canChangeResponsible,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(companies.slug, companySlug(input.company)),
        eq(users.username, input.username.trim().toLowerCase()),
        eq(users.active, true),
      ),
    )
    .limit(1);
  return user;
}
