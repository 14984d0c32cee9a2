// Two server processes on one PostgreSQL and one Redis: a change made through one reaches a socket of the other.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContactSummary } from '@atende/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery, withDatabase } from './global-setup.ts';
import { connectSocket, type TestSocket } from './realtime-client.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

const nodes: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(nodes.map((node) => node.stop()));
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function startNode(databaseUrl: string, dataDir: string): Promise<string> {
  const node = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    JWT_SECRET: 'distributed-test-secret-distributed-test-secret',
  });
  nodes.push(node);
  return node.baseUrl;
}

describe.skipIf(!adminUrl || !redisUrl)('distributed mode (PostgreSQL + Redis)', () => {
  it('an event produced on one process reaches a client of the other', async () => {
    const database = `atende_dist_${process.pid}_${Date.now()}`;
    await adminQuery(adminUrl!, `create database ${database}`);
    cleanups.push(() => adminQuery(adminUrl!, `drop database if exists ${database} with (force)`));
    const dataDir = await mkdtemp(join(tmpdir(), 'atende-dist-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const databaseUrl = withDatabase(adminUrl!, database);

    // Both start at once on the empty database: one migrates and seeds, the other waits for it.
    const [nodeA, nodeB] = await Promise.all([
      startNode(databaseUrl, join(dataDir, 'a')),
      startNode(databaseUrl, join(dataDir, 'b')),
    ]);
    const login = async (base: string, username: string) => {
      const response = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ company: 'demo', username, password: 'demo1234' }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { access_token: string }).access_token;
    };
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
  }, 120_000);
});
