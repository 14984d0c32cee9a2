// Two server processes on one PostgreSQL and one Redis: a change made through one reaches a socket of the other.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ContactSummary } from '@atende/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery, withDatabase } from './global-setup.ts';
import { connectSocket, type TestSocket } from './realtime-client.ts';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = resolve(serverDir, '../../node_modules/.bin/tsx');
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(
    children.map((child) => {
      if (child.exitCode !== null) return undefined;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      return exited;
    }),
  );
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function startNode(databaseUrl: string, dataDir: string): Promise<string> {
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      JWT_SECRET: 'distributed-test-secret-distributed-test-secret',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const port = await new Promise<number>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error('node not ready in 60 s')), 60_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg === 'ready' && entry.port) {
        clearTimeout(timer);
        ready(entry.port);
      }
    });
    child.once('exit', (code) => fail(new Error(`node exited with ${code}`)));
  });
  return `http://127.0.0.1:${port}`;
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
