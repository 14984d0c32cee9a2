// The generic channel API end to end against its simulator (an integrator): an administrator creates the
// account in the Center, the integrator's signed messages and status callbacks reach the real server over HTTP,
// and the attendants' replies reach the integrator signed, retried on 429 and refused on its 4xx.
import { channelApiSignature, startApiSimulator, type ApiSimulator } from '@atende/simulators/providers/api';
import type { CenterChannelAccount, Message } from '@atende/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, multipartBody, SAMPLE_PNG, type Actor } from '../../../test/factories.ts';
import { attachments, messages } from '../../db/schema/index.ts';
import { CHANNEL_ADAPTERS } from '../index.ts';
import { createAdapterRegistry } from '../registry.ts';

let sim: ApiSimulator;
let t: TestApp;
let app: FastifyInstance;
let admin: Actor;
let baseUrl: string;
let account: CenterChannelAccount;

const webhookOf = (created: CenterChannelAccount) =>
  `${baseUrl}${new URL(created.provider!.webhook_url).pathname}`;

async function createAccount(actor: Actor, webhookUrl: string, name = 'Loja Bot') {
  const created = await injectAs(app, actor, {
    method: 'POST',
    url: '/api/center/channels',
    payload: { kind: 'api', name, address: name, settings: { webhook_url: webhookUrl }, secrets: {} },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<CenterChannelAccount>();
}

const secretsOf = (created: CenterChannelAccount) => ({
  inbound_secret: created.provider!.generated.inbound_secret!,
  outbound_secret: created.provider!.generated.outbound_secret!,
});

const apiMessages = () =>
  t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, admin.company.id), eq(messages.kind, 'api')));
const countStored = async () => (await t.database.db.select().from(messages)).length;

async function messageRow(id: string) {
  const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
  return row!;
}

async function statusBecomes(id: string, status: string, withinMs = 15_000) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const row = await messageRow(id);
    if (row.status === status) return row;
    if (Date.now() > deadline) throw new Error(`message ${id} is ${row.status}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function reply(contactId: string, text: string): Promise<Message> {
  const sent = await injectAs(app, admin, {
    method: 'POST',
    url: `/api/conversation/${contactId}/messages`,
    payload: { text },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  return sent.json<Message>();
}

beforeAll(async () => {
  sim = await startApiSimulator();
  t = await createTestApp({
    adapters: createAdapterRegistry(CHANNEL_ADAPTERS),
    env: { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' },
  });
  app = t.app;
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  admin = await makeActor(app, t.database.db, 'admin');
  account = await createAccount(admin, sim.account.settings.webhook_url!);
  sim.useSecrets(secretsOf(account));
  sim.setWebhookUrl(webhookOf(account));
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('generic channel API', () => {
  it('is created with generated secrets and tested by a signed ping', async () => {
    expect(account.provider).toMatchObject({ settings: { webhook_url: sim.account.settings.webhook_url } });
    expect(account.provider!.webhook_url).toMatch(new RegExp(`/api/webhooks/api/${account.id}$`));
    const test = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/center/channels/${account.id}/test`,
    });
    expect(test.json()).toEqual({ api: { ok: true, error: null } });
    expect(sim.pings).toBe(1);
    // A ping signed with another key is what the integrator refuses: the signature is the account's.
    const ping = sim.calls.at(-1)!;
    expect(ping.body).toMatchObject({ event: 'ping' });
    expect(ping.headers['x-atende-signature']).toBe(
      channelApiSignature(
        secretsOf(account).outbound_secret,
        String(ping.headers['x-atende-timestamp']),
        JSON.stringify(ping.body),
      ),
    );
  });

  let contactId: string;
  let customerMessageId: string;

  it('stores a signed message once, however often the integrator repeats it', async () => {
    const first = await sim.customerWrites({ from: 'customer-42', name: 'Maria Souza', text: 'Olá!' });
    expect(first.status).toBe(200);
    customerMessageId = first.providerMessageId;
    const again = await sim.post({
      type: 'message',
      id: customerMessageId,
      contact: { identifier: 'customer-42', name: 'Maria Souza' },
      text: 'Olá!',
    });
    expect(again).toEqual({ status: 200, body: { ok: true, duplicate: true } });
    const stored = (await apiMessages()).filter((m) => m.providerMessageId === customerMessageId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ direction: 'in', text: 'Olá!' });
    contactId = stored[0]!.contactId;
  });

  it('stores files sent inline and by URL', async () => {
    const byUrl = await sim.customerWrites({
      from: 'customer-42',
      text: 'Foto',
      media: { kind: 'image', filename: 'foto.png', contentType: 'image/png', data: SAMPLE_PNG },
    });
    expect(byUrl.status).toBe(200);
    const inline = await sim.post({
      type: 'message',
      id: 'inline-1',
      contact: { identifier: 'customer-42' },
      attachments: [{ filename: 'nota.txt', content_type: 'text/plain', data_base64: 'UGVkaWRvIDEyMw==' }],
    });
    expect(inline.status).toBe(200);
    const rows = await apiMessages();
    const files = await t.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.companyId, admin.company.id));
    const fileOf = (providerId: string) => {
      const message = rows.find((m) => m.providerMessageId === providerId)!;
      return files.find((file) => file.messageId === message.id);
    };
    expect(fileOf(byUrl.providerMessageId)).toMatchObject({ kind: 'image', filename: 'foto.png' });
    expect(fileOf('inline-1')).toMatchObject({ filename: 'nota.txt', size: 10 });
  });

  it('refuses a wrong key, a replayed or future timestamp, bad bodies and unknown accounts, storing nothing', async () => {
    const before = await countStored();
    const message = (id: string) => ({ type: 'message', id, contact: { identifier: 'mallory' }, text: 'x' });
    const now = Math.floor(Date.now() / 1000);
    expect((await sim.post(message('bad-1'), { secret: 'not-the-secret' })).status).toBe(401);
    expect((await sim.post(message('bad-2'), { timestamp: now - 301 })).status).toBe(401);
    // Well beyond the window: on a loaded machine seconds pass between `now` and the server's check.
    expect((await sim.post(message('bad-3'), { timestamp: now + 330 })).status).toBe(401);
    // A captured request sent again after the window: same bytes, same signature, refused.
    const captured = JSON.stringify(message('bad-4'));
    const old = String(now - 600);
    const replayed = await fetch(webhookOf(account), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-atende-timestamp': old,
        'x-atende-signature': channelApiSignature(secretsOf(account).inbound_secret, old, captured),
      },
      body: captured,
    });
    expect(replayed.status).toBe(401);
    const unsigned = await fetch(webhookOf(account), { method: 'POST', body: captured });
    expect(unsigned.status).toBe(401);
    expect((await sim.post(null, { raw: '{"type":' })).status).toBe(400);
    expect((await sim.post({ type: 'message', id: 'bad-5' })).status).toBe(400);
    expect((await sim.post({ type: 'message', id: 'bad-6', contact: { identifier: 'x' } })).status).toBe(400);
    const huge = 'a'.repeat(3 * 1024 * 1024);
    const oversized = await sim.post(null, { raw: JSON.stringify({ ...message('bad-7'), huge }) });
    expect(oversized).toMatchObject({
      status: 413,
      body: { code: 'body_too_large', message: 'O conteúdo enviado é grande demais (limite de 2 MB).' },
    });
    const unknown = webhookOf(account).replace(account.id, crypto.randomUUID());
    expect((await sim.post(message('bad-8'), { url: unknown })).status).toBe(404);
    expect((await sim.post(message('bad-9'), { url: `${baseUrl}/api/webhooks/api/not-a-uuid` })).status).toBe(
      400,
    );
    expect(await countStored()).toBe(before);
  });

  it('cannot be forged for another company’s account: the key is that account’s', async () => {
    const other = await makeActor(app, t.database.db, 'admin');
    const theirs = await createAccount(other, sim.account.settings.webhook_url!, 'Outra');
    const before = await countStored();
    const forged = await sim.post(
      { type: 'message', id: 'forged-1', contact: { identifier: 'mallory' }, text: 'oi' },
      { url: webhookOf(theirs) },
    );
    expect(forged.status).toBe(401);
    expect(await countStored()).toBe(before);
  });

  it('sends a reply signed to the integrator, answering the customer’s message, then statuses move forward only', async () => {
    const sent = await reply(contactId, 'Seu pedido sai hoje.');
    const row = await statusBecomes(sent.id, 'sent');
    expect(row.providerMessageId).toBe(sent.id);
    const delivery = sim.sent().find((m) => m.providerMessageId === sent.id);
    expect(delivery).toEqual({
      providerMessageId: sent.id,
      to: 'customer-42',
      text: 'Seu pedido sai hoje.',
      media: null,
      replyTo: 'inline-1',
    });
    const call = sim.calls.find((c) => (c.body as { delivery_id?: string }).delivery_id === sent.id)!;
    expect(call.headers['idempotency-key']).toBe(sent.id);

    expect(await sim.reportStatus(sent.id, 'read')).toBe(200);
    expect(await sim.reportStatus(sent.id, 'delivered')).toBe(200);
    expect((await messageRow(sent.id)).status).toBe('read');
    // A status for an id that is not ours changes nothing.
    expect(await sim.reportStatus(crypto.randomUUID(), 'read')).toBe(200);
  });

  it('takes a status only from the account the message left from, not from another of the company', async () => {
    const sent = await reply(contactId, 'Só a conta certa.');
    await statusBecomes(sent.id, 'sent');
    expect((await messageRow(sent.id)).channelAccountId).toBe(account.id);
    // A second API account of the same company, with its own valid signature, names our message's id.
    const second = await createAccount(admin, sim.account.settings.webhook_url!, 'Outro Bot');
    const foreign = await sim.post(
      { type: 'status', message_id: sent.id, status: 'read' },
      { url: webhookOf(second), secret: secretsOf(second).inbound_secret },
    );
    expect(foreign.status).toBe(200);
    expect((await messageRow(sent.id)).status).toBe('sent');
    expect(await sim.reportStatus(sent.id, 'delivered')).toBe(200);
    expect((await messageRow(sent.id)).status).toBe('delivered');
  });

  it('sends a file inline and takes a failure callback with the integrator’s words', async () => {
    const { payload, headers } = multipartBody([
      { name: 'file', filename: 'etiqueta.png', type: 'image/png', data: SAMPLE_PNG },
      { name: 'caption', value: 'Etiqueta' },
    ]);
    const sent = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/conversation/${contactId}/file`,
      payload,
      headers,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json<Message>().id;
    await statusBecomes(id, 'sent');
    expect(sim.sent().find((m) => m.providerMessageId === id)?.media).toEqual([
      { filename: 'etiqueta.png', content_type: 'image/png', data_base64: SAMPLE_PNG.toString('base64') },
    ]);
    expect(await sim.reportStatus(id, 'failed', 'customer unreachable')).toBe(200);
    expect(await statusBecomes(id, 'failed')).toMatchObject({ failureReason: 'customer unreachable' });
  });

  it('waits out a 429 and sends once, with the same Idempotency-Key', async () => {
    sim.failNext('rate_limit');
    const sent = await reply(contactId, 'Depois do limite.');
    await statusBecomes(sent.id, 'sent');
    const tries = sim.calls.filter((c) => (c.body as { delivery_id?: string }).delivery_id === sent.id);
    expect(tries.map((c) => c.headers['idempotency-key'])).toEqual([sent.id, sent.id]);
    expect(sim.sent().filter((m) => m.providerMessageId === sent.id)).toHaveLength(1);
  });

  it('tries again after the integrator’s 5xx', async () => {
    sim.failNext('server_error');
    const sent = await reply(contactId, 'Depois da falha.');
    await statusBecomes(sent.id, 'sent', 20_000);
    const tries = sim.calls.filter((c) => (c.body as { delivery_id?: string }).delivery_id === sent.id);
    expect(tries).toHaveLength(2);
  });

  it('fails at once on the integrator’s 4xx, in its words', async () => {
    sim.failNext('expired_token');
    const sent = await reply(contactId, 'Recusada.');
    const row = await statusBecomes(sent.id, 'failed');
    expect(row.failureReason).toBe('integrator answered HTTP 403: {"error":"contact blocked this bot"}');
  });

  it('fails with api_webhook_missing when the account has no webhook_url', async () => {
    const silent = await createAccount(admin, '', 'Sem webhook');
    const written = await sim.post(
      { type: 'message', id: 'silent-1', contact: { identifier: 'customer-77' }, text: 'Oi' },
      { url: webhookOf(silent), secret: secretsOf(silent).inbound_secret },
    );
    expect(written.status).toBe(200);
    const stored = (await apiMessages()).find((m) => m.providerMessageId === 'silent-1')!;
    const sent = await reply(stored.contactId, 'Para onde?');
    expect(await statusBecomes(sent.id, 'failed')).toMatchObject({ failureReason: 'api_webhook_missing' });
  });
});
