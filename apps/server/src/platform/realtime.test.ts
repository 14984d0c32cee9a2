// A room is a grant: a socket leaves a contact's room, or its audience room, as soon as its user may no longer
// see what it carries (issue 19, finding 1), and a deactivated user's sockets close. After a Redis outage of
// the fan-out, every client is told to resync (finding 9).
import type { ContactSummary, ContactTyping, Message, Role } from '@atende/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { injectAs, loginAs, makeCompany, makeContact, makeUser, type Actor } from '../../test/factories.ts';
import { connectSocket, type TestSocket } from '../../test/realtime-client.ts';
import { redisTarget, startTcpProxy, throughProxy } from '../../test/tcp-proxy.ts';

const redisUrl = process.env.TEST_REDIS_URL;

let t: TestApp;
let baseUrl: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

type Member = Actor & { socket: TestSocket };

/** A fresh company (its own queue) with connected users of the given roles. */
async function team<R extends Role>(...roles: R[]): Promise<Member[]> {
  const company = await makeCompany(t.database.db);
  return Promise.all(
    roles.map(async (role) => {
      const user = await makeUser(t.database.db, company, { role });
      const token = await loginAs(t.app, company, user);
      const socket = await connectSocket(baseUrl, token);
      sockets.push(socket);
      return { user, company, token, socket };
    }),
  );
}

const watch = (member: Member, contactId: string) => member.socket.emitWithAck('contact.watch', contactId);

/** Round trip on the socket: whatever the server emitted to it before has arrived. */
const settled = (member: Member) => member.socket.emitWithAck('ping');

/** The viewers `observer` is told a contact has once `gone` left its room. */
const leftRoom = (observer: Member, gone: Member, contactId: string) =>
  observer.socket.next<{ contact_id: string; viewers: { id: string }[] }>(
    'contact.viewers',
    (event) => event.contact_id === contactId && !event.viewers.some((viewer) => viewer.id === gone.user.id),
  );

/**
 * `sender` sends a message to the contact; resolves once `observer` (in the room) got it and its delivery
 * status, and everything emitted to `watcher` meanwhile has arrived: what the watcher received of it.
 */
async function sendAndCollect(sender: Member, observer: Member, watcher: Member, contactId: string) {
  const text = `Mensagem ${Math.random().toString(36).slice(2)}`;
  const response = await injectAs(t.app, sender, {
    method: 'POST',
    url: `/api/conversation/${contactId}/messages`,
    payload: { text },
  });
  expect(response.statusCode).toBe(201);
  const message = await observer.socket.next<Message>('message.created', (m) => m.text === text);
  await observer.socket.next<{ id: string; status: string }>(
    'message.status',
    (event) => event.id === message.id && event.status === 'sent',
  );
  await settled(watcher);
  return watcher.socket.received.filter(
    (entry) =>
      (entry.event === 'message.created' && (entry.payload as Message).text === text) ||
      (entry.event === 'message.status' && (entry.payload as { id: string }).id === message.id),
  );
}

/**
 * Whether `listener` is in the contact's room, told by a probe that changes nothing: `typist` types there and
 * the room relays it. (A message would: replying to a waiting customer takes them, issue 20.)
 */
async function hearsTyping(typist: Member, listener: Member, contactId: string): Promise<boolean> {
  typist.socket.emit('contact.typing', contactId);
  return listener.socket
    .next<ContactTyping>('contact.typing', (event) => event.contact_id === contactId, 2_000)
    .then(
      () => true,
      () => false,
    );
}

const edit = (actor: Actor, contactId: string, payload: object) =>
  injectAs(t.app, actor, { method: 'POST', url: `/api/conversation/${contactId}`, payload });

describe('realtime access follows access changes', () => {
  it('an attendant watching a waiting contact loses its room when a supervisor assigns it to another', async () => {
    const [supervisor, watcher, other] = await team('supervisor', 'attendant', 'attendant');
    const contact = await makeContact(t.database.db, supervisor!.company, { onQueue: true });
    expect(await watch(supervisor!, contact.id)).toBe(true);
    expect(await watch(watcher!, contact.id)).toBe(true);
    // Before the change the watcher hears the conversation like everyone in the room.
    expect(await hearsTyping(supervisor!, watcher!, contact.id)).toBe(true);

    supervisor!.socket.received.length = 0;
    expect((await edit(supervisor!, contact.id, { responsible_id: other!.user.id })).statusCode).toBe(200);
    await leftRoom(supervisor!, watcher!, contact.id);
    expect(await sendAndCollect(supervisor!, supervisor!, watcher!, contact.id)).toEqual([]);
    // Nor may it come back.
    expect(await watch(watcher!, contact.id)).toBe(false);
  });

  it('an attendant taking the next waiting contact takes it from whoever was watching it', async () => {
    const [supervisor, watcher, taker] = await team('supervisor', 'attendant', 'attendant');
    const contact = await makeContact(t.database.db, supervisor!.company, { onQueue: true });
    expect(await watch(supervisor!, contact.id)).toBe(true);
    expect(await watch(watcher!, contact.id)).toBe(true);

    supervisor!.socket.received.length = 0;
    const taken = await injectAs(t.app, taker!, {
      method: 'GET',
      url: '/api/conversations/waiting/conversation',
    });
    expect(taken.json<{ id: string }>().id).toBe(contact.id);
    await leftRoom(supervisor!, watcher!, contact.id);
    expect(await sendAndCollect(supervisor!, supervisor!, watcher!, contact.id)).toEqual([]);
  });

  it('the previous responsible loses the room of a contact given to someone else', async () => {
    const [supervisor, owner, next] = await team('supervisor', 'attendant', 'attendant');
    const contact = await makeContact(t.database.db, supervisor!.company, { responsibleId: owner!.user.id });
    expect(await watch(supervisor!, contact.id)).toBe(true);
    expect(await watch(owner!, contact.id)).toBe(true);
    expect(await watch(next!, contact.id)).toBe(false);

    supervisor!.socket.received.length = 0;
    expect((await edit(supervisor!, contact.id, { responsible_id: next!.user.id })).statusCode).toBe(200);
    await leftRoom(supervisor!, owner!, contact.id);
    expect(await sendAndCollect(supervisor!, supervisor!, owner!, contact.id)).toEqual([]);
    // The new responsible may watch it now, and hears it.
    expect(await watch(next!, contact.id)).toBe(true);
    expect(await sendAndCollect(supervisor!, supervisor!, next!, contact.id)).toHaveLength(2);
  });

  it('a segment change takes no one out: segments filter lists, they do not grant access', async () => {
    const [supervisor, watcher] = await team('supervisor', 'attendant');
    const contact = await makeContact(t.database.db, supervisor!.company, { onQueue: true });
    expect(await watch(watcher!, contact.id)).toBe(true);
    expect(await watch(supervisor!, contact.id)).toBe(true);
    const added = await injectAs(t.app, supervisor!, {
      method: 'POST',
      url: `/api/conversation/${contact.id}/wallets`,
      payload: { wallet_name: 'Carteira VIP' },
    });
    expect(added.statusCode).toBe(200);
    expect(await hearsTyping(supervisor!, watcher!, contact.id)).toBe(true);
  });

  it("a deactivated user's sockets are closed at once", async () => {
    const [supervisor, attendant] = await team('supervisor', 'attendant');
    const contact = await makeContact(t.database.db, supervisor!.company, {
      responsibleId: attendant!.user.id,
    });
    expect(await watch(attendant!, contact.id)).toBe(true);
    const closed = new Promise<string>((resolve) => attendant!.socket.once('disconnect', resolve));
    // No admin API deactivates users yet: the database's trigger (migration 0020) is the path every change takes.
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, attendant!.user.id));
    expect(await closed).toBe('io server disconnect');
    await expect(connectSocket(baseUrl, attendant!.token)).rejects.toThrow('session_expired');
  });

  it('a role change moves the sockets: a demoted supervisor leaves what only supervisors see', async () => {
    const [observer, demoted, attendant] = await team('supervisor', 'supervisor', 'attendant');
    const contact = await makeContact(t.database.db, observer!.company, {
      responsibleId: attendant!.user.id,
    });
    expect(await watch(observer!, contact.id)).toBe(true);
    expect(await watch(demoted!, contact.id)).toBe(true);

    observer!.socket.received.length = 0;
    // No admin API changes roles yet: the database's trigger (migration 0020) is the path every change takes.
    await t.database.db.update(users).set({ role: 'attendant' }).where(eq(users.id, demoted!.user.id));
    await leftRoom(observer!, demoted!, contact.id);
    expect(await sendAndCollect(observer!, observer!, demoted!, contact.id)).toEqual([]);

    // A colleague's contact changing reaches supervisors only, no longer the demoted one.
    const renamed = `Renomeado ${Math.random().toString(36).slice(2)}`;
    expect((await edit(observer!, contact.id, { name: renamed })).statusCode).toBe(200);
    await observer!.socket.next<ContactSummary>('contact.updated', (summary) => summary.name === renamed);
    await settled(demoted!);
    const updates = demoted!.socket.received.filter(
      (entry) => entry.event === 'contact.updated' && (entry.payload as ContactSummary).name === renamed,
    );
    expect(updates).toEqual([]);
  });

  it('a role change moves the sockets: a promoted attendant hears what supervisors see', async () => {
    const [observer, promoted, attendant] = await team('supervisor', 'attendant', 'attendant');
    const contact = await makeContact(t.database.db, observer!.company, {
      responsibleId: attendant!.user.id,
    });
    expect(await watch(promoted!, contact.id)).toBe(false);
    await t.database.db.update(users).set({ role: 'supervisor' }).where(eq(users.id, promoted!.user.id));
    const renamed = `Renomeado ${Math.random().toString(36).slice(2)}`;
    // The promotion reaches the socket within moments (the database's notification).
    const heard = promoted!.socket.next<ContactSummary>('contact.updated', (s) => s.name === renamed);
    for (const deadline = Date.now() + 2_000; !(await watch(promoted!, contact.id));) {
      expect(Date.now()).toBeLessThan(deadline);
    }
    expect((await edit(observer!, contact.id, { name: renamed })).statusCode).toBe(200);
    await heard;
  });
});

describe.skipIf(!redisUrl)('realtime after a Redis outage', () => {
  it('a client that stayed connected through the outage is told to resync once Redis is back', async () => {
    const proxy = await startTcpProxy(redisTarget(redisUrl!));
    const printed = vi.spyOn(console, 'error');
    const app = await createTestApp({ env: { REDIS_URL: throughProxy(redisUrl!, proxy) } });
    try {
      const url = await app.app.listen({ port: 0, host: '127.0.0.1' });
      const company = await makeCompany(app.database.db);
      const user = await makeUser(app.database.db, company, { role: 'supervisor' });
      const socket = await connectSocket(url, await loginAs(app.app, company, user));
      sockets.push(socket);

      await proxy.cut();
      // Several reconnection attempts fail meanwhile; the socket to the browser stays open.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(socket.connected).toBe(true);
      expect(socket.received.filter((entry) => entry.event === 'resync')).toEqual([]);
      await proxy.restore();
      await socket.next('resync', undefined, 10_000);
      const unhandled = printed.mock.calls.filter((call) => String(call[0]).includes('Unhandled error'));
      expect(unhandled).toEqual([]);
    } finally {
      printed.mockRestore();
      await app.close();
      await proxy.close();
    }
  });
});
