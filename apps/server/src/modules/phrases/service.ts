// Ready phrases (v2): the company's shared answers. Everyone reads and writes them; a phrase is changed or
// deleted as policy.ts says.
import type { PhraseRequest } from '@atende/contract';
import { and, asc, eq, ilike } from 'drizzle-orm';
import { phrases } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { mayEditPhrase } from './policy.ts';
import { phraseColumns, type PhraseRow } from './presenter.ts';

/** Phrases are a company's catalogue: bounded, listed whole. */
export const PHRASES_LIMIT = 1000;

export type PhraseService = ReturnType<typeof phraseService>;

/** Phrases need nothing beyond the tenant context: no dependencies to bind. */
export function phraseService() {
  async function editable(ctx: TenantContext, id: string): Promise<void> {
    const [row] = await ctx.db
      .select(phraseColumns)
      .from(phrases)
      .where(and(eq(phrases.id, id), eq(phrases.companyId, ctx.companyId)));
    if (!row) throw notFound();
    if (!mayEditPhrase(ctx, row)) throw forbidden();
  }

  return {
    async list(ctx: TenantContext, input: { search?: string }): Promise<PhraseRow[]> {
      return ctx.db
        .select(phraseColumns)
        .from(phrases)
        .where(
          and(
            eq(phrases.companyId, ctx.companyId),
            input.search ? ilike(phrases.text, `%${escapeLike(input.search)}%`) : undefined,
          ),
        )
        .orderBy(asc(phrases.text))
        .limit(PHRASES_LIMIT);
    },

    async create(ctx: TenantContext, input: PhraseRequest): Promise<PhraseRow> {
      const [row] = await ctx.db
        .insert(phrases)
        .values({ companyId: ctx.companyId, authorId: ctx.userId, text: input.text })
        .returning(phraseColumns);
      return row!;
    },

    async update(ctx: TenantContext, input: PhraseRequest & { id: string }): Promise<PhraseRow> {
      await editable(ctx, input.id);
      const [row] = await ctx.db
        .update(phrases)
        .set({ text: input.text, updatedAt: new Date() })
        .where(and(eq(phrases.id, input.id), eq(phrases.companyId, ctx.companyId)))
        .returning(phraseColumns);
      return row!;
    },

    async remove(ctx: TenantContext, input: { id: string }): Promise<void> {
      await editable(ctx, input.id);
      await ctx.db.delete(phrases).where(and(eq(phrases.id, input.id), eq(phrases.companyId, ctx.companyId)));
    },
  };
}
