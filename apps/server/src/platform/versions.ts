// Version counters that tell a process its cached answer is out of date: a change bumps its key's version
// before it is announced, and a cached answer is kept under the version it was read at. In memory for one
// process; in Redis when REDIS_URL is set, so a change on one node outdates every node's answers at once.
import type { Redis } from 'ioredis';

export type Versions = {
  /** The key's version; null when it cannot be known (Redis unreachable): cache nothing then. */
  read(key: string): Promise<number | null>;
  bump(key: string): Promise<void>;
};

export function createMemoryVersions(): Versions {
  const versions = new Map<string, number>();
  return {
    read: async (key) => versions.get(key) ?? 0,
    bump: async (key) => void versions.set(key, (versions.get(key) ?? 0) + 1),
  };
}

/** Keys live a day after their last bump: a cached answer lives far less, so a key reborn at 0 matches none. */
const KEY_TTL_SECONDS = 86_400;

export function createRedisVersions(redis: Redis, prefix = 'versions:'): Versions {
  return {
    read: async (key) => {
      try {
        return Number((await redis.get(prefix + key)) ?? 0);
      } catch {
        return null;
      }
    },
    // A bump that fails (Redis unreachable) leaves other nodes' answers to their short lifetime: their reads
    // fail alike meanwhile, and cache nothing.
    bump: async (key) => {
      await redis
        .multi()
        .incr(prefix + key)
        .expire(prefix + key, KEY_TTL_SECONDS)
        .exec()
        .catch(() => undefined);
    },
  };
}
