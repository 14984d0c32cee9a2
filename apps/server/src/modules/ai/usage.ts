// What the company's users ask of its AI provider: requests counted per company and user per month (UTC), held
// to the company's monthly limit, and — when the company asks for it — a log of each request without its text.
import { and, desc, eq, sql, sum } from 'drizzle-orm';
import { aiRequestLog, aiUsage, users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';

/** The log's entries shown in the Center. */
export const LOG_SHOWN = 50;

export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/**
 * Counts one request of the user, refused when the company has already used its monthly limit. Counting first
 * and undoing the count when over keeps two simultaneous requests from both passing the last free place.
 */
export async function countRequest(ctx: TenantContext, limit: number | null, at = new Date()): Promise<void> {
  const key = { companyId: ctx.companyId, userId: ctx.userId, month: monthOf(at) };
  await ctx.db
    .insert(aiUsage)
    .values({ ...key, requests: 1 })
    .onConflictDoUpdate({
      target: [aiUsage.companyId, aiUsage.month, aiUsage.userId],
      set: { requests: sql`${aiUsage.requests} + 1` },
    });
  if (limit === null) return;
  const used = await companyRequests(ctx, key.month);
  if (used > limit) {
    await ctx.db
      .update(aiUsage)
      .set({ requests: sql`${aiUsage.requests} - 1` })
      .where(
        and(
          eq(aiUsage.companyId, key.companyId),
          eq(aiUsage.month, key.month),
          eq(aiUsage.userId, key.userId),
        ),
      );
    throw new AppError('ai_monthly_limit_reached', 429, { limit });
  }
}

export async function companyRequests(ctx: TenantContext, month: string): Promise<number> {
  const [row] = await ctx.db
    .select({ total: sum(aiUsage.requests).mapWith(Number) })
    .from(aiUsage)
    .where(and(eq(aiUsage.companyId, ctx.companyId), eq(aiUsage.month, month)));
  return row?.total ?? 0;
}

export const usageByUser = (ctx: TenantContext, month: string) =>
  ctx.db
    .select({ userId: aiUsage.userId, name: users.name, requests: aiUsage.requests })
    .from(aiUsage)
    .innerJoin(users, eq(users.id, aiUsage.userId))
    .where(and(eq(aiUsage.companyId, ctx.companyId), eq(aiUsage.month, month)))
    .orderBy(desc(aiUsage.requests), users.name);

export type LoggedRequest = {
  action: string;
  outcome: string;
  startedAt: number;
  inputSize: number;
  outputSize: number;
};

/** Logs a request — who, what, outcome, duration and sizes, never text — when the company keeps the log. */
export async function logRequest(ctx: TenantContext, keep: boolean, entry: LoggedRequest): Promise<void> {
  if (!keep) return;
  await ctx.db.insert(aiRequestLog).values({
    companyId: ctx.companyId,
    userId: ctx.userId,
    action: entry.action,
    outcome: entry.outcome,
    durationMs: Math.round(performance.now() - entry.startedAt),
    inputSize: entry.inputSize,
    outputSize: entry.outputSize,
  });
}

export const latestLog = (ctx: TenantContext) =>
  ctx.db
    .select({
      id: aiRequestLog.id,
      userName: users.name,
      action: aiRequestLog.action,
      outcome: aiRequestLog.outcome,
      durationMs: aiRequestLog.durationMs,
      inputSize: aiRequestLog.inputSize,
      outputSize: aiRequestLog.outputSize,
      createdAt: aiRequestLog.createdAt,
    })
    .from(aiRequestLog)
    .leftJoin(users, eq(users.id, aiRequestLog.userId))
    .where(eq(aiRequestLog.companyId, ctx.companyId))
    .orderBy(desc(aiRequestLog.createdAt))
    .limit(LOG_SHOWN);
