// Saved personal views of the contact list (issue 20, item 6): each user's own, never a colleague's, within
// their company; at most SAVED_VIEWS_MAX, names unique per user whatever their case.
import { SAVED_VIEWS_MAX, type NewSavedViewRequest, type UpdateSavedViewRequest } from '@atende/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { savedViews } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { viewColumns, type ViewRow } from './presenter.ts';

const mine = (ctx: TenantContext) =>
  and(eq(savedViews.companyId, ctx.companyId), eq(savedViews.userId, ctx.userId));

/** A second view of the same name (the unique index, whichever request came first). */
function rethrowNameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError('saved_view_name_taken', 409);
  throw error;
}

export type ViewService = ReturnType<typeof viewService>;

export function viewService() {
  return {
    list(ctx: TenantContext): Promise<ViewRow[]> {
      return ctx.db
        .select(viewColumns)
        .from(savedViews)
        .where(mine(ctx))
        .orderBy(asc(sql`lower(${savedViews.name})`));
    },

    async create(ctx: TenantContext, input: NewSavedViewRequest): Promise<ViewRow> {
      return ctx.db
        .transaction(async (tx) => {
          // Serialises one user's creations, so two at once cannot both pass the limit.
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtextextended(${`saved_views:${ctx.userId}`}, 0))`,
          );
          const [held] = await tx.select({ n: count() }).from(savedViews).where(mine(ctx));
          if ((held?.n ?? 0) >= SAVED_VIEWS_MAX)
            throw new AppError('saved_view_limit', 409, { max: SAVED_VIEWS_MAX });
          const [row] = await tx
            .insert(savedViews)
            .values({ companyId: ctx.companyId, userId: ctx.userId, name: input.name, list: input.list })
            .returning(viewColumns);
          return row!;
        })
        .catch(rethrowNameTaken);
    },

    async update(ctx: TenantContext, input: UpdateSavedViewRequest & { id: string }): Promise<ViewRow> {
      const [row] = await ctx.db
        .update(savedViews)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.list !== undefined && { list: input.list }),
          updatedAt: new Date(),
        })
        .where(and(eq(savedViews.id, input.id), mine(ctx)))
        .returning(viewColumns)
        .catch(rethrowNameTaken);
      if (!row) throw notFound();
      return row;
    },

    async remove(ctx: TenantContext, input: { id: string }): Promise<void> {
      const removed = await ctx.db
        .delete(savedViews)
        .where(and(eq(savedViews.id, input.id), mine(ctx)))
        .returning({ id: savedViews.id });
      if (removed.length === 0) throw notFound();
    },
  };
}
