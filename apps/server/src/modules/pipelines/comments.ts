// A card's comments: paged (spec §9: 15 a page, created_at desc by default); a page past the last is refused.
// Their author edits and deletes them, supervising roles anyone's.
import type { CommentQuery } from '@atende/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { pipelineCards, pipelineComments, users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import type { CardKey, CardService } from './cards.ts';
import { findCard } from './cards.ts';
import { mayChangeComment } from './policy.ts';
import type { CommentRow } from './presenter.ts';

type CommentKey = CardKey & { commentId: string };

const commentColumns = {
  id: pipelineComments.id,
  cardId: pipelineComments.cardId,
  authorId: pipelineComments.authorId,
  authorName: users.name,
  text: pipelineComments.text,
  createdAt: pipelineComments.createdAt,
  updatedAt: pipelineComments.updatedAt,
};

export function commentService(cards: CardService) {
  const find = async (ctx: TenantContext, key: CommentKey): Promise<CommentRow> => {
    const [row] = await ctx.db
      .select(commentColumns)
      .from(pipelineComments)
      .leftJoin(users, eq(users.id, pipelineComments.authorId))
      .where(
        and(
          eq(pipelineComments.id, key.commentId),
          eq(pipelineComments.cardId, key.itemId),
          eq(pipelineComments.companyId, ctx.companyId),
        ),
      );
    if (!row) throw notFound();
    return row;
  };

  return {
    async page(ctx: TenantContext, input: CardKey & CommentQuery) {
      await findCard(ctx, input);
      const [total] = await ctx.db
        .select({ n: count() })
        .from(pipelineComments)
        .where(eq(pipelineComments.cardId, input.itemId));
      const pages = Math.max(1, Math.ceil(total!.n / input.limit));
      if (input.page > pages) throw new AppError('page_out_of_range', 400, { pages });
      const order = input.od === 'asc' ? asc : desc;
      const rows = await ctx.db
        .select(commentColumns)
        .from(pipelineComments)
        .leftJoin(users, eq(users.id, pipelineComments.authorId))
        .where(eq(pipelineComments.cardId, input.itemId))
        .orderBy(order(pipelineComments.createdAt), order(pipelineComments.id))
        .limit(input.limit)
        .offset((input.page - 1) * input.limit);
      return { rows, page: input.page, limit: input.limit, total: total!.n };
    },

    async create(ctx: TenantContext, input: CardKey & { text: string }): Promise<CommentRow> {
      let commentId = '';
      await cards.change(ctx, input, async (tx) => {
        const [row] = await tx
          .insert(pipelineComments)
          .values({ companyId: ctx.companyId, cardId: input.itemId, authorId: ctx.userId, text: input.text })
          .returning({ id: pipelineComments.id });
        commentId = row!.id;
        await tx
          .update(pipelineCards)
          .set({ commentsCount: sql`${pipelineCards.commentsCount} + 1` })
          .where(eq(pipelineCards.id, input.itemId));
      });
      return find(ctx, { ...input, commentId });
    },

    async update(ctx: TenantContext, input: CommentKey & { text: string }): Promise<CommentRow> {
      await findCard(ctx, input);
      if (!mayChangeComment(ctx, await find(ctx, input))) throw forbidden();
      await cards.change(ctx, input, async (tx) => {
        await tx
          .update(pipelineComments)
          .set({ text: input.text, updatedAt: new Date() })
          .where(eq(pipelineComments.id, input.commentId));
      });
      return find(ctx, input);
    },

    async remove(ctx: TenantContext, input: CommentKey): Promise<void> {
      await findCard(ctx, input);
      if (!mayChangeComment(ctx, await find(ctx, input))) throw forbidden();
      await cards.change(ctx, input, async (tx) => {
        await tx.delete(pipelineComments).where(eq(pipelineComments.id, input.commentId));
        await tx
          .update(pipelineCards)
          .set({ commentsCount: sql`${pipelineCards.commentsCount} - 1` })
          .where(eq(pipelineCards.id, input.itemId));
      });
    },
  };
}
