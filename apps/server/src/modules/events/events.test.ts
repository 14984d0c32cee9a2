import type { Contact, ContactEvent, JokerChoices } from '@atende/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, eventActions, jokers } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';

let t: TestApp;
let me: Actor;
let actionId: string;

beforeAll(async () => {
  t = await createTestApp();
  me = await makeActor(t.app, t.database.db, 'attendant');
  const [action] = await t.database.db
    .insert(eventActions)
    .values({ companyId: me.company.id, name: 'Promessa de pagamento' })
    .returning();
  actionId = action!.id;
});
afterAll(() => t.close());

describe('events', () => {
  it('registers events with amount and note, keeps the last ten and the contact last event', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const url = `/api/conversation/${contact.id}/events`;
    const first = await injectAs(t.app, me, {
      method: 'POST',
      url,
      payload: {
        action_id: actionId,
        amount: 1234.5,
        annotation: 'Paga dia 10',
        date: '2026-11-30T12:00:00.000Z',
      },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json() as ContactEvent).toMatchObject({
      description: 'Promessa de pagamento',
      amount: 1234.5,
      annotation: 'Paga dia 10',
      responsible: { id: me.user.id },
      date: '2026-11-30T12:00:00.000Z',
      created_by: { id: me.user.id },
    });
    for (let i = 0; i < 11; i++)
      await injectAs(t.app, me, { method: 'POST', url, payload: { action_id: actionId } });
    const panel = (await injectAs(t.app, me, { method: 'GET', url })).json().data as ContactEvent[];
    expect(panel).toHaveLength(10);
    expect(panel.every((e) => e.amount === null)).toBe(true);
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row!.lastEvent).toBe('Promessa de pagamento');
    const search = await injectAs(t.app, me, {
      method: 'POST',
      url: '/api/conversations/search',
      payload: { parameter: 'last_event', value: 'promessa' },
    });
    expect(search.json().data.map((c: { id: string }) => c.id)).toContain(contact.id);
  });

  it('refuses an unknown action, a bad amount, and contacts the user may not see', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const url = `/api/conversation/${contact.id}/events`;
    expect((await injectAs(t.app, me, { method: 'POST', url, payload: {} })).json()).toMatchObject({
      field: 'action_id',
    });
    expect(
      (
        await injectAs(t.app, me, { method: 'POST', url, payload: { action_id: actionId, amount: -5 } })
      ).json(),
    ).toMatchObject({ field: 'amount' });
    expect(
      (await injectAs(t.app, me, { method: 'POST', url, payload: { action_id: crypto.randomUUID() } }))
        .statusCode,
    ).toBe(404);
    const colleague = await makeActor(t.app, t.database.db, 'attendant', me.company);
    expect(
      (await injectAs(t.app, colleague, { method: 'POST', url, payload: { action_id: actionId } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('event action rules (set in the Center)', () => {
  const action = async (values: Partial<typeof eventActions.$inferInsert>) => {
    const [row] = await t.database.db
      .insert(eventActions)
      .values({ companyId: me.company.id, name: crypto.randomUUID(), ...values })
      .returning();
    return row!.id;
  };

  it('requires or refuses a value and requires an annotation as the action says, changing nothing', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const url = `/api/conversation/${contact.id}/events`;
    const post = (payload: Record<string, unknown>) =>
      injectAs(t.app, me, { method: 'POST', url, headers: { 'accept-language': 'en' }, payload });
    const sale = await action({ amountRule: 'required', annotationRequired: true });
    const noValue = await action({ amountRule: 'none' });

    const missingAmount = await post({ action_id: sale, annotation: 'Plano anual' });
    expect(missingAmount.statusCode).toBe(400);
    expect(missingAmount.json()).toMatchObject({
      code: 'event_amount_required',
      message: 'This event action requires a value.',
    });
    const missingNote = await post({ action_id: sale, amount: 99.9, annotation: '   ' });
    expect(missingNote.json()).toMatchObject({ code: 'event_annotation_required' });
    expect((await post({ action_id: noValue, amount: 10 })).json()).toMatchObject({
      code: 'event_amount_not_allowed',
    });
    const panel = await injectAs(t.app, me, { method: 'GET', url });
    expect(panel.json().data).toEqual([]);

    expect((await post({ action_id: sale, amount: 99.9, annotation: 'Plano anual' })).statusCode).toBe(201);
    expect((await post({ action_id: noValue })).statusCode).toBe(201);
  });

  it('refuses an archived action, while its past events keep their name', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const url = `/api/conversation/${contact.id}/events`;
    const old = await action({ name: 'Campanha de 2025' });
    expect((await injectAs(t.app, me, { method: 'POST', url, payload: { action_id: old } })).statusCode).toBe(
      201,
    );
    await t.database.db.update(eventActions).set({ archivedAt: new Date() }).where(eq(eventActions.id, old));
    expect((await injectAs(t.app, me, { method: 'POST', url, payload: { action_id: old } })).statusCode).toBe(
      404,
    );
    const panel = (await injectAs(t.app, me, { method: 'GET', url })).json().data as ContactEvent[];
    expect(panel.map((event) => event.description)).toEqual(['Campanha de 2025']);
  });
});

describe('jokers', () => {
  it('lists the company jokers and sets the contact one', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const rows = await t.database.db
      .insert(jokers)
      .values([
        { companyId: me.company.id, name: 'Cliente preferencial', position: 0 },
        { companyId: me.company.id, name: 'Reclamação recorrente', position: 1 },
      ])
      .returning();
    const choices: JokerChoices = (
      await injectAs(t.app, me, { method: 'GET', url: `/api/conversation/${contact.id}/jokers` })
    ).json();
    expect(choices).toEqual({ data: rows.map((r) => ({ id: r.id, name: r.name })), current: null });
    const set: Contact = (
      await injectAs(t.app, me, {
        method: 'POST',
        url: `/api/conversation/${contact.id}/jokers/${rows[1]!.id}`,
      })
    ).json();
    expect(set.jokers).toEqual([{ id: rows[1]!.id, name: 'Reclamação recorrente' }]);
    const after: JokerChoices = (
      await injectAs(t.app, me, { method: 'GET', url: `/api/conversation/${contact.id}/jokers` })
    ).json();
    expect(after.current?.id).toBe(rows[1]!.id);
    expect(
      (
        await injectAs(t.app, me, {
          method: 'POST',
          url: `/api/conversation/${contact.id}/jokers/${crypto.randomUUID()}`,
        })
      ).statusCode,
    ).toBe(404);
  });
});
