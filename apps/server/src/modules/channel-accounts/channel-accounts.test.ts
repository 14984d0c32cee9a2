import { createServer } from 'node:net';
import type { CenterChannelAccount } from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_ADAPTERS } from '../../channels/index.ts';
import { createAdapterRegistry } from '../../channels/registry.ts';
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

describe('provider accounts in the Center', () => {
  const viber = (secrets: Record<string, string>) => ({
    kind: 'viber',
    name: 'Viber',
    address: 'Atende',
    settings: { sender_name: 'Atende' },
    secrets,
  });
  const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    injectAs(t.app, admin, { method, url: `/api/center/channels${url}`, payload });

  it('need their secrets to be created, keep them unsaid, and keep them when an edit leaves them out', async () => {
    const missing = await as('POST', '', viber({}));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'channel_secret_required' });

    const created = await as('POST', '', viber({ auth_token: 'viber-token-1' }));
    expect(created.statusCode).toBe(201);
    const account = created.json<CenterChannelAccount>();
    expect(JSON.stringify(account)).not.toContain('viber-token-1');
    expect(account.provider).toMatchObject({
      settings: { sender_name: 'Atende', sender_avatar: '', broadcast_rate: '', api_base_url: '' },
      stored_secrets: ['auth_token'],
      webhook_url: `http://localhost:3000/api/webhooks/viber/${account.id}`,
      generated: {},
    });
    expect(account.health).toEqual({
      last_inbound_at: null,
      last_outbound_at: null,
      last_error: null,
      last_error_at: null,
    });

    const edited = await as('PUT', `/${account.id}`, { ...viber({}), name: 'Viber ACME' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<CenterChannelAccount>().provider?.stored_secrets).toEqual(['auth_token']);
  });

  it('make the secrets a provider console needs, once, and show them to administrators', async () => {
    const whatsapp = {
      kind: 'whatsapp',
      name: 'WhatsApp',
      settings: { phone_number_id: '1001', business_account_id: '2002' },
      secrets: { access_token: 'EAAG', app_secret: 'shh' },
    };
    const created = (await as('POST', '', whatsapp)).json<CenterChannelAccount>();
    const token = created.provider?.generated.verify_token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const edited = (
      await as('PUT', `/${created.id}`, { ...whatsapp, secrets: {} })
    ).json<CenterChannelAccount>();
    expect(edited.provider?.generated.verify_token).toBe(token);
  });

  it('refuse fields out of their format, naming each field, and store nothing', async () => {
    const before = (await as('GET', '')).json().data.length;
    const refused = await as('POST', '', {
      kind: 'sms',
      name: 'SMS',
      settings: {
        account_sid: 'not-a-sid',
        from_number: '11 99999',
        broadcast_rate: '1001',
        api_base_url: 'javascript:alert(1)',
      },
      secrets: { auth_token: 'x' },
    });
    expect(refused.statusCode).toBe(400);
    const fields = refused.json().errors.map((error: { field: string }) => error.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'settings.account_sid',
        'settings.from_number',
        'settings.broadcast_rate',
        'settings.api_base_url',
      ]),
    );
    expect((await as('GET', '')).json().data.length).toBe(before);
  });

  it('answer the webhook address of another kind or an unknown account with a bare 404', async () => {
    const created = (
      await as('POST', '', viber({ auth_token: 'viber-token-2' }))
    ).json<CenterChannelAccount>();
    for (const url of [
      `/api/webhooks/telegram/${created.id}`,
      `/api/webhooks/viber/01a201b8-7760-71e4-bcfb-5e5b0d871999`,
      `/api/webhooks/unknown/${created.id}`,
    ]) {
      const answer = await t.app.inject({ method: 'POST', url, payload: { event: 'webhook' } });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain(created.id);
    }
  });

  it('refuse registering a webhook where the provider has no such call', async () => {
    const sms = (
      await as('POST', '', {
        kind: 'sms',
        name: 'SMS',
        settings: { account_sid: `AC${'a'.repeat(32)}`, from_number: '+5511999990000' },
        secrets: { auth_token: 'twilio' },
      })
    ).json<CenterChannelAccount>();
    const refused = await as('POST', `/${sms.id}/register-webhook`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'channel_webhook_registration_unsupported' });
  });
});

describe('a provider account’s connection test', () => {
  it('answers an unreachable provider in its own words instead of failing', async () => {
    const real = await createTestApp({ adapters: createAdapterRegistry(CHANNEL_ADAPTERS) });
    try {
      const owner = await makeActor(real.app, real.database.db, 'admin');
      const created = await injectAs(real.app, owner, {
        method: 'POST',
        url: '/api/center/channels',
        payload: {
          kind: 'telegram',
          name: 'Bot',
          settings: { api_base_url: `http://127.0.0.1:${closedPort}` },
          secrets: { bot_token: '123456789:AAFakeTokenForTheTestOnly_abcdefgh' },
        },
      });
      const tested = await injectAs(real.app, owner, {
        method: 'POST',
        url: `/api/center/channels/${created.json<CenterChannelAccount>().id}/test`,
      });
      expect(tested.statusCode).toBe(200);
      expect(tested.json()).toMatchObject({
        api: { ok: false, error: expect.stringMatching(/unreachable/) },
      });
    } finally {
      await real.close();
    }
  });
});
