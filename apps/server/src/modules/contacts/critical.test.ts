import type { ContactSummary, CriticalRule } from '@atende/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, contacts } from '../../db/schema/index.ts';
import { queryRows } from '../../platform/db/database.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';
import { scheduleSweep, sweepCritical } from './critical.ts';

let t: TestApp;
let admin: Actor;
let attendant: Actor;
let otherAdmin: Actor;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeActor(t.app, t.database.db, 'admin');
  attendant = await makeActor(t.app, t.database.db, 'attendant', admin.company);
  otherAdmin = await makeActor(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

const rule = (actor: Actor) => injectAs(t.app, actor, { method: 'GET', url: '/api/company/critical-rule' });
const setRule = (actor: Actor, payload: Record<string, unknown>) =>
  injectAs(t.app, actor, {
    method: 'PATCH',
    url: '/api/company/critical-rule',
    payload,
    headers: { 'accept-language': 'en' },
  });
const isCritical = async (id: string) => {
  const [row] = await t.database.db
    .select({ critical: contacts.critical })
    .from(contacts)
    .where(eq(contacts.id, id));
  return row!.critical;
};

describe('the company’s critical rule', () => {
  it('is set by administrators only, validated, and judges the company’s contacts at once', async () => {
    const late = await makeContact(t.database.db, admin.company, { unansweredSince: minutesAgo(90) });
    const recent = await makeContact(t.database.db, admin.company, { unansweredSince: minutesAgo(5) });
    const urgent = await makeContact(t.database.db, admin.company, { priority: 2 });
    const lateUrgent = await makeContact(t.database.db, admin.company, {
      priority: 2,
      unansweredSince: minutesAgo(90),
    });
    const verdicts = async () =>
      Promise.all([late, recent, urgent, lateUrgent].map((contact) => isCritical(contact.id)));
    const foreign = await makeContact(t.database.db, otherAdmin.company, { unansweredSince: minutesAgo(90) });

    expect((await rule(attendant)).json()).toEqual({ unanswered_minutes: null, high_priority: false });
    expect((await setRule(attendant, { unanswered_minutes: 60 })).statusCode).toBe(403);
    for (const payload of [{ unanswered_minutes: 0 }, { unanswered_minutes: 'soon' }, {}]) {
      const refused = await setRule(admin, payload);
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as { message: string }).message).not.toMatch(/^Invalid|invalid_/);
    }

    const changed = await setRule(admin, { unanswered_minutes: 60 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ unanswered_minutes: 60, high_priority: false } satisfies CriticalRule);
    expect(await verdicts()).toEqual([true, false, false, true]);
    // Another company keeps its own rule and verdicts.
    expect((await rule(otherAdmin)).json()).toEqual({ unanswered_minutes: null, high_priority: false });
    expect(await isCritical(foreign.id)).toBe(false);

    await setRule(admin, { unanswered_minutes: null, high_priority: true });
    expect(await verdicts()).toEqual([false, false, true, true]);
    // Both conditions set: both must hold (the default rule's shape).
    await setRule(admin, { unanswered_minutes: 60 });
    expect(await verdicts()).toEqual([false, false, false, true]);

    // The list shows the verdict: the badge reads `critical`.
    const list = await injectAs(t.app, admin, { method: 'GET', url: '/api/contacts?critical=true' });
    expect((list.json() as { data: ContactSummary[] }).data.map((c) => c.id)).toEqual([lateUrgent.id]);
  });

  it('writes each changed part of the rule to the audit log, with who changed it and what it was', async () => {
    const company = await makeActor(t.app, t.database.db, 'admin');
    const ruleEvents = async () =>
      (
        await t.database.db
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.companyId, company.company.id))
          .orderBy(auditEvents.id)
      ).filter((event) => event.kind === 'critical_rule_changed');
    expect((await setRule(company, { unanswered_minutes: 30, high_priority: true })).statusCode).toBe(200);
    expect((await setRule(company, { unanswered_minutes: null, high_priority: true })).statusCode).toBe(200);
    expect(await ruleEvents()).toMatchObject([
      {
        actorUserId: company.user.id,
        subject: company.user.username,
        clientIp: '127.0.0.1',
        details: { field: 'unanswered_minutes', from: null, to: 30 },
      },
      { details: { field: 'high_priority', from: false, to: true } },
      { details: { field: 'unanswered_minutes', from: 30, to: null } },
    ]);
    // Refused (an attendant, a bad value) or unchanged: nothing more written.
    await setRule(attendant, { high_priority: false });
    await setRule(company, { unanswered_minutes: -1 });
    await setRule(company, { high_priority: true });
    expect(await ruleEvents()).toHaveLength(3);
  });

  it('follows every write that answers a customer, makes one wait or changes a priority', async () => {
    const actor = await makeActor(t.app, t.database.db, 'admin');
    await setRule(actor, { unanswered_minutes: 30, high_priority: true });
    const db = t.database.db;
    const contact = await makeContact(db, actor.company, { priority: 1 });
    const update = (fields: Partial<typeof contacts.$inferInsert>) =>
      db.update(contacts).set(fields).where(eq(contacts.id, contact.id));

    await update({ unansweredSince: minutesAgo(45) });
    expect(await isCritical(contact.id)).toBe(false); // waited, but not of high priority
    await update({ priority: 2 });
    expect(await isCritical(contact.id)).toBe(true);
    await update({ unansweredSince: null }); // answered
    expect(await isCritical(contact.id)).toBe(false);
    await update({ unansweredSince: minutesAgo(1) }); // writes again
    expect(await isCritical(contact.id)).toBe(false);
  });

  it('a sweep marks waits that passed the rule since, and plans one next sweep per minute', async () => {
    const actor = await makeActor(t.app, t.database.db, 'admin');
    await setRule(actor, { unanswered_minutes: 10, high_priority: false });
    const db = t.database.db;
    const waiting = await makeContact(db, actor.company, { unansweredSince: minutesAgo(3) });
    // Written eleven minutes ago and untouched since: only time made it critical, no write did.
    const stale = await makeContact(db, actor.company, { unansweredSince: minutesAgo(11) });
    expect(await isCritical(stale.id)).toBe(false);

    expect(await sweepCritical(db, t.app.deps.bus, t.app.deps.jobs)).toBeGreaterThanOrEqual(1);
    expect([await isCritical(stale.id), await isCritical(waiting.id)]).toEqual([true, false]);

    await scheduleSweep(db, t.app.deps.jobs, true);
    await scheduleSweep(db, t.app.deps.jobs, true);
    const [planned] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pgboss.job where name = 'contacts.critical' and state = 'created'
            and singleton_on > now() at time zone 'utc'`,
    );
    expect(planned?.n).toBe(1);
  });
});
