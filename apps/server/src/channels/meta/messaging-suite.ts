// The end-to-end tests Messenger and Instagram Direct share, run by each kind's test file against its
// simulator through the real server: an administrator connects the account in the Center, Meta's handshake and
// signed webhooks reach it over HTTP, the attendant's sends reach the simulated Send API, and receipts, echoes,
// rate limits, bad tokens, closed windows, forgeries and junk are each answered as they must be.
import type { CenterChannelAccount, Message } from '@atende/contract';
import { WEBHOOK_BODY_LIMIT_BYTES } from '@atende/contract';
import type { MetaSimulator } from '@atende/simulators/providers/messenger';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  eventually,
  injectAs,
  makeActor,
  multipartBody,
  SAMPLE_OGG_OPUS,
  SAMPLE_PNG,
  type Actor,
} from '../../../test/factories.ts';
import { attachments, messages } from '../../db/schema/index.ts';
import { CHANNEL_ADAPTERS } from '../index.ts';
import { createAdapterRegistry } from '../registry.ts';
import { metaSignature } from './webhook.ts';

export type MetaSuiteOptions = {
  kind: 'messenger' | 'instagram_direct';
  /** Starts the kind's simulator (a second one, for another company, with other ids). */
  start(other?: boolean): Promise<MetaSimulator>;
  /** Whether the kind quotes the message answered (reply_to). */
  replyContext: boolean;
  /** Whether the provider sends delivery receipts (Instagram does not). */
  deliveries: boolean;
};

export type MetaSuiteContext = {
  t: TestApp;
  app: FastifyInstance;
  admin: Actor;
  sim: MetaSimulator;
  account: CenterChannelAccount;
  /** Waits (briefly) until our message has the status. */
  until(id: string, status: string): Promise<void>;
  /** Our address as a simulator calls it (the app listens on a loopback port). */
  webhookAddress(account: CenterChannelAccount): string;
  createAccount(
    actor: Actor,
    sim: MetaSimulator,
    name: string,
    enabled?: boolean,
  ): Promise<CenterChannelAccount>;
};

/** The shared tests; `more` adds the kind's own, run with the same app, account and simulator. */
export function metaMessagingSuite(options: MetaSuiteOptions, more?: (ctx: () => MetaSuiteContext) => void) {
  const { kind } = options;
  let t: TestApp;
  let app: FastifyInstance;
  let admin: Actor;
  let sim: MetaSimulator;
  let account: CenterChannelAccount;
  let origin: string;

  const path = (of: CenterChannelAccount) => new URL(of.provider!.webhook_url).pathname;
  const webhookAddress = (of: CenterChannelAccount) => `${origin}${path(of)}`;

  async function createAccount(actor: Actor, simulator: MetaSimulator, name: string, enabled = true) {
    const created = await injectAs(app, actor, {
      method: 'POST',
      url: '/api/center/channels',
      payload: {
        kind,
        name,
        enabled,
        address: simulator.account.address,
        settings: simulator.account.settings,
        secrets: simulator.account.secrets,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<CenterChannelAccount>();
  }

  const stored = (companyId = admin.company.id) =>
    t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.kind, kind)));
  const inbound = async (companyId?: string) =>
    (await stored(companyId)).filter((message) => message.direction === 'in');
  const byProviderId = async (id: string) => (await stored()).find((m) => m.providerMessageId === id);
  const statusOf = async (id: string) => (await stored()).find((m) => m.id === id)?.status;

  async function send(contactId: string, payload: Record<string, unknown>): Promise<Message> {
    const sent = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/conversation/${contactId}/messages`,
      payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    return sent.json<Message>();
  }
  const until = async (id: string, status: string) =>
    expect(await eventually(() => statusOf(id), status, 10_000)).toBe(status);

  beforeAll(async () => {
    sim = await options.start();
    t = await createTestApp({
      adapters: createAdapterRegistry(CHANNEL_ADAPTERS),
      env: { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' },
    });
    app = t.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    admin = await makeActor(app, t.database.db, 'admin');
    account = await createAccount(admin, sim, 'Atendimento');
    sim.setWebhookUrl(webhookAddress(account));
  }, 30_000);

  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const customer = '6783920012345678';
  let contactId: string;

  it('is connected by an administrator, its webhook address shown, and its token checked by Meta', async () => {
    expect(account.provider!.webhook_url).toMatch(new RegExp(`/api/webhooks/\\w+/${account.id}$`));
    expect(account.provider!.generated.verify_token).toBeTruthy();
    expect(JSON.stringify(account)).not.toContain(sim.account.secrets.app_secret);
    const test = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/center/channels/${account.id}/test`,
    });
    expect(test.json()).toEqual({ api: { ok: true, error: null } });

    const wrong = await createAccount(
      admin,
      { ...sim, account: { ...sim.account, secrets: tokenReplaced(sim, 'EAAGwrong') } },
      'Token errado',
      false,
    );
    const refused = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/center/channels/${wrong.id}/test`,
    });
    expect(refused.json()).toEqual({ api: { ok: false, error: expect.stringMatching(/access token/) } });
  });

  it('answers Meta’s verification handshake with the challenge for its own token only', async () => {
    const query = (token: string) =>
      `?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;
    const ok = await app.inject({
      url: `${path(account)}${query(account.provider!.generated.verify_token!)}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const refused = await app.inject({ url: `${path(account)}${query('guess')}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('1158201444');
  });

  it('stores a customer’s text once however often Meta delivers it, and nothing unsigned', async () => {
    const event = {
      sender: { id: customer },
      recipient: { id: sim.account.settings.instagram_id ?? sim.account.settings.page_id },
      timestamp: Date.now(),
      message: { mid: 'm_first-message', text: 'Olá, meu pedido não chegou 😟' },
    };
    const body = sim.envelope([event]);
    expect(body).toContain('\\ud83d\\ude1f'); // signed as Meta sends it: non-ASCII escaped
    expect(await sim.post(body)).toBe(200);
    // Again, beside an event of a shape we do not know (ignored, not holding the message back).
    const again = sim.envelope([
      { sender: { id: customer }, optin: { ref: 'x' } },
      { reaction: 'love' },
      event,
    ]);
    expect(await sim.post(again)).toBe(200);
    const rows = await inbound();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      providerMessageId: 'm_first-message',
      text: 'Olá, meu pedido não chegou 😟',
    });
    contactId = rows[0]!.contactId;

    const other = sim.envelope([{ ...event, message: { mid: 'm_forged', text: 'forged' } }]);
    expect(await sim.post(other, metaSignature('not-the-app-secret', other))).toBe(401);
    expect(await sim.post(other, '')).toBe(401);
    expect(await sim.post(`${other} `, metaSignature(sim.account.secrets.app_secret!, other))).toBe(401);
    expect(await inbound()).toHaveLength(1);
  });

  it('downloads the files a customer sends (photo, voice, sticker), and writes a location as a maps link', async () => {
    const photo = await sim.customerWrites({
      from: customer,
      text: 'Foto da caixa',
      media: { kind: 'image', filename: 'caixa.png', contentType: 'image/png', data: SAMPLE_PNG },
    });
    const voice = await sim.customerWrites({
      from: customer,
      media: { kind: 'audio', filename: 'audioclip.ogg', contentType: 'audio/ogg', data: SAMPLE_OGG_OPUS },
    });
    const sticker = await sim.customerWrites({
      from: customer,
      media: { kind: 'sticker', filename: 'like.png', contentType: 'image/png', data: SAMPLE_PNG },
    });
    const place = await sim.customerWrites({
      from: customer,
      location: { latitude: -23.5505, longitude: -46.6333, name: 'Loja Centro' },
    });
    expect([photo.status, voice.status, sticker.status, place.status]).toEqual([200, 200, 200, 200]);
    const files = await t.database.db.select().from(attachments);
    const photoRow = await byProviderId(photo.providerMessageId);
    expect(photoRow).toMatchObject({ text: 'Foto da caixa', contactId });
    expect(files.find((file) => file.messageId === photoRow!.id)).toMatchObject({
      kind: 'image',
      filename: 'caixa.png',
      size: SAMPLE_PNG.length,
    });
    const voiceRow = await byProviderId(voice.providerMessageId);
    expect(files.find((file) => file.messageId === voiceRow!.id)).toMatchObject({ kind: 'audio' });
    const stickerRow = await byProviderId(sticker.providerMessageId);
    expect(files.find((file) => file.messageId === stickerRow!.id)).toMatchObject({ kind: 'image' });
    expect((await byProviderId(place.providerMessageId))!.text).toBe(
      '📍 Loja Centro\nhttps://www.google.com/maps/search/?api=1&query=-23.5505,-46.6333',
    );
  });

  it('sends the attendant’s text and file to the Send API and stores Meta’s ids', async () => {
    const text = await send(contactId, { text: 'Seu pedido sai hoje.' });
    await until(text.id, 'sent');
    const { payload, headers } = multipartBody([
      { name: 'caption', value: '' },
      { name: 'file', filename: 'etiqueta.png', type: 'image/png', data: SAMPLE_PNG },
    ]);
    const file = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/conversation/${contactId}/file`,
      payload,
      headers,
    });
    expect(file.statusCode, file.body).toBe(201);
    await until(file.json<Message>().id, 'sent');
    const [first, second] = sim.sent().slice(-2);
    expect(first).toMatchObject({ to: customer, text: 'Seu pedido sai hoje.', media: null });
    expect(second).toMatchObject({
      to: customer,
      media: { type: 'image', filename: 'etiqueta.png', contentType: 'image/png', size: SAMPLE_PNG.length },
    });
    expect((await stored()).find((m) => m.id === text.id)!.providerMessageId).toBe(first!.providerMessageId);
    const call = sim.calls.findLast((c) => c.method === 'POST')!;
    expect(call.body).toMatchObject({ recipient: { id: customer }, messaging_type: 'RESPONSE' });
  });

  it('moves several messages to delivered then read on watermark receipts, never back', async () => {
    const sent = [];
    for (const text of ['Um', 'Dois', 'Três']) sent.push(await send(contactId, { text }));
    for (const message of sent) await until(message.id, 'sent');
    const ids = sent.map((message) => message.id);
    const statuses = async () => Promise.all(ids.map(statusOf));

    expect(await sim.watermark(customer, 'delivered')).toBe(200);
    expect(await statuses()).toEqual(['delivered', 'delivered', 'delivered']);
    const last = (await stored()).find((m) => m.id === ids[2])!.providerMessageId!;
    // Read of the last message: a watermark on Messenger, the mid seen on Instagram (earlier ones stay).
    expect(await sim.reportStatus(last, 'read')).toBe(200);
    expect(await statusOf(ids[2]!)).toBe('read');
    expect(await sim.watermark(customer, 'read')).toBe(200);
    expect(await statuses()).toEqual(['read', 'read', 'read']);
    // A late delivery receipt, by watermark and (Messenger) by mid, undoes nothing.
    expect(await sim.watermark(customer, 'delivered')).toBe(200);
    expect(await sim.reportStatus(last, 'delivered')).toBe(200);
    expect(await statuses()).toEqual(['read', 'read', 'read']);
  });

  it('stores nothing for the echo of its own send', async () => {
    const message = await send(contactId, { text: 'Eco?' });
    await until(message.id, 'sent');
    const before = (await stored()).length;
    const mid = (await stored()).find((m) => m.id === message.id)!.providerMessageId!;
    expect(await sim.echo(mid)).toBe(200);
    // Meta also echoes what the page sent from its own inbox, under mids we never stored.
    const own = sim.account.settings.instagram_id ?? sim.account.settings.page_id;
    const elsewhere = sim.envelope([
      {
        sender: { id: own },
        recipient: { id: customer },
        timestamp: Date.now(),
        message: { mid: 'm_sent-from-page-inbox', is_echo: true, text: 'Respondido pelo celular' },
      },
    ]);
    expect(await sim.post(elsewhere)).toBe(200);
    expect((await stored()).length).toBe(before);
  });

  if (options.replyContext) {
    it('quotes the customer’s message the attendant answers', async () => {
      const quoted = (await byProviderId('m_first-message'))!;
      const reply = await send(contactId, { text: 'Sobre isso: já saiu.', reply_to: quoted.id });
      await until(reply.id, 'sent');
      expect(sim.sent().at(-1)).toMatchObject({ text: 'Sobre isso: já saiu.', replyTo: 'm_first-message' });
    });
  }

  it('waits out Meta’s rate limit, then sends', async () => {
    sim.failNext('rate_limit');
    const before = sim.sent().length;
    const message = await send(contactId, { text: 'Depois do limite.' });
    await until(message.id, 'sent');
    expect(
      sim
        .sent()
        .slice(before)
        .map((m) => m.text),
    ).toEqual(['Depois do limite.']);
  }, 20_000);

  it('fails at once with Meta’s words on an expired token, and with our reason outside the window', async () => {
    sim.failNext('expired_token');
    const expired = await send(contactId, { text: 'Token vencido.' });
    await until(expired.id, 'failed');
    const row = (await stored()).find((m) => m.id === expired.id)!;
    expect(row.failureReason).toMatch(/Error validating access token: Session has expired/);

    sim.failNext('window_closed');
    const late = await send(contactId, { text: 'Fora da janela.' });
    await until(late.id, 'failed');
    expect((await stored()).find((m) => m.id === late.id)!.failureReason).toBe('meta_window_closed');
  });

  it('cannot be driven through another company’s account, nor name another account’s entry', async () => {
    const otherSim = await options.start(true);
    try {
      const otherAdmin = await makeActor(app, t.database.db, 'admin');
      const other = await createAccount(otherAdmin, otherSim, 'Outra empresa');
      const body = otherSim.envelope([
        {
          sender: { id: customer },
          recipient: { id: '1' },
          timestamp: Date.now(),
          message: { mid: 'm_cross', text: 'cross' },
        },
      ]);
      // Our app secret does not sign for the other company's account.
      const forged = await app.inject({
        method: 'POST',
        url: path(other),
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': metaSignature(sim.account.secrets.app_secret!, body),
        },
        payload: body,
      });
      expect(forged.statusCode).toBe(401);
      // Properly signed for our account, but the entry is the other account's: ignored.
      expect(await sim.post(body)).toBe(200);
      expect(await byProviderId('m_cross')).toBeUndefined();
      expect(await inbound(otherAdmin.company.id)).toHaveLength(0);
    } finally {
      await otherSim.close();
    }
  });

  it('answers 404 for an unknown account and 4xx for junk or oversized bodies, storing nothing', async () => {
    const before = (await stored()).length;
    const unknown = await app.inject({
      method: 'POST',
      url: path(account).replace(account.id, '0190f3a0-0000-7000-8000-000000000000'),
      headers: { 'content-type': 'application/json' },
      payload: sim.envelope([]),
    });
    expect(unknown.statusCode).toBe(404);
    expect(await sim.post('not json')).toBe(400);
    expect(await sim.post('{"object":"page"}')).toBe(400);
    expect(await sim.post('{"object":"user","entry":[]}')).toBe(400);
    const huge = Buffer.alloc(WEBHOOK_BODY_LIMIT_BYTES + 1, 0x20);
    // Past the webhook body limit: refused before any handler runs (the app answers size errors with 400).
    expect(await sim.post(huge)).toBeOneOf([400, 413]);
    expect((await stored()).length).toBe(before);
  });

  more?.(() => ({ t, app, admin, sim, account, until, webhookAddress, createAccount }));
}

/** The simulator's secrets with its access token replaced (an account whose token Meta refuses). */
function tokenReplaced(sim: MetaSimulator, token: string): Record<string, string> {
  const secrets = { ...sim.account.secrets };
  for (const name of Object.keys(secrets)) if (name !== 'app_secret') secrets[name] = token;
  return secrets;
}
