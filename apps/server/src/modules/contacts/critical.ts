// What the company calls critical (issue 20, item 6). The verdict lives in contacts.critical, so the list
// orders by it through its indexes: a trigger keeps it on every write that answers a customer, makes one wait
// or changes a priority (migration 0027), `sweepCritical` turns it on as waits pass the rule's minutes (a job
// every minute), and a change of the rule judges the company's contacts again and is written to the audit log.
import type { CriticalRule, UpdateCriticalRuleRequest } from '@atende/contract';
import { and, eq, sql } from 'drizzle-orm';
import { companies, contacts, users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { QUEUES, type Jobs } from '../../platform/jobs.ts';
import { recordAuditEvent } from '../audit/service.ts';

/** How often waits are judged against the rule. */
export const CRITICAL_SWEEP_SECONDS = 60;

const byRule = sql<boolean>`atende_critical_by_rule(${contacts.companyId}, ${contacts.unansweredSince}, ${contacts.priority})`;

export async function criticalRule(ctx: TenantContext): Promise<CriticalRule> {
  const [row] = await ctx.db
    .select({ minutes: companies.criticalAfterMinutes, high: companies.criticalHighPriority })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  return { unanswered_minutes: row?.minutes ?? null, high_priority: row?.high ?? false };
}

/** Judges every contact of the company by its rule: those whose verdict changed. */
export const judgeCritical = (db: Db, companyId: string) =>
  db
    .update(contacts)
    .set({ critical: byRule })
    .where(and(eq(contacts.companyId, companyId), sql`${contacts.critical} is distinct from ${byRule}`))
    .returning({ id: contacts.id });

/**
 * Changes the rule and judges every contact of the company by it, in one transaction that also writes the audit
 * log (one entry per part of the rule that changed); the lists follow.
 */
export async function updateCriticalRule(
  ctx: TenantContext,
  bus: EventBus,
  input: UpdateCriticalRuleRequest & { clientIp?: string },
): Promise<CriticalRule> {
  await inTransaction(ctx.db, bus, async (tx, record) => {
    // Locked: two administrators changing the rule at once each audit what the other left.
    const [before] = await tx
      .select({ minutes: companies.criticalAfterMinutes, high: companies.criticalHighPriority })
      .from(companies)
      .where(eq(companies.id, ctx.companyId))
      .for('update');
    await tx
      .update(companies)
      .set({
        ...(input.unanswered_minutes !== undefined && { criticalAfterMinutes: input.unanswered_minutes }),
        ...(input.high_priority !== undefined && { criticalHighPriority: input.high_priority }),
        updatedAt: new Date(),
      })
      .where(eq(companies.id, ctx.companyId));
    const changes = [
      ['unanswered_minutes', before?.minutes ?? null, input.unanswered_minutes],
      ['high_priority', before?.high ?? false, input.high_priority],
    ] as const;
    const [actor] = await tx
      .select({ username: users.username })
      .from(users)
      .where(and(eq(users.companyId, ctx.companyId), eq(users.id, ctx.userId)));
    for (const [field, from, to] of changes) {
      if (to === undefined || to === from) continue;
      await recordAuditEvent(tx, {
        companyId: ctx.companyId,
        kind: 'critical_rule_changed',
        actorUserId: ctx.userId,
        subject: actor?.username ?? null,
        clientIp: input.clientIp ?? null,
        details: { field, from, to },
      });
    }
    const changed = await judgeCritical(tx, ctx.companyId);
    for (const { id } of changed)
      record({ type: 'contact.changed', companyId: ctx.companyId, contactId: id });
  });
  return criticalRule(ctx);
}

/**
 * Marks critical the contacts whose wait has passed their company's minutes (and any other the rule calls
 * critical that was written without the trigger: a new contact), every company at once, and enqueues
 * the next sweep in the same transaction. Each minute holds one sweep whatever the number of workers.
 */
export async function sweepCritical(db: Db, bus: EventBus, jobs: Jobs): Promise<number> {
  return inTransaction(db, bus, async (tx, record) => {
    const changed = await tx
      .update(contacts)
      .set({ critical: true })
      .from(companies)
      .where(
        and(
          eq(companies.id, contacts.companyId),
          eq(contacts.critical, false),
          // The rule (migration 0027, atende_critical_by_rule), written so each company's waits are a range.
          sql`(${companies.criticalAfterMinutes} is not null or ${companies.criticalHighPriority})`,
          sql`(${companies.criticalAfterMinutes} is null
               or coalesce(${contacts.unansweredSince}, 'infinity'::timestamptz)
                  <= now() - ${companies.criticalAfterMinutes} * interval '1 minute')`,
          sql`(not ${companies.criticalHighPriority} or ${contacts.priority} = 2)`,
        ),
      )
      .returning({ id: contacts.id, companyId: contacts.companyId });
    for (const { id, companyId } of changed) record({ type: 'contact.changed', companyId, contactId: id });
    await scheduleSweep(tx, jobs, true);
    return changed.length;
  });
}

/** The sweep of this minute (or, `next`, of the next one): pg-boss keeps one job per minute slot. */
export const scheduleSweep = (tx: Db, jobs: Jobs, next = false) =>
  jobs.enqueue(
    tx,
    QUEUES.criticalSweep,
    {},
    {
      singletonKey: 'critical',
      singletonSeconds: CRITICAL_SWEEP_SECONDS,
      ...(next && {
        singletonNextSlot: true,
        startAfter: new Date(Date.now() + CRITICAL_SWEEP_SECONDS * 1000),
      }),
    },
  );
