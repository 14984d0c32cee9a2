// The satisfaction survey: whether a user is due to be asked, their answer or dismissal, and the answers the
// Center lists. One period (product settings, set by super administrators) separates two asks of a user,
// counted from their last answer *or* dismissal: "not now" is not asked again the next minute; a new account
// is first asked one period after it was created.
import { SURVEY_PAGE_SIZE, type SurveyAnswerRequest, type SurveyAnswersQuery } from '@atende/contract';
import { and, avg, count, desc, eq, gte, isNotNull, type SQL } from 'drizzle-orm';
import { companies, surveyAnswers, users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { isSupportSession, refuseInSupportSession } from '../product/impersonation.ts';
import { readProductSettings } from '../product/settings.ts';

const DAY_MS = 24 * 60 * 60_000;

export type SurveyService = ReturnType<typeof surveyService>;

export function surveyService() {
  /** Whether the user is to be asked now; never in a support session (the super administrator is not them). */
  async function status(ctx: TenantContext) {
    const { surveyPeriodDays } = await readProductSettings(ctx.db);
    if (await isSupportSession(ctx.db, ctx.sessionId)) return { due: false, periodDays: surveyPeriodDays };
    const since = new Date(Date.now() - surveyPeriodDays * DAY_MS);
    // A new account is first asked once it has used the product for a period: not on its first login.
    const [account] = await ctx.db.select({ createdAt: users.createdAt }).from(users).where(ownUser(ctx));
    if (!account || account.createdAt > since) return { due: false, periodDays: surveyPeriodDays };
    const [recent] = await ctx.db
      .select({ id: surveyAnswers.id })
      .from(surveyAnswers)
      .where(
        and(
          eq(surveyAnswers.companyId, ctx.companyId),
          eq(surveyAnswers.userId, ctx.userId),
          gte(surveyAnswers.createdAt, since),
        ),
      )
      .limit(1);
    return { due: !recent, periodDays: surveyPeriodDays };
  }

  /** Records an answer (rating and comment) or a dismissal (neither), once per period. */
  async function record(ctx: TenantContext, answer: SurveyAnswerRequest | null) {
    await refuseInSupportSession(ctx.db, ctx.sessionId);
    // Serialised per user so two tabs answering at once record one answer, not two.
    await ctx.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(ownUser(ctx)).for('update');
      if (!(await status({ ...ctx, db: tx as unknown as TenantContext['db'] })).due) {
        throw new AppError('survey_not_due', 409);
      }
      await tx.insert(surveyAnswers).values({
        companyId: ctx.companyId,
        userId: ctx.userId,
        rating: answer?.rating ?? null,
        comment: answer?.comment ?? null,
      });
    });
  }

  return {
    status,
    answer: (ctx: TenantContext, input: SurveyAnswerRequest) => record(ctx, input),
    dismiss: (ctx: TenantContext) => record(ctx, null),

    /**
     * Answers (not dismissals), newest first, with their average. The product's survey is product-wide, so a
     * super administrator reads every company's; an administrator their own company's only.
     */
    async list(ctx: TenantContext, query: SurveyAnswersQuery) {
      const filters: SQL[] = [isNotNull(surveyAnswers.rating)];
      if (ctx.role !== 'super_admin') filters.push(eq(surveyAnswers.companyId, ctx.companyId));
      const where = and(...filters);
      const [rows, [summary]] = await Promise.all([
        ctx.db
          .select({
            id: surveyAnswers.id,
            rating: surveyAnswers.rating,
            comment: surveyAnswers.comment,
            createdAt: surveyAnswers.createdAt,
            user: { id: users.id, name: users.name, role: users.role },
            company: { id: companies.id, name: companies.name },
          })
          .from(surveyAnswers)
          .innerJoin(users, eq(users.id, surveyAnswers.userId))
          .innerJoin(companies, eq(companies.id, surveyAnswers.companyId))
          .where(where)
          .orderBy(desc(surveyAnswers.createdAt), desc(surveyAnswers.id))
          .limit(SURVEY_PAGE_SIZE)
          .offset((query.page - 1) * SURVEY_PAGE_SIZE),
        ctx.db
          .select({ total: count(), average: avg(surveyAnswers.rating) })
          .from(surveyAnswers)
          .where(where),
      ]);
      return { rows, total: summary?.total ?? 0, average: summary?.average ?? null, page: query.page };
    },
  };
}

const ownUser = (ctx: TenantContext) => and(eq(users.id, ctx.userId), eq(users.companyId, ctx.companyId));

export type SurveyAnswerRow = Awaited<ReturnType<SurveyService['list']>>['rows'][number];
