import { defaultPermissions } from '@atende/contract';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from './auth.ts';
import { createSessionCache, SESSION_CACHE_MAX, SESSION_CACHE_TTL_MS } from './session-cache.ts';

const session = (sessionId: string, userId = 'u1'): AuthContext => ({
  companyId: 'c1',
  userId,
  sessionId,
  role: 'attendant',
  permissions: defaultPermissions('attendant'),
});

const NOW = 1_000_000;
const LATER = NOW + 3_600_000;

function listeningCache() {
  const cache = createSessionCache();
  cache.listening(true);
  return cache;
}

describe('session cache', () => {
  it('remembers a checked session until it expires or SESSION_CACHE_TTL_MS passes', () => {
    const cache = listeningCache();
    cache.remember(cache.version(), session('s1'), NOW + 1_000, NOW);
    expect(cache.get('s1', NOW + 999)).toEqual(session('s1'));
    expect(cache.get('s1', NOW + 1_000)).toBeUndefined();

    cache.remember(cache.version(), session('s2'), LATER, NOW);
    expect(cache.get('s2', NOW + SESSION_CACHE_TTL_MS - 1)).toBeDefined();
    expect(cache.get('s2', NOW + SESSION_CACHE_TTL_MS)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets a session, or every session of a user, when the database says they changed', () => {
    const cache = listeningCache();
    for (const [id, user] of [
      ['s1', 'u1'],
      ['s2', 'u1'],
      ['s3', 'u2'],
      ['s4', 'u3'],
    ] as const) {
      cache.remember(cache.version(), session(id, user), LATER, NOW);
    }
    cache.changed('user:u1');
    expect([cache.get('s1', NOW), cache.get('s2', NOW)]).toEqual([undefined, undefined]);
    expect(cache.get('s3', NOW)).toBeDefined();
    cache.changed('session:s3');
    expect(cache.get('s3', NOW)).toBeUndefined();
    // A payload it does not understand forgets everything rather than risk keeping a changed session.
    cache.changed('something else');
    expect(cache.get('s4', NOW)).toBeUndefined();
  });

  it('keeps nothing read before a change it was told of while the read was in flight', () => {
    const cache = listeningCache();
    const before = cache.version();
    cache.changed('user:u9');
    cache.remember(before, session('s1'), LATER, NOW);
    expect(cache.get('s1', NOW)).toBeUndefined();
    cache.remember(cache.version(), session('s1'), LATER, NOW);
    expect(cache.get('s1', NOW)).toBeDefined();
    const during = cache.version();
    cache.forgetSessions(['s1']);
    cache.remember(during, session('s1'), LATER, NOW);
    expect(cache.get('s1', NOW)).toBeUndefined();
  });

  it('keeps nothing while it cannot hear changes, and forgets all when it stops hearing them', () => {
    const cache = createSessionCache();
    cache.remember(cache.version(), session('s1'), LATER, NOW);
    expect(cache.get('s1', NOW)).toBeUndefined();
    cache.listening(true);
    cache.remember(cache.version(), session('s1'), LATER, NOW);
    expect(cache.get('s1', NOW)).toBeDefined();
    cache.listening(false);
    expect(cache.get('s1', NOW)).toBeUndefined();
  });

  it('holds at most SESSION_CACHE_MAX sessions, dropping the oldest', () => {
    const cache = listeningCache();
    for (let i = 0; i <= SESSION_CACHE_MAX; i += 1) {
      cache.remember(cache.version(), session(`s${i}`), LATER, NOW);
    }
    expect(cache.size).toBe(SESSION_CACHE_MAX);
    expect(cache.get('s0', NOW)).toBeUndefined();
    expect(cache.get(`s${SESSION_CACHE_MAX}`, NOW)).toBeDefined();
  });
});
