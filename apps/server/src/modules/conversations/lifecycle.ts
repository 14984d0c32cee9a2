// A conversation's life (issue 20, item 1): open → resolved (with an optional outcome from the company's event
// actions) or snoozed until a time, and back. Snoozing enqueues a job, in the same transaction, that opens it
// again at that time: durable, so a restart loses no snooze. A customer who writes opens it too
// (messages/ingest.ts).
import type { ResolveRequest, SnoozeRequest } from '@atende/contract';
import { and, eq, sql } from 'drizzle-orm';
import { contacts } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction, type DomainEvent, type EventBus } from '../../platform/events.ts';
import { QUEUES, type Jobs } from '../../platform/jobs.ts';
import { ownership } from '../contacts/ownership.ts';
import type { ContactDetail } from '../contacts/presenter.ts';
import { contactDetail, maySeeContact } from '../contacts/queries.ts';
import { enqueueCsatRequest } from '../csat/service.ts';
import { eventAction, recordEvent } from '../events/service.ts';

export type LifecycleDeps = { bus: EventBus; jobs: Jobs };
/** Opens a snoozed conversation again, if that snooze (its end) is still the one in force. */
export type WakeJob = { companyId: string; contactId: string; until: string };

type RecordEvent = (event: DomainEvent) => void;

/** The contact's owner and queue state, locked for the change: what each transition decides on. */
export async function lockConversation(tx: Db, companyId: string, contactId: string) {
  const [row] = await tx
    .select({ responsibleId: contacts.responsibleId, onQueue: contacts.onQueue, status: contacts.status })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.companyId, companyId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** Open again: back with its responsible, or waiting in the queue from `at` when it has none. */
const reopened = (at: Date) => ({
  status: 'open' as const,
  snoozedUntil: null,
  resolvedAt: null,
  onQueue: sql<boolean>`${contacts.responsibleId} is null`,
  queuedAt: sql<Date | null>`case when ${contacts.responsibleId} is null then ${at.toISOString()}::timestamptz end`,
  updatedAt: at,
});

/** The change for the lists (with the previous responsible when the owner changed) and the queue's counter. */
export function announce(
  record: RecordEvent,
  companyId: string,
  contactId: string,
  waitingMoved: boolean,
  owner?: { previousResponsibleId: string | null },
) {
  record({ type: 'contact.changed', companyId, contactId, ...owner });
  if (waitingMoved) record({ type: 'waiting.changed', companyId });
}

export function lifecycleOperations(deps: LifecycleDeps) {
  return {
    /**
     * Resolves the conversation: it leaves the queue and the working lists. One resolved while nobody had it
     * becomes the resolver's, so a resolved conversation always has someone (its history, and a reopening).
     */
    async resolve(ctx: TenantContext, input: ResolveRequest & { id: string }): Promise<ContactDetail> {
      if (!(await maySeeContact(ctx, input.id))) throw notFound();
      const action = input.event_action_id ? await eventAction(ctx, input.event_action_id) : null;
      await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const before = await lockConversation(tx, ctx.companyId, input.id);
        const at = new Date();
        await tx
          .update(contacts)
          .set({
            ...(before.responsibleId ? {} : ownership(ctx.userId, at)),
            status: 'resolved',
            resolvedAt: at,
            snoozedUntil: null,
            onQueue: false,
            updatedAt: at,
          })
          .where(and(eq(contacts.id, input.id), eq(contacts.companyId, ctx.companyId)));
        if (action) {
          await recordEvent(tx, record, ctx, input.id, action, { annotation: input.annotation });
        }
        const taken = before.responsibleId ? undefined : { previousResponsibleId: null };
        announce(record, ctx.companyId, input.id, before.onQueue, taken);
        // The customer's satisfaction request (csat/): sent by a worker once this commits, at most once ever.
        if (before.status !== 'resolved') {
          await enqueueCsatRequest(deps.jobs, tx, {
            companyId: ctx.companyId,
            contactId: input.id,
            userId: ctx.userId,
          });
        }
      });
      deps.jobs.wake(QUEUES.csatRequest);
      return contactDetail(ctx, input.id);
    },

    async reopen(ctx: TenantContext, input: { id: string }): Promise<ContactDetail> {
      if (!(await maySeeContact(ctx, input.id))) throw notFound();
      await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const before = await lockConversation(tx, ctx.companyId, input.id);
        if (before.status === 'open') return;
        await tx
          .update(contacts)
          .set(reopened(new Date()))
          .where(and(eq(contacts.id, input.id), eq(contacts.companyId, ctx.companyId)));
        announce(record, ctx.companyId, input.id, before.responsibleId === null);
      });
      return contactDetail(ctx, input.id);
    },

    /** Puts the conversation aside until `until`: out of the lists and the queue, back at that time. */
    async snooze(ctx: TenantContext, input: SnoozeRequest & { id: string }): Promise<ContactDetail> {
      const until = new Date(input.until);
      if (until.getTime() <= Date.now()) throw new AppError('snooze_in_past', 400);
      if (!(await maySeeContact(ctx, input.id))) throw notFound();
      await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const before = await lockConversation(tx, ctx.companyId, input.id);
        const at = new Date();
        await tx
          .update(contacts)
          .set({ status: 'snoozed', snoozedUntil: until, resolvedAt: null, onQueue: false, updatedAt: at })
          .where(and(eq(contacts.id, input.id), eq(contacts.companyId, ctx.companyId)));
        await deps.jobs.enqueue<WakeJob>(
          tx,
          QUEUES.conversationWake,
          { companyId: ctx.companyId, contactId: input.id, until: until.toISOString() },
          { startAfter: until },
        );
        announce(record, ctx.companyId, input.id, before.onQueue);
      });
      return contactDetail(ctx, input.id);
    },
  };
}

/**
 * The wake job: opens the conversation again if it is still snoozed until that time (reopened, resolved or
 * snoozed again since, it is left alone; a retried job finds it open and does nothing).
 */
export async function wakeConversation(db: Db, bus: EventBus, job: WakeJob): Promise<void> {
  await inTransaction(db, bus, async (tx, record) => {
    const [woken] = await tx
      .update(contacts)
      .set(reopened(new Date()))
      .where(
        and(
          eq(contacts.id, job.contactId),
          eq(contacts.companyId, job.companyId),
          eq(contacts.status, 'snoozed'),
          eq(contacts.snoozedUntil, new Date(job.until)),
        ),
      )
      .returning({ onQueue: contacts.onQueue });
    if (woken) announce(record, job.companyId, job.contactId, woken.onQueue);
  });
}
