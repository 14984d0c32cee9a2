import { createHmac } from 'node:crypto';
import { CHANNEL_FEATURES, CHANNEL_KINDS, type Message } from '@atende/contract';
import { ChatVisitor, randomClientId } from '@atende/simulators/chat-visitor';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  injectAs,
  makeActor,
  makeChatWidget,
  makeCompany,
  SAMPLE_PNG,
  until,
  type Actor,
} from '../../../test/factories.ts';
import { connectSocket, type TestSocket } from '../../../test/realtime-client.ts';
import { redisTarget, startTcpProxy, throughProxy } from '../../../test/tcp-proxy.ts';
import type { AdapterRegistry } from '../../channels/adapter.ts';
import { loopbackRegistry } from '../../channels/loopback.ts';
import { createAdapterRegistry } from '../../channels/registry.ts';
import { contactChannels, messages } from '../../db/schema/index.ts';
import { productAdapters } from '../../deps.ts';

let t: TestApp;
let baseUrl: string;
let attendant: Actor;
let stranger: Actor;
const sockets: TestSocket[] = [];
const visitors: ChatVisitor[] = [];
const SECRET = 'site-identity-secret';

const makeWidget = (companyId: string, key: string, settings: Record<string, unknown> = {}) =>
  makeChatWidget(t.database.db, companyId, key, {
    settings: { greeting: 'Olá!', ...settings },
    credentials: t.app.deps.credentials.seal({ identity_secret: SECRET }),
  });

const visitor = (widgetKey: string, language = 'en') => {
  const created = new ChatVisitor({ baseUrl, widgetKey, language });
  visitors.push(created);
  return created;
};

const console_ = async (actor: Actor) => {
  const socket = await connectSocket(baseUrl, actor.token);
  sockets.push(socket);
  return socket;
};

const channelOf = (channelId: string) =>
  t.database.db
    .select()
    .from(contactChannels)
    .where(eq(contactChannels.id, channelId))
    .then((rows) => rows[0]!);

const reply = (actor: Actor, contactId: string, text: string) =>
  injectAs(t.app, actor, {
    method: 'POST',
    url: `/api/conversation/${contactId}/messages`,
    payload: { text, client_id: randomClientId() },
  });

beforeAll(async () => {
  // Real chat delivery: the adapter needs the app's visitor relay, which exists once the app is built.
  let registry: AdapterRegistry = loopbackRegistry;
  t = await createTestApp({ adapters: (kind) => registry(kind) });
  registry = createAdapterRegistry(
    productAdapters({ db: t.database.db, urls: t.app.deps.urls, relay: t.app.deps.visitors }),
  );
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  attendant = await makeActor(t.app, t.database.db, 'attendant');
  stranger = await makeActor(t.app, t.database.db, 'attendant');
  await makeWidget(attendant.company.id, 'alpha');
  await makeWidget(stranger.company.id, 'beta');
  await makeWidget(attendant.company.id, 'form', { pre_chat: { enabled: true, require_phone: true } });
  await makeWidget(attendant.company.id, 'verified', { identity_verification: true });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const one of visitors) one.disconnect();
  await t.close();
});

describe('chat widget', () => {
  it('answers the configuration and presence of a widget key, 404 for an unknown one', async () => {
    const alpha = visitor('alpha');
    expect(await alpha.config()).toMatchObject({ title: 'Fale conosco', color: '#0066cc', online: false });
    const watcher = await console_(attendant);
    expect(await alpha.config()).toMatchObject({ online: true });
    watcher.close();
    await expect(visitor('nope').config()).rejects.toMatchObject({ code: 'widget_not_found', status: 404 });
  });

  it('tells a connected visitor whether the company attends now, as its business hours change', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin', attendant.company);
    const hours = (business_hours: object | null) =>
      injectAs(t.app, admin, { method: 'PATCH', url: '/api/center/company', payload: { business_hours } });
    const browser = visitor('alpha');
    await browser.start({ name: 'Visitante do Horário' });
    await browser.connect();
    expect(await browser.presence()).toEqual({ online: false, open: true });
    const closed = { sun: [], mon: [], tue: [], wed: [], thu: [], fri: [], sat: [] };
    expect((await hours(closed)).statusCode).toBe(200);
    expect(await browser.presence()).toEqual({ online: false, open: false });
    expect((await browser.config()).open).toBe(false);
    expect((await hours(null)).statusCode).toBe(200);
    expect(await browser.presence()).toEqual({ online: false, open: true });
  });

  it('carries messages both ways, without duplicates, across reloads and reconnections', async () => {
    const browser = visitor('alpha');
    const session = await browser.start({ name: 'Ana Visitante' });
    expect(session.visitor_token.length).toBeGreaterThanOrEqual(22);
    await browser.connect();

    const clientId = randomClientId();
    const first = await browser.send('Olá, tenho uma dúvida', clientId);
    const channel = await channelOf(session.visitor.id);
    const contactId = channel.contactId;

    // The attendant watching the conversation sees it arrive.
    const watcher = await console_(attendant);
    await watcher.emitWithAck('contact.watch', contactId);
    const sentAt = Date.now();
    const second = browser.send('Ainda aí?');
    const live = await watcher.next<Message>('message.created', (message) => message.text === 'Ainda aí?');
    console.log(`visitor → attendant latency: ${Date.now() - sentAt} ms`);
    expect(live).toMatchObject({ direction: 'in', channel: { type: 'chat' } });
    await second;

    // A resend with the same client id stores nothing new and answers the same message.
    const again = await browser.send('Olá, tenho uma dúvida', clientId);
    // The first answer was made from the stored values without reading them back; the resend's is read.
    expect(again).toEqual(first);
    const stored = await t.database.db.select().from(messages).where(eq(messages.contactId, contactId));
    expect(stored.filter((row) => row.direction === 'in')).toHaveLength(2);

    // The attendant's reply reaches the visitor's socket; receipts move it to delivered, then read.
    const answered = await reply(attendant, contactId, 'Claro, diga!');
    expect(answered.statusCode).toBe(201);
    const pushed = await browser.nextMessage((message) => message.text === 'Claro, diga!');
    expect(pushed).toMatchObject({ direction: 'out', author: expect.any(String) });
    browser.receipt('delivered', [pushed.id]);
    await expect
      .poll(
        async () =>
          (await t.database.db.select().from(messages).where(eq(messages.id, pushed.id)))[0]?.status,
      )
      .toBe('delivered');
    browser.receipt('read', [pushed.id]);
    await expect
      .poll(
        async () =>
          (await t.database.db.select().from(messages).where(eq(messages.id, pushed.id)))[0]?.status,
      )
      .toBe('read');
    // Statuses only move forward: a late "delivered" leaves it read.
    browser.receipt('delivered', [pushed.id]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [after] = await t.database.db.select().from(messages).where(eq(messages.id, pushed.id));
    expect(after!.status).toBe('read');

    // A reload: a new session with the kept visitor token resumes the same conversation.
    browser.disconnect();
    const missed = await reply(attendant, contactId, 'Enquanto você recarregava');
    expect(missed.statusCode).toBe(201);
    const resumed = await browser.start();
    expect(resumed.visitor.id).toBe(session.visitor.id);
    await browser.connect();
    await expect
      .poll(async () => (await browser.sync(first.id)).map((message) => message.text))
      .toEqual(['Ainda aí?', 'Claro, diga!', 'Enquanto você recarregava']);
    const whole = await browser.sync();
    expect(whole.map((message) => [message.direction, message.text])).toEqual([
      ['in', 'Olá, tenho uma dúvida'],
      ['in', 'Ainda aí?'],
      ['out', 'Claro, diga!'],
      ['out', 'Enquanto você recarregava'],
    ]);
    expect(whole[0]!.client_id).toBe(clientId);
  });

  it('shows the visitor a reply’s quote and takes a deleted message back; notes never reach them', async () => {
    const browser = visitor('alpha');
    const session = await browser.start({ name: 'Caio' });
    await browser.connect();
    const asked = await browser.send('Qual o prazo?');
    const { contactId } = await channelOf(session.visitor.id);

    const note = await injectAs(t.app, attendant, {
      method: 'POST',
      url: `/api/conversation/${contactId}/messages`,
      payload: { text: 'Nota: cliente VIP', internal: true },
    });
    expect(note.statusCode).toBe(201);
    const quoted = await injectAs(t.app, attendant, {
      method: 'POST',
      url: `/api/conversation/${contactId}/messages`,
      payload: { text: 'Cinco dias úteis.', reply_to: asked.id },
    });
    const pushed = await browser.nextMessage((message) => message.text === 'Cinco dias úteis.');
    expect(pushed.reply_to).toEqual({ id: asked.id, text: 'Qual o prazo?', deleted: false });

    const removed = await injectAs(t.app, attendant, {
      method: 'DELETE',
      url: `/api/conversation/${contactId}/messages/${quoted.json<Message>().id}`,
    });
    expect(removed.statusCode).toBe(200);
    await expect.poll(() => browser.deleted).toEqual([pushed.id]);
    // Neither the note nor the deleted message comes back on a later sync.
    expect((await browser.sync()).map((message) => message.text)).toEqual(['Qual o prazo?']);
    expect(JSON.stringify(browser.pushed)).not.toContain('cliente VIP');
  });

  it('declares, adapter by adapter, what the console is told each channel can do', () => {
    const registry = createAdapterRegistry(
      productAdapters({ db: t.database.db, urls: t.app.deps.urls, relay: t.app.deps.visitors }),
    );
    for (const kind of CHANNEL_KINDS) {
      const adapter = registry(kind);
      expect(
        {
          reply_context: adapter.replyContext,
          delete_for_everyone: adapter.deleteForEveryone !== null,
          choices: adapter.choices === true,
        },
        kind,
      ).toEqual(CHANNEL_FEATURES[kind]);
    }
  });

  it('relays typing both ways', async () => {
    const browser = visitor('alpha');
    const session = await browser.start({ name: 'Bia' });
    await browser.connect();
    const { contactId } = await channelOf(session.visitor.id);
    const watcher = await console_(attendant);
    await watcher.emitWithAck('contact.watch', contactId);
    browser.startTyping();
    await watcher.next('contact.typing', (event: { contact_id: string }) => event.contact_id === contactId);
    watcher.emit('contact.typing', contactId);
    await expect.poll(() => browser.typing.length).toBeGreaterThan(0);
  });

  it('takes a visitor file checked by content and refuses a disguised one', async () => {
    const browser = visitor('alpha');
    await browser.start();
    await browser.connect();
    const message = await browser.sendFile({ name: 'foto.png', type: 'image/png', data: SAMPLE_PNG });
    expect(message.attachments).toEqual([
      expect.objectContaining({ kind: 'image', content_type: 'image/png' }),
    ]);
    await expect(
      browser.sendFile({ name: 'virus.png', type: 'image/png', data: Buffer.from('MZ\x90\x00not an image') }),
    ).rejects.toMatchObject({ code: 'file_type_not_allowed' });
  });

  it('asks for the pre-chat fields in the visitor language', async () => {
    const browser = visitor('form', 'fr');
    await expect(browser.start({ name: 'Ana' })).rejects.toMatchObject({
      code: 'prechat_email_required',
      message: 'Indiquez votre e-mail pour démarrer le chat.',
    });
    await expect(browser.start({ name: 'Ana', email: 'ana@example.com' })).rejects.toMatchObject({
      code: 'prechat_phone_required',
    });
    const session = await browser.start({
      name: 'Ana',
      email: 'ana@example.com',
      phone: '+55 11 98888-7777',
    });
    const channel = await channelOf(session.visitor.id);
    const kinds = await t.database.db
      .select({ kind: contactChannels.kind, address: contactChannels.address })
      .from(contactChannels)
      .where(eq(contactChannels.contactId, channel.contactId));
    expect(kinds).toEqual(
      expect.arrayContaining([
        { kind: 'email', address: 'ana@example.com' },
        { kind: 'voice', address: '5511988887777' },
      ]),
    );
  });

  it('accepts a verified identity on any browser and refuses a forged one', async () => {
    const hash = createHmac('sha256', SECRET).update('customer-42').digest('hex');
    await expect(visitor('verified').start({ identifier: 'customer-42' })).rejects.toMatchObject({
      code: 'widget_identity_required',
    });
    await expect(
      visitor('verified').start({ identifier: 'customer-43', identifier_hash: hash }),
    ).rejects.toMatchObject({ code: 'widget_identity_invalid', status: 401 });
    const laptop = await visitor('verified').start({ identifier: 'customer-42', identifier_hash: hash });
    const phone = await visitor('verified').start({ identifier: 'customer-42', identifier_hash: hash });
    expect(phone.visitor.id).toBe(laptop.visitor.id);
    expect(phone.visitor_token).not.toBe(laptop.visitor_token);
  });

  it('never lets a visitor reach another company or another visitor', async () => {
    const mine = visitor('alpha');
    await mine.start();
    await mine.connect();
    const secret = await mine.send('meu segredo');

    // Company B's visitor syncing after my message id sees only their own (empty) conversation.
    const foreign = visitor('beta');
    const foreignSession = await foreign.start();
    await foreign.connect();
    expect(await foreign.sync(secret.id)).toEqual([]);
    await foreign.send('oi');
    expect((await foreign.sync()).map((message) => message.text)).toEqual(['oi']);
    const foreignChannel = await channelOf(foreignSession.visitor.id);
    expect(foreignChannel.companyId).toBe(stranger.company.id);

    // Receipts on messages that are not theirs change nothing.
    const { contactId } = await channelOf(mine.session!.visitor.id);
    await reply(attendant, contactId, 'só para você');
    const pushed = await mine.nextMessage((message) => message.text === 'só para você');
    foreign.receipt('read', [pushed.id]);
    const other = visitor('alpha');
    await other.start();
    await other.connect();
    other.receipt('read', [pushed.id]);
    expect(await other.sync(secret.id)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [row] = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.id, pushed.id)));
    expect(row!.status).not.toBe('read');
    expect(foreign.pushed.concat(other.pushed).map((message) => message.text)).not.toContain('só para você');

    // A visitor token is not an attendant token, nor the reverse; a forged one is refused.
    expect(
      (await injectAs(t.app, { token: mine.session!.token }, { method: 'GET', url: '/api/user' })).statusCode,
    ).toBe(401);
    await expect(mine.connect(attendant.token)).rejects.toMatchObject({ code: 'visitor_session_invalid' });
    await expect(connectSocket(baseUrl, mine.session!.token)).rejects.toThrow();
  });

  it('rate-limits session creation per client address', async () => {
    const limited = await createTestApp();
    try {
      let last = 0;
      for (let attempt = 0; attempt <= 60; attempt++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/widget/none/session',
          payload: {},
        });
        last = response.statusCode;
      }
      expect(last).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('serves cross-origin requests on the widget routes only', async () => {
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/api/widget/alpha/session' });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    const consoleCall = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(consoleCall.headers['access-control-allow-origin']).toBeUndefined();
    const demo = await t.app.inject({
      method: 'GET',
      url: '/widget-demo',
      headers: { 'accept-language': 'en' },
    });
    expect(demo.body).toContain('<script src="/widget.js" data-key="demo" async></script>');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('web chat widget after a Redis outage', () => {
  it('tells a connected visitor to resync once the fan-out is back, and the visitor catches up', async () => {
    const proxy = await startTcpProxy(redisTarget(redisUrl!));
    const app = await createTestApp({ env: { REDIS_URL: throughProxy(redisUrl!, proxy) } });
    try {
      const url = await app.app.listen({ port: 0, host: '127.0.0.1' });
      const company = await makeCompany(app.database.db);
      await makeChatWidget(app.database.db, company.id, `outage-${company.id}`);
      const visitor = new ChatVisitor({ baseUrl: url, widgetKey: `outage-${company.id}`, language: 'pt_br' });
      visitors.push(visitor);
      await visitor.start();
      await visitor.connect();
      const sent = await visitor.send('antes da queda');

      await proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(visitor.resyncs).toBe(0);
      await proxy.restore();
      await until(() => visitor.resyncs > 0, 'the visitor told to resync', 10_000);
      // The visitor's sync after the resync answers (nothing was missed here: one process).
      expect(await visitor.sync(sent.id)).toEqual([]);
    } finally {
      await app.close();
      await proxy.close();
    }
  });
});
