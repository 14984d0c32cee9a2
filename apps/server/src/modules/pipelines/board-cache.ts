// The board's answer shared by those who ask for the same one at once or shortly after: fifty people opening a
// board run its statement once. An answer is kept under the pipeline's version (platform/versions.ts), which
// every change of the pipeline or its cards bumps after commit and before it is announced: whoever saw a
// pipeline.card event, on any node, then asks gets a board that holds the change. Changes outside the pipeline
// (a customer renamed or given to someone else, a user renamed, a team's members) bump nothing: they show
// within ANSWER_TTL_MS.
import { may, type BoardQuery } from '@atende/contract';
import type { TenantContext } from '../../platform/auth.ts';
import type { DomainEvent, EventBus } from '../../platform/events.ts';
import type { Versions } from '../../platform/versions.ts';
import { visibility } from '../contacts/queries.ts';

const ANSWER_TTL_MS = 3_000;
/** Answers kept at most (a board's first pages: some 100 kB each). */
const MAX_ANSWERS = 200;

/** The answer as written for the client (JSON): a hit costs no presenting or serialising of its cards. */
type Answer = { at: number; json: Promise<string> };
export type BoardCache = ReturnType<typeof boardCache>;

const versionKey = (pipelineId: string) => `pipeline-board:${pipelineId}`;

/**
 * Who shares an answer: everyone of the company who sees every pipeline and every customer sees the same
 * board; anyone else only their own (their teams, segments and customers make it theirs).
 */
const viewerKey = (ctx: TenantContext) =>
  may(ctx, 'pipelines.moderate') && visibility(ctx) === 'all' ? 'all' : `user:${ctx.userId}`;

export function boardCache(versions: Versions) {
  const answers = new Map<string, Answer>();

  const remember = (key: string, answer: Answer) => {
    if (answers.size >= MAX_ANSWERS) {
      for (const [old, kept] of answers) if (answer.at - kept.at > ANSWER_TTL_MS) answers.delete(old);
      // Still full: the oldest go first (a Map iterates in insertion order).
      for (const old of answers.keys()) {
        if (answers.size < MAX_ANSWERS) break;
        answers.delete(old);
      }
    }
    answers.set(key, answer);
  };

  return {
    /** The board as `load` writes it, or as written for the same viewer and query since the last change. */
    async read(
      ctx: TenantContext,
      input: BoardQuery & { pipelineId: string },
      load: () => Promise<string>,
    ): Promise<string> {
      const version = await versions.read(versionKey(input.pipelineId));
      if (version === null) return load();
      const key = JSON.stringify([
        ctx.companyId,
        input.pipelineId,
        version,
        viewerKey(ctx),
        input.status,
        input.label_id ?? null,
        input.responsible_id ?? null,
        input.q ?? null,
      ]);
      const now = Date.now();
      const kept = answers.get(key);
      if (kept && now - kept.at <= ANSWER_TTL_MS) return kept.json;
      // Concurrent misses share one read; a failed read (404 included) is not kept.
      const answer: Answer = { at: now, json: load() };
      remember(key, answer);
      answer.json.catch(() => {
        if (answers.get(key) === answer) answers.delete(key);
      });
      return answer.json;
    },

    /** The boards of the pipelines these events change are out of date (before the events go out). */
    async outdate(events: DomainEvent[]): Promise<void> {
      const pipelineIds = new Set<string>();
      for (const event of events)
        if (event.type === 'pipeline.card' || event.type === 'pipeline.changed')
          pipelineIds.add(event.pipelineId);
      await Promise.all([...pipelineIds].map((id) => versions.bump(versionKey(id))));
    },
  };
}

/** The bus the pipeline services announce through: their boards are outdated first, then the events go out. */
export const outdatingBus = (bus: EventBus, boards: BoardCache): EventBus => ({
  subscribe: (handler) => bus.subscribe(handler),
  publish: async (events) => {
    await boards.outdate(events);
    await bus.publish(events);
  },
});
