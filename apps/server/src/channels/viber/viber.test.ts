// Viber end to end against the simulator: the signature over the exact bytes, set_webhook with Viber's probe,
// customers' text, picture, file, location and contact messages with 64-bit message tokens kept to the digit,
// replies with text and a picture (Viber fetches our signed file address), receipts applied forward only,
// "too many requests" waited out, a bad token failing with Viber's words, and webhooks that are not the account's
// refused with nothing stored.
import type { CenterChannelAccount, ConnectionTest, Message } from '@atende/contract';
import { startViberSimulator, type ViberSimulator } from '@atende/simulators/providers/viber';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, multipartBody, SAMPLE_PNG, type Actor } from '../../../test/factories.ts';
import { conversation, eventually, startProviderApp, type ProviderApp } from '../../../test/provider-app.ts';
import { attachments, contactChannels, messages } from '../../db/schema/index.ts';
import { viberSignature } from './inbound.ts';
import { parseViberJson } from './payload.ts';

describe('Viber payloads', () => {
  it('signs as hex HMAC-SHA256 of the bytes with the auth token', () => {
    expect(viberSignature('secret', 'test')).toBe(
      '0329a06b62cd16b33eb6792be8c60b158d89a2ee3a876fce9a881ebb488c0914',
    );
  });

  it('keeps every digit of a message_token beyond 2^53, and nothing inside strings is touched', () => {
    const raw =
      '{"event":"message","message_token":4912661846655238145,"message":{"type":"text","text":"\\"message_token\\":1"}}';
    expect(parseViberJson(raw)).toEqual({
      event: 'message',
      message_token: '4912661846655238145',
      message: { type: 'text', text: '"message_token":1' },
    });
    expect(parseViberJson('not json')).toBeNull();
  });
});

let sim: ViberSimulator;
let t: TestApp;
let admin: Actor;
let account: CenterChannelAccount;
let contactId: string;
let createAccount: ProviderApp['createAccount'];
let messageOf: ReturnType<typeof conversation>['messageOf'];
let reply: ReturnType<typeof conversation>['reply'];

const CUSTOMER = '01234567890A+b/C==';

const viberMessages = (companyId: string) =>
  t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.kind, 'viber')));

beforeAll(async () => {
  sim = await startViberSimulator();
  ({ t, admin, account, createAccount } = await startProviderApp(sim, 'Viber ACME'));
  ({ messageOf, reply } = conversation(t, admin, () => contactId));
}, 30_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('Viber channel', () => {
  it('registers our webhook (answering Viber’s signed probe) and checks the token', async () => {
    const registered = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/center/channels/${account.id}/register-webhook`,
    });
    expect(registered.statusCode).toBeLessThan(300);
    expect(sim.registeredWebhook()).toBe(account.provider!.webhook_url);
    const call = sim.calls.find((each) => each.path === '/set_webhook');
    expect(call?.headers['x-viber-auth-token']).toBe(sim.account.secrets.auth_token);
    expect(call?.body).toMatchObject({
      url: account.provider!.webhook_url,
      event_types: expect.arrayContaining(['delivered', 'seen', 'failed']),
    });

    const test = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/center/channels/${account.id}/test`,
    });
    expect(test.json<ConnectionTest>().api).toEqual({ ok: true, error: null });
    const wrong = await createAccount(
      admin,
      { ...sim, account: { ...sim.account, secrets: { auth_token: 'not-the-token' } } },
      'Viber wrong',
    );
    const refused = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/center/channels/${wrong.id}/test`,
    });
    expect(refused.json<ConnectionTest>().api).toEqual({ ok: false, error: 'Viber 2: invalidAuthToken' });
  });

  it('stores a customer’s text once under its full 64-bit token, with the sender’s id and name', async () => {
    const first = await sim.customerWrites({ from: CUSTOMER, name: 'Ana Viber', text: 'Olá! Pedido 42 😀' });
    expect(first.status).toBe(200);
    expect(BigInt(first.providerMessageId) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    const [stored] = await viberMessages(admin.company.id);
    expect(stored).toMatchObject({
      text: 'Olá! Pedido 42 😀',
      providerMessageId: first.providerMessageId,
      direction: 'in',
    });
    contactId = stored!.contactId;
    const [channel] = await t.database.db
      .select()
      .from(contactChannels)
      .where(eq(contactChannels.contactId, contactId));
    expect(channel).toMatchObject({ kind: 'viber', address: CUSTOMER });
    // Viber retries: the same token stores nothing again.
    const again = await sim.post({
      event: 'message',
      timestamp: Date.now(),
      message_token: first.providerMessageId,
      sender: { id: CUSTOMER, name: 'Ana Viber' },
      message: { type: 'text', text: 'Olá! Pedido 42 😀' },
    });
    expect(again.status).toBe(200);
    expect(await viberMessages(admin.company.id)).toHaveLength(1);
  });

  it('stores pictures and files with their media, and locations and contacts as text', async () => {
    const picture = await sim.customerWrites({
      from: CUSTOMER,
      text: 'a foto',
      media: { kind: 'image', filename: 'p.png', contentType: 'image/png', data: SAMPLE_PNG },
    });
    const file = await sim.customerWrites({
      from: CUSTOMER,
      media: {
        kind: 'document',
        filename: 'nota.pdf',
        contentType: 'application/pdf',
        data: Buffer.from('%PDF-1.4\n%%EOF\n'),
      },
    });
    const place = await sim.customerWrites({
      from: CUSTOMER,
      location: { latitude: -23.5505, longitude: -46.6333 },
    });
    const card = await sim.post({
      event: 'message',
      timestamp: Date.now(),
      message_token: '5999999999999999999',
      sender: { id: CUSTOMER },
      message: { type: 'contact', contact: { name: 'João', phone_number: '+5511999990000' } },
    });
    for (const status of [picture.status, file.status, place.status, card.status]) expect(status).toBe(200);
    const stored = await viberMessages(admin.company.id);
    const byToken = (token: string) => stored.find((each) => each.providerMessageId === token)!;
    const filesOf = (id: string) =>
      t.database.db.select().from(attachments).where(eq(attachments.messageId, id));
    expect(byToken(picture.providerMessageId).text).toBe('a foto');
    expect(await filesOf(byToken(picture.providerMessageId).id)).toMatchObject([
      { contentType: 'image/png', size: SAMPLE_PNG.length },
    ]);
    expect(await filesOf(byToken(file.providerMessageId).id)).toMatchObject([
      { filename: 'nota.pdf', contentType: 'application/pdf' },
    ]);
    expect(byToken(place.providerMessageId).text).toBe(
      '📍 https://www.google.com/maps/search/?api=1&query=-23.5505,-46.6333',
    );
    expect(byToken('5999999999999999999').text).toBe('João +5511999990000');
  });

  it('acknowledges subscribed, unsubscribed and conversation_started without storing a message', async () => {
    const before = (await viberMessages(admin.company.id)).length;
    for (const event of [
      {
        event: 'subscribed',
        timestamp: Date.now(),
        user: { id: 'NEW+id==', name: 'Novo' },
        message_token: '5000000000000000001',
      },
      {
        event: 'unsubscribed',
        timestamp: Date.now(),
        user_id: 'NEW+id==',
        message_token: '5000000000000000002',
      },
      {
        event: 'conversation_started',
        timestamp: Date.now(),
        message_token: '5000000000000000003',
        type: 'open',
        user: { id: 'NEW+id==', name: 'Novo' },
        subscribed: false,
      },
    ]) {
      expect((await sim.post(event)).status).toBe(200);
    }
    expect(await viberMessages(admin.company.id)).toHaveLength(before);
  });

  it('sends text with the account’s sender name, and a picture by its signed public address', async () => {
    const id = await reply('Seu pedido sai hoje.');
    await eventually(async () => (await messageOf(id))?.status === 'sent');
    const call = sim.calls.findLast((each) => each.path === '/send_message')!;
    expect(call.headers['x-viber-auth-token']).toBe(sim.account.secrets.auth_token);
    expect(call.body).toMatchObject({
      receiver: CUSTOMER,
      min_api_version: 1,
      sender: { name: 'ACME' },
      type: 'text',
      text: 'Seu pedido sai hoje.',
    });
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
    expect(row!.providerMessageId).toBe(sim.sent().at(-1)!.providerMessageId);

    const { payload, headers } = multipartBody([
      { name: 'caption', value: 'Segue a foto' },
      { name: 'file', filename: 'foto.png', type: 'image/png', data: SAMPLE_PNG },
    ]);
    const sent = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/conversation/${contactId}/file`,
      payload,
      headers,
    });
    expect(sent.statusCode).toBe(201);
    const fileId = sent.json<Message>().id;
    await eventually(async () => (await messageOf(fileId))?.status === 'sent');
    const out = sim.sent().at(-1)!;
    expect(out).toMatchObject({
      text: 'Segue a foto',
      media: { status: 200, contentType: 'image/png', size: SAMPLE_PNG.length },
    });
    expect((out.media as { url: string }).url).toMatch(new RegExp(`^${t.config.publicUrl}/api/files/`));
  });

  it('applies receipts by token, forward only, and a failure with Viber’s desc', async () => {
    const id = await reply('Chegou?');
    await eventually(async () => (await messageOf(id))?.status === 'sent');
    const token = sim.sent().at(-1)!.providerMessageId;
    expect(await sim.reportStatus(token, 'read')).toBe(200);
    expect((await messageOf(id))?.status).toBe('read');
    // A late "delivered" does not undo "seen".
    expect(await sim.reportStatus(token, 'delivered')).toBe(200);
    expect((await messageOf(id))?.status).toBe('read');

    const lost = await reply('Esta falha.');
    await eventually(async () => (await messageOf(lost))?.status === 'sent');
    expect(
      await sim.reportStatus(sim.sent().at(-1)!.providerMessageId, 'failed', 'user blocked the bot'),
    ).toBe(200);
    expect(await messageOf(lost)).toMatchObject({
      status: 'failed',
      failure_reason: 'Viber: user blocked the bot',
    });
  });

  it('waits out "too many requests" and sends; fails at once on a bad token or an unsubscribed receiver', async () => {
    sim.failNext('rate_limit');
    const delayed = await reply('Depois do limite.');
    await eventually(async () => (await messageOf(delayed))?.status === 'sent', 20_000);
    expect(
      sim.calls.filter((call) => (call.body as { text?: string }).text === 'Depois do limite.'),
    ).toHaveLength(2);

    const failedWith = async (failure: 'expired_token' | 'window_closed', text: string) => {
      sim.failNext(failure);
      const id = await reply(text);
      return eventually(async () => {
        const message = await messageOf(id);
        return message?.status === 'failed' && message.failure_reason;
      });
    };
    expect(await failedWith('expired_token', 'Sem token.')).toBe('Viber 2: invalidAuthToken');
    expect(await failedWith('window_closed', 'Sem inscrição.')).toBe('Viber 6: receiverNotSubscribed');
  }, 30_000);

  it('refuses webhooks not signed with the account’s token, or not Viber’s shape, storing nothing', async () => {
    const before = (await viberMessages(admin.company.id)).length;
    const forged = {
      event: 'message',
      timestamp: Date.now(),
      message_token: '5111111111111111111',
      sender: { id: CUSTOMER },
      message: { type: 'text', text: 'forjada' },
    };
    expect((await sim.post(forged, 'someone-elses-token')).status).toBe(403);

    const other = await makeActor(t.app, t.database.db, 'admin');
    const otherSim = await startViberSimulator();
    try {
      const otherAccount = await createAccount(other, otherSim, 'Viber outra');
      const body = sim.encode(forged);
      const response = await fetch(otherAccount.provider!.webhook_url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-viber-content-signature': sim.sign(body) },
        body,
      });
      expect(response.status).toBe(403);
      expect(await viberMessages(other.company.id)).toHaveLength(0);
    } finally {
      await otherSim.close();
    }

    const path = new URL(account.provider!.webhook_url).pathname;
    const post = (url: string, body: string, signature = sim.sign(body)) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { 'content-type': 'application/json', 'x-viber-content-signature': signature },
      });
    expect(
      (await post(path.replace(/[0-9a-f-]{36}$/, '01900000-0000-7000-8000-000000000000'), sim.encode(forged)))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: path,
          payload: sim.encode(forged),
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(401);
    // The bytes signed, then one changed.
    expect(
      (await post(path, sim.encode(forged).replace('forjada', 'forjadA'), sim.sign(sim.encode(forged))))
        .statusCode,
    ).toBe(403);
    expect((await post(path, 'not json')).statusCode).toBe(400);
    expect(
      (await post(path, sim.encode({ event: 'message', message_token: '5222222222222222222' }))).statusCode,
    ).toBe(400);
    const huge = await post(path, JSON.stringify({ event: 'message', pad: 'a'.repeat(2 * 1024 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'body_too_large' });
    expect((await viberMessages(admin.company.id)).length).toBe(before);
  });
});
