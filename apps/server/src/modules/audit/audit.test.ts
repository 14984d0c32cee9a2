// The audit log as administrators read it: filtered by kind, actor and period, paged, validated; exports of
// conversations recorded; and the table append-only in the database itself.
import type { AuditEvent, AuditPage } from '@atende/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';
import { auditEvents, companies, users } from '../../db/schema/index.ts';
import { recordAuditEvent } from './service.ts';

let t: TestApp;
let admin: Actor;
let other: Actor;
let supervisor: Actor;
let attendant: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeActor(t.app, t.database.db, 'admin');
  other = await makeActor(t.app, t.database.db, 'admin', admin.company);
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', admin.company);
  attendant = await makeActor(t.app, t.database.db, 'attendant', admin.company);
});
afterAll(() => t.close());

const audit = (actor: Actor, query = '') =>
  injectAs(t.app, actor, {
    method: 'GET',
    url: `/api/center/audit${query}`,
    headers: { 'accept-language': 'en' },
  });
const events = async (query = '') => {
  const response = await audit(admin, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>().data;
};

describe('the audit log', () => {
  it('records who exported which conversation, in which format and period', async () => {
    const contact = await makeContact(t.database.db, admin.company, { name: 'Joana Prado' });
    const exported = await injectAs(t.app, attendant, {
      method: 'GET',
      url: `/api/conversation/${contact.id}/items/export?start_date=2026-10-01&end_date=2026-10-31&format=csv`,
    });
    expect(exported.statusCode).toBe(200);
    const [event] = await events('?kind=conversation_exported');
    expect(event).toMatchObject({
      kind: 'conversation_exported',
      actor_id: attendant.user.id,
      actor_name: attendant.user.name,
      subject: 'Joana Prado',
      client_ip: '127.0.0.1',
      details: {
        contact_id: contact.id,
        format: 'csv',
        start_date: '2026-10-01',
        end_date: '2026-10-31',
        messages: 0,
      },
    });
    // A refused export (too long a period) exports nothing and records nothing.
    await injectAs(t.app, attendant, {
      method: 'GET',
      url: `/api/conversation/${contact.id}/items/export?start_date=2026-01-01&end_date=2026-10-31`,
    });
    expect(await events('?kind=conversation_exported')).toHaveLength(1);
  });

  it('filters by kinds, actor and period, and pages through the filtered events', async () => {
    // Written straight to the table so each event happens when the test says.
    const write = async (kind: AuditEvent['kind'], actor: Actor | null, at: string, subject: string) => {
      await t.database.db.insert(auditEvents).values({
        companyId: admin.company.id,
        kind,
        actorUserId: actor?.user.id ?? null,
        at: new Date(at),
        subject,
        details: {},
      });
    };
    await write('catalogue_created', admin, '2026-03-01T10:00:00Z', 'm1');
    await write('catalogue_updated', other, '2026-03-02T10:00:00Z', 'm2');
    await write('catalogue_archived', admin, '2026-03-03T10:00:00Z', 'm3');
    await write('login_throttled', null, '2026-03-04T10:00:00Z', 'm4');
    await write('catalogue_created', admin, '2026-04-01T10:00:00Z', 'm5');
    const subjects = async (query: string) => (await events(query)).map((event) => event.subject);

    expect(await subjects('?from=2026-03-01T00:00:00Z&to=2026-03-31T23:59:59Z')).toEqual([
      'm4',
      'm3',
      'm2',
      'm1',
    ]);
    expect(await subjects(`?actor=${admin.user.id}&from=2026-01-01T00:00:00Z`)).toEqual(['m5', 'm3', 'm1']);
    expect(
      await subjects(
        '?kind=catalogue_created,catalogue_updated&from=2026-03-01T00:00:00-03:00&to=2026-05-01T00:00:00Z',
      ),
    ).toEqual(['m5', 'm2', 'm1']);
    const first = (
      await audit(admin, `?actor=${admin.user.id}&from=2026-01-01T00:00:00Z&limit=2`)
    ).json<AuditPage>();
    expect(first.data.map((event) => event.subject)).toEqual(['m5', 'm3']);
    expect(first.data[0]).toMatchObject({ actor_id: admin.user.id, actor_name: admin.user.name });
    const second = (
      await audit(
        admin,
        `?actor=${admin.user.id}&from=2026-01-01T00:00:00Z&limit=2&cursor=${first.next_cursor}`,
      )
    ).json<AuditPage>();
    expect(second).toMatchObject({ data: [{ subject: 'm1' }], next_cursor: null });
    expect(
      (await events('?kind=login_throttled&from=2026-03-04T00:00:00Z&to=2026-03-05T00:00:00Z'))[0],
    ).toMatchObject({ subject: 'm4', actor_id: null, actor_name: null });
  });

  it('searches the subject, the actor’s name and the kind, whatever the case; never another company’s', async () => {
    const company = await makeActor(t.app, t.database.db, 'admin');
    const colleague = await makeActor(t.app, t.database.db, 'supervisor', company.company);
    await t.database.db.update(users).set({ name: 'Zuleica Prado' }).where(eq(users.id, colleague.user.id));
    const stranger = await makeActor(t.app, t.database.db, 'admin');
    const write = (actor: Actor, kind: AuditEvent['kind'], subject: string) =>
      recordAuditEvent(t.database.db, {
        companyId: actor.company.id,
        kind,
        actorUserId: actor.user.id,
        subject,
      });
    await write(company, 'catalogue_created', 'Varejo Norte');
    await write(colleague, 'team_updated', 'Equipe Sul');
    await write(company, 'user_updated', 'ana.lima');
    await write(company, 'branding_changed', '100% azul');
    await write(stranger, 'catalogue_created', 'Varejo Norte');
    const found = async (query: string) => {
      const response = await audit(company, query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AuditPage>().data.map((event) => event.subject);
    };
    expect(await found('?search=VAREJO')).toEqual(['Varejo Norte']);
    expect(await found('?search=zuleica')).toEqual(['Equipe Sul']);
    expect(await found('?search=user%20updated')).toEqual(['ana.lima']);
    // The kinds whose label in the reader's language holds the words, as the page sends them.
    expect(await found('?search=Usu%C3%A1rio%20editado&search_kinds=user_updated')).toEqual(['ana.lima']);
    // A LIKE wildcard is a character like any other.
    expect(await found('?search=100%25')).toEqual(['100% azul']);
    expect(await found('?search=_')).toEqual([]);
    expect(await found('?search=nada%20disso')).toEqual([]);
    // Searched and filtered at once.
    expect(await found(`?search=a&actor=${colleague.user.id}`)).toEqual(['Equipe Sul']);
    expect((await audit(company, `?search=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('sorts oldest first on request, the cursor paging on in that direction', async () => {
    const company = await makeActor(t.app, t.database.db, 'admin');
    for (const subject of ['s1', 's2', 's3'])
      await recordAuditEvent(t.database.db, {
        companyId: company.company.id,
        kind: 'login_throttled',
        subject,
      });
    const first = (await audit(company, '?direction=asc&limit=2')).json<AuditPage>();
    expect(first.data.map((event) => event.subject)).toEqual(['s1', 's2']);
    const second = (
      await audit(company, `?direction=asc&limit=2&cursor=${first.next_cursor}`)
    ).json<AuditPage>();
    expect(second).toMatchObject({ data: [{ subject: 's3' }], next_cursor: null });
    expect((await audit(company, '?direction=sideways')).statusCode).toBe(400);
  });

  it('refuses bad filters with the field named, in the reader’s language', async () => {
    const refused = async (query: string, field: string) => {
      const response = await audit(admin, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ field: expect.stringMatching(new RegExp(`^${field}`)) });
      return response.json<{ message: string }>();
    };
    await refused('?kind=catalogue_exploded', 'kind');
    await refused('?actor=someone', 'actor');
    await refused('?from=yesterday', 'from');
    await refused('?to=2026-13-01T00:00:00Z', 'to');
    await refused('?limit=201', 'limit');
    expect((await refused('?from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z', 'to')).message).toBe(
      "The period's end must not come before its start.",
    );
  });

  it('is read by administrators only', async () => {
    expect((await audit(supervisor)).statusCode).toBe(403);
    expect((await audit(attendant)).statusCode).toBe(403);
  });

  it('is append-only in the database: an event is neither changed nor deleted', async () => {
    const [event] = await t.database.db
      .insert(auditEvents)
      .values({ companyId: admin.company.id, kind: 'login_throttled', subject: 'original', details: {} })
      .returning();
    // Drizzle names the failed statement; the database's refusal is its cause.
    const refusal = { cause: { message: expect.stringMatching(/audit_events is append-only/) } };
    await expect(
      t.database.db.update(auditEvents).set({ subject: 'forged' }).where(eq(auditEvents.id, event!.id)),
    ).rejects.toMatchObject(refusal);
    await expect(
      t.database.db.delete(auditEvents).where(eq(auditEvents.id, event!.id)),
    ).rejects.toMatchObject(refusal);
    const [kept] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.id, event!.id));
    expect(kept?.subject).toBe('original');
  });

  it('still lets a company be removed with its events', async () => {
    const gone = await makeActor(t.app, t.database.db, 'admin');
    await recordAuditEvent(t.database.db, { companyId: gone.company.id, kind: 'login_throttled' });
    await t.database.db.delete(companies).where(eq(companies.id, gone.company.id));
    expect(
      await t.database.db.select().from(auditEvents).where(eq(auditEvents.companyId, gone.company.id)),
    ).toEqual([]);
  });
});
