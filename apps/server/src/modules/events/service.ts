// Events: what happened with a customer (an action of the company's list, an amount, a note, a responsible,
// a date). The contact's "last event" follows the newest one, for the queue's search and ordering. With the
// jokers (jokers.ts), the service of the customer panel's events and labels.
import { EVENTS_HISTORY_SIZE, type NewEventRequest } from '@atende/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { contactEvents, contacts, eventActions, users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Db } from '../../platform/db/database.ts';
import { inTransaction, type DomainEvent, type EventBus } from '../../platform/events.ts';
import { maySeeContact } from '../contacts/queries.ts';
import { jokerOperations } from './jokers.ts';
import { contactEventRows, findEvent, type EventRow } from './queries.ts';

export type EventService = ReturnType<typeof eventService>;

type EventAction = Pick<
  typeof eventActions.$inferSelect,
  'id' | 'name' | 'amountRule' | 'annotationRequired'
>;

/** An action the company's event list offers (archived ones are not), or notFound. */
export async function eventAction(ctx: TenantContext, actionId: string): Promise<EventAction> {
  const [action] = await ctx.db
    .select({
      id: eventActions.id,
      name: eventActions.name,
      amountRule: eventActions.amountRule,
      annotationRequired: eventActions.annotationRequired,
    })
    .from(eventActions)
    .where(
      and(
        eq(eventActions.id, actionId),
        eq(eventActions.companyId, ctx.companyId),
        isNull(eventActions.archivedAt),
      ),
    );
  if (!action) throw notFound();
  return action;
}

/** The value and annotation rules the Center set for the action (the console's form applies them too). */
function assertEventRules(action: EventAction, input: Omit<NewEventRequest, 'action_id'>): void {
  const hasAmount = input.amount != null;
  if (action.amountRule === 'required' && !hasAmount) throw new AppError('event_amount_required', 400);
  if (action.amountRule === 'none' && hasAmount) throw new AppError('event_amount_not_allowed', 400);
  if (action.annotationRequired && !input.annotation) throw new AppError('event_annotation_required', 400);
}

/**
 * Records the event in the caller's transaction and makes it the contact's last event: for registering one,
 * and for resolving a conversation with an outcome (conversations/lifecycle.ts). The action's rules hold for
 * both: a refused event rolls the caller's transaction back.
 */
export async function recordEvent(
  tx: Db,
  record: (event: DomainEvent) => void,
  ctx: TenantContext,
  contactId: string,
  action: EventAction,
  input: Omit<NewEventRequest, 'action_id'>,
): Promise<string> {
  assertEventRules(action, input);
  const now = new Date();
  const [row] = await tx
    .insert(contactEvents)
    .values({
      companyId: ctx.companyId,
      contactId,
      actionId: action.id,
      description: action.name,
      amountCents: input.amount == null ? null : Math.round(input.amount * 100),
      annotation: input.annotation || null,
      responsibleId: input.responsible_id ?? ctx.userId,
      occurredAt: input.date ? new Date(input.date) : now,
      createdBy: ctx.userId,
      createdAt: now,
    })
    .returning({ id: contactEvents.id });
  await tx
    .update(contacts)
    .set({ lastEvent: action.name, lastEventAt: now, updatedAt: now })
    .where(and(eq(contacts.id, contactId), eq(contacts.companyId, ctx.companyId)));
  record({ type: 'contact.changed', companyId: ctx.companyId, contactId });
  record({ type: 'event.created', companyId: ctx.companyId, contactId, eventId: row!.id });
  return row!.id;
}

export function eventService(deps: { bus: EventBus }) {
  return {
    /** The events panel: the contact's last EVENTS_HISTORY_SIZE records, newest first. */
    async recent(ctx: TenantContext, input: { id: string }): Promise<EventRow[]> {
      if (!(await maySeeContact(ctx, input.id))) throw notFound();
      return contactEventRows(ctx, input.id)
        .orderBy(desc(contactEvents.createdAt), desc(contactEvents.id))
        .limit(EVENTS_HISTORY_SIZE);
    },

    async register(ctx: TenantContext, input: NewEventRequest & { id: string }): Promise<EventRow> {
      const contactId = input.id;
      if (!(await maySeeContact(ctx, contactId))) throw notFound();
      const action = await eventAction(ctx, input.action_id);
      if (input.responsible_id) {
        const [user] = await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, input.responsible_id), eq(users.companyId, ctx.companyId)));
        if (!user) throw notFound();
      }
      const id = await inTransaction(ctx.db, deps.bus, (tx, record) =>
        recordEvent(tx, record, ctx, contactId, action, input),
      );
      return (await findEvent(ctx, id))!;
    },

    ...jokerOperations(deps),
  };
}
