// Ready phrases (v2): the company's shared answers. Everyone reads and writes them; a phrase is changed or
// deleted by its author or by a supervising role.
import type { Phrase, PhraseRequest } from '@atende/contract';
import { and, asc, eq, ilike } from 'drizzle-orm';
import { phrases } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { isSupervising } from '../users/policy.ts';

/** Phrases are a company's catalogue: bounded, listed whole. */
export const PHRASES_LIMIT = 1000;

const mayEdit = (ctx: TenantContext, authorId: string | null) =>
  isSupervising(ctx.role) || authorId === ctx.userId;

const present = (ctx: TenantContext, row: { id: string; text: string; authorId: string | null }): Phrase => ({
  id: row.id,
  text: row.text,
  author_id: row.authorId,
  editable: mayEdit(ctx, row.authorId),
});

const columns = { id: phrases.id, text: phrases.text, authorId: phrases.authorId };

export async function listPhrases(ctx: TenantContext, search?: string): Promise<Phrase[]> {
  const rows = await ctx.db
    .select(columns)
    .from(phrases)
    .where(
      and(
        eq(phrases.companyId, ctx.companyId),
        search ? ilike(phrases.text, `%${escapeLike(search)}%`) : undefined,
      ),
    )
    .orderBy(asc(phrases.text))
    .limit(PHRASES_LIMIT);
  return rows.map((row) => present(ctx, row));
}

export async function createPhrase(ctx: TenantContext, input: PhraseRequest): Promise<Phrase> {
  const [row] = await ctx.db
    .insert(phrases)
    .values({ companyId: ctx.companyId, authorId: ctx.userId, text: input.text })
    .returning(columns);
  return present(ctx, row!);
}

async function editable(ctx: TenantContext, id: string) {
  const [row] = await ctx.db
    .select(columns)
    .from(phrases)
    .where(and(eq(phrases.id, id), eq(phrases.companyId, ctx.companyId)));
  if (!row) throw notFound();
  if (!mayEdit(ctx, row.authorId)) throw forbidden();
}

export async function updatePhrase(ctx: TenantContext, id: string, input: PhraseRequest): Promise<Phrase> {
  await editable(ctx, id);
  const [row] = await ctx.db
    .update(phrases)
    .set({ text: input.text, updatedAt: new Date() })
    .where(and(eq(phrases.id, id), eq(phrases.companyId, ctx.companyId)))
    .returning(columns);
  return present(ctx, row!);
}

export async function deletePhrase(ctx: TenantContext, id: string): Promise<void> {
  await editable(ctx, id);
  await ctx.db.delete(phrases).where(and(eq(phrases.id, id), eq(phrases.companyId, ctx.companyId)));
}
