// Opening a session, the step login and the console-link handoff share: the sessions row, its signed token,
// and the session remembered at once (the console's first requests follow).
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/index.ts';
import { authContext, type AuthContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import type { TokenService } from '../../platform/tokens.ts';

/** An open session's bearer token and when it expires. */
export type SessionToken = { token: string; expiresAt: Date };

export type SessionDeps = { tokens: TokenService; sessions: SessionCache; sessionTtlMs: number };

/** Who the session is for (their role and permissions as read) and the client that asked for it. */
export type SessionOwner = Parameters<typeof authContext>[1] & {
  id: string;
  companyId: string;
  ip: string;
  userAgent: string | undefined;
};

/** A support session (modules/product): who opened it as the owner, and its shorter life. */
export type SupportSession = { impersonatorId: string; ttlMs: number };

/**
 * Inserts the session with `db` (the caller's transaction, where it has one). `version` is the session cache's,
 * taken before the owner was read: a change of the user notified since keeps the session out of the cache.
 */
export async function openSession(
  db: Db,
  deps: SessionDeps,
  version: number,
  owner: SessionOwner,
  support?: SupportSession,
): Promise<SessionToken> {
  const now = Date.now();
  const expiresAt = new Date(now + (support?.ttlMs ?? deps.sessionTtlMs));
  const [session] = await db
    .insert(sessions)
    .values({
      companyId: owner.companyId,
      userId: owner.id,
      expiresAt,
      ip: owner.ip,
      userAgent: owner.userAgent?.slice(0, 500),
      impersonatorId: support?.impersonatorId ?? null,
    })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session insert returned nothing');
  // The Center's users list shows it; not a column the auth triggers watch, so no cache is disturbed.
  await db
    .update(users)
    .set({ lastLoginAt: new Date(now) })
    .where(eq(users.id, owner.id));
  const auth: AuthContext = authContext(
    { companyId: owner.companyId, userId: owner.id, sessionId: session.id },
    owner,
  );
  deps.sessions.remember(version, auth, expiresAt.getTime(), now);
  return {
    token: deps.tokens.sign({ sid: session.id, sub: owner.id, cid: owner.companyId }, expiresAt),
    expiresAt,
  };
}
