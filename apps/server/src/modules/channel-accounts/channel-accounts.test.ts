import { createServer } from 'node:net';
import type { CenterChannelAccount } from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, type Actor } from '../../../test/factories.ts';

let t: TestApp;
let admin: Actor;
let supervisor: Actor;
let closedPort: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeActor(t.app, t.database.db, 'admin');
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', admin.company);
  // A port nobody listens on: the connection test fails at once instead of waiting for a server.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closedPort = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
});
afterAll(() => t.close());

const mailbox = (name: string) => ({
  kind: 'email',
  name,
  address: 'suporte@acme.test',
  enabled: false,
  email: {
    smtp: { host: '127.0.0.1', port: closedPort, secure: false, user: 'suporte' },
    imap: { host: '127.0.0.1', port: closedPort, secure: false, user: 'suporte' },
  },
});

describe('the Center’s channel accounts', () => {
  it('answer administrators and refuse supervisors (channels.manage) on every route', async () => {
    const as = (actor: Actor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      injectAs(t.app, actor, { method, url: `/api/center/channels${url}`, payload });

    expect((await as(supervisor, 'POST', '', mailbox('Refused'))).statusCode).toBe(403);
    const created = await as(admin, 'POST', '', mailbox('Suporte'));
    expect(created.statusCode).toBe(201);
    const { id } = created.json<CenterChannelAccount>();

    expect((await as(supervisor, 'GET', '')).statusCode).toBe(403);
    const listed = await as(admin, 'GET', '');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((account: CenterChannelAccount) => account.id)).toContain(id);

    expect((await as(supervisor, 'PUT', `/${id}`, mailbox('Hijacked'))).statusCode).toBe(403);
    const renamed = await as(admin, 'PUT', `/${id}`, mailbox('Suporte ACME'));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Suporte ACME');

    expect((await as(supervisor, 'POST', `/${id}/test`)).statusCode).toBe(403);
    const tested = await as(admin, 'POST', `/${id}/test`);
    expect(tested.statusCode).toBe(200);
    expect(tested.json()).toMatchObject({ smtp: { ok: false }, imap: { ok: false } });
  });
});
