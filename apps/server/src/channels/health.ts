// An account's health as the Center shows it: when a message last arrived and last left, and the last thing that
// went wrong (a provider's refusal, a webhook whose signature did not match). Arrivals and departures are
// written at most every few seconds per account and process, so a busy line costs no write per message.
import { and, eq } from 'drizzle-orm';
import { channelAccounts } from '../db/schema/index.ts';
import type { Db } from '../platform/db/database.ts';

/** How stale "last inbound/outbound" may be on the Center's screen. */
const TOUCH_EVERY_MS = 10_000;
/** Failure reasons are kept to a readable length. */
const ERROR_MAX = 500;

export type ChannelHealthRecorder = {
  inbound(account: { id: string; companyId: string }): Promise<void>;
  outbound(account: { id: string; companyId: string }): Promise<void>;
  error(account: { id: string; companyId: string }, reason: string): Promise<void>;
};

export function createChannelHealth(db: Db, now: () => number = Date.now): ChannelHealthRecorder {
  const touched = new Map<string, number>();
  const where = (account: { id: string; companyId: string }) =>
    and(eq(channelAccounts.id, account.id), eq(channelAccounts.companyId, account.companyId));

  async function touch(
    account: { id: string; companyId: string },
    column: 'lastInboundAt' | 'lastOutboundAt' | 'lastErrorAt',
    extra: { lastError?: string } = {},
  ): Promise<void> {
    const key = `${column}:${account.id}`;
    const at = now();
    if ((touched.get(key) ?? -Infinity) > at - TOUCH_EVERY_MS) return;
    touched.set(key, at);
    if (touched.size > 10_000) touched.clear();
    await db
      .update(channelAccounts)
      .set({ [column]: new Date(at), ...extra })
      .where(where(account));
  }

  return {
    inbound: (account) => touch(account, 'lastInboundAt'),
    outbound: (account) => touch(account, 'lastOutboundAt'),
    error: (account, reason) => touch(account, 'lastErrorAt', { lastError: reason.slice(0, ERROR_MAX) }),
  };
}
