// One-time password reset links (issue 23, item 2). An administrator asks for a link for a user of their
// company (audit-logged); the token is 256 random bits answered once, and only its SHA-256 is stored, so the
// table holds nothing that opens an account. Opening the link needs no session: the token is the proof. Using
// it spends it in the same statement that checks it (of two racing uses, the second matches nothing), sets the
// password and ends every session of the user — whoever held the account is out.
import { createHash, randomBytes } from 'node:crypto';
import {
  PASSWORD_RESET_LINK_PATH,
  PASSWORD_RESET_LINK_TTL_HOURS,
  type CompletePasswordResetRequest,
  type PasswordResetLinkOwner,
} from '@atende/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { companies, passwordResetLinks, sessions, users } from '../../db/schema/index.ts';
import { authorize, type TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { recordAuditEvent } from '../audit/service.ts';
import { withMemberships } from './center.ts';

export type ResetLinkDeps = { db: Db; bus: EventBus; config: { publicUrl: string } };
export type ResetLinkService = ReturnType<typeof resetLinkService>;

const TTL_MS = PASSWORD_RESET_LINK_TTL_HOURS * 60 * 60 * 1000;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** One answer for every refusal (used, expired, replaced, forged, user deactivated): which one helps no one. */
const invalid = () => new AppError('reset_link_invalid', 410);

/** A link still usable: unspent, unexpired, its user active. */
const usable = (token: string) =>
  and(
    eq(passwordResetLinks.tokenHash, digest(token)),
    isNull(passwordResetLinks.usedAt),
    gt(passwordResetLinks.expiresAt, sql`now()`),
    eq(users.id, passwordResetLinks.userId),
    eq(users.companyId, passwordResetLinks.companyId),
    eq(users.active, true),
  );

export function resetLinkService(deps: ResetLinkDeps) {
  return {
    /**
     * A new link for a user of the administrator's company; earlier unspent links of the user are spent, so
     * only the newest works. Another company's user is 404 for anyone, hence the ability checked after.
     */
    async create(ctx: TenantContext, id: string) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + TTL_MS);
      const user = await inTransaction(ctx.db, deps.bus, async (tx) => {
        const [row] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, id), eq(users.companyId, ctx.companyId)));
        if (!row) throw notFound();
        authorize(ctx, 'users.manage');
        await tx
          .update(passwordResetLinks)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(passwordResetLinks.userId, row.id),
              eq(passwordResetLinks.companyId, ctx.companyId),
              isNull(passwordResetLinks.usedAt),
            ),
          );
        await tx.insert(passwordResetLinks).values({
          companyId: ctx.companyId,
          userId: row.id,
          tokenHash: digest(token),
          createdBy: ctx.userId,
          expiresAt,
        });
        await recordAuditEvent(tx, {
          companyId: ctx.companyId,
          kind: 'user_reset_link_created',
          actorUserId: ctx.userId,
          subject: row.username,
          details: { user_id: row.id, expires_at: expiresAt.toISOString() },
        });
        return (await withMemberships(tx, ctx.companyId, [row]))[0]!;
      });
      return { user, url: `${deps.config.publicUrl}${PASSWORD_RESET_LINK_PATH}${token}`, expiresAt };
    },

    /** Whose password a usable link resets, for the page to greet them. */
    async inspect(token: string): Promise<PasswordResetLinkOwner> {
      const [owner] = await deps.db
        .select({
          name: users.name,
          username: users.username,
          company: companies.name,
          expiresAt: passwordResetLinks.expiresAt,
        })
        .from(passwordResetLinks)
        .innerJoin(users, eq(users.id, passwordResetLinks.userId))
        .innerJoin(companies, eq(companies.id, passwordResetLinks.companyId))
        .where(usable(token));
      if (!owner) throw invalid();
      return { ...owner, expires_at: owner.expiresAt.toISOString() };
    },

    /** Spends the link, sets the password (no longer required to change) and ends every session of the user. */
    async complete(input: CompletePasswordResetRequest): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      await inTransaction(deps.db, deps.bus, async (tx, record) => {
        const [link] = await tx
          .update(passwordResetLinks)
          .set({ usedAt: sql`now()` })
          .from(users)
          .where(usable(input.token))
          .returning({ userId: passwordResetLinks.userId, companyId: passwordResetLinks.companyId });
        if (!link) throw invalid();
        await tx
          .update(users)
          .set({ passwordHash, requireNewPassword: false, updatedAt: new Date() })
          .where(and(eq(users.id, link.userId), eq(users.companyId, link.companyId)));
        const revoked = await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(sessions.userId, link.userId),
              eq(sessions.companyId, link.companyId),
              isNull(sessions.revokedAt),
            ),
          )
          .returning({ id: sessions.id });
        record({
          type: 'sessions.revoked',
          companyId: link.companyId,
          sessionIds: revoked.map((row) => row.id),
        });
      });
    },
  };
}
