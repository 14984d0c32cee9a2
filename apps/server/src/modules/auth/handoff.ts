// The console-link handoff (spec §2: the admin Center sends users to the console with ?access_token=): the
// console exchanges the link's token, once, for a session of its own. A link that could sign a browser in again
// and again would let anyone holding it (history, a forwarded message, a shoulder) become its owner in their
// browser; after the exchange the link is worthless for that.
//
// The link's own session is marked, not revoked: it is the session of the application that made the link (the
// admin Center keeps calling the API with it), and revoking it would sign the user out there the moment they
// open the console. The mark lives in the sessions row, so every process refuses the second exchange; the
// console never keeps the link's token, only the fresh session's, which its own logout ends.
import type { HandoffRequest } from '@atende/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/index.ts';
import { permissionColumns } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { openSession, type SessionDeps, type SessionToken } from './open-session.ts';

export type HandoffDeps = SessionDeps & { db: Db };
/** The link's token and the client exchanging it (the new session's record). */
export type HandoffInput = HandoffRequest & { ip: string; userAgent: string | undefined };

export type HandoffService = ReturnType<typeof handoffService>;

/** One answer for every refusal (used, revoked, expired, forged, user gone): which one it was helps no one. */
const refused = () => new AppError('handoff_invalid', 401);

export function handoffService(deps: HandoffDeps) {
  return {
    async exchange(input: HandoffInput): Promise<SessionToken> {
      const claims = deps.tokens.verify(input.token);
      if (!claims) throw refused();
      // Before the user is read: a change of the user notified from then on keeps the session out of the cache.
      const version = deps.sessions.version();
      return deps.db.transaction(async (tx) => {
        // One statement marks the session and reads its user: of two exchanges racing, the second waits for the
        // first's row lock, then finds the mark and matches nothing.
        const [owner] = await tx
          .update(sessions)
          .set({ handedOffAt: sql`now()` })
          .from(users)
          .where(
            and(
              eq(sessions.id, claims.sid),
              eq(sessions.userId, claims.sub),
              eq(sessions.companyId, claims.cid),
              isNull(sessions.handedOffAt),
              isNull(sessions.revokedAt),
              gt(sessions.expiresAt, sql`now()`),
              eq(users.id, sessions.userId),
              eq(users.companyId, sessions.companyId),
              eq(users.active, true),
            ),
          )
          .returning({
            id: users.id,
            companyId: users.companyId,
            role: users.role,
            ...permissionColumns,
          });
        if (!owner) throw refused();
        return openSession(tx, deps, version, { ...owner, ip: input.ip, userAgent: input.userAgent });
      });
    },
  };
}
