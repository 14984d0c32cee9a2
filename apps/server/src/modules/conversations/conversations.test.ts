import type {
  BulkConversationResult,
  Contact,
  ContactEvent,
  ContactPage,
  ConversationTransferred,
  WaitingQueue,
} from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { eventActions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, loginAs, makeActor, makeContact, makeUser, type Actor } from '../../../test/factories.ts';
import { connectSocket, type TestSocket } from '../../../test/realtime-client.ts';
import { ingestInbound } from '../messages/ingest.ts';

let t: TestApp;
let me: Actor;
let colleague: Actor;
let supervisor: Actor;
let stranger: Actor;
let baseUrl: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  me = await makeActor(t.app, t.database.db, 'attendant');
  colleague = await makeActor(t.app, t.database.db, 'attendant', me.company);
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', me.company);
  stranger = await makeActor(t.app, t.database.db, 'supervisor');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const connect = async (actor: Actor) => {
  const socket = await connectSocket(baseUrl, actor.token);
  sockets.push(socket);
  return socket;
};
const post = (actor: Actor, url: string, payload?: object) =>
  injectAs(t.app, actor, { method: 'POST', url, ...(payload ? { payload } : {}) });
const detail = async (actor: Actor, id: string) =>
  (await injectAs(t.app, actor, { method: 'GET', url: `/api/conversation/${id}` })).json<Contact>();
const listIds = async (actor: Actor, filter = 'general') =>
  (await injectAs(t.app, actor, { method: 'GET', url: `/api/contacts?filter=${filter}&limit=200` }))
    .json<ContactPage>()
    .data.map((row) => row.id);
const waiting = async (actor: Actor) =>
  (await injectAs(t.app, actor, { method: 'GET', url: '/api/conversations/waiting' })).json<WaitingQueue>();
const mine = (actor: Actor, fields: Parameters<typeof makeContact>[2] = {}) =>
  makeContact(t.database.db, actor.company, { responsibleId: actor.user.id, ...fields });
const queued = (fields: Parameters<typeof makeContact>[2] = {}) =>
  makeContact(t.database.db, me.company, { onQueue: true, queuedAt: new Date(), ...fields });

describe('a conversation has a life', () => {
  it('resolving takes it out of "my contacts" and my working list, yet it stays searchable; reopening brings it back', async () => {
    const contact = await mine(me, { name: 'Resolvida Rocha' });
    expect(await listIds(me, 'mine')).toContain(contact.id);

    const resolved = await post(me, `/api/conversation/${contact.id}/resolve`, {});
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json<Contact>()).toMatchObject({ status: 'resolved', responsible: { id: me.user.id } });
    expect(resolved.json<Contact>().resolved_at).not.toBeNull();
    expect(await listIds(me, 'mine')).not.toContain(contact.id);
    expect(await listIds(me)).not.toContain(contact.id);
    // Supervisors' general list is the whole history, the status on each row; their "mine" is open only.
    expect(await listIds(supervisor)).toContain(contact.id);
    const found = await post(me, '/api/conversations/search', { parameter: 'name', value: 'Resolvida' });
    expect(found.json<ContactPage>().data.map((row) => [row.id, row.status])).toEqual([
      [contact.id, 'resolved'],
    ]);
    // The attendant still opens it (history, search).
    expect((await detail(me, contact.id)).status).toBe('resolved');

    const reopened = await post(me, `/api/conversation/${contact.id}/reopen`);
    expect(reopened.json<Contact>()).toMatchObject({ status: 'open', resolved_at: null });
    expect(await listIds(me, 'mine')).toContain(contact.id);
  });

  it('resolves with an outcome from the company’s event actions, recorded as an event', async () => {
    const [action] = await t.database.db
      .insert(eventActions)
      .values({ companyId: me.company.id, name: 'venda' })
      .returning();
    const contact = await mine(me);
    const resolved = await post(me, `/api/conversation/${contact.id}/resolve`, {
      event_action_id: action!.id,
      annotation: 'Plano anual',
    });
    expect(resolved.json<Contact>()).toMatchObject({ status: 'resolved', last_event: 'venda' });
    const events = await injectAs(t.app, me, {
      method: 'GET',
      url: `/api/conversation/${contact.id}/events`,
    });
    expect(events.json<{ data: ContactEvent[] }>().data).toMatchObject([
      { description: 'venda', annotation: 'Plano anual' },
    ]);
    // Another company's action is not found, and nothing is resolved.
    const [foreign] = await t.database.db
      .insert(eventActions)
      .values({ companyId: stranger.company.id, name: 'venda' })
      .returning();
    const other = await mine(me);
    const refused = await post(me, `/api/conversation/${other.id}/resolve`, { event_action_id: foreign!.id });
    expect(refused.statusCode).toBe(404);
    expect((await detail(me, other.id)).status).toBe('open');
  });

  it('resolving a waiting customer takes them out of the queue, its counter moving for everyone', async () => {
    const contact = await queued({ name: 'Fila Resolvida' });
    const before = (await waiting(colleague)).count;
    const socket = await connect(colleague);
    const resolved = await post(me, `/api/conversation/${contact.id}/resolve`, {});
    expect(resolved.json<Contact>()).toMatchObject({
      status: 'resolved',
      on_queue: false,
      responsible: { id: me.user.id },
    });
    await socket.next<{ count: number }>('waiting.changed', (event) => event.count === before - 1);
    expect((await waiting(colleague)).count).toBe(before - 1);
  });

  it('a customer writing to a resolved conversation opens it again, back with its attendant', async () => {
    const contact = await mine(me, { channel: { address: '+55 11 97777-0001' } });
    await post(me, `/api/conversation/${contact.id}/resolve`, {});
    await ingestInbound(t.app.deps, {
      companyId: me.company.id,
      kind: 'whatsapp',
      from: { address: '+55 11 97777-0001' },
      text: 'Voltei!',
      providerMessageId: 'wamid.reopen.1',
    });
    expect(await detail(me, contact.id)).toMatchObject({
      status: 'open',
      resolved_at: null,
      on_queue: false,
      responsible: { id: me.user.id },
    });
    expect(await listIds(me, 'mine')).toContain(contact.id);
  });

  it('refuses a snooze that ends in the past, with a translated code', async () => {
    const contact = await mine(me);
    const refused = await post(me, `/api/conversation/${contact.id}/snooze`, {
      until: new Date(Date.now() - 1000).toISOString(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'snooze_in_past' });
    expect(refused.json<{ message: string }>().message).not.toBe('snooze_in_past');
  });

  it('a snoozed conversation leaves the lists and the queue, and comes back at its time, even across a restart', async () => {
    const own = await mine(me, { name: 'Soneca Minha' });
    const waitingOne = await queued({ name: 'Soneca Fila' });
    // Snoozed through a process without workers (ROLE=api) that then stops: the wake-ups wait in the database.
    await t.app.deps.jobs.stop();
    const apiOnly = await buildApp({ ...t.config, role: 'api' }, t.database);
    await apiOnly.ready();
    const until = new Date(Date.now() + 1_500).toISOString();
    for (const contact of [own, waitingOne]) {
      const snoozed = await injectAs(apiOnly, me, {
        method: 'POST',
        url: `/api/conversation/${contact.id}/snooze`,
        payload: { until },
      });
      expect(snoozed.json<Contact>()).toMatchObject({ status: 'snoozed', snoozed_until: until });
    }
    await apiOnly.close();
    expect(await listIds(me, 'mine')).not.toContain(own.id);
    expect((await waiting(me)).data.map((row) => row.id)).not.toContain(waitingOne.id);
    expect(await listIds(colleague)).not.toContain(waitingOne.id);

    const worker = await buildApp({ ...t.config, role: 'worker' }, t.database);
    await worker.ready();
    try {
      const deadline = Date.now() + 15_000;
      while ((await detail(me, own.id)).status !== 'open' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await detail(me, own.id)).toMatchObject({ status: 'open', snoozed_until: null });
      expect(await listIds(me, 'mine')).toContain(own.id);
      while ((await detail(me, waitingOne.id)).status !== 'open' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await detail(me, waitingOne.id)).toMatchObject({ status: 'open', on_queue: true });
      expect((await waiting(colleague)).data.map((row) => row.id)).toContain(waitingOne.id);
    } finally {
      await worker.close();
    }
  });

  it('a snooze reopened by hand before its time comes back at once, and its old wake-up finds another state', async () => {
    const own = await mine(me, { name: 'Soneca Reaberta' });
    const waitingOne = await queued({ name: 'Soneca Fila Reaberta' });
    const until = new Date(Date.now() + 60_000).toISOString();
    for (const contact of [own, waitingOne])
      await post(me, `/api/conversation/${contact.id}/snooze`, { until });
    expect(await listIds(me, 'mine')).not.toContain(own.id);
    const before = (await waiting(colleague)).count;

    const reopened = await post(me, `/api/conversation/${own.id}/reopen`);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json<Contact>()).toMatchObject({
      status: 'open',
      snoozed_until: null,
      on_queue: false,
      responsible: { id: me.user.id },
    });
    expect(await listIds(me, 'mine')).toContain(own.id);
    // One nobody had goes back to the queue, its counter moving.
    const socket = await connect(colleague);
    const requeued = await post(me, `/api/conversation/${waitingOne.id}/reopen`);
    expect(requeued.json<Contact>()).toMatchObject({ status: 'open', snoozed_until: null, on_queue: true });
    await socket.next<{ count: number }>('waiting.changed', (event) => event.count === before + 1);

    // Snoozed again until later: the first snooze's job must not wake it.
    const later = new Date(Date.now() + 120_000).toISOString();
    await post(me, `/api/conversation/${own.id}/snooze`, { until: later });
    const { wakeConversation } = await import('./lifecycle.ts');
    await wakeConversation(t.database.db, t.app.deps.bus, {
      companyId: me.company.id,
      contactId: own.id,
      until,
    });
    expect(await detail(me, own.id)).toMatchObject({ status: 'snoozed', snoozed_until: later });
  });

  it('a snooze resolved before its time is not woken again later (the job finds another state)', async () => {
    const contact = await mine(me);
    const until = new Date(Date.now() + 60_000).toISOString();
    await post(me, `/api/conversation/${contact.id}/snooze`, { until });
    await post(me, `/api/conversation/${contact.id}/resolve`, {});
    const { wakeConversation } = await import('./lifecycle.ts');
    await wakeConversation(t.database.db, t.app.deps.bus, {
      companyId: me.company.id,
      contactId: contact.id,
      until,
    });
    expect((await detail(me, contact.id)).status).toBe('resolved');
  });

  it('a customer writing to a snoozed conversation opens it before its time, back with its attendant', async () => {
    const contact = await mine(me, { channel: { address: '+55 11 97777-0002' } });
    await post(me, `/api/conversation/${contact.id}/snooze`, {
      until: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(await listIds(me, 'mine')).not.toContain(contact.id);
    await ingestInbound(t.app.deps, {
      companyId: me.company.id,
      kind: 'whatsapp',
      from: { address: '+55 11 97777-0002' },
      text: 'Ainda estou esperando',
      providerMessageId: 'wamid.snoozed.1',
    });
    expect(await detail(me, contact.id)).toMatchObject({
      status: 'open',
      snoozed_until: null,
      on_queue: false,
      responsible: { id: me.user.id },
    });
    expect(await listIds(me, 'mine')).toContain(contact.id);
  });

  it('an attendant may not resolve, reopen or snooze a colleague’s conversation (not found), which stays as it was', async () => {
    const open = await mine(colleague);
    const resolved = await mine(colleague);
    await post(colleague, `/api/conversation/${resolved.id}/resolve`, {});
    const until = new Date(Date.now() + 60_000).toISOString();
    for (const [url, payload] of [
      [`/api/conversation/${open.id}/resolve`, {}],
      [`/api/conversation/${open.id}/snooze`, { until }],
      [`/api/conversation/${resolved.id}/reopen`, undefined],
    ] as const) {
      const refused = await post(me, url, payload);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'not_found' });
    }
    expect(await detail(colleague, open.id)).toMatchObject({ status: 'open', snoozed_until: null });
    expect((await detail(colleague, resolved.id)).status).toBe('resolved');
    // A supervisor of the same company may.
    const snoozed = await post(supervisor, `/api/conversation/${open.id}/snooze`, { until });
    expect(snoozed.json<Contact>()).toMatchObject({ status: 'snoozed' });
    const reopened = await post(supervisor, `/api/conversation/${open.id}/reopen`);
    expect(reopened.json<Contact>()).toMatchObject({ status: 'open' });
  });

  it('replying to a waiting customer takes them: the queue and its counter move at once for everyone', async () => {
    const contact = await queued({ name: 'Resposta Rápida' });
    const before = (await waiting(colleague)).count;
    const socket = await connect(colleague);
    const sent = await post(me, `/api/conversation/${contact.id}/messages`, { text: 'Olá, posso ajudar?' });
    expect(sent.statusCode, sent.body).toBe(201);
    await socket.next<{ count: number }>('waiting.changed', (event) => event.count === before - 1);
    await socket.next<{ contact_id: string; responsible_id: string }>(
      'contact.assigned',
      (event) => event.contact_id === contact.id && event.responsible_id === me.user.id,
    );
    const taken = await detail(me, contact.id);
    expect(taken).toMatchObject({ on_queue: false, responsible: { id: me.user.id }, assignment: null });
    expect(taken.responsible_since).not.toBeNull();
    // Replying again to one's own customer changes no ownership.
    await post(me, `/api/conversation/${contact.id}/messages`, { text: 'Mais alguma coisa?' });
    expect((await detail(me, contact.id)).responsible_since).toBe(taken.responsible_since);
  });
});

describe('assignment in sight', () => {
  it('the owner gives a conversation to a colleague with a note they receive live and see in the header', async () => {
    const contact = await mine(me, { name: 'Transferida Teles' });
    const socket = await connect(colleague);
    const given = await post(me, `/api/conversation/${contact.id}/assign`, {
      responsible_id: colleague.user.id,
      note: 'Cliente quer falar de boleto',
    });
    expect(given.statusCode, given.body).toBe(200);
    const transferred = await socket.next<ConversationTransferred>(
      'conversation.transferred',
      (event) => event.contact_id === contact.id,
    );
    expect(transferred).toMatchObject({
      contact_name: 'Transferida Teles',
      by: { id: me.user.id, name: me.user.name },
      note: 'Cliente quer falar de boleto',
    });
    const header = await detail(colleague, contact.id);
    expect(header).toMatchObject({
      responsible: { id: colleague.user.id },
      assignment: { by: { id: me.user.id }, note: 'Cliente quer falar de boleto' },
    });
    expect(Date.parse(header.responsible_since!)).toBeGreaterThan(Date.now() - 60_000);
    expect(given.json<Contact>().responsible?.id).toBe(colleague.user.id);
    // The previous owner no longer sees it.
    expect(
      (await injectAs(t.app, me, { method: 'GET', url: `/api/conversation/${contact.id}` })).statusCode,
    ).toBe(404);
  });

  it('an attendant who is not the owner and lacks change_responsible may not assign; one with it, and a supervisor, may', async () => {
    const contact = await mine(colleague);
    const unassigned = await queued();
    // Not theirs: the attendant cannot see it at all.
    expect(
      (await post(me, `/api/conversation/${contact.id}/assign`, { responsible_id: me.user.id })).statusCode,
    ).toBe(404);
    // An unassigned one: they may take it for themselves, not give it to someone else.
    const refused = await post(me, `/api/conversation/${unassigned.id}/assign`, {
      responsible_id: colleague.user.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'not_conversation_owner' });
    expect((await detail(me, unassigned.id)).responsible).toBeNull();
    const taken = await post(me, `/api/conversation/${unassigned.id}/assign`, { responsible_id: me.user.id });
    expect(taken.json<Contact>()).toMatchObject({ responsible: { id: me.user.id }, assignment: null });

    const flagged = await makeUser(t.database.db, me.company, { permissions: { change_responsible: true } });
    const allowed: Actor = {
      user: flagged,
      company: me.company,
      token: await loginAs(t.app, me.company, flagged),
    };
    const queuedAgain = await queued();
    const given = await post(allowed, `/api/conversation/${queuedAgain.id}/assign`, {
      responsible_id: colleague.user.id,
    });
    expect(given.json<Contact>()).toMatchObject({ responsible: { id: colleague.user.id } });
    const moved = await post(supervisor, `/api/conversation/${contact.id}/assign`, {
      responsible_id: me.user.id,
    });
    expect(moved.json<Contact>()).toMatchObject({ responsible: { id: me.user.id } });
  });

  it('returns a conversation to the queue (reopened, waiting again) and refuses users of another company', async () => {
    const contact = await mine(me);
    await post(me, `/api/conversation/${contact.id}/resolve`, {});
    const socket = await connect(colleague);
    const before = (await waiting(colleague)).count;
    const returned = await post(me, `/api/conversation/${contact.id}/assign`, { responsible_id: null });
    expect(returned.json<Contact>()).toMatchObject({
      responsible: null,
      on_queue: true,
      status: 'open',
      responsible_since: null,
    });
    await socket.next<{ count: number }>('waiting.changed', (event) => event.count === before + 1);
    const foreign = await post(supervisor, `/api/conversation/${contact.id}/assign`, {
      responsible_id: stranger.user.id,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('supervisors resolve and assign a selection at once; attendants may not; other companies’ ids are left out', async () => {
    const a = await queued();
    const b = await mine(colleague);
    const foreign = await makeContact(t.database.db, stranger.company, {});
    const refused = await post(me, '/api/conversations/bulk', { action: 'resolve', ids: [a.id] });
    expect(refused.statusCode).toBe(403);

    const assigned = await post(supervisor, '/api/conversations/bulk', {
      action: 'assign',
      ids: [a.id, b.id, foreign.id],
      responsible_id: me.user.id,
    });
    expect(assigned.json<BulkConversationResult>().data).toEqual([a.id, b.id]);
    expect((await listIds(me, 'mine')).filter((id) => id === a.id || id === b.id)).toHaveLength(2);

    const resolved = await post(supervisor, '/api/conversations/bulk', {
      action: 'resolve',
      ids: [a.id, b.id, foreign.id],
    });
    expect(resolved.json<BulkConversationResult>().data).toEqual([a.id, b.id]);
    expect((await detail(me, a.id)).status).toBe('resolved');
    expect((await detail(stranger, foreign.id)).status).toBe('open');
  });
});
