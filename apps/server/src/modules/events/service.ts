// Events: what happened with a customer (an action of the company's list, an amount, a note, a responsible,
// a date). The contact's "last event" follows the newest one, for the queue's search and ordering.
import { EVENTS_HISTORY_SIZE, type ContactEvent, type NewEventRequest } from '@atende/contract';
import { aliasedTable, and, desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import { contactEvents, contacts, eventActions, users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { namedColumns } from '../../platform/db/json-rows.ts';
import type { RawRow } from '../../platform/db/prepared.ts';
import { isoTimestamp } from '../../platform/db/timestamps.ts';
import { notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { maySeeContact } from '../contacts/queries.ts';

const responsible = aliasedTable(users, 'event_responsible');
const author = aliasedTable(users, 'event_author');

const eventColumns = {
  ...getTableColumns(contactEvents),
  responsibleName: responsible.name,
  authorName: author.name,
};

const responsibleJoin = [responsible, eq(responsible.id, contactEvents.responsibleId)] as const;
const authorJoin = [author, eq(author.id, contactEvents.createdBy)] as const;

const withNames = (db: Db) =>
  db
    .select(eventColumns)
    .from(contactEvents)
    .leftJoin(...responsibleJoin)
    .leftJoin(...authorJoin);

type Row = Awaited<ReturnType<ReturnType<typeof withNames>['limit']>>[number];

/** The events of one contact of the tenant, with their names, narrowed by `conditions` (the timeline's pages). */
export const contactEventRows = (
  ctx: { db: Db; companyId: string },
  contactId: string,
  ...conditions: (SQL | undefined)[]
) =>
  withNames(ctx.db).where(
    and(eq(contactEvents.contactId, contactId), eq(contactEvents.companyId, ctx.companyId), ...conditions),
  );

/** contactEventRows with every field named for JSON (see json-rows.ts): the timeline's single statement. */
export const contactEventJsonRows = (
  ctx: { db: Db; companyId: string },
  contactId: string,
  ...conditions: (SQL | undefined)[]
) =>
  ctx.db
    .select(namedColumns(eventColumns))
    .from(contactEvents)
    .leftJoin(...responsibleJoin)
    .leftJoin(...authorJoin)
    .where(
      and(eq(contactEvents.contactId, contactId), eq(contactEvents.companyId, ctx.companyId), ...conditions),
    );

export type EventJsonRow = RawRow<Row>;

/** One event as the contract shows it, or null when it is not the company's. */
export async function findEvent(
  ctx: { db: Db; companyId: string },
  eventId: string,
): Promise<ContactEvent | null> {
  const [row] = await withNames(ctx.db)
    .where(and(eq(contactEvents.id, eventId), eq(contactEvents.companyId, ctx.companyId)))
    .limit(1);
  return row ? presentEvent(row) : null;
}

export const presentEvent = (row: Row | RawRow<Row>): ContactEvent => ({
  id: row.id,
  contact_id: row.contactId,
  action_id: row.actionId,
  description: row.description,
  amount: row.amountCents === null ? null : row.amountCents / 100,
  annotation: row.annotation,
  responsible:
    row.responsibleId && row.responsibleName ? { id: row.responsibleId, name: row.responsibleName } : null,
  date: isoTimestamp(row.occurredAt),
  created_by: { id: row.createdBy, name: row.authorName },
  created_at: isoTimestamp(row.createdAt),
});

/** The events panel: the contact's last EVENTS_HISTORY_SIZE records, newest first. */
export async function recentEvents(ctx: TenantContext, contactId: string): Promise<ContactEvent[]> {
  if (!(await maySeeContact(ctx, contactId))) throw notFound();
  const rows = await contactEventRows(ctx, contactId)
    .orderBy(desc(contactEvents.createdAt), desc(contactEvents.id))
    .limit(EVENTS_HISTORY_SIZE);
  return rows.map(presentEvent);
}

export async function registerEvent(
  ctx: TenantContext,
  bus: EventBus,
  contactId: string,
  input: NewEventRequest,
): Promise<ContactEvent> {
  if (!(await maySeeContact(ctx, contactId))) throw notFound();
  const [action] = await ctx.db
    .select({ id: eventActions.id, name: eventActions.name })
    .from(eventActions)
    .where(and(eq(eventActions.id, input.action_id), eq(eventActions.companyId, ctx.companyId)));
  if (!action) throw notFound();
  if (input.responsible_id) {
    const [user] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.responsible_id), eq(users.companyId, ctx.companyId)));
    if (!user) throw notFound();
  }
  const id = await inTransaction(ctx.db, bus, async (tx, record) => {
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
  });
  return (await findEvent(ctx, id))!;
}
