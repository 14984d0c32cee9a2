import type { ActivePause, User, UserPause } from '@atende/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';
import { connectSocket, type TestSocket } from '../../../test/realtime-client.ts';
import { pauseReasons, pauses } from '../../db/schema/index.ts';

let t: TestApp;
let baseUrl: string;
let attendant: Actor;
let colleague: Actor;
let supervisor: Actor;
let outsider: Actor;
let lunch: string;
let training: string;
let archived: string;
let foreignReason: string;
const sockets: TestSocket[] = [];

const reason = async (
  companyId: string,
  name: string,
  extra: Partial<typeof pauseReasons.$inferInsert> = {},
) => {
  const [row] = await t.database.db
    .insert(pauseReasons)
    .values({ companyId, name, ...extra })
    .returning({ id: pauseReasons.id });
  return row!.id;
};

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const db = t.database.db;
  attendant = await makeActor(t.app, db, 'attendant');
  colleague = await makeActor(t.app, db, 'attendant', attendant.company);
  supervisor = await makeActor(t.app, db, 'supervisor', attendant.company);
  outsider = await makeActor(t.app, db, 'supervisor');
  lunch = await reason(attendant.company.id, 'Almoço', { maxMinutes: 60 });
  training = await reason(attendant.company.id, 'Treinamento');
  archived = await reason(attendant.company.id, 'Antigo', { archivedAt: new Date() });
  foreignReason = await reason(outsider.company.id, 'Almoço');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const pause = (actor: Actor, reason_id: unknown, headers: Record<string, string> = {}) =>
  injectAs(t.app, actor, { method: 'POST', url: '/api/pause', payload: { reason_id }, headers });
const me = async (actor: Actor) =>
  (await injectAs(t.app, actor, { method: 'GET', url: '/api/user' })).json<User>().pause;
const board = (actor: Actor) => injectAs(t.app, actor, { method: 'GET', url: '/api/center/pauses' });
const history = (userId: string) =>
  t.database.db.select().from(pauses).where(eq(pauses.userId, userId)).orderBy(pauses.startedAt);
const socketOf = async (actor: Actor) => {
  const socket = await connectSocket(baseUrl, actor.token);
  sockets.push(socket);
  return socket;
};

describe('pausing and resuming', () => {
  it('pauses with a reason, reports it on GET /api/user, records it, and resumes', async () => {
    const before = Date.now();
    const paused = await pause(attendant, lunch);
    expect(paused.statusCode).toBe(200);
    const body = paused.json<UserPause>();
    expect(body.reason_id).toBe(lunch);
    expect(Date.parse(body.pause_at!)).toBeGreaterThanOrEqual(before - 1000);
    // A reload restores it: the user's data carries the open pause.
    expect(await me(attendant)).toEqual(body);
    const [open] = await history(attendant.user.id);
    expect(open).toMatchObject({ reasonId: lunch, companyId: attendant.company.id, endedAt: null });

    const resumed = await pause(attendant, null);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toEqual({ pause_at: null, reason_id: null });
    expect(await me(attendant)).toEqual({ pause_at: null, reason_id: null });
    const [closed] = await history(attendant.user.id);
    expect(closed!.endedAt!.getTime()).toBeGreaterThanOrEqual(closed!.startedAt.getTime());

    // Each pause is a row of its own: the analytics' history.
    await pause(attendant, training);
    await pause(attendant, null);
    expect((await history(attendant.user.id)).map((row) => row.reasonId)).toEqual([lunch, training]);
  });

  it('refuses a second pause while paused, and a resume while working, changing nothing', async () => {
    await pause(colleague, lunch);
    const again = await pause(colleague, training, { 'accept-language': 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'already_paused',
      message: 'You are already paused; resume before starting another pause.',
    });
    expect((await me(colleague)).reason_id).toBe(lunch);
    expect(await history(colleague.user.id)).toHaveLength(1);
    await pause(colleague, null);

    const notPaused = await pause(colleague, null);
    expect(notPaused.statusCode).toBe(409);
    expect(notPaused.json()).toMatchObject({ code: 'not_paused', message: 'Você não está em pausa.' });
    expect(await history(colleague.user.id)).toHaveLength(1);
  });

  it('two pauses at once: one wins, the database keeps one open pause', async () => {
    const answers = await Promise.all([pause(colleague, lunch), pause(colleague, training)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const open = (await history(colleague.user.id)).filter((row) => row.endedAt === null);
    expect(open).toHaveLength(1);
    // The index itself refuses a second open pause, whoever writes it.
    await expect(
      t.database.db.insert(pauses).values({
        companyId: colleague.company.id,
        userId: colleague.user.id,
        reasonId: lunch,
        startedAt: new Date(),
      }),
    ).rejects.toThrow();
    await pause(colleague, null);
  });

  it('refuses another company’s reason, an archived one, an unknown one and bad input, changing nothing', async () => {
    for (const id of [foreignReason, archived, '0190a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d']) {
      const refused = await pause(attendant, id, { 'accept-language': 'es' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({
        code: 'pause_reason_not_found',
        message: 'Motivo de pausa no encontrado.',
      });
    }
    for (const body of [{ reason_id: 'lunch' }, { reason_id: 7 }, {}]) {
      const bad = await injectAs(t.app, attendant, { method: 'POST', url: '/api/pause', payload: body });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'validation_failed', field: 'reason_id' });
    }
    expect(await me(attendant)).toEqual({ pause_at: null, reason_id: null });
    expect(await history(attendant.user.id)).toHaveLength(2);
    expect(
      await t.database.db
        .select()
        .from(pauses)
        .where(and(eq(pauses.reasonId, foreignReason))),
    ).toEqual([]);
  });
});

describe('the queue while paused', () => {
  it('refuses a paused attendant the next customer, gives it to a working colleague, keeps their own open', async () => {
    const own = await makeContact(t.database.db, attendant.company, { responsibleId: attendant.user.id });
    const waiting = await makeContact(t.database.db, attendant.company, {
      onQueue: true,
      queuedAt: new Date(),
    });
    await pause(attendant, lunch);
    const next = await injectAs(t.app, attendant, {
      method: 'GET',
      url: '/api/conversations/waiting/conversation',
      headers: { 'accept-language': 'fr' },
    });
    expect(next.statusCode).toBe(409);
    expect(next.json()).toMatchObject({
      code: 'paused_no_new_customers',
      message: 'Vous êtes en pause : reprenez pour recevoir de nouveaux clients.',
    });
    // Still waiting for someone else; the paused attendant still reads their own conversation and the queue.
    const queue = await injectAs(t.app, attendant, { method: 'GET', url: '/api/conversations/waiting' });
    expect(queue.json().count).toBe(1);
    const mine = await injectAs(t.app, attendant, { method: 'GET', url: `/api/conversation/${own.id}` });
    expect(mine.statusCode).toBe(200);

    const taken = await injectAs(t.app, colleague, {
      method: 'GET',
      url: '/api/conversations/waiting/conversation',
    });
    expect(taken.json()).toMatchObject({ id: waiting.id, responsible: { id: colleague.user.id } });

    await pause(attendant, null);
    await makeContact(t.database.db, attendant.company, { onQueue: true, queuedAt: new Date() });
    const resumed = await injectAs(t.app, attendant, {
      method: 'GET',
      url: '/api/conversations/waiting/conversation',
    });
    expect(resumed.statusCode).toBe(200);
  });
});

describe('supervisors see who is paused, live', () => {
  it('lists the open pauses with reason and limit, and hears pauses and resumes', async () => {
    const watching = await socketOf(supervisor);
    const own = await socketOf(attendant);
    const otherCompany = await socketOf(outsider);
    const bystander = await socketOf(colleague);

    const started = (await pause(attendant, lunch)).json<UserPause>();
    const heard = await watching.next<{ user_id: string; pause: UserPause }>(
      'pause.changed',
      (event) => event.pause.pause_at !== null,
    );
    expect(heard).toEqual({ user_id: attendant.user.id, pause: started });
    // The user's other tabs follow.
    await own.next('pause.changed', (event: { pause: UserPause }) => event.pause.reason_id === lunch);

    const listed = await board(supervisor);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ data: ActivePause[] }>().data).toEqual([
      {
        user: { id: attendant.user.id, name: attendant.user.name },
        reason: { id: lunch, name: 'Almoço', max_minutes: 60 },
        pause_at: started.pause_at,
      },
    ]);
    // Another company's supervisor sees none of it.
    expect((await board(outsider)).json()).toEqual({ data: [] });

    await pause(attendant, null);
    await watching.next('pause.changed', (event: { pause: UserPause }) => event.pause.pause_at === null);
    expect((await board(supervisor)).json()).toEqual({ data: [] });
    // A colleague attendant is not told of others' pauses, nor is another company.
    await own.emitWithAck('ping');
    expect(bystander.received.filter((entry) => entry.event === 'pause.changed')).toEqual([]);
    expect(otherCompany.received.filter((entry) => entry.event === 'pause.changed')).toEqual([]);
  });

  it('keeps the board from attendants', async () => {
    const refused = await board(attendant);
    expect(refused.statusCode).toBe(403);
  });
});
