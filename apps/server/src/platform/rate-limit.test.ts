import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limit.ts';

async function behavesAsFixedWindow(
  limiter: RateLimiter,
  key: string,
  advance: (ms: number) => Promise<void>,
) {
  expect(await limiter.peek(key)).toEqual({ count: 0, resetInMs: 0 });
  await limiter.increment(key, 1_000);
  await limiter.increment(key, 1_000);
  const counted = await limiter.peek(key);
  expect(counted.count).toBe(2);
  expect(counted.resetInMs).toBeGreaterThan(0);
  expect(counted.resetInMs).toBeLessThanOrEqual(1_000);
  await limiter.reset(key);
  expect((await limiter.peek(key)).count).toBe(0);
  await limiter.increment(key, 200);
  await advance(260);
  expect((await limiter.peek(key)).count).toBe(0);
}

/** Sliding counts, holds and claims, the parts login throttling is built of. */
async function slidesHoldsAndClaims(
  limiter: RateLimiter,
  key: string,
  advance: (ms: number) => Promise<void>,
) {
  expect(await limiter.hit(`${key}:hits`, 500)).toBe(1);
  await advance(300);
  // Each hit restarts the memory: 600 ms after the first, the count is still there.
  expect(await limiter.hit(`${key}:hits`, 500)).toBe(2);
  await advance(300);
  expect(await limiter.hit(`${key}:hits`, 500)).toBe(3);
  await advance(700);
  expect(await limiter.hit(`${key}:hits`, 500)).toBe(1);

  await limiter.hold(`${key}:hold`, 5_000);
  await limiter.hold(`${key}:hold`, 1_000);
  const held = await limiter.peek(`${key}:hold`);
  expect(held.count).toBe(1);
  expect(held.resetInMs).toBeGreaterThan(500);
  expect(held.resetInMs).toBeLessThanOrEqual(1_000);

  expect(await limiter.claim(`${key}:claim`, 500)).toBe(true);
  expect(await limiter.claim(`${key}:claim`, 500)).toBe(false);
  await advance(300);
  // A claim refused still extends the hold.
  expect(await limiter.claim(`${key}:claim`, 500)).toBe(false);
  await advance(300);
  expect(await limiter.claim(`${key}:claim`, 500)).toBe(false);
  await advance(700);
  expect(await limiter.claim(`${key}:claim`, 500)).toBe(true);
}

describe('rate limiter', () => {
  it('memory: counts within a window and forgets after it', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    await behavesAsFixedWindow(limiter, 'k', async (ms) => void (now += ms));
    await slidesHoldsAndClaims(limiter, 's', async (ms) => void (now += ms));
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('redis: the same behaviour, shared through Redis', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    try {
      const prefix = `atende:test:${process.pid}:${Date.now()}:`;
      const limiter = createRedisRateLimiter(redis, prefix);
      const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
      await behavesAsFixedWindow(limiter, 'k', sleep);
      await slidesHoldsAndClaims(limiter, 's', sleep);
      // A second client (another node) sees the same counts.
      const other = createRedisRateLimiter(new Redis(process.env.TEST_REDIS_URL!), prefix);
      await limiter.increment('shared', 5_000);
      expect((await other.peek('shared')).count).toBe(1);
    } finally {
      redis.disconnect();
    }
  });
});
