// Reads of a contact's events with the names of their responsible and author: the events panel, the
// conversation's timeline (messages/timeline.ts) and the realtime notice of a new one.
import { aliasedTable, and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import { contactEvents, users } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { namedColumns } from '../../platform/db/json-rows.ts';
import type { RawRow } from '../../platform/db/prepared.ts';

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

/** An event with its responsible's and author's names. */
export type EventRow = Awaited<ReturnType<ReturnType<typeof withNames>['limit']>>[number];
export type EventJsonRow = RawRow<EventRow>;

/** The events of one contact of the tenant, with their names, narrowed by `conditions`. */
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

/** One event of the company, or null when it is not the company's. */
export async function findEvent(
  ctx: { db: Db; companyId: string },
  eventId: string,
): Promise<EventRow | null> {
  const [row] = await withNames(ctx.db)
    .where(and(eq(contactEvents.id, eventId), eq(contactEvents.companyId, ctx.companyId)))
    .limit(1);
  return row ?? null;
}
