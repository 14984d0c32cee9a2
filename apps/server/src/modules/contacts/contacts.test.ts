import { CONTACT_ORDERS, type ContactSummary } from '@atende/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactWallets, schedules, users, userWallets, wallets } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, makeUser, loginAs, type Actor } from '../../../test/factories.ts';
import type { Company } from '../companies/service.ts';

let t: TestApp;
let company: Company;
let me: Actor;
let colleague: Actor;
let supervisor: Actor;
const names: Record<string, string> = {};

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  me = await makeActor(t.app, t.database.db, 'attendant');
  company = me.company;
  colleague = await makeActor(t.app, t.database.db, 'attendant', company);
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', company);
  const db = t.database.db;
  const mk = async (key: string, fields: Parameters<typeof makeContact>[2]) => {
    const contact = await makeContact(db, company, { name: key, ...fields });
    names[contact.id] = key;
    return contact;
  };
  await mk('Alice Waiting', {
    onQueue: true,
    queuedAt: minutesAgo(30),
    unreadCount: 2,
    priority: 1,
    unansweredSince: minutesAgo(30),
    lastMessageAt: minutesAgo(20),
    firstResponsePending: true,
    channel: { address: '+55 (11) 98765-4321' },
  });
  await mk('bruno Urgent', {
    onQueue: true,
    queuedAt: minutesAgo(5),
    unreadCount: 1,
    priority: 2,
    unansweredSince: minutesAgo(5),
    lastMessageAt: minutesAgo(5),
    critical: true,
  });
  await mk('Carla Bot', {
    onQueue: true,
    queuedAt: minutesAgo(50),
    chatbot: true,
    lastMessageAt: minutesAgo(50),
    document: '12345678909',
    tag: 'Recife',
  });
  const mine = await mk('Diego Mine', {
    responsibleId: me.user.id,
    unreadCount: 3,
    unansweredSince: minutesAgo(90),
    lastMessageAt: minutesAgo(60),
    online: true,
    code: 'CLI-777',
    protocol: '2026000123',
    lastEvent: 'Promessa de pagamento',
    channel: { kind: 'email', address: 'Diego.Mine@Example.com' },
  });
  await mk('Eva Mine', { responsibleId: me.user.id, lastMessageAt: minutesAgo(1), priority: 0 });
  await mk('Fabio Colleague', {
    responsibleId: colleague.user.id,
    unreadCount: 5,
    lastMessageAt: minutesAgo(2),
    channel: { address: '5521912345678' },
  });
  const [wallet] = await db.insert(wallets).values({ companyId: company.id, name: 'Varejo' }).returning();
  await db.insert(userWallets).values({ companyId: company.id, userId: me.user.id, walletId: wallet!.id });
  await db.insert(contactWallets).values({ companyId: company.id, contactId: mine.id, walletId: wallet!.id });
  await db.insert(schedules).values({
    companyId: company.id,
    contactId: mine.id,
    userId: me.user.id,
    scheduledAt: new Date(Date.now() + 3_600_000),
  });
});
afterAll(() => t.close());

const list = async (actor: Actor, query = '') => {
  const response = await injectAs(t.app, actor, { method: 'GET', url: `/api/contacts${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: ContactSummary[]; next_cursor: string | null };
};
const namesOf = (page: { data: ContactSummary[] }) => page.data.map((c) => c.name);

/** The names of every page of two, followed by their cursors (at most ten pages). */
async function pagedNames(actor: Actor, order: string, direction: string): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 10; i++) {
    const page = await list(
      actor,
      `?order=${order}&direction=${direction}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
    );
    seen.push(...namesOf(page));
    cursor = page.next_cursor;
    if (!cursor) break;
  }
  return seen;
}

describe('GET /api/contacts', () => {
  it('shows attendants their own contacts and the unassigned queue; supervisors everything', async () => {
    expect(namesOf(await list(me)).sort()).toEqual([
      'Alice Waiting',
      'Carla Bot',
      'Diego Mine',
      'Eva Mine',
      'bruno Urgent',
    ]);
    expect(namesOf(await list(colleague)).sort()).toEqual([
      'Alice Waiting',
      'Carla Bot',
      'Fabio Colleague',
      'bruno Urgent',
    ]);
    expect((await list(supervisor)).data).toHaveLength(6);
  });

  it.each([
    ['mine', ['Diego Mine', 'Eva Mine']],
    ['pending', ['Alice Waiting', 'Diego Mine', 'bruno Urgent']],
    ['pending_first_response', ['Alice Waiting']],
    ['chatbots', ['Carla Bot']],
    ['pending_schedules', ['Diego Mine']],
  ])('filter %s', async (filter, expected) => {
    expect(namesOf(await list(me, `?filter=${filter}`)).sort()).toEqual(expected);
  });

  it('only my segments keeps contacts of the wallets I work', async () => {
    expect(namesOf(await list(me, '?only_my_segments=true'))).toEqual(['Diego Mine']);
    expect(namesOf(await list(colleague, '?only_my_segments=true'))).toEqual([]);
  });

  it('orders by each key in both directions', async () => {
    const order = async (o: string, d = 'desc') =>
      namesOf(await list(supervisor, `?order=${o}&direction=${d}`));
    // Critical first, then priority, then the latest message.
    expect(await order('default')).toEqual([
      'bruno Urgent',
      'Fabio Colleague',
      'Alice Waiting',
      'Carla Bot',
      'Diego Mine',
      'Eva Mine',
    ]);
    expect(await order('name', 'asc')).toEqual([
      'Alice Waiting',
      'bruno Urgent',
      'Carla Bot',
      'Diego Mine',
      'Eva Mine',
      'Fabio Colleague',
    ]);
    expect(await order('name', 'desc')).toEqual([
      'Fabio Colleague',
      'Eva Mine',
      'Diego Mine',
      'Carla Bot',
      'bruno Urgent',
      'Alice Waiting',
    ]);
    expect((await order('last_message', 'desc')).slice(0, 3)).toEqual([
      'bruno Urgent',
      'Alice Waiting',
      'Diego Mine',
    ]);
    expect((await order('last_message', 'asc')).slice(0, 3)).toEqual([
      'Diego Mine',
      'Alice Waiting',
      'bruno Urgent',
    ]);
    expect((await order('unread', 'desc')).slice(0, 3)).toEqual([
      'Fabio Colleague',
      'Diego Mine',
      'Alice Waiting',
    ]);
    expect((await order('unread', 'asc')).slice(0, 1)).toEqual(['Carla Bot']);
    expect((await order('priority', 'desc'))[0]).toBe('bruno Urgent');
    expect((await order('priority', 'asc'))[0]).toBe('Eva Mine');
    expect((await order('critical', 'desc'))[0]).toBe('bruno Urgent');
    expect((await order('online', 'desc'))[0]).toBe('Diego Mine');
  });

  it.each(CONTACT_ORDERS.flatMap((o) => [[o, 'asc'] as const, [o, 'desc'] as const]))(
    'keyset pages of %s %s cover every contact once, in the same order as one big page',
    async (order, direction) => {
      const whole = namesOf(await list(supervisor, `?order=${order}&direction=${direction}&limit=200`));
      expect(await pagedNames(supervisor, order, direction)).toEqual(whole);
    },
  );

  it.each(CONTACT_ORDERS.flatMap((o) => [[o, 'asc'] as const, [o, 'desc'] as const]))(
    "an attendant's pages of %s %s merge their own contacts and the queue in the supervisor's order",
    async (order, direction) => {
      const visible = new Set(namesOf(await list(me, '?limit=200')));
      const whole = namesOf(await list(supervisor, `?order=${order}&direction=${direction}&limit=200`));
      expect(await pagedNames(me, order, direction)).toEqual(whole.filter((name) => visible.has(name)));
    },
  );

  it('rejects a tampered cursor and an oversized page', async () => {
    const bad = Buffer.from(JSON.stringify(["'; drop table contacts; --", 'x'])).toString('base64url');
    const tampered = await injectAs(t.app, me, {
      method: 'GET',
      url: `/api/contacts?order=name&cursor=${bad}`,
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().code).toBe('invalid_cursor');
    const big = await injectAs(t.app, me, { method: 'GET', url: '/api/contacts?limit=1000' });
    expect(big.json()).toMatchObject({ code: 'validation_failed', field: 'limit' });
  });
});

describe('POST /api/conversations/search', () => {
  const search = async (actor: Actor, parameter: string, value: string, origin?: string) => {
    const response = await injectAs(t.app, actor, {
      method: 'POST',
      url: '/api/conversations/search',
      payload: { parameter, value, origin },
    });
    expect(response.statusCode, response.body).toBe(200);
    return namesOf(response.json()).sort();
  };

  it.each([
    ['document', '123.456.789-09', ['Carla Bot']],
    ['document', '123456', ['Carla Bot']],
    ['tag', 'recife', ['Carla Bot']],
    ['code', 'CLI-7', ['Diego Mine']],
    ['protocol', '2026000', ['Diego Mine']],
    ['phone', '(11) 98765-4321', ['Alice Waiting']],
    ['phone', '+5511987654321', ['Alice Waiting']],
    ['email', 'diego.mine@example', ['Diego Mine']],
    ['name', 'RUNO', ['bruno Urgent']],
    ['last_event', 'promessa', ['Diego Mine']],
  ])('by %s "%s"', async (parameter, value, expected) => {
    expect(await search(me, parameter, value)).toEqual(expected);
  });

  it('by responsible name, within what the user may see', async () => {
    await t.database.db.update(users).set({ name: 'Marta Responsável' }).where(eq(users.id, me.user.id));
    expect(await search(supervisor, 'responsible', 'responsáv')).toEqual(['Diego Mine', 'Eva Mine']);
    expect(await search(colleague, 'phone', '21912345678')).toEqual(['Fabio Colleague']);
    expect(await search(me, 'phone', '21912345678')).toEqual([]);
  });

  it('runs within the list filter given as origin', async () => {
    expect(await search(me, 'name', 'mine', 'pending')).toEqual(['Diego Mine']);
  });

  it('requires 3 characters', async () => {
    const response = await injectAs(t.app, me, {
      method: 'POST',
      url: '/api/conversations/search',
      payload: { parameter: 'name', value: 'ab' },
    });
    expect(response.json()).toMatchObject({
      field: 'value',
      message: 'O campo “valor” deve ter ao menos 3 caractere(s).',
    });
  });

  it('has_pending_schedule finds only contacts with a pending schedule', async () => {
    const response = await injectAs(t.app, me, {
      method: 'POST',
      url: '/api/conversations/search/has_pending_schedule',
      payload: { parameter: 'name', value: 'mine' },
    });
    expect(namesOf(response.json())).toEqual(['Diego Mine']);
  });

  it('chatbots lists contacts handled by a bot', async () => {
    const response = await injectAs(t.app, me, { method: 'GET', url: '/api/conversations/chatbots' });
    expect(namesOf(response.json())).toEqual(['Carla Bot']);
  });
});

describe('waiting queue and next-in-queue', () => {
  it('counts and lists the waiting contacts, highest priority then longest wait first', async () => {
    const response = await injectAs(t.app, me, { method: 'GET', url: '/api/conversations/waiting' });
    expect(response.json().count).toBe(3);
    expect(namesOf(response.json())).toEqual(['bruno Urgent', 'Carla Bot', 'Alice Waiting']);
  });

  it('two attendants taking at once never get the same contact', async () => {
    const fresh = await createTestApp();
    try {
      const db = fresh.database.db;
      const first = await makeActor(fresh.app, db, 'attendant');
      const attendants = [first];
      for (let i = 0; i < 11; i++)
        attendants.push(await makeActor(fresh.app, db, 'attendant', first.company));
      for (let i = 0; i < 8; i++)
        await makeContact(db, first.company, { onQueue: true, queuedAt: minutesAgo(i) });
      const responses = await Promise.all(
        attendants.map((actor) =>
          injectAs(fresh.app, actor, { method: 'GET', url: '/api/conversations/waiting/conversation' }),
        ),
      );
      const taken = responses.filter((r) => r.statusCode === 200).map((r) => r.json().id as string);
      expect(taken).toHaveLength(8);
      expect(new Set(taken).size).toBe(8);
      const empty = responses.filter((r) => r.statusCode !== 200);
      expect(empty.map((r) => r.json().code)).toEqual([
        'queue_empty',
        'queue_empty',
        'queue_empty',
        'queue_empty',
      ]);
      const waiting = await injectAs(fresh.app, first, { method: 'GET', url: '/api/conversations/waiting' });
      expect(waiting.json().count).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it("the taken contact becomes the caller's and leaves the queue", async () => {
    const actor = await makeActor(t.app, t.database.db, 'attendant', company);
    const response = await injectAs(t.app, actor, {
      method: 'GET',
      url: '/api/conversations/waiting/conversation',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'bruno Urgent',
      on_queue: false,
      responsible: { id: actor.user.id },
    });
    const me2 = await injectAs(t.app, me, { method: 'GET', url: `/api/conversation/${response.json().id}` });
    expect(me2.statusCode).toBe(404);
  });
});

describe('GET /api/conversation/:id and POST /api/conversations', () => {
  it('opens a visible contact with channels and segments', async () => {
    const page = await list(me, '?filter=mine&order=name&direction=asc');
    const diego = page.data.find((c) => c.name === 'Diego Mine')!;
    const response = await injectAs(t.app, me, { method: 'GET', url: `/api/conversation/${diego.id}` });
    expect(response.json()).toMatchObject({
      name: 'Diego Mine',
      code: 'CLI-777',
      segments: [{ wallet_name: 'Varejo' }],
      channels: [{ type: 'email', address: 'diego.mine@example.com', main: true, blacklisted: false }],
    });
  });

  it('creates a contact with its first channel, the creator responsible', async () => {
    const response = await injectAs(t.app, me, {
      method: 'POST',
      url: '/api/conversations',
      payload: {
        name: 'Gina Nova',
        channel: { type: 'whatsapp', address: '+55 31 99999-0001' },
        priority: 'high',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Gina Nova',
      priority: 'high',
      responsible: { id: me.user.id },
      channels: [{ type: 'whatsapp', address: '5531999990001', main: true }],
    });
  });

  it('rejects a channel already registered, with the spec text, and an invalid address', async () => {
    const duplicate = await injectAs(t.app, colleague, {
      method: 'POST',
      url: '/api/conversations',
      payload: { name: 'Outra', channel: { type: 'whatsapp', address: '5511987654321' } },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({
      code: 'channel_already_registered',
      message: 'Este canal já está cadastrado na configuração de um contato.',
    });
    const invalid = await injectAs(t.app, colleague, {
      method: 'POST',
      url: '/api/conversations',
      payload: { name: 'Outra', channel: { type: 'email', address: 'not-an-email' } },
    });
    expect(invalid.json().code).toBe('invalid_channel_address');
  });

  it('requires the create_contacts permission', async () => {
    const user = await makeUser(t.database.db, company, { permissions: { create_contacts: false } });
    const token = await loginAs(t.app, company, user);
    const response = await injectAs(
      t.app,
      { token },
      {
        method: 'POST',
        url: '/api/conversations',
        payload: { name: 'X', channel: { type: 'sms', address: '5511900000000' } },
      },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
  });

  it('two simultaneous creations of one channel leave one contact', async () => {
    const payload = { name: 'Dup', channel: { type: 'telegram', address: 'tg-42' } };
    const results = await Promise.all(
      [me, colleague, supervisor].map((actor) =>
        injectAs(t.app, actor, { method: 'POST', url: '/api/conversations', payload }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
  });
});
