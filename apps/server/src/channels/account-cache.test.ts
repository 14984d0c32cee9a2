import { describe, expect, it } from 'vitest';
import { ACCOUNT_CACHE_MAX, ACCOUNT_CACHE_TTL_MS, createAccountCache } from './account-cache.ts';
import type { ChannelAccountRecord } from './adapter.ts';

const account = (id: string): ChannelAccountRecord => ({
  id,
  companyId: 'c1',
  kind: 'telegram',
  name: 'Bot',
  address: '@bot',
  enabled: true,
  settings: { api_base_url: 'https://api.telegram.org' },
  credentials: { bot_token: 't' },
  updatedAt: new Date(0),
});

const NOW = 1_000_000;

function listeningCache() {
  const cache = createAccountCache();
  cache.listening(true);
  return cache;
}

describe('channel account cache', () => {
  it('remembers an opened account for ACCOUNT_CACHE_TTL_MS, frozen for every caller', () => {
    const cache = listeningCache();
    cache.remember(cache.version(), account('a1'), NOW);
    const got = cache.get('a1', NOW + ACCOUNT_CACHE_TTL_MS - 1)!;
    expect(got).toEqual(account('a1'));
    expect(Object.isFrozen(got) && Object.isFrozen(got.credentials) && Object.isFrozen(got.settings)).toBe(
      true,
    );
    expect(cache.get('a1', NOW + ACCOUNT_CACHE_TTL_MS)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets an account that changed, and keeps nothing read while a change was told', () => {
    const cache = listeningCache();
    cache.remember(cache.version(), account('a1'), NOW);
    cache.remember(cache.version(), account('a2'), NOW);
    cache.forget('a1');
    expect(cache.get('a1', NOW)).toBeUndefined();
    expect(cache.get('a2', NOW)).toBeDefined();
    // Read before the change, remembered after it: the read may be the old account.
    const before = cache.version();
    cache.forget('a3');
    cache.remember(before, account('a3'), NOW);
    expect(cache.get('a3', NOW)).toBeUndefined();
  });

  it('keeps nothing while changes are not heard, and forgets everything when hearing stops', () => {
    const cache = createAccountCache();
    cache.remember(cache.version(), account('a1'), NOW);
    expect(cache.get('a1', NOW)).toBeUndefined();
    cache.listening(true);
    cache.remember(cache.version(), account('a1'), NOW);
    expect(cache.get('a1', NOW)).toBeDefined();
    cache.listening(false);
    expect(cache.get('a1', NOW)).toBeUndefined();
  });

  it('holds at most ACCOUNT_CACHE_MAX accounts, the oldest going first', () => {
    const cache = listeningCache();
    for (let i = 0; i <= ACCOUNT_CACHE_MAX; i++) cache.remember(cache.version(), account(`a${i}`), NOW);
    expect(cache.size).toBe(ACCOUNT_CACHE_MAX);
    expect(cache.get('a0', NOW)).toBeUndefined();
    expect(cache.get(`a${ACCOUNT_CACHE_MAX}`, NOW)).toBeDefined();
  });
});
