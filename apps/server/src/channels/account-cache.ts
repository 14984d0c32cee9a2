// The channel accounts this process opened recently, so that a provider's webhook need not read its account and
// decrypt its credentials on every call (at 500 webhooks a second, a read and an AES open each). The database
// tells every process when an account changes (the triggers of migration 0037 notify `atende_channel_accounts`
// with the account's id at commit, whichever process or operator wrote it); while that channel is deaf the cache
// keeps nothing, and an entry is trusted for a minute at most should a notification ever go missing.
import type { ChannelAccountRecord } from './adapter.ts';

/** The channel migration 0037's triggers notify, with the changed account's id as payload. */
export const ACCOUNT_CHANNEL = 'atende_channel_accounts';
/** How long an opened account is trusted without a notification. */
export const ACCOUNT_CACHE_TTL_MS = 60_000;
/** Accounts kept at most; the oldest go first. */
export const ACCOUNT_CACHE_MAX = 5_000;

type Entry = { account: ChannelAccountRecord; openedAt: number };

export type AccountCache = {
  get(id: string, now: number): ChannelAccountRecord | undefined;
  /**
   * Taken before reading an account, handed to `remember` with what was read: a change notified while the read
   * was in flight makes `remember` keep nothing (the read may predate the change).
   */
  version(): number;
  remember(version: number, account: ChannelAccountRecord, now: number): void;
  /** The account changed (a notification's payload, or this process's own event): forgotten. */
  forget(id: string): void;
  /** Whether changes are being heard: until they are again, nothing is kept. */
  listening(live: boolean): void;
  readonly size: number;
};

export function createAccountCache(): AccountCache {
  const entries = new Map<string, Entry>();
  let version = 0;
  let live = false;
  return {
    get(id, now) {
      const entry = entries.get(id);
      if (!entry) return undefined;
      if (now - entry.openedAt < ACCOUNT_CACHE_TTL_MS) return entry.account;
      entries.delete(id);
      return undefined;
    },
    version: () => version,
    remember(at, account, now) {
      if (!live || at !== version) return;
      entries.delete(account.id);
      if (entries.size >= ACCOUNT_CACHE_MAX) entries.delete(entries.keys().next().value!);
      // Shared by every webhook of the account from now on: none may change it for the others.
      Object.freeze(account.settings);
      Object.freeze(account.credentials);
      entries.set(account.id, { account: Object.freeze(account), openedAt: now });
    },
    forget(id) {
      version += 1;
      entries.delete(id);
    },
    listening(next) {
      live = next;
      version += 1;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
