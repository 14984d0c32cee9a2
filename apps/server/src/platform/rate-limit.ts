// Fixed-window counters for throttling (login failures). In memory for one process; in Redis when REDIS_URL
// is set, so every node of a distributed deployment shares the same counts.
import type { Redis } from 'ioredis';

export type RateLimiter = {
  /** Current count in the key's window and the milliseconds until the window resets. */
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  increment(key: string, windowMs: number): Promise<void>;
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
  return {
    async peek(key) {
      const entry = live(key);
      return { count: entry?.count ?? 0, resetInMs: entry ? entry.resetAt - now() : 0 };
    },
    async increment(key, windowMs) {
      const entry = live(key);
      if (entry) entry.count += 1;
      else windows.set(key, { count: 1, resetAt: now() + windowMs });
      if (windows.size > 100_000) sweep(windows, now());
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
      await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec()
        .then(unwrap);
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
