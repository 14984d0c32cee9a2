import type { ContactSummary, ItemsPage, Message } from '@atende/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, loginAs, makeActor, TEST_PASSWORD, type Actor } from '../../../test/factories.ts';
import { connectSocket, type TestSocket } from '../../../test/realtime-client.ts';
import { ingestInbound } from './ingest.ts';

let t: TestApp;
let attendant: Actor;
let other: Actor;
let supervisor: Actor;
let baseUrl: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  attendant = await makeActor(t.app, t.database.db, 'attendant');
  other = await makeActor(t.app, t.database.db, 'attendant', attendant.company);
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', attendant.company);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const connect = async (actor: Actor | null) => {
  const socket = await connectSocket(baseUrl, actor?.token ?? null);
  sockets.push(socket);
  return socket;
};
const inbound = (providerMessageId: string, address = '+55 11 91234-5678', text = 'Olá, preciso de ajuda') =>
  ingestInbound(t.app.deps, {
    companyId: attendant.company.id,
    kind: 'whatsapp',
    from: { address, name: 'Maria Cliente' },
    text,
    providerMessageId,
  });

describe('inbound ingest', () => {
  it('creates the contact waiting in the queue, once per provider message id', async () => {
    const first = await inbound('wamid.1');
    expect(first).toMatchObject({ duplicate: false, createdContact: true });
    const retry = await inbound('wamid.1');
    expect(retry).toMatchObject({ duplicate: true, contactId: first.contactId, messageId: null });
    await inbound('wamid.2', '5511912345678', 'Alguém aí?');

    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, first.contactId));
    expect(row).toMatchObject({
      name: 'Maria Cliente',
      unreadCount: 2,
      onQueue: true,
      lastMessageText: 'Alguém aí?',
      firstResponsePending: true,
    });
    expect(row!.unansweredSince).not.toBeNull();
    const stored = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.contactId, first.contactId)));
    expect(stored).toHaveLength(2);
    const waiting = await injectAs(t.app, attendant, { method: 'GET', url: '/api/conversations/waiting' });
    expect(waiting.json().count).toBe(1);
  });

  it('concurrent first messages of a new customer make one contact', async () => {
    const results = await Promise.all(
      ['a', 'b', 'c', 'd'].map((id) => inbound(`race-${id}`, '+55 21 97777-0000', `mensagem ${id}`)),
    );
    expect(new Set(results.map((r) => r.contactId)).size).toBe(1);
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, results[0]!.contactId));
    expect(row!.unreadCount).toBe(4);
  });

  it("stores a provider's text with a NUL or a lone surrogate instead of losing the message", async () => {
    const result = await ingestInbound(t.app.deps, {
      companyId: attendant.company.id,
      kind: 'email',
      from: { address: 'nul@example.com', name: 'Cliente\u0000 Nulo' },
      subject: 'Pedido\u0000 \ud800',
      text: 'Segue\u0000 o pedido \udfff e\u0301',
      html: '<p>Segue\u0000</p>',
      providerMessageId: '<nul\u0000@example.com>',
    });
    const [stored] = await t.database.db.select().from(messages).where(eq(messages.id, result.messageId!));
    expect(stored).toMatchObject({
      text: 'Segue o pedido \ufffd \u00e9',
      subject: 'Pedido \ufffd',
      html: '<p>Segue</p>',
      providerMessageId: '<nul@example.com>',
    });
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.id, result.contactId));
    expect(contact!.name).toBe('Cliente Nulo');
  });
});

describe('realtime gateway', () => {
  it('refuses a socket without a valid session', async () => {
    await expect(connect(null)).rejects.toThrow('unauthenticated');
    const revoked = await makeActor(t.app, t.database.db, 'attendant', attendant.company);
    await injectAs(t.app, revoked, { method: 'POST', url: '/api/logout' });
    await expect(connect(revoked)).rejects.toThrow('session_expired');
  });

  it('closes the sockets of a session that logs out, and of the other sessions on a password change', async () => {
    const actor = await makeActor(t.app, t.database.db, 'attendant', attendant.company);
    const otherToken = await loginAs(t.app, actor.company, actor.user);
    const current = await connect(actor);
    const other = await connect({ ...actor, token: otherToken });
    const disconnected = (socket: TestSocket) =>
      new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const otherGone = disconnected(other);
    const changed = await injectAs(t.app, actor, {
      method: 'POST',
      url: '/api/user/password',
      payload: {
        current_password: TEST_PASSWORD,
        password: 'another-password-1',
        password_confirmation: 'another-password-1',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(await otherGone).toBe('io server disconnect');
    expect(current.connected).toBe(true);

    const currentGone = disconnected(current);
    await injectAs(t.app, actor, { method: 'POST', url: '/api/logout' });
    expect(await currentGone).toBe('io server disconnect');
  });

  it('lets a user watch only the contacts they may see', async () => {
    const { contactId } = await inbound('wamid.watch-1', '+55 41 97777-2222');
    const stranger = await makeActor(t.app, t.database.db, 'supervisor');
    const mine = await connect(attendant);
    const foreign = await connect(stranger);
    expect(await mine.timeout(2000).emitWithAck('contact.watch', contactId)).toBe(true);
    expect(await foreign.timeout(2000).emitWithAck('contact.watch', contactId)).toBe(false);
    expect(await mine.timeout(2000).emitWithAck('contact.watch', 'not-a-uuid')).toBe(false);
    // Once a colleague owns the contact, the attendant may no longer watch it.
    const taken = await injectAs(t.app, other, {
      method: 'GET',
      url: '/api/conversations/waiting/conversation',
    });
    expect(taken.statusCode).toBe(200);
    expect(await mine.timeout(2000).emitWithAck('contact.watch', taken.json().id)).toBe(false);
  });

  it('shows the watcher of a conversation the new message exactly as the timeline does', async () => {
    const { contactId } = await inbound('wamid.live-1', '+55 51 96666-3333', 'Primeira');
    const watcher = await connect(supervisor);
    expect(await watcher.timeout(2000).emitWithAck('contact.watch', contactId)).toBe(true);
    const live = watcher.next<Message>('message.created', (m) => m.contact_id === contactId);
    const second = await inbound('wamid.live-2', '+55 51 96666-3333', 'Segunda, de um cliente conhecido');
    expect(second).toMatchObject({ contactId, duplicate: false, createdContact: false });
    const page = await injectAs(t.app, supervisor, { url: `/api/conversation/${contactId}/items` });
    const shown = page.json<ItemsPage>().data[0];
    expect(shown?.type === 'message' && shown.message.id).toBe(second.messageId);
    expect(await live).toEqual(shown?.type === 'message' ? shown.message : null);
  });

  it('answers the latency ping with the server clock', async () => {
    const socket = await connect(attendant);
    const serverTime = await socket.timeout(2000).emitWithAck('ping');
    expect(Math.abs(serverTime - Date.now())).toBeLessThan(2000);
  });

  it('counts the queue fewer times than a burst of new customers arrives, its last count the queue after them', async () => {
    const boss = await connect(supervisor);
    const burst = Array.from({ length: 8 }, (_, i) =>
      inbound(`wamid.burst-${i}`, `+55 41 97777-000${i}`, 'Chegando junto com outros'),
    );
    await Promise.all(burst);
    const [{ n }] = await t.app.deps.database.raw
      .executeSql(
        `select count(*)::int as n from contacts where company_id = $1 and on_queue and responsible_id is null`,
        [supervisor.company.id],
      )
      .then((result) => result.rows as [{ n: number }]);
    await boss.next<{ count: number }>('waiting.changed', (event) => event.count === n);
    const counts = boss.received.filter((entry) => entry.event === 'waiting.changed');
    expect(counts.length).toBeLessThan(burst.length);
  });

  it('delivers a new waiting customer to attendants and supervisors, and the assignment to everyone', async () => {
    const mine = await connect(attendant);
    const colleague = await connect(other);
    const boss = await connect(supervisor);
    const { contactId } = await inbound('wamid.rt-1', '+55 31 98888-1111', 'Quero falar com alguém');

    for (const socket of [mine, colleague, boss]) {
      const created = await socket.next<ContactSummary>('contact.created', (c) => c.id === contactId);
      expect(created).toMatchObject({
        on_queue: true,
        unread_messages: { count: 1 },
        last_message: { text: 'Quero falar com alguém' },
      });
      await socket.next<{ count: number }>('waiting.changed');
    }

    const taken = await injectAs(t.app, attendant, {
      method: 'GET',
      url: '/api/conversations/waiting/conversation',
    });
    const takenId = taken.json().id as string;
    for (const socket of [mine, colleague, boss]) {
      await socket.next<{ contact_id: string; responsible_id: string }>(
        'contact.assigned',
        (e) => e.contact_id === takenId && e.responsible_id === attendant.user.id,
      );
    }

    // Once assigned, a new message of that customer reaches the responsible and supervisors, not the colleague.
    const takenAddress = taken.json().channels[0].address as string;
    await ingestInbound(t.app.deps, {
      companyId: attendant.company.id,
      kind: taken.json().channels[0].type,
      from: { address: takenAddress },
      text: 'Ainda estou aguardando',
      providerMessageId: 'wamid.rt-2',
    });
    const unread = await mine.next<{ contact_id: string; count: number }>(
      'contact.unread',
      (e) => e.contact_id === takenId && e.count >= 1,
    );
    expect(unread.count).toBeGreaterThanOrEqual(1);
    const updated = await boss.next(
      'contact.updated',
      (c: ContactSummary) => c.id === takenId && c.last_message?.text === 'Ainda estou aguardando',
    );
    // The update comes with the stored message, not read back: exactly what the contact list shows.
    const listed = await injectAs(t.app, supervisor, { url: '/api/contacts' });
    const shown = listed.json<{ data: ContactSummary[] }>().data.find((c) => c.id === takenId);
    expect(updated).toEqual(shown);
    expect(updated.responsible).toEqual({ id: attendant.user.id, name: attendant.user.name });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const leaked = colleague.received.filter(
      (entry) => entry.event === 'contact.updated' && (entry.payload as ContactSummary).id === takenId,
    );
    expect(leaked).toEqual([]);
  });
});
