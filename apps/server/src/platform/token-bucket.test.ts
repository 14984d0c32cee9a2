import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import {
  createMemoryTokenBuckets,
  createRedisTokenBuckets,
  type TokenBucketRule,
  type TokenBuckets,
} from './token-bucket.ts';

const HUMAN: TokenBucketRule = { burst: 10, perSecond: 1 };
const SITE: TokenBucketRule = { burst: 15, perSecond: 1 };

async function takeMany(buckets: TokenBuckets, times: number, ...keys: [string, TokenBucketRule][]) {
  const answers = await Promise.all(
    Array.from({ length: times }, () => buckets.take(keys.map(([key, rule]) => ({ key, rule })))),
  );
  return answers.filter((answer) => answer.taken).length;
}

/** What holds whatever the clock: the burst, then refusals with a wait; all or nothing across buckets. */
async function behavesAsTokenBuckets(buckets: TokenBuckets, id: string) {
  expect(await takeMany(buckets, 1_000, [`${id}:ana`, HUMAN])).toBe(10);
  const refused = await buckets.take([{ key: `${id}:ana`, rule: HUMAN }]);
  expect(refused).toMatchObject({ taken: false });
  expect(!refused.taken && refused.retryInMs).toBeGreaterThan(0);
  expect(!refused.taken && refused.retryInMs).toBeLessThanOrEqual(1_000);

  // Ana's refusals (her bucket empty) spent nothing of the site's: Bia still gets her burst, up to the site's.
  expect(await takeMany(buckets, 50, [`${id}:ana`, HUMAN], [`${id}:site`, SITE])).toBe(0);
  expect(await takeMany(buckets, 50, [`${id}:bia`, HUMAN], [`${id}:site`, SITE])).toBe(10);
  // The site has 5 left: Caio, with a full bucket of his own, gets those only.
  expect(await takeMany(buckets, 50, [`${id}:caio`, HUMAN], [`${id}:site`, SITE])).toBe(5);
}

describe('token buckets', () => {
  it('memory: a burst, then the refill rate, and all or nothing across buckets', async () => {
    let now = 1_000_000;
    const buckets = createMemoryTokenBuckets(() => now);
    await behavesAsTokenBuckets(buckets, 'k');
    now += 1_000;
    expect(await takeMany(buckets, 100, ['k:ana', HUMAN])).toBe(1);
    now += 3_500;
    expect(await takeMany(buckets, 100, ['k:ana', HUMAN])).toBe(3);
    // Never more than the burst, however long the pause.
    now += 3_600_000;
    expect(await takeMany(buckets, 100, ['k:ana', HUMAN])).toBe(10);
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('redis: the same, shared by every client of Redis', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    const other = new Redis(process.env.TEST_REDIS_URL!);
    try {
      const prefix = `atende:test:${process.pid}:${Date.now()}:`;
      const buckets = createRedisTokenBuckets(redis, prefix);
      await behavesAsTokenBuckets(buckets, 'k');
      // A second client (another node) spends the same tokens.
      const elsewhere = createRedisTokenBuckets(other, prefix);
      expect(await takeMany(elsewhere, 5, ['k:bia', HUMAN])).toBe(0);
      expect(await takeMany(elsewhere, 5, ['k:dora', HUMAN])).toBe(5);
      expect(await takeMany(buckets, 10, ['k:dora', HUMAN])).toBe(5);
      // Refilling by Redis's clock: 10 a second, so one each 100 ms.
      const fast: TokenBucketRule = { burst: 2, perSecond: 10 };
      expect(await takeMany(buckets, 10, ['k:fast', fast])).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await takeMany(elsewhere, 10, ['k:fast', fast])).toBe(2);
      // A bucket expires once it would be full again.
      expect(await redis.pttl(`${prefix}k:fast`)).toBeGreaterThan(0);
      expect(await redis.pttl(`${prefix}k:fast`)).toBeLessThanOrEqual(1_200);
    } finally {
      redis.disconnect();
      other.disconnect();
    }
  });
});
