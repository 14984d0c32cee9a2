// Telegram end to end against the Bot API simulator, through the real server listening on a loopback port: an
// administrator connects a bot and registers our webhook (the simulator keeps the address and secret as Telegram
// does), customers' updates arrive carrying that secret, attendants' answers leave as sendMessage / uploads, and
// Telegram's refusals (429 retry_after, revoked token, blocked bot) end as they should.
import { freePort } from '@atende/simulators/email';
import { startTelegramSimulator, type TelegramSimulator } from '@atende/simulators/providers/telegram';
import type { CenterChannelAccount, ItemsPage, Message } from '@atende/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  injectAs,
  makeActor,
  multipartBody,
  SAMPLE_OGG_OPUS,
  SAMPLE_PNG,
  type Actor,
} from '../../../test/factories.ts';
import { contactChannels, contacts, messages } from '../../db/schema/index.ts';
import { DeliveryError, type OutboundMessage } from '../adapter.ts';
import { CHANNEL_ADAPTERS } from '../index.ts';
import { createAdapterRegistry } from '../registry.ts';
import { telegramAdapter } from './send.ts';

const CHAT = '424242';
/** The bot's id, first in our ids of its messages (the token's digits). */
const botId = () => sim.botToken.split(':')[0]!;
let sim: TelegramSimulator;
let t: TestApp;
let app: FastifyInstance;
let admin: Actor;
let account: CenterChannelAccount;

const telegramMessages = (companyId = admin.company.id) =>
  t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.kind, 'telegram')));

async function items(contactId: string): Promise<Message[]> {
  const page = (
    await injectAs(app, admin, { url: `/api/conversation/${contactId}/items?limit=100` })
  ).json<ItemsPage>();
  // The page lists the newest first.
  return page.data.flatMap((item) => (item.type === 'message' ? [item.message] : [])).reverse();
}

async function connectBot(
  actor: Actor,
  token: string,
  name = 'Bot de vendas',
): Promise<CenterChannelAccount> {
  const created = await injectAs(app, actor, {
    method: 'POST',
    url: '/api/center/channels',
    payload: {
      kind: 'telegram',
      name,
      address: '@atende_test_bot',
      settings: { api_base_url: sim.apiBaseUrl },
      secrets: { bot_token: token },
    },
  });
  expect(created.statusCode).toBe(201);
  return created.json<CenterChannelAccount>();
}

const webhookPath = (of: CenterChannelAccount) => new URL(of.provider!.webhook_url).pathname;
const secretOf = (of: CenterChannelAccount) => of.provider!.generated.webhook_secret!;

/** Posts bytes to an account's webhook as Telegram would, with the given secret header. */
const postTo = (of: CenterChannelAccount, body: string | Buffer, secret: string | null) =>
  app.inject({
    method: 'POST',
    url: webhookPath(of),
    headers: {
      'content-type': 'application/json',
      ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }),
    },
    payload: body,
  });

async function send(contactId: string, payload: Record<string, unknown>): Promise<Message> {
  const response = await injectAs(app, admin, {
    method: 'POST',
    url: `/api/conversation/${contactId}/messages`,
    payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json<Message>();
}

/** The message once the delivery worker is done with it (no longer pending). */
async function settled(contactId: string, id: string, withinMs = 20_000): Promise<Message> {
  for (const deadline = Date.now() + withinMs; Date.now() < deadline;) {
    const found = (await items(contactId)).find((m) => m.id === id);
    if (found && found.status !== 'pending') return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`message ${id} still pending after ${withinMs} ms`);
}

beforeAll(async () => {
  sim = await startTelegramSimulator({ retryAfter: 1 });
  const port = await freePort();
  t = await createTestApp({
    adapters: createAdapterRegistry(CHANNEL_ADAPTERS),
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' },
  });
  app = t.app;
  await app.listen({ port, host: '127.0.0.1' });
  admin = await makeActor(app, t.database.db, 'admin');
  account = await connectBot(admin, sim.botToken);
}, 30_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('Telegram channel', () => {
  it('checks the token with getMe, in Telegram’s words when it is refused', async () => {
    const test = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/center/channels/${account.id}/test`,
    });
    expect(test.json()).toEqual({ api: { ok: true, error: null } });
    expect(sim.calls.at(-1)).toMatchObject({ path: `/bot${sim.botToken}/getMe` });

    const wrong = await connectBot(admin, '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'Bot errado');
    const refused = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/center/channels/${wrong.id}/test`,
    });
    expect(refused.json()).toEqual({ api: { ok: false, error: 'Unauthorized' } });
    const register = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/center/channels/${wrong.id}/register-webhook`,
    });
    expect(register.statusCode).toBe(502);
    expect(sim.webhook()).toBeNull();
  });

  it('registers our webhook address and secret with setWebhook, and Telegram keeps them', async () => {
    expect(secretOf(account)).toMatch(/^[A-Za-z0-9_-]{1,256}$/);
    const register = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/center/channels/${account.id}/register-webhook`,
    });
    expect(register.statusCode).toBe(200);
    expect(sim.webhook()).toEqual({
      url: account.provider!.webhook_url,
      secretToken: secretOf(account),
      allowedUpdates: ['message', 'edited_message', 'callback_query'],
    });
    expect(account.provider!.webhook_url).toBe(`${t.config.publicUrl}/api/webhooks/telegram/${account.id}`);
  });

  let contactId: string;
  let firstId: string;

  it('stores a customer’s text once, addressed by chat id and named, however often Telegram retries', async () => {
    const update = sim.buildUpdate({ from: CHAT, name: 'Ann Lee', text: 'Olá, quero comprar' });
    const body = JSON.stringify(update);
    expect(await sim.postUpdate(body)).toBe(200);
    expect(await sim.postUpdate(body)).toBe(200);
    const rows = await telegramMessages();
    expect(rows).toHaveLength(1);
    const [stored] = rows;
    firstId = `${botId()}:${CHAT}:${(update as { message: { message_id: number } }).message.message_id}`;
    expect(stored).toMatchObject({ providerMessageId: firstId, text: 'Olá, quero comprar', direction: 'in' });
    contactId = stored!.contactId;
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.id, contactId));
    expect(contact!.name).toBe('Ann Lee');
    const channels = await t.database.db
      .select()
      .from(contactChannels)
      .where(eq(contactChannels.contactId, contactId));
    expect(channels).toMatchObject([{ kind: 'telegram', address: CHAT, outputLineId: account.id }]);
  });

  it('refuses an update without the account’s secret, storing nothing', async () => {
    const body = JSON.stringify(sim.buildUpdate({ from: CHAT, text: 'forjada' }));
    const secret = secretOf(account);
    const sameLength = secret.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await postTo(account, body, null)).statusCode).toBe(401);
    expect((await postTo(account, body, sameLength)).statusCode).toBe(401);
    expect(await sim.postUpdate(body, 'not-the-secret')).toBe(401);
    expect((await telegramMessages()).map((m) => m.text)).not.toContain('forjada');
    // Telegram never calls with GET: there is no handshake to answer.
    expect((await app.inject({ url: webhookPath(account) })).statusCode).toBe(404);
  });

  it('fetches the largest photo size, documents, voice notes, audio, videos and stickers; locations as a map link', async () => {
    const photo = Buffer.concat([SAMPLE_PNG, Buffer.alloc(400, 7)]);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const mp4 = Buffer.concat([
      Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
      Buffer.alloc(64),
    ]);
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([0x24, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(28),
    ]);
    const sends = [
      {
        text: 'Foto do produto',
        media: { kind: 'image', filename: 'p.png', contentType: 'image/png', data: photo },
      },
      { media: { kind: 'document', filename: 'boleto.pdf', contentType: 'application/pdf', data: pdf } },
      { media: { kind: 'audio', filename: 'v.ogg', contentType: 'audio/ogg', data: SAMPLE_OGG_OPUS } },
      { media: { kind: 'video', filename: 'clip.mp4', contentType: 'video/mp4', data: mp4 } },
      { text: '👍', media: { kind: 'sticker', filename: 's.webp', contentType: 'image/webp', data: webp } },
      { location: { latitude: -23.5505, longitude: -46.6333, name: 'Loja Paulista' } },
    ] as const;
    for (const each of sends) {
      const { status } = await sim.customerWrites({
        from: CHAT,
        ...each,
        media: 'media' in each ? { ...each.media } : undefined,
      });
      expect(status).toBe(200);
    }
    const received = (await items(contactId)).filter((m) => m.direction === 'in').slice(-6);
    expect(received.map((m) => m.text)).toEqual([
      'Foto do produto',
      '',
      '',
      '',
      '👍',
      '📍 Loja Paulista\nhttps://www.google.com/maps/search/?api=1&query=-23.5505,-46.6333',
    ]);
    const files = received.slice(0, 5).map((m) => m.attachments[0]);
    expect(files.map((f) => [f?.filename, f?.size])).toEqual([
      ['photo.jpg', photo.length],
      ['boleto.pdf', pdf.length],
      ['voice.ogg', SAMPLE_OGG_OPUS.length],
      ['clip.mp4', mp4.length],
      ['sticker.webp', webp.length],
    ]);
    expect(files.map((f) => f?.kind)).toEqual(['image', 'document', 'audio', 'video', 'image']);
    // The stored photo is the original's bytes, not the thumbnail's.
    const stored = await app.inject({ url: files[0]!.url });
    expect(stored.rawPayload.equals(photo)).toBe(true);
  });

  it('keeps the message of a file larger than a bot may download, naming the file', async () => {
    const before = sim.calls.filter((c) => c.path.endsWith('/getFile')).length;
    const big = Buffer.alloc(20 * 1024 * 1024 + 1);
    const { status } = await sim.customerWrites({
      from: CHAT,
      text: 'Contrato',
      media: { kind: 'document', filename: 'contrato.pdf', contentType: 'application/pdf', data: big },
    });
    expect(status).toBe(200);
    const [last] = (await items(contactId)).filter((m) => m.direction === 'in').slice(-1);
    expect(last).toMatchObject({ text: 'Contrato\n📎 contrato.pdf', attachments: [] });
    expect(sim.calls.filter((c) => c.path.endsWith('/getFile')).length).toBe(before);
  });

  it('stores an edit as the corrected text, once', async () => {
    const update = sim.buildUpdate({ from: CHAT, text: 'Quero 3 unidades', edit: true, messageId: 1 });
    const body = JSON.stringify(update);
    expect(await sim.postUpdate(body)).toBe(200);
    expect(await sim.postUpdate(body)).toBe(200);
    const edits = (await telegramMessages()).filter((m) => m.text === '✏️ Quero 3 unidades');
    expect(edits).toHaveLength(1);
    expect(edits[0]!.providerMessageId).toMatch(new RegExp(`^${botId()}:${CHAT}:1:edit:\\d+$`));
  });

  it('answers the customer’s last message, or the one quoted, and stays sent: bots get no receipts', async () => {
    const latest = (await items(contactId)).filter((m) => m.direction === 'in').at(-1)!;
    const latestId = (await telegramMessages()).find((m) => m.id === latest.id)!.providerMessageId!;
    const plain = await send(contactId, { text: 'Temos sim!' });
    expect(await settled(contactId, plain.id)).toMatchObject({ status: 'sent' });
    expect(sim.sent().at(-1)).toMatchObject({
      to: CHAT,
      text: 'Temos sim!',
      replyTo: latestId.split(':')[2],
    });
    const call = sim.calls.at(-1)!;
    expect(call.path).toBe(`/bot${sim.botToken}/sendMessage`);
    expect(call.body).toMatchObject({
      chat_id: CHAT,
      text: 'Temos sim!',
      reply_parameters: { message_id: Number(latestId.split(':')[2]) },
    });
    const [row] = (await telegramMessages()).filter((m) => m.id === plain.id);
    expect(row!.providerMessageId).toBe(sim.sent().at(-1)!.providerMessageId);

    const first = (await telegramMessages()).find((m) => m.providerMessageId === firstId)!;
    const quoted = await send(contactId, { text: 'Sobre a sua primeira mensagem', reply_to: first.id });
    await settled(contactId, quoted.id);
    expect(sim.sent().at(-1)).toMatchObject({ replyTo: firstId.split(':')[2] });

    expect(await sim.reportStatus(sim.sent().at(-1)!.providerMessageId, 'read')).toBe(0);
    expect(await settled(contactId, quoted.id)).toMatchObject({ status: 'sent' });
  });

  it('uploads an attendant’s file with its caption by the method of its kind', async () => {
    const { payload, headers } = multipartBody([
      { name: 'file', filename: 'etiqueta.png', type: 'image/png', data: SAMPLE_PNG },
      { name: 'caption', value: 'Sua etiqueta' },
    ]);
    const response = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/conversation/${contactId}/file`,
      payload,
      headers,
    });
    expect(response.statusCode).toBe(201);
    const sent = response.json<Message>();
    expect(await settled(contactId, sent.id)).toMatchObject({ status: 'sent' });
    const call = sim.calls.at(-1)!;
    expect(call.path).toBe(`/bot${sim.botToken}/sendPhoto`);
    expect(call.headers['content-type']).toMatch(/^multipart\/form-data/);
    const body = call.body as Record<string, unknown>;
    expect(body).toMatchObject({ chat_id: CHAT, caption: 'Sua etiqueta' });
    const photo = body.photo as { filename: string; contentType: string; data: Buffer };
    expect(photo).toMatchObject({ filename: 'etiqueta.png', contentType: 'image/png' });
    expect(photo.data.equals(SAMPLE_PNG)).toBe(true);
  });

  it('waits out a 429 for retry_after and then ends sent', async () => {
    sim.failNext('rate_limit');
    const attempts = () => sim.calls.filter((c) => c.path.endsWith('/sendMessage')).length;
    const before = attempts();
    const startedAt = Date.now();
    const message = await send(contactId, { text: 'Devagar e sempre' });
    expect(await settled(contactId, message.id)).toMatchObject({ status: 'sent' });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1_000);
    expect(attempts() - before).toBe(2);
    expect(sim.sent().at(-1)).toMatchObject({ text: 'Devagar e sempre' });
  }, 30_000);

  it('fails at once on a revoked token, and on a customer who blocked the bot in Telegram’s words', async () => {
    const attempts = () => sim.calls.filter((c) => c.path.endsWith('/sendMessage')).length;
    let before = attempts();
    sim.failNext('expired_token');
    const revoked = await send(contactId, { text: 'Token revogado' });
    expect(await settled(contactId, revoked.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'provider_token_invalid',
    });
    expect(attempts() - before).toBe(1);

    before = attempts();
    sim.failNext('window_closed');
    const blocked = await send(contactId, { text: 'Bloqueado' });
    expect(await settled(contactId, blocked.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'Forbidden: bot was blocked by the user',
    });
    expect(attempts() - before).toBe(1);
  });

  it('cannot be fed another company’s messages: the secret is the account’s own', async () => {
    const other = await makeActor(app, t.database.db, 'admin');
    const theirs = await connectBot(other, sim.botToken, 'Bot deles');
    expect(secretOf(theirs)).not.toBe(secretOf(account));
    const body = JSON.stringify(sim.buildUpdate({ from: '777', text: 'intrusa' }));
    // Our secret on their address, their secret on ours: both refused.
    expect((await postTo(theirs, body, secretOf(account))).statusCode).toBe(401);
    expect((await postTo(account, body, secretOf(theirs))).statusCode).toBe(401);
    expect(await telegramMessages(other.company.id)).toHaveLength(0);
    expect((await telegramMessages()).map((m) => m.text)).not.toContain('intrusa');
    // With their own secret it lands on their company only.
    expect((await postTo(theirs, body, secretOf(theirs))).statusCode).toBe(200);
    expect((await telegramMessages(other.company.id)).map((m) => m.text)).toEqual(['intrusa']);
    expect((await telegramMessages()).map((m) => m.text)).not.toContain('intrusa');
  });

  it('answers 404 for an unknown account and 4xx for malformed or oversized bodies, storing nothing', async () => {
    const count = (await telegramMessages()).length;
    const body = JSON.stringify(sim.buildUpdate({ from: CHAT, text: 'perdida' }));
    const unknown = await app.inject({
      method: 'POST',
      url: `/api/webhooks/telegram/${uuidv7()}`,
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secretOf(account) },
      payload: body,
    });
    expect(unknown.statusCode).toBe(404);
    const secret = secretOf(account);
    expect((await postTo(account, 'not json', secret)).statusCode).toBe(400);
    expect((await postTo(account, '{"update_id":"x"}', secret)).statusCode).toBe(400);
    expect((await postTo(account, '{"update_id":9,"message":{"message_id":1}}', secret)).statusCode).toBe(
      400,
    );
    const huge = JSON.stringify({ update_id: 10, message: { text: 'x'.repeat(3 * 1024 * 1024) } });
    const oversized = await postTo(account, huge, secret);
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json()).toMatchObject({ code: 'body_too_large' });
    // An update that is not a message (a member joined a group) is acknowledged and stores nothing.
    const join = { update_id: 11, my_chat_member: { chat: { id: 1, type: 'group' } } };
    expect((await postTo(account, JSON.stringify(join), secret)).statusCode).toBe(200);
    expect((await telegramMessages()).length).toBe(count);
  });
});

describe('Telegram adapter on its own', () => {
  const outbound = (over: Partial<OutboundMessage> = {}): OutboundMessage => ({
    messageId: uuidv7(),
    companyId: 'c',
    contactId: 'k',
    contactChannelId: 'ch',
    kind: 'telegram',
    to: '555',
    text: 'Olá',
    subject: null,
    attachments: [],
    replyTo: null,
    account: {
      id: 'a',
      companyId: 'c',
      kind: 'telegram',
      name: 'Bot',
      address: null,
      enabled: true,
      settings: { api_base_url: sim.apiBaseUrl },
      credentials: { bot_token: sim.botToken, webhook_secret: 's' },
      updatedAt: new Date(),
    },
    ...over,
  });
  const file = (filename: string, contentType: string, data: Buffer) => ({
    filename,
    contentType,
    size: data.length,
    read: async () => data,
  });
  const methods = (from: number) => sim.calls.slice(from).map((call) => call.path.split('/').pop());

  it('sends a text too long for a caption first, then each file by its kind, answering once', async () => {
    const from = sim.calls.length;
    const result = await telegramAdapter.send(
      outbound({
        text: 'x'.repeat(1100),
        replyTo: { providerMessageId: `${botId()}:555:9`, references: [], subject: null, quoted: true },
        attachments: [
          file('a.png', 'image/png', SAMPLE_PNG),
          file('v.ogg', 'audio/ogg', SAMPLE_OGG_OPUS),
          file('b.pdf', 'application/pdf', Buffer.from('%PDF-1.4')),
        ],
      }),
    );
    expect(methods(from)).toEqual(['sendMessage', 'sendPhoto', 'sendVoice', 'sendDocument']);
    const sent = sim.sent().slice(-4);
    expect(result.providerMessageId).toBe(sent[0]!.providerMessageId);
    expect(sent.map((each) => each.replyTo)).toEqual(['9', null, null, null]);
    expect(sent.slice(1).map((each) => each.text)).toEqual([null, null, null]);
  });

  it('answers no message of another chat', async () => {
    await telegramAdapter.send(
      outbound({
        replyTo: { providerMessageId: `${botId()}:777:3`, references: [], subject: null, quoted: true },
      }),
    );
    expect(sim.sent().at(-1)).toMatchObject({ to: '555', replyTo: null });
  });

  it('retries 5xx and refuses for good what Telegram calls a bad request', async () => {
    sim.failNext('server_error');
    const transient = await telegramAdapter.send(outbound()).catch((error: unknown) => error);
    expect(transient).toMatchObject({ permanent: false, retryAfterMs: null });
    const unknownChat = await telegramAdapter.send(outbound({ to: 'nope' })).catch((e: unknown) => e);
    expect(unknownChat).toBeInstanceOf(DeliveryError);
    expect(unknownChat).toMatchObject({ message: 'Bad Request: chat not found', permanent: true });
    sim.failNext('rate_limit');
    const limited = await telegramAdapter.send(outbound()).catch((error: unknown) => error);
    expect(limited).toMatchObject({ permanent: false, retryAfterMs: 1000 });
  });
});
