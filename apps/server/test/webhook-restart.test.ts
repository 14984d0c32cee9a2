// Nothing lost, nothing twice, across a restart in the middle of a burst of webhooks: a Telegram bot's customers
// write 200 messages to the real server process while it is stopped and started again on the same address;
// the provider (its simulator) retries each update until it is answered 200, as Telegram does, and every
// message is stored exactly once.
import { startTelegramSimulator, type TelegramSimulator } from '@atende/simulators/providers/telegram';
import type { CenterChannelAccount, ItemsPage, MessageItem } from '@atende/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall as call, demoLogin } from './http-api.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const CUSTOMERS = 10;
const PER_CUSTOMER = 20;
const CONCURRENCY = 8;
/** How many updates are answered before the server is restarted. */
const RESTART_AFTER = 70;
const RETRY_FOR_MS = 60_000;

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
  });

let dataDir: string;
let sim: TelegramSimulator;
let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.stop();
  await sim?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Posts one update until the server answers 200 (connection refused while it restarts counts as a failure). */
async function deliver(body: string): Promise<number> {
  const deadline = Date.now() + RETRY_FOR_MS;
  for (let attempts = 1; ; attempts++) {
    const status = await sim.postUpdate(body).catch(() => 0);
    if (status === 200) return attempts;
    if (Date.now() > deadline) throw new Error(`update never accepted (last status ${status})`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

describe('webhooks across a restart', () => {
  it('stores every message of a burst exactly once when the server restarts in its middle', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'atende-restart-'));
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    };
    delete process.env.DATABASE_URL;
    sim = await startTelegramSimulator();
    server = await startServerProcess(env);
    const base = server.baseUrl;
    const token = await demoLogin(base, 'admin');
    const account = await call<CenterChannelAccount>(base, token, 'POST', '/center/channels', {
      kind: 'telegram',
      name: 'Bot da rajada',
      settings: sim.account.settings,
      secrets: sim.account.secrets,
    });
    await call(base, token, 'POST', `/center/channels/${account.id}/register-webhook`);

    const updates = Array.from({ length: CUSTOMERS * PER_CUSTOMER }, (_, index) =>
      JSON.stringify(
        sim.buildUpdate({
          from: String(900_000 + (index % CUSTOMERS)),
          name: `Rajada ${index % CUSTOMERS}`,
          text: `rajada ${index}`,
        }),
      ),
    );
    let answered = 0;
    let retried = 0;
    let restarting: Promise<void> | null = null;
    const queue = [...updates];
    const worker = async () => {
      for (let body = queue.shift(); body; body = queue.shift()) {
        retried += (await deliver(body)) - 1;
        answered += 1;
        if (answered === RESTART_AFTER && !restarting) {
          restarting = (async () => {
            await server!.stop();
            server = await startServerProcess(env);
          })();
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await restarting;
    // The restart did cut some deliveries off: the provider had to try them again.
    expect(retried).toBeGreaterThan(0);

    const token2 = await demoLogin(server!.baseUrl, 'admin');
    const stored: string[] = [];
    for (let customer = 0; customer < CUSTOMERS; customer++) {
      const found = await call<{ data: { id: string }[] }>(base, token2, 'POST', '/conversations/search', {
        parameter: 'name',
        value: `Rajada ${customer}`,
      });
      expect(found.data).toHaveLength(1);
      const items = await call<ItemsPage>(
        base,
        token2,
        'GET',
        `/conversation/${found.data[0]!.id}/items?limit=200`,
      );
      stored.push(
        ...items.data
          .filter((item): item is MessageItem => item.type === 'message')
          .map((item) => item.message.text),
      );
    }
    const expected = updates.map((_, index) => `rajada ${index}`);
    expect(stored.sort()).toEqual(expected.sort());
  }, 240_000);
});
