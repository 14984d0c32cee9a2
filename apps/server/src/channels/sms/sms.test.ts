// SMS through Twilio end to end against the simulator: the signature (CHANNELS.md's vector and twilio-node's own
// functions), an administrator's account, customers' SMS and MMS stored once, replies with text and media (Twilio
// fetches our signed file address), status callbacks applied forward only, Twilio's rate limit waited out, bad
// credentials failing with Twilio's words, and webhooks that are not the account's refused with nothing stored.
import type { CenterChannelAccount, ConnectionTest, Message } from '@atende/contract';
import { startSmsSimulator, type SmsSimulator } from '@atende/simulators/providers/sms';
import { and, eq } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, multipartBody, SAMPLE_PNG, type Actor } from '../../../test/factories.ts';
import { conversation, eventually, startProviderApp, type ProviderApp } from '../../../test/provider-app.ts';
import { attachments, contactChannels, messages } from '../../db/schema/index.ts';
import { signedUrlCandidates, twilioSignature, validTwilioSignature } from './signature.ts';

const VECTOR = {
  token: '12345',
  url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
  params: {
    CallSid: 'CA1234567890ABCDE',
    Caller: '+14158675309',
    Digits: '1234',
    From: '+14158675309',
    To: '+18005551212',
  },
  signature: 'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
};

describe('Twilio signature', () => {
  it('gives CHANNELS.md’s test vector, as twilio-node does', () => {
    const params = new URLSearchParams(VECTOR.params);
    expect(twilioSignature(VECTOR.token, VECTOR.url, params)).toBe(VECTOR.signature);
    expect(twilio.getExpectedTwilioSignature(VECTOR.token, VECTOR.url, VECTOR.params)).toBe(VECTOR.signature);
    expect(validTwilioSignature(VECTOR.token, VECTOR.signature, VECTOR.url, params)).toBe(true);
    expect(validTwilioSignature('12346', VECTOR.signature, VECTOR.url, params)).toBe(false);
    params.set('Digits', '1235');
    expect(validTwilioSignature(VECTOR.token, VECTOR.signature, VECTOR.url, params)).toBe(false);
  });

  it('agrees with twilio-node on sorting, repeated keys, non-ASCII text and ports', () => {
    const url = 'https://atende.example:8443/api/webhooks/sms/0190?x=ç';
    const form = new URLSearchParams([
      ['Body', 'Olá, ação 😀 & = +'],
      ['MediaUrl', 'https://b.example/2'],
      ['MediaUrl', 'https://a.example/1'],
      ['a', 'lower sorts after upper'],
      ['NumMedia', '2'],
      ['From', '+5511999990000'],
    ]);
    const grouped: Record<string, string | string[]> = {};
    for (const key of new Set(form.keys())) {
      const values = form.getAll(key);
      grouped[key] = values.length > 1 ? values : values[0]!;
    }
    const ours = twilioSignature('token', url, form);
    expect(ours).toBe(twilio.getExpectedTwilioSignature('token', url, grouped));
    expect(twilio.validateRequest('token', ours, url, grouped)).toBe(true);
    // Signed without the port (a proxy dropped it): both accept it.
    const portless = 'https://atende.example/api/webhooks/sms/0190';
    const signed = twilioSignature('token', portless, form);
    expect(
      twilio.validateRequest('token', signed, 'https://atende.example:443/api/webhooks/sms/0190', grouped),
    ).toBe(true);
    expect(
      validTwilioSignature('token', signed, 'https://atende.example:443/api/webhooks/sms/0190', form),
    ).toBe(true);
    expect(signedUrlCandidates('http://h.example/p?q=1')).toEqual([
      'http://h.example/p?q=1',
      'http://h.example:80/p?q=1',
    ]);
  });
});

let sim: SmsSimulator;
let t: TestApp;
let admin: Actor;
let account: CenterChannelAccount;
let contactId: string;
let createAccount: ProviderApp['createAccount'];
let messageOf: ReturnType<typeof conversation>['messageOf'];
let reply: ReturnType<typeof conversation>['reply'];

const CUSTOMER = '5511988887777';

const smsMessages = (companyId: string) =>
  t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.kind, 'sms')));

beforeAll(async () => {
  sim = await startSmsSimulator();
  ({ t, admin, account, createAccount } = await startProviderApp(sim, 'SMS ACME'));
  ({ messageOf, reply } = conversation(t, admin, () => contactId));
}, 30_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('SMS channel (Twilio)', () => {
  it('tests the account’s credentials with one call, answering Twilio’s words when they are wrong', async () => {
    const test = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/center/channels/${account.id}/test`,
    });
    expect(test.json<ConnectionTest>().api).toEqual({ ok: true, error: null });
    expect(sim.calls.at(-1)).toMatchObject({
      method: 'GET',
      path: `/2010-04-01/Accounts/${sim.account.settings.account_sid}.json`,
    });
    const wrong = await createAccount(
      admin,
      { ...sim, account: { ...sim.account, secrets: { auth_token: 'not-the-token' } } },
      'SMS wrong token',
    );
    const refused = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/center/channels/${wrong.id}/test`,
    });
    expect(refused.json<ConnectionTest>().api).toEqual({ ok: false, error: 'Twilio 20003: Authenticate' });
  });

  it('stores a customer’s SMS once, answering Twilio with empty TwiML', async () => {
    const first = await sim.customerWrites({ from: CUSTOMER, text: 'Olá, quero saber do pedido 42 & +' });
    expect(first.status).toBe(200);
    const [stored] = await smsMessages(admin.company.id);
    expect(stored).toMatchObject({
      text: 'Olá, quero saber do pedido 42 & +',
      providerMessageId: first.providerMessageId,
      direction: 'in',
    });
    contactId = stored!.contactId;
    const [channel] = await t.database.db
      .select()
      .from(contactChannels)
      .where(eq(contactChannels.contactId, contactId));
    expect(channel).toMatchObject({ kind: 'sms', address: CUSTOMER });

    // Twilio retries a webhook it did not see answered: the same MessageSid stores nothing again.
    const again = new URLSearchParams({
      MessageSid: first.providerMessageId,
      From: `+${CUSTOMER}`,
      To: sim.account.address,
      Body: 'Olá, quero saber do pedido 42 & +',
      NumMedia: '0',
    });
    const repeated = await sim.post(again);
    expect(repeated).toMatchObject({
      status: 200,
      body: '<?xml version="1.0" encoding="UTF-8"?><Response></Response>',
    });
    expect(repeated.type).toMatch(/^text\/xml/);
    expect(await smsMessages(admin.company.id)).toHaveLength(1);
  });

  it('stores an MMS’s picture, fetched with the account’s credentials through Twilio’s redirect', async () => {
    const sent = await sim.customerWrites({
      from: CUSTOMER,
      text: 'Foto do produto',
      media: { kind: 'image', filename: 'x.png', contentType: 'image/png', data: SAMPLE_PNG },
    });
    expect(sent.status).toBe(200);
    const [stored] = (await smsMessages(admin.company.id)).filter(
      (m) => m.providerMessageId === sent.providerMessageId,
    );
    const files = await t.database.db.select().from(attachments).where(eq(attachments.messageId, stored!.id));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      filename: 'media-1.png',
      contentType: 'image/png',
      size: SAMPLE_PNG.length,
    });
    const mediaCall = sim.calls.find((call) => call.path.includes('/Media/ME'));
    expect(mediaCall?.headers.authorization).toMatch(/^Basic /);
  });

  it('sends a reply to +digits from the account’s number, with our webhook as StatusCallback', async () => {
    const id = await reply('Seu pedido sai hoje.');
    await eventually(async () => (await messageOf(id))?.status === 'sent');
    const out = sim.sent().at(-1)!;
    expect(out).toMatchObject({ to: `+${CUSTOMER}`, text: 'Seu pedido sai hoje.' });
    const call = sim.calls.findLast((each) => each.path.endsWith('/Messages.json'))!;
    expect(call.body).toMatchObject({
      To: `+${CUSTOMER}`,
      From: sim.account.address,
      Body: 'Seu pedido sai hoje.',
      StatusCallback: account.provider!.webhook_url,
    });
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
    expect(row!.providerMessageId).toBe(out.providerMessageId);
  });

  it('sends a file by its signed public address, which Twilio fetches', async () => {
    const { payload, headers } = multipartBody([
      { name: 'caption', value: 'Segue a nota' },
      { name: 'file', filename: 'nota.png', type: 'image/png', data: SAMPLE_PNG },
    ]);
    const sent = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/conversation/${contactId}/file`,
      payload,
      headers,
    });
    expect(sent.statusCode).toBe(201);
    const id = sent.json<Message>().id;
    await eventually(async () => (await messageOf(id))?.status === 'sent');
    const out = sim.sent().at(-1)!;
    const [media] = out.media as { url: string; status: number; contentType: string; size: number }[];
    expect(media!.url).toMatch(new RegExp(`^${t.config.publicUrl}/api/files/[0-9a-f-]+\\?exp=\\d+&sig=`));
    expect(media).toMatchObject({ status: 200, contentType: 'image/png', size: SAMPLE_PNG.length });
  });

  it('applies status callbacks forward only, and a failure with Twilio’s code and name', async () => {
    const id = await reply('Chegou?');
    await eventually(async () => (await messageOf(id))?.status === 'sent');
    const sid = sim.sent().at(-1)!.providerMessageId;
    expect(await sim.reportStatus(sid, 'delivered')).toBe(200);
    expect((await messageOf(id))?.status).toBe('delivered');
    // A late "sent" (queued/sending/sent) does not undo "delivered".
    expect(await sim.reportStatus(sid, 'sent')).toBe(200);
    expect((await messageOf(id))?.status).toBe('delivered');

    const lost = await reply('Esta não chega.');
    await eventually(async () => (await messageOf(lost))?.status === 'sent');
    const lostSid = sim.sent().at(-1)!.providerMessageId;
    expect(await sim.reportStatus(lostSid, 'failed', '30003')).toBe(200);
    expect(await messageOf(lost)).toMatchObject({
      status: 'failed',
      failure_reason: 'Twilio 30003: Unreachable destination handset',
    });
    // A callback is no message: nothing new was stored.
    expect((await smsMessages(admin.company.id)).filter((m) => m.direction === 'in')).toHaveLength(2);
  });

  it('waits out Twilio’s rate limit and sends; fails at once on bad credentials with Twilio’s words', async () => {
    sim.failNext('rate_limit');
    const delayed = await reply('Depois do limite.');
    await eventually(async () => (await messageOf(delayed))?.status === 'sent', 20_000);
    const attempts = sim.calls.filter(
      (call) => (call.body as { Body?: string }).Body === 'Depois do limite.',
    );
    expect(attempts).toHaveLength(2);

    sim.failNext('expired_token');
    const refused = await reply('Sem credenciais.');
    const failed = await eventually(async () => {
      const message = await messageOf(refused);
      return message?.status === 'failed' && message;
    });
    expect(failed.failure_reason).toBe('Twilio 20003: Authenticate');
  }, 30_000);

  it('refuses webhooks not signed with the account’s token, or not Twilio’s shape, storing nothing', async () => {
    const before = (await smsMessages(admin.company.id)).length;
    const form = new URLSearchParams({
      MessageSid: `SM${'f'.repeat(32)}`,
      From: `+${CUSTOMER}`,
      Body: 'forjada',
      NumMedia: '0',
    });
    expect((await sim.post(form, 'someone-elses-token')).status).toBe(403);

    // Another company's account: its address, signed with our token (the payload's key is not its own).
    const other = await makeActor(t.app, t.database.db, 'admin');
    const otherSim = await startSmsSimulator();
    try {
      const otherAccount = await createAccount(other, otherSim, 'SMS outra');
      const url = otherAccount.provider!.webhook_url;
      const forged = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': sim.sign(url, form),
        },
        body: form.toString(),
      });
      expect(forged.status).toBe(403);
      expect(await smsMessages(other.company.id)).toHaveLength(0);
    } finally {
      await otherSim.close();
    }

    const path = new URL(account.provider!.webhook_url).pathname;
    const post = (
      url: string,
      body: string,
      type = 'application/x-www-form-urlencoded',
      signature?: string,
    ) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: {
          'content-type': type,
          'x-twilio-signature':
            signature ?? sim.sign(`${t.config.publicUrl}${url}`, new URLSearchParams(body)),
        },
      });
    // Unknown account.
    expect(
      (await post(path.replace(/[0-9a-f-]{36}$/, '01900000-0000-7000-8000-000000000000'), form.toString()))
        .statusCode,
    ).toBe(404);
    // No signature at all.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: path,
          payload: form.toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).statusCode,
    ).toBe(401);
    // Not a form.
    expect((await post(path, JSON.stringify({ MessageSid: 'x' }), 'application/json')).statusCode).toBe(400);
    // Signed, but from no phone number, or without a MessageSid.
    expect(
      (
        await post(
          path,
          new URLSearchParams({ MessageSid: `SM${'e'.repeat(32)}`, From: 'ACME', Body: 'x' }).toString(),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await post(path, new URLSearchParams({ From: `+${CUSTOMER}`, Body: 'x' }).toString())).statusCode,
    ).toBe(400);
    // Over the webhook body limit: 413 body_too_large, unread.
    const huge = await post(path, `Body=${'a'.repeat(2 * 1024 * 1024)}`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'body_too_large' });
    expect((await smsMessages(admin.company.id)).length).toBe(before);
  });
});
