import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, loginAs } from '../../../test/factories.ts';
import { openControlClient, startControlSocket } from '../../platform/control-socket.ts';
import { findCompanyBySlug } from '../companies/service.ts';
import { controlCommands } from './control.ts';
import { seedDemo } from './seed.ts';
import { simulatedTraffic } from './simulated-traffic.ts';

let t: TestApp;
let dir: string;
let server: Server | null;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db);
  dir = await mkdtemp(join(tmpdir(), 'atende-control-'));
  server = await startControlSocket(
    join(dir, 'control.sock'),
    controlCommands(t.database.db, t.app.deps.bus),
  );
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

describe('traffic simulator over the control socket', () => {
  it('feeds customer messages through the ingest service into the live queue', async () => {
    const demo = (await findCompanyBySlug(t.database.db, 'demo'))!;
    const token = await loginAs(t.app, demo, { username: 'attendant' } as never, 'demo1234');
    const before = (
      await injectAs(t.app, { token }, { method: 'GET', url: '/api/conversations/waiting' })
    ).json().count;

    const client = await openControlClient(join(dir, 'control.sock'));
    const next = simulatedTraffic('demo', 7);
    const results = [];
    for (let i = 0; i < 6; i++)
      results.push((await client.send('inbound', next())) as { contactId: string; duplicate: boolean });
    await expect(
      client.send('inbound', {
        company: 'nope',
        kind: 'sms',
        address: '5511900000000',
        text: 'x',
        provider_message_id: 'p',
      }),
    ).rejects.toThrow('no company named nope');
    await expect(client.send('drop-tables', {})).rejects.toThrow('unknown command');
    client.close();

    expect(results.every((r) => !r.duplicate)).toBe(true);
    const after = (
      await injectAs(t.app, { token }, { method: 'GET', url: '/api/conversations/waiting' })
    ).json().count;
    expect(after).toBeGreaterThan(before);
    const contact = await injectAs(
      t.app,
      { token },
      { method: 'GET', url: `/api/conversation/${results[0]!.contactId}` },
    );
    expect(contact.statusCode).toBe(200);
  });

  it('a second server on the same data dir leaves the socket to the first', async () => {
    expect(await startControlSocket(join(dir, 'control.sock'), async () => null)).toBeNull();
  });
});
