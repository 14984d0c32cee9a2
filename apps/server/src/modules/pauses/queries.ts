// What other areas ask of pauses: whether a user is paused now (the queue refuses them new customers).
import { and, eq, isNotNull } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Refuses the caller new customers while they are paused. Given the open transaction, it reads the user's row
 * in it, so a pause committed meanwhile is seen.
 */
export async function assertNotPaused(ctx: TenantContext, db: Db = ctx.db): Promise<void> {
  const [paused] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ctx.userId), eq(users.companyId, ctx.companyId), isNotNull(users.pausedAt)));
  if (paused) throw new AppError('paused_no_new_customers', 409);
}
