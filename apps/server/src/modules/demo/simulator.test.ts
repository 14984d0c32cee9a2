import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:net';
import type { CallRecord, CenterChannelAccount, PhoneSettings } from '@atende/contract';
import { freePort } from '@atende/simulators/email';
import { startTelegramSimulator } from '@atende/simulators/providers/telegram';
import { SipPhone } from '@atende/simulators/sip-phone';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, loginAs } from '../../../test/factories.ts';
import { CHANNEL_ADAPTERS } from '../../channels/index.ts';
import { createAdapterRegistry } from '../../channels/registry.ts';
import { parseChannelKinds, startProviderCustomers } from '../../cli/provider-customers.ts';
import { startVoiceCustomers, type VoiceCustomers } from '../../cli/voice-customers.ts';
import { channelAccounts, messages } from '../../db/schema/index.ts';
import { openControlClient, startControlSocket } from '../../platform/control-socket.ts';
import { queryRows } from '../../platform/db/database.ts';
import { findCompanyBySlug } from '../companies/service.ts';
import { controlCommands } from './index.ts';
import { seedDemo } from './seed.ts';
import { simulatedTraffic } from './simulated-traffic.ts';

let t: TestApp;
let dir: string;
let server: Server | null;
beforeAll(async () => {
  // The real adapters (simulated demo accounts still deliver through the loopback one) and a listening server:
  // a provider simulator calls our webhooks over HTTP.
  const port = await freePort();
  t = await createTestApp({
    adapters: createAdapterRegistry(CHANNEL_ADAPTERS),
    env: { PUBLIC_URL: `http://127.0.0.1:${port}` },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  await seedDemo(t.database.db, { credentials: t.app.deps.credentials });
  dir = await mkdtemp(join(tmpdir(), 'atende-control-'));
  server = await startControlSocket(join(dir, 'control.sock'), controlCommands(t.app.deps));
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

  it('connect-email points the demo e-mail account at real servers: no longer simulated', async () => {
    const demo = (await findCompanyBySlug(t.database.db, 'demo'))!;
    const token = await loginAs(t.app, demo, { username: 'admin' } as never, 'demo1234');
    const emailAccount = async () =>
      (await injectAs(t.app, { token }, { url: '/api/center/channels' }))
        .json<{ data: CenterChannelAccount[] }>()
        .data.find((account) => account.kind === 'email')!;
    expect(await emailAccount()).toMatchObject({ simulated: true, email: null });

    const client = await openControlClient(join(dir, 'control.sock'));
    const server = { host: '127.0.0.1', secure: false, user: 'atendimento@demo.example' };
    await client.send('connect-email', {
      company: 'demo',
      account: {
        kind: 'email',
        name: 'E-mail Atendimento',
        address: 'atendimento@demo.example',
        email: { smtp: { ...server, port: 2525 }, imap: { ...server, port: 1143, mailbox: 'INBOX' } },
        secrets: { smtp_password: 'pw', imap_password: 'pw' },
      },
    });
    await expect(
      client.send('connect-email', { company: 'demo', account: { kind: 'email' } }),
    ).rejects.toThrow();
    client.close();
    expect(await emailAccount()).toMatchObject({
      simulated: false,
      email: { smtp: { port: 2525 }, imap: { port: 1143 }, has_smtp_password: true, has_imap_password: true },
    });
  });

  it('connect-channel points a demo account at a simulator: no longer simulated, secrets sealed, its customers reach the queue through the webhook', async () => {
    const sim = await startTelegramSimulator();
    try {
      const demo = (await findCompanyBySlug(t.database.db, 'demo'))!;
      const token = await loginAs(t.app, demo, { username: 'admin' } as never, 'demo1234');
      const telegramAccount = async () =>
        (await injectAs(t.app, { token }, { url: '/api/center/channels' }))
          .json<{ data: CenterChannelAccount[] }>()
          .data.find((account) => account.kind === 'telegram')!;
      const before = await telegramAccount();
      expect(before).toMatchObject({ simulated: true, provider: null });

      const client = await openControlClient(join(dir, 'control.sock'));
      const connected = (await client.send('connect-channel', {
        company: 'demo',
        account: {
          kind: 'telegram',
          name: 'Telegram',
          address: sim.account.address,
          settings: { ...sim.account.settings, api_base_url: sim.apiBaseUrl },
          secrets: sim.account.secrets,
        },
      })) as CenterChannelAccount;
      await expect(
        client.send('connect-channel', {
          company: 'demo',
          account: { kind: 'chat', name: 'x', chat: before.chat },
        }),
      ).rejects.toThrow();
      await expect(
        client.send('connect-channel', { company: 'demo', account: { kind: 'telegram', name: 'x' } }),
      ).rejects.toThrow();
      client.close();

      const webhookUrl = `${t.config.publicUrl}/api/webhooks/telegram/${before.id}`;
      expect(connected).toMatchObject({
        id: before.id,
        simulated: false,
        provider: {
          settings: { api_base_url: sim.apiBaseUrl },
          stored_secrets: ['bot_token'],
          webhook_url: webhookUrl,
        },
      });
      expect(await telegramAccount()).toMatchObject({ id: before.id, simulated: false });
      expect(JSON.stringify(connected)).not.toContain(sim.botToken);
      const [row] = await t.database.db
        .select()
        .from(channelAccounts)
        .where(eq(channelAccounts.id, before.id));
      expect(JSON.stringify(row!.credentials)).not.toContain(sim.botToken);
      expect(row!.settings).not.toHaveProperty('simulated');
      // Registered through the adapter, as the Center's button does: Telegram holds the address and secret.
      expect(sim.webhook()).toMatchObject({
        url: webhookUrl,
        secretToken: connected.provider!.generated.webhook_secret,
      });

      const attendant = await loginAs(t.app, demo, { username: 'attendant' } as never, 'demo1234');
      const waiting = async () =>
        (await injectAs(t.app, { token: attendant }, { url: '/api/conversations/waiting' })).json<{
          count: number;
        }>().count;
      const waitingBefore = await waiting();
      const sent = await sim.customerWrites({
        from: '5511987654321',
        name: 'Marta Lima',
        text: 'Oi, meu pedido ainda não chegou',
      });
      expect(sent.status).toBe(200);
      const stored = await t.database.db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, demo.id), eq(messages.providerMessageId, sent.providerMessageId)));
      expect(stored).toMatchObject([
        { kind: 'telegram', direction: 'in', text: 'Oi, meu pedido ainda não chegou' },
      ]);
      expect(await waiting()).toBe(waitingBefore + 1);
    } finally {
      await sim.close();
    }
  });

  it('the CLI refuses an unknown channel kind and drives a kind the demo has no account of (created) through its webhook', async () => {
    expect(parseChannelKinds('all')).toEqual([
      'whatsapp',
      'messenger',
      'instagram_direct',
      'telegram',
      'viber',
      'sms',
      'api',
    ]);
    expect(parseChannelKinds(' Telegram,instagram,telegram ')).toEqual(['telegram', 'instagram_direct']);
    expect(() => parseChannelKinds('telegram,fax')).toThrow('unknown channel kind fax');
    expect(() => parseChannelKinds('constructor')).toThrow('unknown channel kind');
    expect(() => parseChannelKinds('')).toThrow('unknown channel kind');

    const client = await openControlClient(join(dir, 'control.sock'));
    const lines: string[] = [];
    const customers = await startProviderCustomers(client, 'demo', ['api'], (line) => lines.push(line));
    try {
      expect(customers.kinds).toEqual(['api']);
      const { status } = await customers.write(
        'api',
        { name: 'Rui Costa', phone: '5521988887777' },
        'Olá!',
        true,
      );
      expect(status).toBeLessThan(300);
      const demo = (await findCompanyBySlug(t.database.db, 'demo'))!;
      const apiMessages = await t.database.db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, demo.id), eq(messages.kind, 'api')));
      expect(apiMessages).toHaveLength(1);
      expect(lines.join('\n')).toMatch(/api: simulator http:\/\/127\.0\.0\.1:\d+, webhook http/);
    } finally {
      await customers.stop();
      client.close();
    }
  });

  it('phone customers (--voice) call the attendant through the embedded PBX, talk, and answer the attendant’s calls', async () => {
    const demo = (await findCompanyBySlug(t.database.db, 'demo'))!;
    const token = await loginAs(t.app, demo, { username: 'attendant' } as never, 'demo1234');
    const own = (await injectAs(t.app, { token }, { url: '/api/phone/settings' })).json<PhoneSettings>();
    // The attendant's softphone: a SIP phone with the account the console registers with.
    const attendantPhone = new SipPhone({
      wsUrl: own.ws_url,
      uri: own.account!.uri,
      password: own.account!.password,
      toneHz: 1000,
    });
    const client = await openControlClient(join(dir, 'control.sock'));
    const lines: string[] = [];
    let voice: VoiceCustomers | null = null;
    try {
      await attendantPhone.next('registered');
      voice = await startVoiceCustomers(client, 'demo', {
        phones: 2,
        talkMs: 1_500,
        ringMs: 200,
        log: (line) => lines.push(line),
      });
      // The demo's first customers with a voice number, registered through the carrier access.
      expect(voice.customers).toHaveLength(2);
      const [caller, callee] = voice.customers as [
        { name: string; number: string },
        { name: string; number: string },
      ];
      expect(caller.number).toMatch(/^\d{10,13}$/);
      expect(
        t.app.pbx
          .registered(demo.id)
          .filter((entry) => entry.kind === 'customer')
          .map((entry) => entry.user)
          .sort(),
      ).toEqual([caller.number, callee.number].sort());

      // A customer calls the company: the free attendant rings, answers, hears the customer's tone, and the
      // customer hangs up after talking a while.
      const outcome = voice.call();
      expect((await attendantPhone.next('incoming')).from).toBe(caller.number);
      attendantPhone.answer();
      // Measured once the call is set up (the ACK in): asked before, the answer may not have its audio yet.
      await attendantPhone.next('confirmed');
      const heard = await attendantPhone.measure(440, 800);
      expect(heard.toneShare).toBeGreaterThan(0.5);
      expect(await outcome).toEqual({ answered: true, hungUpBy: 'customer' });
      expect((await attendantPhone.next('ended')).originator).toBe('remote');

      // The attendant calls the other customer, who answers after a ring; the attendant hangs up.
      attendantPhone.call(`sip:${callee.number}@${own.sip_domain}`);
      await attendantPhone.next('confirmed');
      expect((await attendantPhone.measure(550, 800)).toneShare).toBeGreaterThan(0.5);
      attendantPhone.hangup();
      await attendantPhone.next('ended');
      await t.app.pbx.idle();
      expect(lines).toEqual([
        `☎ ${caller.name} (${caller.number}) calls sip:atende@${own.sip_domain}`,
        `☎ ${callee.name} (${callee.number}): call from ${own.account!.username}, answering`,
      ]);

      const admin = await loginAs(t.app, demo, { username: 'admin' } as never, 'demo1234');
      const records = (await injectAs(t.app, { token: admin }, { url: '/api/center/phone/calls' })).json<{
        data: CallRecord[];
      }>().data;
      expect(records.find((record) => record.from_number === caller.number)).toMatchObject({
        direction: 'inbound',
        hangup_side: 'customer',
        contact_id: expect.any(String),
      });
      expect(records.find((record) => record.to_number === callee.number)).toMatchObject({
        direction: 'outbound',
        hangup_side: 'operator',
        contact_id: expect.any(String),
      });

      // Nothing to call through when the company's PBX is elsewhere.
      await injectAs(
        t.app,
        { token: admin },
        {
          method: 'PUT',
          url: '/api/center/phone/settings',
          payload: {
            pbx: 'external',
            ws_url: 'wss://pbx.example.com/ws',
            sip_domain: own.sip_domain,
            wrap_up_seconds: 30,
            ring_timeout_seconds: 30,
          },
        },
      );
      await expect(client.send('voice-carrier', { company: 'demo', customers: 1 })).rejects.toThrow(
        'uses an external PBX',
      );
      await expect(client.send('voice-carrier', { company: 'demo', customers: 0 })).rejects.toThrow();
    } finally {
      client.close();
      await Promise.all([voice?.stop(), attendantPhone.stop()]);
    }
  }, 60_000);

  it('seed-contacts creates a company like the demo one with that many contacts, then adds more', async () => {
    const client = await openControlClient(join(dir, 'control.sock'));
    const started = Date.now();
    const first = await client.send('seed-contacts', { company: 'bulk', count: 2_000 });
    const seconds = (Date.now() - started) / 1000;
    const more = await client.send('seed-contacts', { company: 'bulk', count: 150 });
    await expect(client.send('seed-contacts', { company: 'bulk', count: 0 })).rejects.toThrow();
    client.close();
    console.log(`seed-contacts: 2000 contacts in ${seconds.toFixed(1)} s`);

    expect(first).toEqual({ company: 'bulk', createdCompany: true, added: 2_000, total: 2_000 });
    expect(more).toEqual({ company: 'bulk', createdCompany: false, added: 150, total: 2_150 });
    const bulk = (await findCompanyBySlug(t.database.db, 'bulk'))!;
    const supervisor = await loginAs(t.app, bulk, { username: 'supervisor' } as never, 'demo1234');
    const waiting = await injectAs(t.app, { token: supervisor }, { url: '/api/conversations/waiting' });
    // 3/16 of each batch waits: 375 of the first 2000, 29 of the next 150.
    expect(waiting.json().count).toBe(375 + 29);
    let seen = 0;
    const ids = new Set<string>();
    for (let cursor: string | null = null, pages = 0; pages < 20; pages++) {
      const page: { data: { id: string }[]; next_cursor: string | null } = (
        await injectAs(
          t.app,
          { token: supervisor },
          { url: `/api/contacts?limit=200&order=name&direction=asc${cursor ? `&cursor=${cursor}` : ''}` },
        )
      ).json();
      seen += page.data.length;
      for (const row of page.data) ids.add(row.id);
      cursor = page.next_cursor;
      if (!cursor) break;
    }
    expect(seen).toBe(2_150);
    expect(ids.size).toBe(2_150);
    // The demo company is untouched.
    const demo = (await findCompanyBySlug(t.database.db, 'demo'))!;
    const attendant = await loginAs(t.app, demo, { username: 'attendant' } as never, 'demo1234');
    const demoPage = await injectAs(t.app, { token: attendant }, { url: '/api/contacts?limit=1' });
    expect(demoPage.statusCode).toBe(200);
  });

  it('a second server on the same data dir leaves the socket to the first', async () => {
    expect(await startControlSocket(join(dir, 'control.sock'), async () => null)).toBeNull();
  });
});

describe('the demo’s month', () => {
  it('opens the contacts analytics on customers both attendants attended on weekdays, with their times', async () => {
    const demo = (await findCompanyBySlug(t.database.db, 'demo'))!;
    const token = await loginAs(t.app, demo, { username: 'supervisor' } as never, 'demo1234');
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const period = `from=${day(Date.now() - 31 * 86_400_000)}&to=${day(Date.now())}`;
    const performance = (
      await injectAs(t.app, { token }, { method: 'GET', url: `/api/analytics/performance?${period}` })
    ).json();
    // Six in seven of the 140 customers the attendants have now were attended once before.
    expect(performance.current.attended).toBeGreaterThan(100);
    expect(performance.current.first_response.median).toBeGreaterThan(0);
    expect(performance.current.resolution.median).toBeGreaterThan(0);
    const history = (
      await injectAs(t.app, { token }, { method: 'GET', url: `/api/analytics/history?${period}&limit=200` })
    ).json();
    const attendants = new Set(history.data.map((entry: { user: { name: string } }) => entry.user.name));
    expect(attendants).toEqual(new Set(['Juliana Souza', 'Pedro Oliveira']));
    for (const entry of history.data) {
      // Weekdays, in São Paulo's business hours (UTC−3), before the customer wrote again.
      const started = new Date(entry.started_at);
      expect([0, 6]).not.toContain(new Date(started.getTime() - 3 * 3_600_000).getUTCDay());
      expect((started.getUTCHours() + 21) % 24).toBeGreaterThanOrEqual(8);
      expect((started.getUTCHours() + 21) % 24).toBeLessThan(19);
      expect(entry.messages_in).toBeGreaterThan(0);
    }
    // Their conversations are open again, with the same attendant: the queue the demo starts with is unchanged.
    const reopened = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from contacts where company_id = ${demo.id} and status <> 'open'`,
    );
    expect(reopened).toEqual([{ n: 0 }]);
  });
});
