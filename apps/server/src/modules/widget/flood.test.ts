// The widget's flood limits through the real app: visitors' sockets flooding messages, typing notices and
// files, one app or two sharing Redis; what is refused is never stored nor relayed, and the console answers.
import { randomUUID } from 'node:crypto';
import type { Message } from '@atende/contract';
import { ChatVisitor, randomClientId, WidgetError } from '@atende/simulators/chat-visitor';
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
import { contactChannels, messages } from '../../db/schema/index.ts';
import type { Company } from '../companies/service.ts';

type Running = { t: TestApp; baseUrl: string };

const sockets: TestSocket[] = [];
const visitors: ChatVisitor[] = [];
const apps: TestApp[] = [];

async function start(env: Record<string, string> = {}): Promise<Running> {
  const t = await createTestApp({ env });
  apps.push(t);
  return { t, baseUrl: await t.app.listen({ port: 0, host: '127.0.0.1' }) };
}

/** A widget of `company` under `key`; `id` lets two apps (two databases) serve the same widget account. */
const makeWidget = (running: Running, company: Company, key: string, id: string = randomUUID()) =>
  makeChatWidget(running.t.database.db, company.id, key, { id });

/** A visitor with a session and a socket; their contact id. */
async function arrive(running: Running, widgetKey: string) {
  const browser = new ChatVisitor({ baseUrl: running.baseUrl, widgetKey, language: 'pt_br' });
  visitors.push(browser);
  const session = await browser.start();
  await browser.connect();
  const [channel] = await running.t.database.db
    .select({ contactId: contactChannels.contactId })
    .from(contactChannels)
    .where(eq(contactChannels.id, session.visitor.id));
  return { browser, contactId: channel!.contactId };
}

/** Sends `count` messages at once; the texts taken and the refusals' codes. */
async function flood(browser: ChatVisitor, count: number, label = 'm') {
  const answers = await Promise.allSettled(
    Array.from({ length: count }, (_, i) => browser.send(`${label} ${i}`, randomClientId())),
  );
  const taken = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value.text] : []));
  const refusals = answers.flatMap((answer) => (answer.status === 'rejected' ? [answer.reason] : []));
  return { taken, refusals };
}

const storedTexts = (running: Running, contactId: string) =>
  running.t.database.db
    .select({ text: messages.text })
    .from(messages)
    .where(and(eq(messages.contactId, contactId), eq(messages.direction, 'in')))
    .then((rows) => rows.map((row) => row.text).sort());

const watch = async (running: Running, actor: Actor, contactIds: string[]) => {
  const socket = await connectSocket(running.baseUrl, actor.token);
  sockets.push(socket);
  for (const contactId of contactIds) expect(await socket.emitWithAck('contact.watch', contactId)).toBe(true);
  return socket;
};

const created = (socket: TestSocket, contactId?: string) =>
  socket.received
    .filter(({ event }) => event === 'message.created')
    .map(({ payload }) => payload as Message)
    .filter((message) => !contactId || message.contact_id === contactId)
    .map((message) => message.text)
    .sort();

afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const one of visitors) one.disconnect();
  for (const t of apps) await t.close();
});

describe('widget flood limits (one process)', () => {
  let one: Running;
  let attendant: Actor;

  beforeAll(async () => {
    one = await start();
    attendant = await makeActor(one.t.app, one.t.database.db, 'attendant');
    await makeWidget(one, attendant.company, 'flood');
  });

  it('takes a burst of a visitor flooding 1000 messages and refuses the rest, storing and relaying none of it', async () => {
    const { browser, contactId } = await arrive(one, 'flood');
    const console_ = await watch(one, attendant, [contactId]);
    const startedAt = Date.now();
    const { taken, refusals } = await flood(browser, 1_000);
    const elapsedSeconds = (Date.now() - startedAt) / 1000;

    // The burst of 10, and what refilled at 1 a second while the flood lasted.
    expect(taken.length).toBeGreaterThanOrEqual(10);
    expect(taken.length).toBeLessThanOrEqual(10 + Math.ceil(elapsedSeconds));
    expect(refusals).toHaveLength(1_000 - taken.length);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(WidgetError);
      expect(refusal).toMatchObject({
        code: 'too_many_messages',
        message: 'Você está enviando mensagens rápido demais. Aguarde um momento e envie de novo.',
      });
    }
    expect(await storedTexts(one, contactId)).toEqual([...taken].sort());
    // The console gets the ones taken — then a round trip on its socket shows nothing more follows.
    await until(() => created(console_, contactId).length >= taken.length, 'the accepted messages');
    await console_.emitWithAck('contact.watch', contactId);
    expect(created(console_, contactId)).toEqual([...taken].sort());
    expect(browser.pushed.map((message) => message.text).sort()).toEqual([...taken].sort());

    // A moment later the bucket has refilled: the visitor sends again.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await browser.send('de novo')).text).toBe('de novo');
  });

  it('refuses a flooding visitor’s files the same way (429, translated)', async () => {
    const { browser, contactId } = await arrive(one, 'flood');
    await flood(browser, 20);
    const before = await storedTexts(one, contactId);
    await expect(
      browser.sendFile({ name: 'foto.png', type: 'image/png', data: SAMPLE_PNG }),
    ).rejects.toMatchObject({
      code: 'too_many_messages',
      status: 429,
      message: expect.stringContaining('rápido demais'),
    });
    expect(await storedTexts(one, contactId)).toEqual(before);
  });

  it('relays a visitor’s typing notices at one pace however many sockets they open', async () => {
    const { browser, contactId } = await arrive(one, 'flood');
    const console_ = await watch(one, attendant, [contactId]);
    const tabs = [browser];
    for (let i = 0; i < 5; i++) {
      const tab = new ChatVisitor(browser.options);
      visitors.push(tab);
      tab.session = browser.session;
      await tab.connect();
      tabs.push(tab);
    }
    // Each tab types, then sends: the message goes through the database, so by the time the console has every
    // message it has every typing notice that was relayed before them.
    for (const tab of tabs) tab.startTyping();
    const sent = await Promise.all(tabs.map((tab, i) => tab.send(`aba ${i}`)));
    await until(() => created(console_, contactId).length >= sent.length, 'the tabs’ messages');
    // The visitor's two at once, not one per socket.
    const typing = console_.received.filter(({ event }) => event === 'contact.typing');
    expect(typing).toHaveLength(2);
  });

  it('keeps the console answering while 20 visitors flood', async () => {
    const crowd = await Promise.all(Array.from({ length: 20 }, () => arrive(one, 'flood')));
    const console_ = await watch(
      one,
      attendant,
      crowd.map(({ contactId }) => contactId),
    );
    const startedAt = Date.now();
    const flooding = Promise.all(crowd.map(({ browser }) => flood(browser, 100)));
    // The attendant's API and socket answer during the flood.
    const [contacts, watched] = await Promise.all([
      injectAs(one.t.app, attendant, { method: 'GET', url: '/api/contacts' }),
      console_.emitWithAck('contact.watch', crowd[0]!.contactId),
    ]);
    expect(contacts.statusCode).toBe(200);
    expect(contacts.json()).toMatchObject({ data: expect.any(Array) });
    expect(watched).toBe(true);
    const results = await flooding;
    const elapsedSeconds = (Date.now() - startedAt) / 1000;

    for (const [i, { taken, refusals }] of results.entries()) {
      const { contactId } = crowd[i]!;
      expect(taken.length).toBeLessThanOrEqual(10 + Math.ceil(elapsedSeconds));
      expect(refusals.length).toBe(100 - taken.length);
      expect(refusals.every((refusal) => refusal.code === 'too_many_messages')).toBe(true);
      expect(await storedTexts(one, contactId)).toEqual([...taken].sort());
    }
    const accepted = results.reduce((sum, { taken }) => sum + taken.length, 0);
    expect(accepted).toBeGreaterThan(0);
    await until(() => created(console_).length >= accepted, 'every accepted message on the console');
    await console_.emitWithAck('contact.watch', crowd[0]!.contactId);
    expect(created(console_)).toHaveLength(accepted);
  });
});

describe('widget flood limits per widget key', () => {
  // No refill to speak of, so the counts are exact: 10 per visitor, 25 per widget key.
  const env = {
    WIDGET_VISITOR_PER_SECOND: '0.001',
    WIDGET_KEY_BURST: '25',
    WIDGET_KEY_PER_SECOND: '0.001',
  };

  it('caps all the visitors of one widget key together, and no other key', async () => {
    const one = await start(env);
    const company = await makeCompany(one.t.database.db);
    await makeWidget(one, company, 'busy');
    await makeWidget(one, company, 'quiet');
    const crowd = await Promise.all(Array.from({ length: 5 }, () => arrive(one, 'busy')));
    const results = await Promise.all(crowd.map(({ browser }) => flood(browser, 10)));
    expect(results.reduce((sum, { taken }) => sum + taken.length, 0)).toBe(25);
    for (const { refusals } of results) {
      for (const refusal of refusals) expect(refusal).toMatchObject({ code: 'too_many_messages' });
    }
    const { browser: elsewhere } = await arrive(one, 'quiet');
    expect((await flood(elsewhere, 10)).taken).toHaveLength(10);
  });

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'shares the buckets between two app instances through Redis',
    async () => {
      const shared = {
        ...env,
        REDIS_URL: process.env.TEST_REDIS_URL!,
        WIDGET_BUCKET_PREFIX: `atende:test:${process.pid}:${Date.now()}:`,
      };
      const [first, second] = [await start(shared), await start(shared)];
      // Two databases in this test: the same widget account (its id names the key's bucket) in each.
      const account = randomUUID();
      for (const running of [first, second]) {
        await makeWidget(running, await makeCompany(running.t.database.db), 'shared', account);
      }
      const onFirst = await arrive(first, 'shared');
      expect((await flood(onFirst.browser, 20)).taken).toHaveLength(10);
      const onSecond = await arrive(second, 'shared');
      expect((await flood(onSecond.browser, 10)).taken).toHaveLength(10);
      // The key's 25 are spent across both instances: a third visitor, on either, gets the last 5.
      const third = await arrive(first, 'shared');
      const { taken, refusals } = await flood(third.browser, 10);
      expect(taken).toHaveLength(5);
      expect(refusals).toHaveLength(5);
      expect(await storedTexts(first, third.contactId)).toEqual([...taken].sort());
    },
  );
});
