import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fanOutClients } from './fan-out-redis.ts';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("the Socket.IO adapter's Redis clients", () => {
  // The adapter never handles its publishes' promises: a rejection nobody handles would end the process.
  const unhandled: unknown[] = [];
  const collect = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', collect);
  });
  afterEach(() => void process.off('unhandledRejection', collect));

  const afterRejections = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('a publish that fails while running is warned about once per interval, never left unhandled', async () => {
    const warnings: { error: Error; alsoFailed: number }[] = [];
    const clients = fanOutClients(redisUrl!, (error, alsoFailed) => warnings.push({ error, alsoFailed }));
    try {
      await clients.publisher.ping();
      // Redis gone: the connection ends without the process shutting down.
      clients.publisher.disconnect();
      void clients.publisher.publish('atende:test', 'one');
      void clients.publisher.publish('atende:test', 'two');
      await afterRejections();
      expect(unhandled).toEqual([]);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.error.message).toMatch(/closed/i);
    } finally {
      await clients.quit();
    }
  });

  it('an emit after shutdown quit the clients is dropped quietly', async () => {
    const warnings: Error[] = [];
    const clients = fanOutClients(redisUrl!, (error) => warnings.push(error));
    await clients.publisher.ping();
    await clients.quit();
    void clients.publisher.publish('atende:test', 'late');
    await afterRejections();
    expect(unhandled).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
