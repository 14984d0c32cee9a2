import type { Schedule, ScheduleReminder } from '@atende/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { contacts, scheduleReminders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';
import { connectSocket } from '../../../test/realtime-client.ts';
import { deliverReminder } from './service.ts';

let t: TestApp;
let me: Actor;
let colleague: Actor;
let supervisor: Actor;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  me = await makeActor(t.app, t.database.db, 'attendant');
  colleague = await makeActor(t.app, t.database.db, 'attendant', me.company);
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', me.company);
});
afterAll(() => t.close());

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const call = (actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, actor, { method, url: `/api/conversation/scheduling${url}`, payload });

describe('schedules', () => {
  it('creates, lists, updates and deletes; the contact return follows the next pending one', async () => {
    const contact = await makeContact(t.database.db, me.company, {
      responsibleId: me.user.id,
      name: 'Ana Retorno',
    });
    const first = await call(me, 'POST', `/${contact.id}`, {
      scheduled_at: inHours(3),
      annotation: 'Enviar proposta',
    });
    expect(first.statusCode).toBe(201);
    const created: Schedule = first.json();
    expect(created).toMatchObject({
      contact_name: 'Ana Retorno',
      annotation: 'Enviar proposta',
      done: false,
      user: { id: me.user.id },
    });
    const second: Schedule = (await call(me, 'POST', `/${contact.id}`, { scheduled_at: inHours(1) })).json();

    expect((await call(me, 'GET', '')).json().data.map((s: Schedule) => s.id)).toEqual([
      second.id,
      created.id,
    ]);
    expect((await call(me, 'GET', `/${contact.id}`)).json().data).toHaveLength(2);
    expect((await call(me, 'GET', `/${contact.id}/${created.id}`)).json().id).toBe(created.id);
    const returnAt = async () =>
      (
        await t.database.db
          .select({ at: contacts.returnAt })
          .from(contacts)
          .where(eq(contacts.id, contact.id))
      )[0]!.at?.toISOString();
    expect(await returnAt()).toBe(second.scheduled_at);

    const done: Schedule = (await call(me, 'PUT', `/${contact.id}/${second.id}`, { done: true })).json();
    expect(done.done).toBe(true);
    expect(await returnAt()).toBe(created.scheduled_at);
    const moved: Schedule = (
      await call(me, 'PUT', `/${contact.id}/${created.id}`, { scheduled_at: inHours(5), annotation: '' })
    ).json();
    expect(moved).toMatchObject({ annotation: null });
    expect((await call(me, 'DELETE', `/${contact.id}/${created.id}`)).json()).toEqual({ ok: true });
    expect(await returnAt()).toBeUndefined();
    const pending = await injectAs(t.app, me, {
      method: 'POST',
      url: '/api/conversations/search/has_pending_schedule',
      payload: { parameter: 'name', value: 'Retorno' },
    });
    expect(pending.json().data).toEqual([]);
  });

  it('refuses a colleague\u2019s schedule with the conflict text, and a time in the past', async () => {
    // A colleague's customer is not the attendant's to see: it answers as a missing one, on every call
    // (a 409 would tell who owns it).
    const theirs = await makeContact(t.database.db, me.company, { responsibleId: colleague.user.id });
    for (const [method, url, payload] of [
      ['GET', `/${theirs.id}`, undefined],
      ['POST', `/${theirs.id}`, { scheduled_at: inHours(2) }],
    ] as const) {
      const hidden = await call(me, method, url, payload);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().code).toBe('not_found');
    }
    // A customer both see (waiting, unassigned) with a colleague's schedule: changing it is the conflict.
    const shared = await makeContact(t.database.db, me.company, { responsibleId: null });
    const theirPlan: Schedule = (
      await call(colleague, 'POST', `/${shared.id}`, { scheduled_at: inHours(3) })
    ).json();
    const conflict = await call(me, 'PUT', `/${shared.id}/${theirPlan.id}`, { annotation: 'meu' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({
      code: 'conflict_contact',
      message: 'O contato já está vinculado a outro operador. Verifique com a gestão.',
    });
    const mine = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const past = await call(me, 'POST', `/${mine.id}`, { scheduled_at: inHours(-2) });
    expect(past.json()).toMatchObject({
      code: 'schedule_in_past',
      field: 'scheduled_at',
      message: 'A data do agendamento deve ser no futuro.',
    });
    // A supervisor may change an attendant's schedule; a colleague may not.
    const plan: Schedule = (await call(me, 'POST', `/${mine.id}`, { scheduled_at: inHours(2) })).json();
    expect(
      (await call(supervisor, 'PUT', `/${mine.id}/${plan.id}`, { annotation: 'Revisado' })).json().annotation,
    ).toBe('Revisado');
    const stranger = await makeActor(t.app, t.database.db, 'attendant');
    expect((await call(stranger, 'PUT', `/${mine.id}/${plan.id}`, { annotation: 'x' })).statusCode).toBe(404);
  });

  it('reminds the attendant 10 and 1 minutes before, once each, even when a job runs again or another process works it', async () => {
    const contact = await makeContact(t.database.db, me.company, {
      responsibleId: me.user.id,
      name: 'Bruno Lembrete',
    });
    const socket = await connectSocket(baseUrl, me.token);
    // The application that takes the request has no worker (ROLE=api): the reminders wait in the database.
    await t.app.deps.jobs.stop();
    const apiOnly = await buildApp({ ...t.config, role: 'api' }, t.database);
    await apiOnly.ready();
    const soon = new Date(Date.now() + 30_000).toISOString();
    const created = await injectAs(apiOnly, me, {
      method: 'POST',
      url: `/api/conversation/scheduling/${contact.id}`,
      payload: { scheduled_at: soon },
    });
    expect(created.statusCode).toBe(201);
    await apiOnly.close();

    const scheduleId = (created.json() as Schedule).id;
    const delivered = async () =>
      (
        await t.database.db
          .select()
          .from(scheduleReminders)
          .where(eq(scheduleReminders.scheduleId, scheduleId))
      )
        .map((row) => row.minutesBefore)
        .sort((a, b) => a - b);
    const worker = await buildApp({ ...t.config, role: 'worker' }, t.database);
    await worker.ready();
    try {
      const deadline = Date.now() + 15_000;
      while ((await delivered()).length < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await delivered()).toEqual([1, 10]);

      // A job delivered twice (a retry after a crash) reminds nobody twice.
      const again: number[] = [];
      worker.deps.bus.subscribe((event) => {
        if (event.type === 'schedule.reminder') again.push(event.minutesBefore);
      });
      await deliverReminder(t.database.db, worker.deps.bus, {
        companyId: me.company.id,
        scheduleId,
        minutesBefore: 10,
        scheduledAt: soon,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(again).toEqual([]);
      expect(await delivered()).toEqual([1, 10]);
    } finally {
      await worker.close();
    }

    // The realtime reminder itself: the app whose socket the attendant holds sends it.
    const later = await makeContact(t.database.db, me.company, {
      responsibleId: me.user.id,
      name: 'Carla Aviso',
    });
    const plan: Schedule = (
      await call(me, 'POST', `/${later.id}`, {
        scheduled_at: new Date(Date.now() + 30 * 60_000).toISOString(),
      })
    ).json();
    await deliverReminder(t.database.db, t.app.deps.bus, {
      companyId: me.company.id,
      scheduleId: plan.id,
      minutesBefore: 10,
      scheduledAt: plan.scheduled_at,
    });
    const reminder = await socket.next<ScheduleReminder>(
      'schedule.reminder',
      (r) => r.schedule.id === plan.id,
    );
    expect(reminder).toMatchObject({ minutes_before: 10, contact: { name: 'Carla Aviso' } });
    // Once: a reminder notifier wired twice would ring the attendant twice. A ping answered after it (same
    // socket, in order) shows nothing else was on its way.
    await socket.timeout(5_000).emitWithAck('ping');
    const rung = socket.received.filter(
      ({ event, payload }) =>
        event === 'schedule.reminder' && (payload as ScheduleReminder).schedule.id === plan.id,
    );
    expect(rung).toHaveLength(1);
    socket.close();
  }, 40_000);
});
