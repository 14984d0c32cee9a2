import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { redisTarget, startTcpProxy, throughProxy } from '../../test/tcp-proxy.ts';
import { fanOutClients, type FanOutWatch } from './fan-out-redis.ts';

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
  const quiet = { warn: () => undefined, info: () => undefined };
  const watching = (onPublishFailed: FanOutWatch['onPublishFailed']): FanOutWatch => ({
    onPublishFailed,
    log: quiet,
    onRecovered: () => undefined,
  });

  it('a publish that fails while running is warned about once per interval, never left unhandled', async () => {
    const warnings: { error: Error; alsoFailed: number }[] = [];
    const clients = fanOutClients(
      redisUrl!,
      watching((error, alsoFailed) => warnings.push({ error, alsoFailed })),
    );
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
    const clients = fanOutClients(
      redisUrl!,
      watching((error) => warnings.push(error)),
    );
    await clients.publisher.ping();
    await clients.quit();
    void clients.publisher.publish('atende:test', 'late');
    await afterRejections();
    expect(unhandled).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('an outage is logged once per client, never as an unhandled error; its end is told once both are back', async () => {
    const proxy = await startTcpProxy(redisTarget(redisUrl!));
    const printed = vi.spyOn(console, 'error');
    const logged: { level: string; redis: string }[] = [];
    const log = (level: string) => (details: object) =>
      logged.push({ level, redis: (details as { redis: string }).redis });
    let recoveries = 0;
    const clients = fanOutClients(throughProxy(redisUrl!, proxy), {
      onPublishFailed: () => undefined,
      log: { warn: log('warn'), info: log('info') },
      onRecovered: () => recoveries++,
    });
    const direct = new Redis(redisUrl!);
    try {
      const heard: string[] = [];
      clients.subscriber.on('message', (_channel: string, message: string) => heard.push(message));
      await clients.subscriber.subscribe('atende:outage-test');
      await clients.publisher.ping();

      let attempts = 0;
      clients.publisher.on('reconnecting', () => attempts++);
      await proxy.cut();
      await until(() => attempts >= 4, 'several reconnection attempts');
      await proxy.restore();
      await until(() => recoveries > 0, 'the recovery');

      // Told only once the subscriber hears again: a message published now reaches it.
      await direct.publish('atende:outage-test', 'after');
      await until(() => heard.includes('after'), 'the resubscribed channel');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(recoveries).toBe(1);
      const count = (level: string, redis: string) =>
        logged.filter((entry) => entry.level === level && entry.redis === redis).length;
      for (const redis of ['fan-out publisher', 'fan-out subscriber']) {
        expect(count('warn', redis), redis).toBe(1);
        expect(count('info', redis), redis).toBe(1);
      }
      const unhandled = printed.mock.calls.filter((call) => String(call[0]).includes('Unhandled error'));
      expect(unhandled).toEqual([]);
    } finally {
      printed.mockRestore();
      direct.disconnect();
      await clients.quit();
      await proxy.close();
    }
  });
});

async function until(condition: () => boolean, what: string, withinMs = 10_000): Promise<void> {
  for (const deadline = Date.now() + withinMs; !condition();) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
