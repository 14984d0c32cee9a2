// WhatsApp Cloud end to end against the simulator (packages/simulators/src/providers/whatsapp): an administrator
// connects the number in the Center, the simulator's customer writes through the signed webhook, the attendant
// answers through the Graph API, and Meta's statuses, rate limits, closed window and dead token land where the
// attendant sees them.
import type { CenterChannelAccount, ItemsPage, Message } from '@atende/contract';
import {
  metaJson,
  startWhatsappSimulator,
  type WhatsappSimulator,
} from '@atende/simulators/providers/whatsapp';
import { and, eq } from 'drizzle-orm';
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
import { attachments, contacts, messages } from '../../db/schema/index.ts';
import { metaSignature } from '../meta/webhook.ts';
import { CHANNEL_ADAPTERS } from '../index.ts';
import { createAdapterRegistry } from '../registry.ts';

let t: TestApp;
let sim: WhatsappSimulator;
let admin: Actor;
let account: CenterChannelAccount;
let baseUrl: string;
let webhookPath: string;

const CUSTOMER = '5511987654321';

async function connect(actor: Actor, simulator: WhatsappSimulator, name = 'WhatsApp ACME') {
  const created = await injectAs(t.app, actor, {
    method: 'POST',
    url: '/api/center/channels',
    payload: {
      kind: 'whatsapp',
      name,
      address: simulator.account.address,
      settings: { ...simulator.account.settings, api_base_url: simulator.apiBaseUrl },
      secrets: simulator.account.secrets,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<CenterChannelAccount>();
}

const pathOf = (url: string) => new URL(url).pathname;

const storedFor = (companyId: string) =>
  t.database.db.select().from(messages).where(eq(messages.companyId, companyId));

async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const messageRow = async (id: string) =>
  (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0]!;

const statusBecomes = (id: string, status: string, ms?: number) =>
  waitFor(
    async () => {
      const row = await messageRow(id);
      return row.status === status && row;
    },
    `message ${status}`,
    ms,
  );

async function items(contactId: string): Promise<Message[]> {
  const page = (
    await injectAs(t.app, admin, { url: `/api/conversation/${contactId}/items` })
  ).json<ItemsPage>();
  return page.data.flatMap((item) => (item.type === 'message' ? [item.message] : []));
}

const reply = (contactId: string, text: string, extra: object = {}) =>
  injectAs(t.app, admin, {
    method: 'POST',
    url: `/api/conversation/${contactId}/messages`,
    payload: { text, ...extra },
  });

beforeAll(async () => {
  sim = await startWhatsappSimulator();
  t = await createTestApp({
    adapters: createAdapterRegistry(CHANNEL_ADAPTERS),
    env: { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' },
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await makeActor(t.app, t.database.db, 'admin');
  account = await connect(admin, sim);
  webhookPath = pathOf(account.provider!.webhook_url);
  sim.setWebhookUrl(`${baseUrl}${webhookPath}`);
}, 30_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

let contactId: string;

describe('WhatsApp channel', () => {
  it('answers Meta’s verification handshake only with the account’s verify token', async () => {
    const token = account.provider!.generated.verify_token!;
    expect(token).toBeTruthy();
    const ok = await t.app.inject({
      url: `${webhookPath}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.app.inject({
      url: `${webhookPath}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1158201444`,
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('checks the connection with the phone number’s node, and reports a bad token in Meta’s words', async () => {
    const test = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/center/channels/${account.id}/test`,
    });
    expect(test.json()).toEqual({ api: { ok: true, error: null } });
    sim.failNext('expired_token');
    const expired = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/center/channels/${account.id}/test`,
    });
    expect(expired.json().api).toMatchObject({ ok: false, error: expect.stringMatching(/access token/) });
    expect(sim.calls.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v21.0/${sim.account.settings.phone_number_id}`,
      headers: { authorization: `Bearer ${sim.account.secrets.access_token}` },
    });
  });

  it('stores a customer’s text with the profile name, escaped non-ASCII included, once per wamid', async () => {
    const { status, providerMessageId } = await sim.customerWrites({
      from: CUSTOMER,
      name: 'Ana Lúcia',
      text: 'Olá, meu pedido não chegou 😕',
    });
    expect(status).toBe(200);
    const [row] = await storedFor(admin.company.id);
    expect(row).toMatchObject({
      direction: 'in',
      kind: 'whatsapp',
      text: 'Olá, meu pedido não chegou 😕',
      providerMessageId,
    });
    contactId = row!.contactId;
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.id, contactId));
    expect(contact!.name).toBe('Ana Lúcia');

    // Meta retries a webhook it thinks failed: the same wamid stores nothing twice.
    const again = sim.envelope({
      contacts: [{ profile: { name: 'Ana Lúcia' }, wa_id: CUSTOMER }],
      messages: [
        { from: CUSTOMER, id: providerMessageId, timestamp: '1700000000', type: 'text', text: { body: 'x' } },
      ],
    });
    expect(await sim.postWebhook(again)).toBe(200);
    expect(await storedFor(admin.company.id)).toHaveLength(1);
  });

  it('refuses a missing or wrong signature, a foreign object and a malformed body, storing nothing', async () => {
    const body = sim.envelope({
      messages: [
        { from: CUSTOMER, id: 'wamid.forged', timestamp: '1700000000', type: 'text', text: { body: 'x' } },
      ],
    });
    expect(await sim.postWebhook(body, null)).toBe(401);
    expect(await sim.postWebhook(body, metaSignature('not-the-secret', body))).toBe(401);
    // One byte more than what was signed.
    expect(await sim.postWebhook(`${body} `, metaSignature(sim.account.secrets.app_secret!, body))).toBe(401);
    const notJson = 'not json';
    expect(await sim.postWebhook(notJson)).toBe(400);
    expect(await sim.postWebhook(metaJson({ object: 'page', entry: [] }))).toBe(400);
    const huge = `{"object":"whatsapp_business_account","entry":[],"pad":"${'x'.repeat(3 * 1024 * 1024)}"}`;
    // Over the webhook body limit: refused before the handler (the shared route answers 4xx).
    const oversized = await sim.postWebhook(huge);
    expect(oversized).toBe(413);
    const rows = await storedFor(admin.company.id);
    expect(rows.map((row) => row.providerMessageId)).not.toContain('wamid.forged');
  });

  it('ignores a change of another phone number of the business account', async () => {
    const other = metaJson({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: sim.account.settings.business_account_id,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15559999999', phone_number_id: '999999999' },
                messages: [
                  {
                    from: CUSTOMER,
                    id: 'wamid.other-number',
                    timestamp: '1700000000',
                    type: 'text',
                    text: { body: 'x' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    expect(await sim.postWebhook(other)).toBe(200);
    const rows = await storedFor(admin.company.id);
    expect(rows.map((row) => row.providerMessageId)).not.toContain('wamid.other-number');
  });

  it('answers 404 for an unknown account and stores nothing', async () => {
    const body = sim.envelope({ messages: [] });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp/01900000-0000-7000-8000-000000000000',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature('x', body) },
      payload: body,
    });
    expect(response.statusCode).toBe(404);
  });

  it('cannot be forged for another company’s account: the signature key is that account’s secret', async () => {
    const otherSim = await startWhatsappSimulator();
    try {
      const otherAdmin = await makeActor(t.app, t.database.db, 'admin');
      const other = await connect(otherAdmin, otherSim, 'Outra');
      // Our simulator (our app secret) posting to the other company's address.
      sim.setWebhookUrl(`${baseUrl}${pathOf(other.provider!.webhook_url)}`);
      const { status } = await sim.customerWrites({ from: CUSTOMER, text: 'forged' });
      expect(status).toBe(401);
      expect(await storedFor(otherAdmin.company.id)).toHaveLength(0);
    } finally {
      sim.setWebhookUrl(`${baseUrl}${webhookPath}`);
      await otherSim.close();
    }
  });

  it('fetches media through the media API: image with caption, document with its name, voice note', async () => {
    const image = await sim.customerWrites({
      from: CUSTOMER,
      text: 'a foto',
      media: { kind: 'image', filename: 'x.png', contentType: 'image/png', data: SAMPLE_PNG },
    });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const doc = await sim.customerWrites({
      from: CUSTOMER,
      media: { kind: 'document', filename: 'nota fiscal.pdf', contentType: 'application/pdf', data: pdf },
    });
    const voice = await sim.customerWrites({
      from: CUSTOMER,
      media: {
        kind: 'audio',
        filename: 'v.ogg',
        contentType: 'audio/ogg; codecs=opus',
        data: SAMPLE_OGG_OPUS,
      },
    });
    expect([image.status, doc.status, voice.status]).toEqual([200, 200, 200]);
    const shown = await items(contactId);
    const rows = await storedFor(admin.company.id);
    const byId = (providerId: string) => {
      const id = rows.find((each) => each.providerMessageId === providerId)?.id;
      const row = shown.find((message) => message.id === id);
      if (row) return row;
      throw new Error(`message ${id} not shown`);
    };
    expect(byId(image.providerMessageId)).toMatchObject({
      text: 'a foto',
      attachments: [{ kind: 'image', content_type: 'image/png', size: SAMPLE_PNG.length }],
    });
    expect(byId(doc.providerMessageId).attachments).toMatchObject([
      { kind: 'document', filename: 'nota fiscal.pdf', content_type: 'application/pdf' },
    ]);
    expect(byId(voice.providerMessageId).attachments).toMatchObject([{ kind: 'audio' }]);
    const served = await t.app.inject({ url: byId(image.providerMessageId).attachments[0]!.url });
    expect(served.rawPayload.equals(SAMPLE_PNG)).toBe(true);
    // Graph was asked for the media's address with the account's token.
    expect(
      sim.calls.some(
        (call) =>
          call.method === 'GET' && /^\/whatsapp-media\/\d+$/.test(call.path) && call.headers.authorization,
      ),
    ).toBe(true);
  });

  it('turns a location into text with a maps link', async () => {
    const { providerMessageId } = await sim.customerWrites({
      from: CUSTOMER,
      location: { latitude: -23.5613, longitude: -46.6565, name: 'MASP' },
    });
    const [row] = await t.database.db
      .select()
      .from(messages)
      .where(
        and(eq(messages.companyId, admin.company.id), eq(messages.providerMessageId, providerMessageId)),
      );
    expect(row!.text).toContain('MASP');
    expect(row!.text).toContain('https://www.google.com/maps/search/?api=1&query=-23.5613,-46.6565');
  });

  let sentId: string;

  it('sends text through the Graph API and takes Meta’s statuses forward only, out of order', async () => {
    const response = await reply(contactId, 'Vamos verificar, Ana.');
    expect(response.statusCode).toBe(201);
    sentId = response.json<Message>().id;
    const row = await statusBecomes(sentId, 'sent');
    const call = sim.calls.findLast((each) => each.path.endsWith('/messages'))!;
    expect(call.headers.authorization).toBe(`Bearer ${sim.account.secrets.access_token}`);
    expect(call.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: CUSTOMER,
      type: 'text',
      text: { body: 'Vamos verificar, Ana.' },
    });
    // Not quoting anything: no context.
    expect(call.body).not.toHaveProperty('context');
    const wamid = row.providerMessageId!;
    expect(wamid).toMatch(/^wamid\./);
    expect(await sim.reportStatus(wamid, 'read')).toBe(200);
    await statusBecomes(sentId, 'read');
    expect(await sim.reportStatus(wamid, 'delivered')).toBe(200);
    expect(await sim.reportStatus(wamid, 'sent')).toBe(200);
    expect((await messageRow(sentId)).status).toBe('read');
  });

  it('quotes the customer’s message the attendant replied to as context.message_id', async () => {
    const [first] = (await storedFor(admin.company.id)).filter((row) => row.direction === 'in');
    const response = await reply(contactId, 'Sobre isto:', { reply_to: first!.id });
    await statusBecomes(response.json<Message>().id, 'sent');
    expect(sim.sent().at(-1)).toMatchObject({ text: 'Sobre isto:', replyTo: first!.providerMessageId });
  });

  it('uploads a file to the number’s media and sends it by id with the caption', async () => {
    const body = multipartBody([
      { name: 'caption', value: 'Segue o comprovante' },
      { name: 'file', filename: 'comprovante.png', type: 'image/png', data: SAMPLE_PNG },
    ]);
    const response = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/conversation/${contactId}/file`,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    await statusBecomes(response.json<Message>().id, 'sent');
    const uploadCall = sim.calls.findLast((call) => call.path.endsWith('/media'))!;
    expect(uploadCall.body).toMatchObject({
      messaging_product: 'whatsapp',
      type: 'image/png',
      file: { filename: 'comprovante.png', size: SAMPLE_PNG.length },
    });
    expect(sim.sent().at(-1)).toMatchObject({
      text: 'Segue o comprovante',
      media: { kind: 'image', contentType: 'image/png', size: SAMPLE_PNG.length },
    });
  });

  it('waits out a rate limit (130429) and then sends', async () => {
    sim.failNext('rate_limit');
    const started = Date.now();
    const response = await reply(contactId, 'Depois do limite.');
    const id = response.json<Message>().id;
    await statusBecomes(id, 'sent', 20_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(sim.sent().at(-1)?.text).toBe('Depois do limite.');
  });

  it('fails for good outside the 24-hour window with the product’s code, and with a dead token', async () => {
    sim.setWindowOpen(false);
    try {
      const closed = await reply(contactId, 'Fora da janela.');
      const row = await statusBecomes(closed.json<Message>().id, 'failed');
      expect(row.failureReason).toBe('whatsapp_window_closed');
    } finally {
      sim.setWindowOpen(true);
    }
    sim.failNext('expired_token');
    const expired = await reply(contactId, 'Token vencido.');
    const row = await statusBecomes(expired.json<Message>().id, 'failed');
    expect(row.failureReason).toBe('provider_token_invalid');
  });

  it('marks a message failed with Meta’s words when a failed status arrives', async () => {
    const response = await reply(contactId, 'Esta falha depois.');
    const row = await statusBecomes(response.json<Message>().id, 'sent');
    expect(await sim.reportStatus(row.providerMessageId!, 'failed', '131026')).toBe(200);
    const failed = await statusBecomes(row.id, 'failed');
    expect(failed.failureReason).toBe('Message undeliverable: Unable to deliver message.');
  });

  it('keeps inbound files in storage (attachment rows of the company)', async () => {
    const rows = await t.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.companyId, admin.company.id));
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });
});
