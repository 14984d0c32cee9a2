// Where the windows of company-wide message search start (company-search.ts): each window is the next `size`
// messages, newest first, older than the last one. Finding a start reads that many index entries (on 2M
// messages: 3 ms for 20 000, 30–40 ms for 200 000), so the starts of a company's first page are shared by its
// searches for a few seconds. A start remembered that long only widens the newest window by the messages
// written since; the windows still follow one another, so every message is read by exactly one step.
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';

export type Position = { createdAt: Date; id: string };

/** The order of the company's messages the windows follow: newest first, by (created_at, id). */
export const newerFirst = [desc(messages.createdAt), desc(messages.id)];

/** The windows read in order before the search falls back to the indexes alone, in messages. */
export const SEARCH_WINDOWS: readonly number[] = [20_000, 200_000];

/** How long a company's first-page starts are shared (at 500 messages/s the newest window grows by ⅛). */
const NEWEST_STARTS_TTL_MS = 5_000;
/** Companies remembered at most, so the memory stays bounded whatever the traffic. */
const MAX_COMPANIES = 10_000;

/** Window starts of one search, by window; each holds its query, so concurrent searches share it. */
export type WindowStarts = Promise<Position | null>[];

export type SearchWindows = {
  sizes: readonly number[];
  /** The starts for a search: the company's shared ones on the first page, fresh ones below a cursor. */
  startsFor(companyId: string, firstPage: boolean): WindowStarts;
};

export function createSearchWindows(sizes: readonly number[] = SEARCH_WINDOWS): SearchWindows {
  const newest = new Map<string, { expires: number; starts: WindowStarts }>();
  return {
    sizes,
    startsFor(companyId, firstPage) {
      if (!firstPage) return [];
      const now = Date.now();
      const shared = newest.get(companyId);
      if (shared && shared.expires > now) return shared.starts;
      if (newest.size >= MAX_COMPANIES) newest.clear();
      const starts: WindowStarts = [];
      newest.set(companyId, { expires: now + NEWEST_STARTS_TTL_MS, starts });
      return starts;
    },
  };
}

/**
 * The start of window `index` (the oldest of the newest `size` messages that are `older`; null when fewer
 * exist), from `starts` or read and kept there. A failed read is forgotten, so the next search tries again.
 */
export function windowStart(
  ctx: TenantContext,
  starts: WindowStarts,
  index: number,
  size: number,
  older: SQL | undefined,
): Promise<Position | null> {
  starts[index] ??= ctx.db
    .select({ createdAt: messages.createdAt, id: messages.id })
    .from(messages)
    .where(and(eq(messages.companyId, ctx.companyId), older))
    .orderBy(...newerFirst)
    .offset(size - 1)
    .limit(1)
    .then(([start]) => start ?? null)
    .catch((error: unknown) => {
      starts.length = Math.min(starts.length, index);
      throw error;
    });
  return starts[index];
}
