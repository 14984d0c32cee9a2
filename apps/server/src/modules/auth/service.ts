// Login, logout and heartbeat. Failed logins are throttled per account and client (throttle.ts).
import type { LoginRequest } from '@atende/contract';
import { and, eq } from 'drizzle-orm';
import { companies, sessions, users } from '../../db/schema/index.ts';
import { permissionColumns, type TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { verifyDecoy, verifyPassword } from '../../platform/passwords.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import type { TokenService } from '../../platform/tokens.ts';
import { companySlug } from '../companies/service.ts';
import type { DeviceCookies } from './device.ts';
import { openSession, type SessionToken } from './open-session.ts';
import { recordThrottling } from './throttle-audit.ts';
import { accountKey, type LoginThrottle } from './throttle.ts';

export type AuthDeps = {
  db: Db;
  bus: EventBus;
  tokens: TokenService;
  throttle: LoginThrottle;
  devices: DeviceCookies;
  sessionTtlMs: number;
  /** The new session is remembered at once: the console's first requests follow the login. */
  sessions: SessionCache;
};
/**
 * What a login is given: the credentials typed and who typed them (throttling, the session's record), with the
 * browser's Cookie header, where its device cookie is.
 */
export type LoginInput = LoginRequest & {
  ip: string;
  userAgent: string | undefined;
  cookies: string | undefined;
};
/** A login's session, and the device cookie the browser keeps from now on (device.ts). */
export type LoginSession = SessionToken & { device: string };

export type AuthService = ReturnType<typeof authService>;

export function authService(deps: AuthDeps) {
  return {
    async login(input: LoginInput): Promise<LoginSession> {
      const account = accountKey(input.company, input.username);
      const device = deps.devices.read(input.cookies);
      const attempt = {
        account,
        ip: input.ip,
        knownDevice: device && deps.devices.knows(device, account) ? device.id : null,
      };
      await deps.throttle.check(attempt);

      // Before the user is read: a change of the user notified from then on keeps the session out of the cache.
      const version = deps.sessions.version();
      const user = await findLoginUser(deps.db, input);
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyDecoy(input.password);
      if (!user || !valid) {
        const episode = await deps.throttle.failed(attempt);
        if (episode) await recordThrottling(deps.db, input, episode);
        throw new AppError('invalid_credentials', 400);
      }
      await deps.throttle.succeeded(attempt);
      // Told only to who knows the password: a stranger learns nothing of the company's state.
      if (user.companySuspendedAt) throw new AppError('company_suspended', 403);

      const session = await openSession(deps.db, deps, version, {
        ...user,
        ip: input.ip,
        userAgent: input.userAgent,
      });
      return { ...session, device: deps.devices.after(device, account) };
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

/** The active user behind the credentials' company and username: one statement whether or not the company
 * exists, so an unknown company takes as long as a known one (with the decoy hash, service.login). */
async function findLoginUser(db: Db, input: LoginRequest) {
  const [user] = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      passwordHash: users.passwordHash,
      role: users.role,
      ...permissionColumns,
      companySuspendedAt: companies.suspendedAt,
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
