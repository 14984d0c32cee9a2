// Two server processes on one PostgreSQL and one Redis: a change made through one reaches a socket of the other,
// an access taken away through one (an assignment, a demotion, a deactivation) takes the socket of the other out
// of the room or closes it, and a Redis outage ends with every client told to resync.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContactSummary, Message, Responsible } from '@atende/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from './factories.ts';
import { adminQuery, withDatabase } from './global-setup.ts';
import { connectSocket, type TestSocket } from './realtime-client.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { redisTarget, startTcpProxy, throughProxy, type TcpProxy } from './tcp-proxy.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

const nodes: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(nodes.map((node) => node.stop()));
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function startNode(
  databaseUrl: string,
  dataDir: string,
  workers = 1,
  redis = redisUrl,
): Promise<ServerProcess> {
  const node = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis,
    JWT_SECRET: 'distributed-test-secret-distributed-test-secret',
    WORKERS: String(workers),
  });
  nodes.push(node);
  return node;
}

/** A fresh database and data directory, dropped after the file. */
async function freshDatabase(): Promise<{ databaseUrl: string; dataDir: string }> {
  const database = `atende_dist_${process.pid}_${Date.now()}`;
  await adminQuery(adminUrl!, `create database ${database}`);
  cleanups.push(() => adminQuery(adminUrl!, `drop database if exists ${database} with (force)`));
  const dataDir = await mkdtemp(join(tmpdir(), 'atende-dist-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return { databaseUrl: withDatabase(adminUrl!, database), dataDir };
}

async function login(base: string, username: string, password = 'demo1234'): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ company: 'demo', username, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function api(base: string, token: string, method: string, path: string, body?: object) {
  return fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function socketOn(base: string, token: string): Promise<TestSocket> {
  const socket = await connectSocket(base, token);
  cleanups.push(async () => void socket.close());
  return socket;
}

let proxied: Promise<{ a: ServerProcess; b: ServerProcess; proxy: TcpProxy }> | null = null;

/** Two processes that reach Redis through a proxy the test can cut (the shared Redis stays up). */
function proxiedPair() {
  proxied ??= (async () => {
    const proxy = await startTcpProxy(redisTarget(redisUrl!));
    cleanups.push(() => proxy.close());
    const { databaseUrl, dataDir } = await freshDatabase();
    const redis = throughProxy(redisUrl!, proxy);
    const [a, b] = await Promise.all([
      startNode(databaseUrl, join(dataDir, 'a'), 1, redis),
      startNode(databaseUrl, join(dataDir, 'b'), 1, redis),
    ]);
    return { a, b, proxy };
  })();
  return proxied;
}

/** A user of the demo company made through one process's Center, signed in on the other with a socket. */
async function colleagueOn(
  through: ServerProcess,
  on: ServerProcess,
  adminToken: string,
  role: 'supervisor' | 'attendant',
) {
  const fields = {
    name: `Colega ${role}`,
    username: `colega.${role}.${Date.now().toString(36)}`,
    role,
    timezone: 'America/Sao_Paulo',
  };
  const password = 'colega-senha-1234';
  const created = await api(through.baseUrl, adminToken, 'POST', '/api/center/users', {
    ...fields,
    password,
  });
  expect(created.status).toBe(201);
  const { user } = (await created.json()) as { user: { id: string } };
  const token = await login(on.baseUrl, fields.username, password);
  return { id: user.id, fields, token, socket: await socketOn(on.baseUrl, token) };
}

/** A contact of attendant2's, created through `base` by the supervisor (who watches it from `observer`). */
async function colleaguesContact(base: string, supervisorToken: string, observer: TestSocket, name: string) {
  const created = await api(base, supervisorToken, 'POST', '/api/conversations', {
    name,
    channel: { type: 'sms', address: `+55 11 9${Math.floor(1e7 + Math.random() * 9e7)}` },
  });
  expect(created.status).toBe(201);
  const contactId = ((await created.json()) as { id: string }).id;
  const list = await api(base, supervisorToken, 'GET', '/api/responsibles?search=attendant2');
  const owner = ((await list.json()) as { data: Responsible[] }).data.find(
    (u) => u.username === 'attendant2',
  );
  const given = await api(base, supervisorToken, 'POST', `/api/conversation/${contactId}`, {
    responsible_id: owner!.id,
  });
  expect(given.status).toBe(200);
  expect(await observer.emitWithAck('contact.watch', contactId)).toBe(true);
  return contactId;
}

type Viewers = { contact_id: string; viewers: { id: string }[] };

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!adminUrl || !redisUrl)('distributed mode (PostgreSQL + Redis)', () => {
  it('an event produced on one process reaches a client of the other', async () => {
    const { databaseUrl, dataDir } = await freshDatabase();
    // Both start at once on the empty database: one migrates and seeds, the other waits for it.
    const [a, b] = await Promise.all([
      startNode(databaseUrl, join(dataDir, 'a')),
      startNode(databaseUrl, join(dataDir, 'b')),
    ]);
    const [nodeA, nodeB] = [a.baseUrl, b.baseUrl];
    const supervisorOnB: TestSocket = await connectSocket(nodeB, await login(nodeB, 'supervisor'));
    cleanups.push(async () => void supervisorOnB.close());

    const attendantToken = await login(nodeA, 'attendant');
    const created = await fetch(`${nodeA}/api/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${attendantToken}` },
      body: JSON.stringify({
        name: 'Cliente Distribuído',
        channel: { type: 'sms', address: '+55 11 95555-0000' },
      }),
    });
    expect(created.status).toBe(201);
    const contact = await supervisorOnB.next<ContactSummary>(
      'contact.created',
      (c) => c.name === 'Cliente Distribuído',
    );
    expect(contact.responsible?.name).toBe('Juliana Souza');

    const taken = await fetch(`${nodeA}/api/conversations/waiting/conversation`, {
      headers: { authorization: `Bearer ${attendantToken}` },
    });
    expect(taken.status).toBe(200);
    const takenId = ((await taken.json()) as { id: string }).id;
    await supervisorOnB.next<{ contact_id: string }>('contact.assigned', (e) => e.contact_id === takenId);
    await supervisorOnB.next<{ count: number }>('waiting.changed');

    // B remembers the attendant's session once used there; ended through A, B refuses it within moments.
    const userOnB = async () =>
      (await fetch(`${nodeB}/api/user`, { headers: { authorization: `Bearer ${attendantToken}` } })).status;
    expect(await userOnB()).toBe(200);
    expect(await userOnB()).toBe(200);
    const out = await fetch(`${nodeA}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${attendantToken}` },
    });
    expect(out.status).toBe(200);
    let status = 200;
    for (const deadline = Date.now() + 2_000; status !== 401 && Date.now() < deadline;) {
      status = await userOnB();
    }
    expect(status).toBe(401);
  }, 120_000);

  it('serves from WORKERS processes on one port, replaces one that dies, and stops them all', async () => {
    const { databaseUrl, dataDir } = await freshDatabase();
    const server = await startNode(databaseUrl, dataDir, 2);
    const ready = () => new Set(server.logs.filter((line) => line.msg === 'ready').map((line) => line.pid!));
    await until(() => ready().size === 2, 'two server processes');
    const token = await login(server.baseUrl, 'attendant');
    const me = () =>
      fetch(`${server.baseUrl}/api/user`, { headers: { authorization: `Bearer ${token}` } }).then(
        (response) => response.status,
      );
    expect(await Promise.all(Array.from({ length: 20 }, me))).toEqual(Array(20).fill(200));

    const [victim] = [...ready()];
    process.kill(victim!, 'SIGKILL');
    await until(() => ready().size === 3, 'a replacement process');
    expect(server.logs.some((line) => line.msg === 'server process exited')).toBe(true);
    expect(await Promise.all(Array.from({ length: 10 }, me))).toEqual(Array(10).fill(200));

    expect(await server.stop()).toBe(0);
    expect([...ready()].filter(isAlive)).toEqual([]);
  }, 120_000);

  it('an attendant on one process loses the room of a contact assigned to another through the other', async () => {
    const { a, b } = await proxiedPair();
    const supervisorToken = await login(a.baseUrl, 'supervisor');
    const observer = await socketOn(a.baseUrl, supervisorToken);
    const watcher = await socketOn(b.baseUrl, await login(b.baseUrl, 'attendant'));

    // A contact waiting unassigned: created by the supervisor, then given back to the queue.
    const created = await api(a.baseUrl, supervisorToken, 'POST', '/api/conversations', {
      name: 'Cliente na fila',
      channel: { type: 'sms', address: '+55 11 95555-0101' },
    });
    expect(created.status).toBe(201);
    const contactId = ((await created.json()) as { id: string }).id;
    const edit = (body: object) =>
      api(a.baseUrl, supervisorToken, 'POST', `/api/conversation/${contactId}`, body);
    expect((await edit({ responsible_id: null })).status).toBe(200);
    expect(await observer.emitWithAck('contact.watch', contactId)).toBe(true);
    expect(await watcher.emitWithAck('contact.watch', contactId)).toBe(true);
    await observer.next<Viewers>(
      'contact.viewers',
      (e) => e.contact_id === contactId && e.viewers.length === 2,
    );

    const list = await api(a.baseUrl, supervisorToken, 'GET', '/api/responsibles?search=attendant2');
    const other = ((await list.json()) as { data: Responsible[] }).data.find(
      (user) => user.username === 'attendant2',
    );
    observer.received.length = 0;
    expect((await edit({ responsible_id: other!.id })).status).toBe(200);
    await observer.next<Viewers>(
      'contact.viewers',
      (e) => e.contact_id === contactId && e.viewers.length === 1,
    );

    const text = 'Só para quem ainda pode ver';
    const sent = await api(a.baseUrl, supervisorToken, 'POST', `/api/conversation/${contactId}/messages`, {
      text,
    });
    expect(sent.status).toBe(201);
    const message = await observer.next<Message>('message.created', (m) => m.text === text);
    await observer.next<{ id: string }>('message.status', (e) => e.id === message.id, 15_000);
    await watcher.emitWithAck('ping');
    expect(watcher.received.filter((entry) => entry.event.startsWith('message.'))).toEqual([]);
  }, 120_000);

  it('a supervisor demoted through one process leaves, on the other, the rooms only supervisors see', async () => {
    const { a, b } = await proxiedPair();
    const adminToken = await login(a.baseUrl, 'admin');
    const supervisorToken = await login(a.baseUrl, 'supervisor');
    const observer = await socketOn(a.baseUrl, supervisorToken);
    const demoted = await colleagueOn(a, b, adminToken, 'supervisor');
    const contactId = await colleaguesContact(a.baseUrl, supervisorToken, observer, 'Cliente de um colega');
    expect(await demoted.socket.emitWithAck('contact.watch', contactId)).toBe(true);
    await observer.next<Viewers>(
      'contact.viewers',
      (e) => e.contact_id === contactId && e.viewers.length === 2,
    );

    const changed = await api(a.baseUrl, adminToken, 'PUT', `/api/center/users/${demoted.id}`, {
      ...demoted.fields,
      role: 'attendant',
    });
    expect(changed.status).toBe(200);
    await observer.next<Viewers>(
      'contact.viewers',
      (e) => e.contact_id === contactId && !e.viewers.some((viewer) => viewer.id === demoted.id),
    );

    const text = 'Só para supervisores e o responsável';
    demoted.socket.received.length = 0;
    const sent = await api(a.baseUrl, supervisorToken, 'POST', `/api/conversation/${contactId}/messages`, {
      text,
    });
    expect(sent.status).toBe(201);
    const message = await observer.next<Message>('message.created', (m) => m.text === text);
    await observer.next<{ id: string }>('message.status', (e) => e.id === message.id, 15_000);
    await demoted.socket.emitWithAck('ping');
    expect(demoted.socket.received.filter((entry) => entry.event.startsWith('message.'))).toEqual([]);
    // Nor may the socket watch it again: it is an attendant's now, and the contact is a colleague's.
    expect(await demoted.socket.emitWithAck('contact.watch', contactId)).toBe(false);
  }, 120_000);

  it("a user deactivated through one process has the other's sockets closed and the session refused", async () => {
    const { a, b } = await proxiedPair();
    const adminToken = await login(a.baseUrl, 'admin');
    const leaving = await colleagueOn(a, b, adminToken, 'attendant');
    const closed = new Promise<string>((resolve, reject) => {
      leaving.socket.once('disconnect', resolve);
      setTimeout(() => reject(new Error('the socket is still open 10 s later')), 10_000).unref();
    });

    const deactivated = await api(
      a.baseUrl,
      adminToken,
      'POST',
      `/api/center/users/${leaving.id}/deactivate`,
    );
    expect(deactivated.status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    await expect(connectSocket(b.baseUrl, leaving.token)).rejects.toThrow('session_expired');
    const me = await api(b.baseUrl, leaving.token, 'GET', '/api/user');
    expect(me.status).toBe(401);
  }, 120_000);

  it('after a Redis outage the clients of both processes are told to resync, each client warned once', async () => {
    const { a, b, proxy } = await proxiedPair();
    const onA = await socketOn(a.baseUrl, await login(a.baseUrl, 'supervisor'));
    const onB = await socketOn(b.baseUrl, await login(b.baseUrl, 'attendant'));
    await proxy.cut();
    // Both processes retry several times meanwhile; the browsers' sockets stay open.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect([onA.connected, onB.connected]).toEqual([true, true]);
    await proxy.restore();
    await Promise.all([onA.next('resync', undefined, 15_000), onB.next('resync', undefined, 15_000)]);
    for (const node of [a, b]) {
      expect(node.stderr.filter((line) => line.includes('Unhandled error'))).toEqual([]);
      const warned = node.logs.filter((line) => line.msg?.startsWith('Redis unreachable'));
      expect(warned.map((line) => line.redis).sort()).toEqual([
        'fan-out publisher',
        'fan-out subscriber',
        'rate limits',
      ]);
    }
  }, 120_000);
});
