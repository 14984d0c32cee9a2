// Scheduled returns: an attendant plans to get back to a customer. Reminders 10 and 1 minutes before are
// durable jobs enqueued with the schedule; each is delivered once (schedule_reminders) even if its job runs
// twice, and a moved or finished schedule makes its old reminders stand down.
import {
  SCHEDULE_REMINDERS_MINUTES,
  type ScheduleRequest,
  type ScheduleUpdateRequest,
} from '@atende/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { contacts, scheduleReminders, schedules, users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { QUEUES, type Jobs } from '../../platform/jobs.ts';
import { canSeeContact } from '../contacts/policy.ts';
import { mayChangeSchedule } from './policy.ts';
import { scheduleColumns, type ScheduleRow } from './presenter.ts';

export type ScheduleDeps = { bus: EventBus; jobs: Jobs };
export type ScheduleService = ReturnType<typeof scheduleService>;
export type ReminderJob = {
  companyId: string;
  scheduleId: string;
  minutesBefore: number;
  scheduledAt: string;
};

const MINUTE = 60_000;
const LIST_LIMIT = 500;

const withNames = (db: Db) =>
  db
    .select(scheduleColumns)
    .from(schedules)
    .innerJoin(contacts, eq(contacts.id, schedules.contactId))
    .leftJoin(users, eq(users.id, schedules.userId));

/** A schedule of a contact, as the route names them. */
type ScheduleKey = { contactId: string; id: string };

/** Schedules are enqueued with their reminders (jobs) and change the contact's return (bus). */
export function scheduleService(deps: ScheduleDeps) {
  /** Attendants change their own schedules; supervising roles any. */
  async function changeable(ctx: TenantContext, key: ScheduleKey): Promise<void> {
    await contactToPlan(ctx, key.contactId);
    if (!mayChangeSchedule(ctx, await findRow(ctx, key))) throw new AppError('conflict_contact', 409);
  }

  return {
    async mine(ctx: TenantContext): Promise<ScheduleRow[]> {
      return withNames(ctx.db)
        .where(
          and(
            eq(schedules.companyId, ctx.companyId),
            eq(schedules.userId, ctx.userId),
            isNull(schedules.doneAt),
          ),
        )
        .orderBy(asc(schedules.scheduledAt))
        .limit(LIST_LIMIT);
    },

    async ofContact(ctx: TenantContext, input: { contactId: string }): Promise<ScheduleRow[]> {
      await contactToPlan(ctx, input.contactId);
      return withNames(ctx.db)
        .where(and(eq(schedules.companyId, ctx.companyId), eq(schedules.contactId, input.contactId)))
        .orderBy(asc(schedules.scheduledAt))
        .limit(LIST_LIMIT);
    },

    async get(ctx: TenantContext, input: ScheduleKey): Promise<ScheduleRow> {
      await contactToPlan(ctx, input.contactId);
      return findRow(ctx, input);
    },

    async create(ctx: TenantContext, input: ScheduleRequest & { contactId: string }): Promise<ScheduleRow> {
      const { contactId } = input;
      await contactToPlan(ctx, contactId);
      const id = await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const [row] = await tx
          .insert(schedules)
          .values({
            companyId: ctx.companyId,
            contactId,
            userId: ctx.userId,
            scheduledAt: new Date(input.scheduled_at),
            annotation: input.annotation || null,
          })
          .returning();
        await planReminders(tx, deps.jobs, row!);
        await refreshReturn(tx, ctx.companyId, contactId);
        record({ type: 'contact.changed', companyId: ctx.companyId, contactId });
        return row!.id;
      });
      return findRow(ctx, { contactId, id });
    },

    async update(ctx: TenantContext, input: ScheduleUpdateRequest & ScheduleKey): Promise<ScheduleRow> {
      const { contactId } = input;
      await changeable(ctx, input);
      await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const [row] = await tx
          .update(schedules)
          .set({
            scheduledAt: input.scheduled_at ? new Date(input.scheduled_at) : undefined,
            annotation: input.annotation === undefined ? undefined : input.annotation || null,
            doneAt: input.done === undefined ? undefined : input.done ? new Date() : null,
            updatedAt: new Date(),
          })
          .where(eq(schedules.id, input.id))
          .returning();
        // A moved return gets reminders for its new time; the old ones find the time changed and stand down.
        if (input.scheduled_at) await planReminders(tx, deps.jobs, row!);
        await refreshReturn(tx, ctx.companyId, contactId);
        record({ type: 'contact.changed', companyId: ctx.companyId, contactId });
      });
      return findRow(ctx, input);
    },

    async remove(ctx: TenantContext, input: ScheduleKey): Promise<void> {
      const { contactId } = input;
      await changeable(ctx, input);
      await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        await tx.delete(schedules).where(eq(schedules.id, input.id));
        await refreshReturn(tx, ctx.companyId, contactId);
        record({ type: 'contact.changed', companyId: ctx.companyId, contactId });
      });
    },
  };
}

/** The contact, if the user may see it: a colleague's customer answers as a missing one (a conflict would
 * tell an attendant who owns it); the spec's conflict_contact is for changing a colleague's schedule. */
async function contactToPlan(ctx: TenantContext, contactId: string) {
  const [contact] = await ctx.db
    .select({ id: contacts.id, responsibleId: contacts.responsibleId })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.companyId, ctx.companyId)));
  if (!contact || !canSeeContact(ctx, contact)) throw notFound();
  return contact;
}

async function findRow(ctx: TenantContext, key: ScheduleKey): Promise<ScheduleRow> {
  const [row] = await withNames(ctx.db)
    .where(
      and(
        eq(schedules.id, key.id),
        eq(schedules.contactId, key.contactId),
        eq(schedules.companyId, ctx.companyId),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return row;
}

async function planReminders(tx: Db, jobs: Jobs, row: typeof schedules.$inferSelect) {
  const now = Date.now();
  for (const minutesBefore of SCHEDULE_REMINDERS_MINUTES) {
    const at = row.scheduledAt.getTime() - minutesBefore * MINUTE;
    // A return planned closer than the reminder's lead is reminded at once; a past one not at all.
    if (row.scheduledAt.getTime() <= now) continue;
    await jobs.enqueue<ReminderJob>(
      tx,
      QUEUES.scheduleReminder,
      {
        companyId: row.companyId,
        scheduleId: row.id,
        minutesBefore,
        scheduledAt: row.scheduledAt.toISOString(),
      },
      { startAfter: new Date(Math.max(at, now)) },
    );
  }
}

/** The contact's "return" is its next pending schedule. */
async function refreshReturn(tx: Db, companyId: string, contactId: string) {
  await tx
    .update(contacts)
    .set({
      returnAt: sql`(select min(${schedules.scheduledAt}) from ${schedules}
        where ${schedules.contactId} = ${contactId} and ${schedules.doneAt} is null)`,
      updatedAt: new Date(),
    })
    .where(and(eq(contacts.id, contactId), eq(contacts.companyId, companyId)));
}

/** The reminder worker: records the reminder once and lets the notifier tell the attendant. */
export async function deliverReminder(db: Db, bus: EventBus, job: ReminderJob): Promise<void> {
  await inTransaction(db, bus, async (tx, record) => {
    const [row] = await tx
      .select({ scheduledAt: schedules.scheduledAt, doneAt: schedules.doneAt })
      .from(schedules)
      .where(and(eq(schedules.id, job.scheduleId), eq(schedules.companyId, job.companyId)));
    if (!row || row.doneAt || row.scheduledAt.toISOString() !== job.scheduledAt) return;
    const [sent] = await tx
      .insert(scheduleReminders)
      .values({
        companyId: job.companyId,
        scheduleId: job.scheduleId,
        minutesBefore: job.minutesBefore,
        scheduledAt: row.scheduledAt,
      })
      .onConflictDoNothing()
      .returning({ scheduleId: scheduleReminders.scheduleId });
    if (sent) {
      record({
        type: 'schedule.reminder',
        companyId: job.companyId,
        scheduleId: job.scheduleId,
        minutesBefore: job.minutesBefore,
      });
    }
  });
}

/** A schedule with names, for the notifier. */
export async function loadSchedule(
  db: Db,
  companyId: string,
  scheduleId: string,
): Promise<ScheduleRow | undefined> {
  const [row] = await withNames(db)
    .where(and(eq(schedules.id, scheduleId), eq(schedules.companyId, companyId)))
    .limit(1);
  return row;
}
