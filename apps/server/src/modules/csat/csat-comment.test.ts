// The optional comment of a rating given with a provider's buttons (issue 28), end to end through the
// simulators: after the tap the customer is asked once, in an automatic message that analytics never count,
// whether they want to comment; their next text within COMMENT_WINDOW_MS becomes the comment without reopening
// the conversation (a retried delivery of it changes nothing), and afterwards — or once the window has passed —
// their messages are ordinary messages again.
import type { ConversationCsat, Performance } from '@atende/contract';
import { startMessengerSimulator, type MetaSimulator } from '@atende/simulators/providers/messenger';
import { startWhatsappSimulator, type WhatsappSimulator } from '@atende/simulators/providers/whatsapp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNativeHarness, type NativeHarness } from '../../../test/csat-native.ts';
import { injectAs } from '../../../test/factories.ts';
import { eventually } from '../../../test/provider-app.ts';
import { contacts, csatRequests, messages } from '../../db/schema/index.ts';
import { COMMENT_WINDOW_MS } from './comment.ts';

let h: NativeHarness;
let messenger: MetaSimulator;
let whatsapp: WhatsappSimulator;

beforeAll(async () => {
  messenger = await startMessengerSimulator();
  whatsapp = await startWhatsappSimulator();
  h = await startNativeHarness();
  await h.connectSimulator(messenger);
  await h.connectSimulator(whatsapp);
}, 30_000);

afterAll(async () => {
  await h?.close();
  await Promise.all([messenger?.close(), whatsapp?.close()]);
});

const QUESTION = 'Obrigado! Quer deixar um comentário? É só responder a esta mensagem em até 10 minutos.';

const contactOf = async (contactId: string) =>
  (await h.t.database.db.select().from(contacts).where(eq(contacts.id, contactId)))[0]!;
const inboundTexts = async (contactId: string) =>
  (await h.messagesOf(contactId)).filter((m) => m.direction === 'in').map((m) => m.text);

describe('a native rating asks for a comment', () => {
  it('takes the next text as the comment, without reopening the conversation, once', async () => {
    expect(COMMENT_WINDOW_MS).toBe(10 * 60 * 1000);
    const customer = '6120000000000101';
    const { contactId, token, providerMessageId } = await h.asked(messenger, customer);
    await messenger.customerTaps(providerMessageId, `csat:${token}:5`);

    // One automatic question, in the company's language, in the name of the attendant who resolved.
    const questions = (await h.messagesOf(contactId)).filter((m) => m.text === QUESTION);
    expect(questions).toMatchObject([{ direction: 'out', automatic: true, senderUserId: h.admin.user.id }]);
    await eventually(async () =>
      messenger.sent().some((sent) => sent.to === customer && sent.text === QUESTION),
    );
    // The console knows a comment may still come, and until when.
    const waiting = await injectAs(h.t.app, h.admin, { url: `/api/conversations/${contactId}/csat` });
    const until = waiting.json<ConversationCsat>().csat!.comment_until!;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(COMMENT_WINDOW_MS - 60_000);
    expect(waiting.json<ConversationCsat>().csat).toMatchObject({ rating: 5, comment: null });
    const before = await contactOf(contactId);
    expect(before).toMatchObject({ status: 'resolved', onQueue: false });

    const comment = await messenger.customerWrites({
      from: customer,
      text: '  Resolveram rápido, obrigado!  ',
    });
    expect(comment.status).toBe(200);
    expect(await h.requestOf(contactId)).toMatchObject({
      rating: 5,
      comment: 'Resolveram rápido, obrigado!',
      commentMessageId: comment.providerMessageId,
    });
    // Not a message of the conversation: still resolved, nothing unread, out of the queue.
    expect(await inboundTexts(contactId)).toEqual([`Olá ${customer}`]);
    expect(await contactOf(contactId)).toMatchObject({
      status: 'resolved',
      onQueue: false,
      unreadCount: before.unreadCount,
    });
    const console = await injectAs(h.t.app, h.admin, { url: `/api/conversations/${contactId}/csat` });
    expect(console.json()).toMatchObject({ csat: { rating: 5, comment: 'Resolveram rápido, obrigado!' } });

    // Meta delivering the comment again changes nothing.
    const retried = messenger.envelope([
      {
        sender: { id: customer },
        recipient: { id: messenger.account.settings.page_id },
        timestamp: Date.now(),
        message: { mid: comment.providerMessageId, text: 'Resolveram rápido, obrigado!' },
      },
    ]);
    expect(await messenger.post(retried)).toBe(200);
    expect(await inboundTexts(contactId)).toEqual([`Olá ${customer}`]);

    // Afterwards the customer's messages are ordinary: stored, and the conversation opens again.
    await messenger.customerWrites({ from: customer, text: 'Tenho outra dúvida' });
    expect(await inboundTexts(contactId)).toEqual([`Olá ${customer}`, 'Tenho outra dúvida']);
    expect(await contactOf(contactId)).toMatchObject({ status: 'open' });
    expect((await h.requestOf(contactId))?.comment).toBe('Resolveram rápido, obrigado!');
  });

  it('is over once the window has passed; a pick delivered again is never the comment', async () => {
    const customer = '5511900000201';
    const { contactId, token, providerMessageId } = await h.asked(whatsapp, customer);
    const picked = await whatsapp.customerPicks(providerMessageId, `csat:${token}:3`, customer);
    expect(picked.status).toBe(200);
    await eventually(async () => (await h.requestOf(contactId))?.commentUntil);
    // WhatsApp delivering the pick (a stored message) again: not taken as the comment.
    expect(await whatsapp.postWebhook(picked.body)).toBe(200);
    expect((await h.requestOf(contactId))?.comment).toBeNull();

    await h.t.database.db
      .update(csatRequests)
      .set({ commentUntil: new Date(Date.now() - 1000) })
      .where(eq(csatRequests.contactId, contactId));
    await whatsapp.customerWrites({ from: customer, text: 'Ainda preciso de ajuda' });
    expect((await h.requestOf(contactId))?.comment).toBeNull();
    expect(await inboundTexts(contactId)).toContain('Ainda preciso de ajuda');
    expect(await contactOf(contactId)).toMatchObject({ status: 'open' });
  });

  it('is never counted by analytics: the automatic messages are not replies, the comment not a message', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const period = `from=${day(-1)}&to=${day(1)}`;
    const read = async (query: string) =>
      (
        await injectAs(h.t.app, h.admin, { url: `/api/analytics/performance?${period}${query}` })
      ).json<Performance>().current;
    const stored = await h.t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, h.admin.company.id), eq(messages.direction, 'in')));
    // Requests and questions went out in the admin's name, all automatic.
    expect(await read(`&user_id=${h.admin.user.id}`)).toMatchObject({ messages_out: 0 });
    expect((await read('')).messages_in).toBe(stored.length);
  });
});
