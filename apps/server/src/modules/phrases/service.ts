// Ready phrases (v2): each user's own phrases, which only their author sees and changes (policy.ts), and the
// company's, which everyone reads here and administrators keep in the Center's catalogues (archived ones are no
// longer offered).
import type { PhraseRequest } from '@atende/contract';
import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { companyPhrases, phrases } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { mayEditPhrase } from './policy.ts';
import { companyPhraseColumns, phraseColumns, type PhraseRow, type PhraseRows } from './presenter.ts';

/** Phrases are bounded catalogues, listed whole: at most this many own ones, and as many of the company's. */
export const PHRASES_LIMIT = 1000;

export type PhraseService = ReturnType<typeof phraseService>;

/** Phrases need nothing beyond the tenant context: no dependencies to bind. */
export function phraseService() {
  /** An own phrase its reader may change; a company phrase is refused (kept in the Center), anything else 404. */
  async function editable(ctx: TenantContext, id: string): Promise<void> {
    const [row] = await ctx.db
      .select(phraseColumns)
      .from(phrases)
      .where(and(eq(phrases.id, id), eq(phrases.companyId, ctx.companyId)));
    if (row) {
      if (!mayEditPhrase(ctx, row)) throw notFound();
      return;
    }
    const [shared] = await ctx.db
      .select({ id: companyPhrases.id })
      .from(companyPhrases)
      .where(and(eq(companyPhrases.id, id), eq(companyPhrases.companyId, ctx.companyId)));
    throw shared ? forbidden() : notFound();
  }

  return {
    async list(ctx: TenantContext, input: { search?: string }): Promise<PhraseRows> {
      const pattern = input.search ? `%${escapeLike(input.search)}%` : null;
      const [own, company] = await Promise.all([
        ctx.db
          .select(phraseColumns)
          .from(phrases)
          .where(
            and(
              eq(phrases.companyId, ctx.companyId),
              eq(phrases.authorId, ctx.userId),
              pattern ? ilike(phrases.text, pattern) : undefined,
            ),
          )
          .orderBy(asc(phrases.text))
          .limit(PHRASES_LIMIT),
        ctx.db
          .select(companyPhraseColumns)
          .from(companyPhrases)
          .where(
            and(
              eq(companyPhrases.companyId, ctx.companyId),
              isNull(companyPhrases.archivedAt),
              pattern
                ? or(ilike(companyPhrases.name, pattern), ilike(companyPhrases.text, pattern))
                : undefined,
            ),
          )
          .orderBy(asc(companyPhrases.position), asc(sql`lower(${companyPhrases.name})`))
          .limit(PHRASES_LIMIT),
      ]);
      return { own, company };
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
