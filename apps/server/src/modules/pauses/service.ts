// Pausing service: a user pauses with one of the company's offered reasons and resumes; each pause is a row
// of `pauses` (the analytics' history), the open one mirrored on the user's row for GET /api/user and the
// queue. Both change in one transaction, announced to the user's sockets and the supervisors at commit.
import type { UserPause } from '@atende/contract';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { pauseReasons, pauses, users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { activePauseColumns, presentUserPause, type ActivePauseRow } from './presenter.ts';

/** One open pause per user: a company's board is bounded by its users; this caps a pathological one. */
export const ACTIVE_PAUSES_LIMIT = 1000;

export type PauseService = ReturnType<typeof pauseService>;

export function pauseService(deps: { bus: EventBus }) {
  return {
    /** Pauses the caller for `reasonId`, a reason the company offers (not archived); one pause at a time. */
    async pause(ctx: TenantContext, reasonId: string): Promise<UserPause> {
      return inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const [reason] = await tx
          .select({ id: pauseReasons.id })
          .from(pauseReasons)
          .where(
            and(
              eq(pauseReasons.id, reasonId),
              eq(pauseReasons.companyId, ctx.companyId),
              isNull(pauseReasons.archivedAt),
            ),
          );
        if (!reason) throw new AppError('pause_reason_not_found', 404);
        const startedAt = new Date();
        // The user's row first, in both directions: it serialises two pauses (or a pause and a resume) at once.
        const [paused] = await tx
          .update(users)
          .set({ pausedAt: startedAt, pauseReasonId: reasonId })
          .where(and(eq(users.id, ctx.userId), eq(users.companyId, ctx.companyId), isNull(users.pausedAt)))
          .returning({ id: users.id });
        if (!paused) throw new AppError('already_paused', 409);
        await tx.insert(pauses).values({ companyId: ctx.companyId, userId: ctx.userId, reasonId, startedAt });
        const pause = presentUserPause({ startedAt, reasonId });
        record({ type: 'pause.changed', companyId: ctx.companyId, userId: ctx.userId, pause });
        return pause;
      }).catch((error: unknown) => {
        // pauses_one_open_per_user: an open pause the user's row did not show (written outside this service).
        if (isUniqueViolation(error)) throw new AppError('already_paused', 409);
        throw error;
      });
    },

    /** Ends the caller's open pause. */
    async resume(ctx: TenantContext): Promise<UserPause> {
      return inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const [resumed] = await tx
          .update(users)
          .set({ pausedAt: null, pauseReasonId: null })
          .where(and(eq(users.id, ctx.userId), eq(users.companyId, ctx.companyId), isNotNull(users.pausedAt)))
          .returning({ id: users.id });
        if (!resumed) throw new AppError('not_paused', 409);
        await tx
          .update(pauses)
          .set({ endedAt: new Date() })
          .where(
            and(eq(pauses.userId, ctx.userId), eq(pauses.companyId, ctx.companyId), isNull(pauses.endedAt)),
          );
        const pause = presentUserPause(null);
        record({ type: 'pause.changed', companyId: ctx.companyId, userId: ctx.userId, pause });
        return pause;
      });
    },

    /** Who of the company is paused now, longest first. */
    active(ctx: TenantContext): Promise<ActivePauseRow[]> {
      return ctx.db
        .select(activePauseColumns)
        .from(pauses)
        .innerJoin(users, eq(users.id, pauses.userId))
        .innerJoin(pauseReasons, eq(pauseReasons.id, pauses.reasonId))
        .where(and(eq(pauses.companyId, ctx.companyId), isNull(pauses.endedAt)))
        .orderBy(asc(pauses.startedAt), asc(pauses.id))
        .limit(ACTIVE_PAUSES_LIMIT);
    },
  };
}
