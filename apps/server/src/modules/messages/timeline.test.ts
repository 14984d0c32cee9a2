import type { CallItem, EventItem, Item, ItemsPage } from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactEvents, eventActions, messages, voiceCalls } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeCompany, makeContact, type Actor } from '../../../test/factories.ts';
import { connectSocket } from '../../../test/realtime-client.ts';

let t: TestApp;
let me: Actor;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  me = await makeActor(t.app, t.database.db, 'attendant');
});
afterAll(() => t.close());

const idOf = (item: Item): string =>
  item.type === 'message' ? item.message.id : item.type === 'event' ? item.event.id : item.call.id;
const labelOf = (item: Item): string =>
  item.type === 'message'
    ? item.message.text
    : item.type === 'event'
      ? item.event.description
      : item.call.call_id;

/**
 * A conversation of 19 messages and 12 events whose timestamps collide within and across kinds (three items
 * per second), so every page boundary falls somewhere a tie must be broken by the id.
 */
async function mixedConversation() {
  const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
  const base = Date.now() - 3_600_000;
  const at = (i: number) => new Date(base + Math.floor(i / 3) * 1000);
  const labels: string[] = [];
  const messageRows = [];
  const eventRows = [];
  for (let i = 0; i < 31; i++) {
    labels.push(`item${i}`);
    if (i % 9 < 5) {
      messageRows.push({
        companyId: me.company.id,
        contactId: contact.id,
        kind: 'whatsapp' as const,
        direction: 'in' as const,
        text: `item${i}`,
        createdAt: at(i),
      });
    } else {
      eventRows.push({
        companyId: me.company.id,
        contactId: contact.id,
        description: `item${i}`,
        occurredAt: at(i),
        createdBy: me.user.id,
        createdAt: at(i),
      });
    }
  }
  await t.database.db.insert(messages).values(messageRows);
  await t.database.db.insert(contactEvents).values(eventRows);
  return { contact, labels };
}

const get = async (url: string): Promise<ItemsPage> =>
  (await injectAs(t.app, me, { method: 'GET', url })).json();

/** Newest first by (created_at, id), the order the server promises. */
function expectNewestFirst(items: Item[]) {
  for (let i = 1; i < items.length; i++) {
    const [newer, older] = [items[i - 1]!, items[i]!];
    const ordered =
      newer.created_at > older.created_at ||
      (newer.created_at === older.created_at && idOf(newer) > idOf(older));
    expect(ordered, `${labelOf(newer)} before ${labelOf(older)}`).toBe(true);
  }
}

describe('timeline with events', () => {
  it('merges messages and events in one order and pages them without loss or repeats', async () => {
    const { contact, labels } = await mixedConversation();
    const whole = await get(`/api/conversation/${contact.id}/items?limit=100`);
    expect(whole.has_more).toBe(false);
    expect(whole.data).toHaveLength(31);
    expectNewestFirst(whole.data);
    expect(whole.data.filter((item) => item.type === 'event')).toHaveLength(12);
    const event = whole.data.find((item): item is EventItem => item.type === 'event')!;
    expect(event.event).toMatchObject({
      contact_id: contact.id,
      created_by: { id: me.user.id, name: me.user.name },
    });
    expect(event.created_at).toBe(event.event.created_at);

    for (const limit of [1, 2, 4, 5, 7]) {
      const seen: Item[] = [];
      let url = `/api/conversation/${contact.id}/items?limit=${limit}`;
      for (let page = 0; page < 40; page++) {
        const body = await get(url);
        expect(body.data.length).toBeLessThanOrEqual(limit);
        seen.push(...body.data);
        if (!body.has_more) break;
        const last = body.data.at(-1)!;
        url = `/api/conversation/${contact.id}/items?limit=${limit}&before_created_at=${encodeURIComponent(last.created_at)}&before_id=${idOf(last)}`;
      }
      expect(seen.map(idOf), `limit ${limit}`).toEqual(whole.data.map(idOf));
    }
    expect(new Set(whole.data.map(labelOf))).toEqual(new Set(labels));
  });

  it('paginates from separate message and event anchors to the same sequence', async () => {
    const { contact } = await mixedConversation();
    const whole = await get(`/api/conversation/${contact.id}/items?limit=100`);
    const first = await get(`/api/conversation/${contact.id}/items?limit=4`);
    const seen = [...first.data];
    let hasMore = first.has_more;
    while (hasMore) {
      const oldestMessage = seen.filter((item) => item.type === 'message').at(-1);
      const oldestEvent = seen.filter((item) => item.type === 'event').at(-1);
      const query = new URLSearchParams({ limit: '4' });
      if (oldestMessage?.type === 'message') {
        query.set('first_message_created_at', oldestMessage.created_at);
        query.set('first_message_id', oldestMessage.message.id);
      }
      if (oldestEvent?.type === 'event') {
        query.set('first_event_created_at', oldestEvent.created_at);
        query.set('first_event_id', oldestEvent.event.id);
      }
      const body = await get(`/api/conversation/${contact.id}/paginate?${query.toString()}`);
      seen.push(...body.data);
      hasMore = body.has_more;
      expect(seen.length).toBeLessThanOrEqual(31);
    }
    expect(seen.map(idOf)).toEqual(whole.data.map(idOf));
  });

  it('continues from the message anchor when no event is loaded yet', async () => {
    const { contact } = await mixedConversation();
    const whole = await get(`/api/conversation/${contact.id}/items?limit=100`);
    const oldestMessages = whole.data.filter((item) => item.type === 'message');
    const anchor = oldestMessages[3]!;
    const anchorIndex = whole.data.indexOf(anchor);
    const query = new URLSearchParams({
      limit: '100',
      first_message_created_at: anchor.created_at,
      first_message_id: idOf(anchor),
    });
    const body = await get(`/api/conversation/${contact.id}/paginate?${query.toString()}`);
    expect(body.data.map(idOf)).toEqual(whole.data.slice(anchorIndex + 1).map(idOf));
  });

  it('shows a registered event live in the open conversation, and not to another company', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const [action] = await t.database.db
      .insert(eventActions)
      .values({ companyId: me.company.id, name: 'Acordo fechado' })
      .returning();
    const socket = await connectSocket(baseUrl, me.token);
    try {
      expect(await socket.timeout(2000).emitWithAck('contact.watch', contact.id)).toBe(true);
      const live = socket.next<{ id: string; description: string; amount: number | null }>(
        'event.created',
        (event) => event.description === 'Acordo fechado',
      );
      const response = await injectAs(t.app, me, {
        method: 'POST',
        url: `/api/conversation/${contact.id}/events`,
        payload: { action_id: action!.id, amount: 99.9 },
      });
      expect(response.statusCode).toBe(201);
      const event = await live;
      expect(event).toMatchObject({ id: response.json().id, amount: 99.9 });
      const items = await get(`/api/conversation/${contact.id}/items`);
      expect(items.data[0]).toMatchObject({ type: 'event', event: { id: event.id } });

      const stranger = await makeActor(t.app, t.database.db, 'supervisor');
      const foreign = await injectAs(t.app, stranger, {
        method: 'GET',
        url: `/api/conversation/${contact.id}/paginate?first_event_created_at=${encodeURIComponent(new Date().toISOString())}`,
      });
      expect(foreign.statusCode).toBe(404);
    } finally {
      socket.disconnect();
    }
  });
});

describe('timeline with calls', () => {
  it('places the customer’s calls (CDRs) among the pages’ messages, once each, scoped by company', async () => {
    const db = t.database.db;
    const contact = await makeContact(db, me.company, { responsibleId: me.user.id });
    const base = Date.now() - 3_600_000;
    const at = (minute: number) => new Date(base + minute * 60_000);
    // Six messages, a minute apart; calls between them, one before the first and one after the last.
    await db.insert(messages).values(
      [0, 1, 2, 3, 4, 5].map((minute) => ({
        companyId: me.company.id,
        contactId: contact.id,
        kind: 'whatsapp' as const,
        direction: 'in' as const,
        text: `message${minute}`,
        createdAt: at(minute * 2 + 1),
      })),
    );
    const call = (callId: string, minute: number, companyId = me.company.id) => ({
      companyId,
      callId,
      direction: 'inbound' as const,
      typeId: 0 as const,
      state: 'ended' as const,
      fromNumber: '5511988887777',
      toNumber: 'atende',
      operatorId: me.user.id,
      contactId: contact.id,
      startedAt: at(minute),
      answeredAt: new Date(at(minute).getTime() + 5_000),
      endedAt: new Date(at(minute).getTime() + 65_000),
      hangupSide: 'customer' as const,
      hangupCause: 'normal' as const,
    });
    const other = await makeCompany(db);
    await db
      .insert(voiceCalls)
      .values([call('first', 0), call('middle', 6), call('last', 12), call('elsewhere', 7, other.id)]);

    const whole = await get(`/api/conversation/${contact.id}/items?limit=100`);
    expectNewestFirst(whole.data);
    expect(whole.data.map(labelOf)).toEqual([
      'last',
      'message5',
      'message4',
      'message3',
      'middle',
      'message2',
      'message1',
      'message0',
      'first',
    ]);
    const last = whole.data[0] as CallItem;
    expect(last).toMatchObject({
      type: 'call',
      created_at: at(12).toISOString(),
      call: {
        direction: 'inbound',
        operator_name: me.user.name,
        talk_seconds: 60,
        contact_id: contact.id,
      },
    });

    // Paged two messages at a time: every call once, in its place, on the page covering its time.
    const paged: Item[] = [];
    let url = `/api/conversation/${contact.id}/items?limit=2`;
    for (;;) {
      const page = await get(url);
      paged.push(...page.data);
      if (!page.has_more) break;
      const oldest = page.data.filter((item) => item.type !== 'call').at(-1)!;
      url = `/api/conversation/${contact.id}/items?limit=2&before_created_at=${encodeURIComponent(oldest.created_at)}&before_id=${idOf(oldest)}`;
    }
    expect(paged.map(labelOf)).toEqual(whole.data.map(labelOf));
  });
});
