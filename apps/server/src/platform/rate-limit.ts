// Counters and holds for throttling (login failures, widget sessions). In memory for one process; in Redis when
// REDIS_URL is set, so every node of a distributed deployment shares the same counts.
import type { Redis } from 'ioredis';

export type RateLimiter = {
  /** Current count in the key's window and the milliseconds until the window resets (or the hold ends). */
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  /** Fixed window: counts one more and answers the new count; the window starts with the first count. */
  increment(key: string, windowMs: number): Promise<number>;
  /** Sliding memory: counts one more and answers the new count; the key is forgotten `idleMs` after its last hit. */
  hit(key: string, idleMs: number): Promise<number>;
  /** Holds the key for `ms` from now, whatever it held before (peek answers the time left). */
  hold(key: string, ms: number): Promise<void>;
  /** True when the key was free and is now held; either way it is held for `ms` from now. */
  claim(key: string, ms: number): Promise<boolean>;
  reset(key: string): Promise<void>;
};

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  const set = (key: string, count: number, ms: number) => {
    windows.set(key, { count, resetAt: now() + ms });
    if (windows.size > 100_000) sweep(windows, now());
  };
  return {
    async peek(key) {
      const entry = live(key);
      return { count: entry?.count ?? 0, resetInMs: entry ? entry.resetAt - now() : 0 };
    },
    async increment(key, windowMs) {
      const entry = live(key);
      if (!entry) set(key, 1, windowMs);
      else entry.count += 1;
      return entry?.count ?? 1;
    },
    async hit(key, idleMs) {
      const count = (live(key)?.count ?? 0) + 1;
      set(key, count, idleMs);
      return count;
    },
    async hold(key, ms) {
      set(key, 1, ms);
    },
    async claim(key, ms) {
      const free = !live(key);
      set(key, 1, ms);
      return free;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

function sweep(windows: Map<string, { resetAt: number }>, at: number): void {
  for (const [key, entry] of windows) if (entry.resetAt <= at) windows.delete(key);
}

export function createRedisRateLimiter(redis: Redis, prefix = 'atende:rl:'): RateLimiter {
  return {
    async peek(key) {
      const [count, ttl] = await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec()
        .then(unwrap);
      return { count: Number(count ?? 0), resetInMs: Math.max(Number(ttl), 0) };
    },
    async increment(key, windowMs) {
      // The window starts with the first failure: NX sets the expiry only when the key has none yet.
      const [count] = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec()
        .then(unwrap);
      return Number(count);
    },
    async hit(key, idleMs) {
      const [count] = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, idleMs)
        .exec()
        .then(unwrap);
      return Number(count);
    },
    async hold(key, ms) {
      await redis.set(prefix + key, 1, 'PX', ms);
    },
    async claim(key, ms) {
      const [taken] = await redis
        .multi()
        .set(prefix + key, 1, 'PX', ms, 'NX')
        .pexpire(prefix + key, ms)
        .exec()
        .then(unwrap);
      return taken === 'OK';
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

function unwrap(results: [Error | null, unknown][] | null): unknown[] {
  if (!results) throw new Error('redis transaction aborted');
  return results.map(([error, value]) => {
    if (error) throw error;
    return value;
  });
}
