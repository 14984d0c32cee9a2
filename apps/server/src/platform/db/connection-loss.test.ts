// A PostgreSQL restart or an unreachable database, on the real PostgreSQL (TEST_DATABASE_URL): sessions the
// server ended are replaced without the requests on them failing, and while the database cannot be reached
// requests answer 503 with Retry-After — never a 500, never an error that could end the process.
import { createServer, Socket, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/** A TCP relay to PostgreSQL that the test can stop (connections cut, new ones refused) and start again. */
async function startRelay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      if (server?.listening) return resolve();
      server = createServer((client) => {
        const upstream = new Socket();
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        upstream.connect(Number(target.port || 5432), target.hostname);
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    reach(url: string) {
      const relayed = new URL(url);
      relayed.hostname = '127.0.0.1';
      relayed.port = String(port);
      return relayed.toString();
    },
    start: listen,
    async stop() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

let relay: Awaited<ReturnType<typeof startRelay>>;
let t: TestApp;
let me: Actor;
let databaseName: string;

/**
 * Ends every session of the app's database, as a restart or an administrator does, and returns at once: the
 * requests that follow race the news of it, as they do in production.
 */
async function terminateSessions() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rows } = await admin.query(
    'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [databaseName],
  );
  void admin.end();
  expect(rows.length).toBeGreaterThan(0);
}

const listContacts = () => injectAs(t.app, me, { method: 'GET', url: '/api/contacts' });

describe.skipIf(!adminUrl)('losing the PostgreSQL connection', () => {
  beforeAll(async () => {
    relay = await startRelay(new URL(adminUrl!));
    t = await createTestApp({
      reachDatabase: (url) => {
        databaseName = new URL(url).pathname.slice(1);
        return relay.reach(url);
      },
    });
    me = await makeActor(t.app, t.database.db, 'attendant');
  });
  afterAll(async () => {
    await relay?.start().catch(() => undefined);
    await t?.close();
    await relay?.stop();
  });

  it('replaces the sessions the server ended: reads, transactions and jobs carry on', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    // Several requests at once, so the pool holds several idle sessions when they are ended.
    const readTogether = async () =>
      (await Promise.all(Array.from({ length: 5 }, listContacts))).map((response) => response.statusCode);
    expect(await readTogether()).toEqual([200, 200, 200, 200, 200]);

    await terminateSessions();
    expect(await readTogether()).toEqual([200, 200, 200, 200, 200]);

    // The retries ran outside the pool: fill it again before ending its sessions once more.
    expect(await readTogether()).toEqual([200, 200, 200, 200, 200]);
    await terminateSessions();
    // A send is a transaction that enqueues a job; the job queue's own sessions were ended too.
    const sent = await injectAs(t.app, me, {
      method: 'POST',
      url: `/api/conversation/${contact.id}/messages`,
      payload: { text: 'Depois do reinício' },
    });
    expect(sent.statusCode).toBe(201);
    const id = sent.json<{ id: string }>().id;
    const deadline = Date.now() + 15_000;
    for (;;) {
      const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
      if (row?.status === 'sent') break;
      if (Date.now() > deadline) throw new Error(`message stayed ${row?.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('answers 503 with Retry-After while the database cannot be reached, then recovers', async () => {
    expect((await listContacts()).statusCode).toBe(200);
    await relay.stop();
    const refused = await Promise.all([
      listContacts(),
      injectAs(t.app, me, {
        method: 'POST',
        url: '/api/conversations',
        payload: { name: 'Sem banco', channel: { type: 'whatsapp', address: '5511999990000' } },
        headers: { 'accept-language': 'en' },
      }),
    ]);
    for (const response of refused) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ code: 'service_unavailable' });
    }
    expect(refused[1]!.json().message).toBe('Service temporarily unavailable. Please try again shortly.');

    await relay.start();
    expect((await listContacts()).statusCode).toBe(200);
  });
});
