// The wishlist: a company's users suggest (signed or anonymous) and vote yes or no once each while a suggestion
// is in vote — a vote is final, the table's key refusing a second one even when two arrive at once;
// administrators answer and move the status. Every change is announced to the company after its commit.
import type {
  ModerateSuggestionRequest,
  SuggestionRequest,
  SuggestionStatus,
  SuggestionsQuery,
  SuggestionVote,
} from '@atende/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { suggestions, suggestionVotes, users } from '../../db/schema/index.ts';
import { authorize, type TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import type { SuggestionRow } from './presenter.ts';

// Spelled out: drizzle renders the selected table's columns unqualified, which inside the subqueries would
// name the votes' own columns.
const suggestionId = sql.raw('"suggestions"."id"');
const votesOf = (vote: SuggestionVote) =>
  sql<number>`(select count(*) from suggestion_votes v where v.suggestion_id = ${suggestionId} and v.vote = ${vote})`.mapWith(
    Number,
  );

const columns = (readerId: string) => ({
  id: suggestions.id,
  title: suggestions.title,
  body: suggestions.body,
  anonymous: suggestions.anonymous,
  status: suggestions.status,
  senderId: suggestions.senderId,
  senderName: users.name,
  answer: suggestions.answer,
  answeredAt: suggestions.answeredAt,
  createdAt: suggestions.createdAt,
  yes: votesOf('yes'),
  no: votesOf('no'),
  myVote: sql<SuggestionVote | null>`(select v.vote from suggestion_votes v
    where v.suggestion_id = ${suggestionId} and v.user_id = ${readerId})`,
});

export type SuggestionService = ReturnType<typeof suggestionService>;

export function suggestionService(deps: { bus: EventBus }) {
  const select = (db: Db, readerId: string) =>
    db.select(columns(readerId)).from(suggestions).leftJoin(users, eq(users.id, suggestions.senderId));

  async function one(db: Db, ctx: TenantContext, id: string): Promise<SuggestionRow> {
    const [row] = await select(db, ctx.userId)
      .where(and(eq(suggestions.id, id), eq(suggestions.companyId, ctx.companyId)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  const changed = (ctx: TenantContext, id: string, updatedAt: Date) =>
    ({ type: 'suggestion.changed', companyId: ctx.companyId, suggestionId: id, updatedAt }) as const;

  return {
    async list(ctx: TenantContext, query: SuggestionsQuery) {
      const where = and(
        eq(suggestions.companyId, ctx.companyId),
        query.status === 'all' ? undefined : eq(suggestions.status, query.status),
      );
      const [rows, totals] = await Promise.all([
        select(ctx.db, ctx.userId)
          .where(where)
          .orderBy(desc(suggestions.createdAt), desc(suggestions.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        ctx.db
          .select({ status: suggestions.status, total: count() })
          .from(suggestions)
          .where(eq(suggestions.companyId, ctx.companyId))
          .groupBy(suggestions.status),
      ]);
      const counts: Partial<Record<SuggestionStatus, number>> = Object.fromEntries(
        totals.map((row) => [row.status, row.total]),
      );
      const total =
        query.status === 'all'
          ? totals.reduce((sum, row) => sum + row.total, 0)
          : (counts[query.status] ?? 0);
      return { rows, total, counts };
    },

    async create(ctx: TenantContext, input: SuggestionRequest): Promise<SuggestionRow> {
      return inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const [row] = await tx
          .insert(suggestions)
          .values({
            companyId: ctx.companyId,
            senderId: ctx.userId,
            title: input.title,
            body: input.body,
            anonymous: input.anonymous ?? false,
          })
          .returning({ id: suggestions.id, createdAt: suggestions.createdAt });
        record(changed(ctx, row!.id, row!.createdAt));
        return one(tx, ctx, row!.id);
      });
    },

    async vote(ctx: TenantContext, input: { id: string; vote: SuggestionVote }): Promise<SuggestionRow> {
      return inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const [target] = await tx
          .select({ status: suggestions.status })
          .from(suggestions)
          .where(and(eq(suggestions.id, input.id), eq(suggestions.companyId, ctx.companyId)))
          .for('share');
        if (!target) throw notFound();
        if (target.status !== 'in_vote') throw new AppError('suggestion_not_in_vote', 409);
        const [cast] = await tx
          .insert(suggestionVotes)
          .values({ suggestionId: input.id, userId: ctx.userId, companyId: ctx.companyId, vote: input.vote })
          .onConflictDoNothing()
          .returning({ createdAt: suggestionVotes.createdAt });
        if (!cast) throw new AppError('suggestion_already_voted', 409);
        record(changed(ctx, input.id, cast.createdAt));
        return one(tx, ctx, input.id);
      });
    },

    /** Another company's suggestion is not found for anyone, hence the lookup before the authorisation. */
    async moderate(
      ctx: TenantContext,
      input: ModerateSuggestionRequest & { id: string },
    ): Promise<SuggestionRow> {
      return inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const [current] = await tx
          .select({ answer: suggestions.answer, answeredAt: suggestions.answeredAt })
          .from(suggestions)
          .where(and(eq(suggestions.id, input.id), eq(suggestions.companyId, ctx.companyId)))
          .for('update');
        if (!current) throw notFound();
        authorize(ctx, 'suggestions.moderate');
        const now = new Date();
        const answerChanged = input.answer !== current.answer;
        await tx
          .update(suggestions)
          .set({
            status: input.status,
            answer: input.answer,
            // When the answer was given: kept while it stays the same text.
            answeredAt: input.answer === null ? null : answerChanged ? now : current.answeredAt,
            answeredById: answerChanged ? (input.answer === null ? null : ctx.userId) : undefined,
            updatedAt: now,
          })
          .where(and(eq(suggestions.id, input.id), eq(suggestions.companyId, ctx.companyId)));
        record(changed(ctx, input.id, now));
        return one(tx, ctx, input.id);
      });
    },
  };
}
