// CSAT in the providers' own forms (issue 28), end to end against the Telegram and WhatsApp Cloud simulators
// through the real server on a loopback port: a resolved conversation's request leaves as an inline keyboard /
// an interactive list, the customer's tap or pick comes back signed and is recorded once; an unknown token, a
// second answer, a replayed update and a bad signature change nothing.
import { startTelegramSimulator, type TelegramSimulator } from '@atende/simulators/providers/telegram';
import { startWhatsappSimulator, type WhatsappSimulator } from '@atende/simulators/providers/whatsapp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNativeHarness, type NativeHarness } from '../../../test/csat-native.ts';
import { injectAs } from '../../../test/factories.ts';
import { messages } from '../../db/schema/index.ts';

let h: NativeHarness;
let telegram: TelegramSimulator;
let whatsapp: WhatsappSimulator;

beforeAll(async () => {
  telegram = await startTelegramSimulator();
  whatsapp = await startWhatsappSimulator();
  h = await startNativeHarness();
  const bot = await h.connect('telegram', {
    address: '@atende_test_bot',
    settings: { api_base_url: telegram.apiBaseUrl },
    secrets: { bot_token: telegram.botToken },
  });
  const registered = await injectAs(h.t.app, h.admin, {
    method: 'POST',
    url: `/api/center/channels/${bot.account.id}/register-webhook`,
  });
  expect(registered.statusCode, registered.body).toBe(200);
  expect(telegram.webhook()?.allowedUpdates).toContain('callback_query');
  await h.connectSimulator(whatsapp);
}, 30_000);

afterAll(async () => {
  await h?.close();
  await telegram?.close();
  await whatsapp?.close();
});

const asked = (kind: 'telegram' | 'whatsapp', from: string) =>
  h.asked(kind === 'telegram' ? telegram : whatsapp, from);
const ratingOf = async (contactId: string) => (await h.requestOf(contactId))?.rating ?? null;

describe('CSAT on Telegram: an inline keyboard', () => {
  it('sends the question with five buttons and records the tapped rating once', async () => {
    const { contactId, token, providerMessageId } = await asked('telegram', '5550101');
    const call = telegram.calls.filter((each) => each.path.endsWith('/sendMessage')).at(-1)!;
    expect(call.body).toMatchObject({
      chat_id: '5550101',
      text: 'Como você avalia nosso atendimento?',
      reply_markup: {
        inline_keyboard: [5, 4, 3, 2, 1].map((n) => [
          { text: expect.stringMatching(new RegExp(`^${n} — `)), callback_data: `csat:${token}:${n}` },
        ]),
      },
    });
    expect((call.body as { text: string }).text).not.toContain('/s/');
    expect(telegram.keyboard(providerMessageId)).toHaveLength(5);

    const tap = await telegram.press(providerMessageId, `csat:${token}:4`);
    expect(tap.status).toBe(200);
    expect(await ratingOf(contactId)).toBe(4);
    expect(telegram.callbackAnswers().at(-1)).toEqual({
      callbackQueryId: tap.callbackQueryId,
      text: 'Obrigado pela sua avaliação!',
    });
    // The keyboard is gone: it cannot be tapped again.
    expect(telegram.keyboard(providerMessageId)).toEqual([]);

    // Telegram delivering the same update again changes nothing, and says so politely.
    expect(await telegram.postUpdate(JSON.stringify(tap.update))).toBe(200);
    expect(await ratingOf(contactId)).toBe(4);
    expect(telegram.callbackAnswers().at(-1)?.text).toBe('Você já avaliou este atendimento. Obrigado!');
    // Nothing of a tap is stored as a message.
    const inbound = await h.t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.contactId, contactId), eq(messages.direction, 'in')));
    expect(inbound).toHaveLength(1);
  });

  it('answers a tap on an unknown token politely and changes nothing; a bad secret is refused', async () => {
    const { contactId, token, providerMessageId } = await asked('telegram', '5550102');
    const built = telegram.buildCallback(providerMessageId, `csat:${token}:5`);
    const query = built.callback_query as { id: string; data: string };
    query.data = 'csat:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA:5';
    expect(await telegram.postUpdate(JSON.stringify(built))).toBe(200);
    expect(telegram.callbackAnswers().at(-1)).toEqual({
      callbackQueryId: query.id,
      text: 'Esta avaliação não está mais disponível.',
    });
    expect(await ratingOf(contactId)).toBeNull();
    expect(telegram.keyboard(providerMessageId)).toHaveLength(5);

    const forged = telegram.buildCallback(providerMessageId, `csat:${token}:1`);
    expect(await telegram.postUpdate(JSON.stringify(forged), 'wrong-secret')).toBe(401);
    expect(await ratingOf(contactId)).toBeNull();
  });
});

describe('CSAT on WhatsApp: an interactive list', () => {
  it('sends the question as a list of five rows and records the picked row once, storing the reply', async () => {
    const { contactId, token, providerMessageId } = await asked('whatsapp', '5511900000001');
    const call = whatsapp.calls.filter((each) => each.path.endsWith('/messages')).at(-1)!;
    expect(call.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: '5511900000001',
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'Como você avalia nosso atendimento?' },
        action: {
          button: 'Avaliar',
          sections: [
            { rows: [5, 4, 3, 2, 1].map((n) => ({ id: `csat:${token}:${n}`, title: expect.any(String) })) },
          ],
        },
      },
    });
    for (const row of whatsapp.options(providerMessageId)) expect(row.title.length).toBeLessThanOrEqual(24);

    const picked = await whatsapp.customerPicks(providerMessageId, `csat:${token}:5`, '5511900000001');
    expect(picked.status).toBe(200);
    expect(await ratingOf(contactId)).toBe(5);
    const reply = await h.t.database.db
      .select()
      .from(messages)
      .where(
        and(eq(messages.contactId, contactId), eq(messages.providerMessageId, picked.providerMessageId)),
      );
    expect(reply).toMatchObject([{ direction: 'in', text: '5 — Excelente' }]);

    // Meta re-sending the notification, and a second pick, change nothing.
    expect(await whatsapp.postWebhook(picked.body)).toBe(200);
    await whatsapp.customerPicks(providerMessageId, `csat:${token}:1`, '5511900000001');
    expect(await ratingOf(contactId)).toBe(5);
  });

  it('stores nothing of a pick with a bad signature; the same bytes signed are recorded', async () => {
    const { contactId, token, providerMessageId } = await asked('whatsapp', '5511900000002');
    const body = whatsapp.envelope({
      contacts: [{ profile: { name: 'Cliente' }, wa_id: '5511900000002' }],
      messages: [
        {
          context: { id: providerMessageId },
          from: '5511900000002',
          id: 'wamid.forged-pick',
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: 'interactive',
          interactive: { type: 'list_reply', list_reply: { id: `csat:${token}:3`, title: '3 — Regular' } },
        },
      ],
    });
    const stored = () =>
      h.t.database.db
        .select()
        .from(messages)
        .where(and(eq(messages.contactId, contactId), eq(messages.providerMessageId, 'wamid.forged-pick')));
    expect(await whatsapp.postWebhook(body, `sha256=${'0'.repeat(64)}`)).toBe(401);
    expect(await ratingOf(contactId)).toBeNull();
    expect(await stored()).toHaveLength(0);
    expect(await whatsapp.postWebhook(body)).toBe(200);
    expect(await ratingOf(contactId)).toBe(3);
    expect(await stored()).toHaveLength(1);
  });
});
