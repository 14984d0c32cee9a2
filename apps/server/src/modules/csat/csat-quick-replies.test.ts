// CSAT in the native forms of Messenger and Instagram Direct (quick replies) and Viber (a keyboard), end to end
// against their simulators through the real server: the request leaves with five choices whose ids carry the
// rating, the customer's tap comes back signed and is recorded once without entering the conversation as a
// message, a replayed tap changes nothing, and what is not one of the product's choices is an ordinary message.
import { startInstagramSimulator } from '@atende/simulators/providers/instagram';
import { startMessengerSimulator, type MetaSimulator } from '@atende/simulators/providers/messenger';
import { startViberSimulator, type ViberSimulator } from '@atende/simulators/providers/viber';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNativeHarness, type NativeHarness } from '../../../test/csat-native.ts';
import { eventually } from '../../../test/provider-app.ts';

let h: NativeHarness;
let messenger: MetaSimulator;
let instagram: MetaSimulator;
let viber: ViberSimulator;

beforeAll(async () => {
  messenger = await startMessengerSimulator();
  instagram = await startInstagramSimulator();
  viber = await startViberSimulator();
  h = await startNativeHarness();
  for (const sim of [messenger, instagram, viber]) await h.connectSimulator(sim);
}, 30_000);

afterAll(async () => {
  await h?.close();
  await Promise.all([messenger?.close(), instagram?.close(), viber?.close()]);
});

const ratingOf = async (contactId: string) => (await h.requestOf(contactId))?.rating ?? null;
const inbound = async (contactId: string) =>
  (await h.messagesOf(contactId)).filter((message) => message.direction === 'in');
/** Our automatic messages after the request: the question for a comment. */
const commentQuestions = async (contactId: string) =>
  (await h.messagesOf(contactId)).filter(
    (message) => message.automatic && message.text.startsWith('Obrigado! Quer deixar um comentário?'),
  );

describe.each([
  ['Messenger', () => messenger, '6120000000000001', '6120000000000002'],
  ['Instagram Direct', () => instagram, '17841499990000001', '17841499990000002'],
])('CSAT on %s: quick replies', (_name, simOf, customer, other) => {
  it('sends the question with five quick replies and records the tapped one once', async () => {
    const sim = simOf();
    const { contactId, token, providerMessageId } = await h.asked(sim, customer);
    const call = sim.calls.filter((each) => each.method === 'POST').at(-1)!;
    expect(call.body).toMatchObject({
      recipient: { id: customer },
      messaging_type: 'RESPONSE',
      message: {
        text: 'Como você avalia nosso atendimento?',
        quick_replies: [5, 4, 3, 2, 1].map((n) => ({
          content_type: 'text',
          title: expect.stringMatching(new RegExp(`^${n} — `)),
          payload: `csat:${token}:${n}`,
        })),
      },
    });
    for (const reply of sim.quickReplies(providerMessageId))
      expect(reply.title.length).toBeLessThanOrEqual(20);

    const tap = await sim.customerTaps(providerMessageId, `csat:${token}:4`);
    expect(tap.status).toBe(200);
    expect(await ratingOf(contactId)).toBe(4);
    // The tap is the rating, not a message of the conversation.
    expect(await inbound(contactId)).toHaveLength(1);
    // The customer is asked for a comment, once, and the question leaves.
    const [question] = await commentQuestions(contactId);
    await eventually(async () =>
      sim.sent().some((each) => each.providerMessageId && each.text === question!.text),
    );

    // Meta delivering the same tap again changes nothing.
    expect(await sim.post(tap.body)).toBe(200);
    expect(await ratingOf(contactId)).toBe(4);
    expect(await inbound(contactId)).toHaveLength(1);
    expect(await commentQuestions(contactId)).toHaveLength(1);
    // The quick replies are gone once the customer answered: they cannot be tapped again.
    await expect(sim.customerTaps(providerMessageId, `csat:${token}:1`)).rejects.toThrow(/no longer show/);
  });

  it('refuses a forged tap; a payload that is no choice of ours is an ordinary message', async () => {
    const sim = simOf();
    const { contactId, token } = await h.asked(sim, other);
    const forged = sim.envelope([
      {
        sender: { id: other },
        recipient: { id: sim.account.settings.page_id ?? sim.account.settings.instagram_id },
        timestamp: Date.now(),
        message: { mid: 'm_forged', text: '1 — Péssimo', quick_reply: { payload: `csat:${token}:1` } },
      },
    ]);
    expect(await sim.post(forged, `sha256=${'0'.repeat(64)}`)).toBe(401);
    expect(await ratingOf(contactId)).toBeNull();

    const foreign = sim.envelope([
      {
        sender: { id: other },
        recipient: { id: sim.account.settings.page_id ?? sim.account.settings.instagram_id },
        timestamp: Date.now(),
        message: { mid: 'm_foreign', text: 'Falar com vendas', quick_reply: { payload: 'MENU_SALES' } },
      },
    ]);
    expect(await sim.post(foreign)).toBe(200);
    expect((await inbound(contactId)).map((message) => message.text)).toContain('Falar com vendas');
    expect(await ratingOf(contactId)).toBeNull();
  });
});

describe('CSAT on Viber: a keyboard', () => {
  const customer = 'VbR01234567890A+b/C==';

  it('sends the question with five reply buttons and records the tapped one once', async () => {
    const { contactId, token, providerMessageId } = await h.asked(viber, customer);
    const call = viber.calls.filter((each) => each.path === '/send_message').at(-1)!;
    expect(call.body).toMatchObject({
      receiver: customer,
      type: 'text',
      text: 'Como você avalia nosso atendimento?',
      keyboard: {
        Type: 'keyboard',
        Buttons: [5, 4, 3, 2, 1].map((n) => ({
          ActionType: 'reply',
          ActionBody: `csat:${token}:${n}`,
          Text: expect.stringMatching(new RegExp(`^${n} — `)),
        })),
      },
    });
    expect(viber.keyboard(providerMessageId)).toHaveLength(5);

    const tap = await viber.customerTaps(customer, `csat:${token}:2`);
    expect(tap.status).toBe(200);
    expect(await ratingOf(contactId)).toBe(2);
    expect(await inbound(contactId)).toHaveLength(1);
    // The question for a comment replaces the keyboard in the customer's chat.
    await eventually(async () => viber.sent().at(-1)?.text?.startsWith('Obrigado! Quer deixar'));
    await expect(viber.customerTaps(customer, `csat:${token}:5`)).rejects.toThrow(/no reply button/);

    // Viber delivering the same tap again changes nothing, and stores nothing.
    expect((await viber.post(tap.event)).status).toBe(200);
    expect(await ratingOf(contactId)).toBe(2);
    expect(await inbound(contactId)).toHaveLength(1);
    expect(await commentQuestions(contactId)).toHaveLength(1);
  });

  it('refuses a forged tap; a tap on an unknown request stores nothing and records nothing', async () => {
    const other = 'VbR09876543210Z+y/X==';
    const { contactId, token } = await h.asked(viber, other);
    const event = {
      event: 'message',
      timestamp: Date.now(),
      message_token: '5123456789012345678',
      sender: { id: other, name: 'Cliente' },
      message: { type: 'text', text: `csat:${token}:1` },
    };
    expect((await viber.post(event, 'not-the-token')).status).toBe(403);
    expect(await ratingOf(contactId)).toBeNull();

    const unknown = { ...event, message: { type: 'text', text: 'csat:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA:1' } };
    expect((await viber.post(unknown)).status).toBe(200);
    expect(await ratingOf(contactId)).toBeNull();
    expect(await inbound(contactId)).toHaveLength(1);
  });
});
