// Turns committed contact changes into realtime events, each sent only to the users allowed to see it:
// supervisors, the responsible attendant, or every attendant while the contact waits unassigned.
import { and, eq } from 'drizzle-orm';
import { contacts } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { param, preparedRows } from '../../platform/db/prepared.ts';
import { coalescePerKey } from '../../platform/coalesce.ts';
import type { DomainEvent, EventBus } from '../../platform/events.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';
import { presentSummary, responsibleJoin, summaryColumns } from './presenter.ts';
import { countWaiting } from './service.ts';

/** A change of a contact reads its summary once, for everyone concerned (an inbound message brings it along). */
const summaryStatement = (db: Db) =>
  preparedRows(db, 'contact_summary', () =>
    db
      .select(summaryColumns)
      .from(contacts)
      .leftJoin(...responsibleJoin)
      .where(and(eq(contacts.id, param('contactId')), eq(contacts.companyId, param('companyId'))))
      .limit(1),
  );

async function readSummary(db: Db, companyId: string, contactId: string) {
  const [row] = await summaryStatement(db).execute({ contactId, companyId });
  return row ? presentSummary(row) : null;
}

/**
 * The waiting count is read at most this often per company: it counts the whole queue, and a queue growing by
 * a hundred customers a second asked for it a hundred times a second (4 ms each with 4 000 waiting).
 */
const WAITING_COUNT_GAP_MS = 250;

export function notifyContactChanges(db: Db, bus: EventBus, io: RealtimeServer): () => void {
  const sendWaitingCount = coalescePerKey(WAITING_COUNT_GAP_MS, async (companyId) => {
    io.to(rooms.company(companyId)).emit('waiting.changed', { count: await countWaiting(db, companyId) });
  });
  return bus.subscribe(async (event: DomainEvent) => {
    if (event.type === 'waiting.changed') return sendWaitingCount(event.companyId);
    if (event.type !== 'contact.changed') return;
    const summary = event.summary ?? (await readSummary(db, event.companyId, event.contactId));
    if (!summary) return;
    const responsibleId = summary.responsible?.id ?? null;
    const audience = [
      rooms.supervisors(event.companyId),
      responsibleId ? rooms.user(responsibleId) : rooms.attendants(event.companyId),
    ];
    io.to(audience).emit(event.created ? 'contact.created' : 'contact.updated', summary);
    if (event.unreadChanged) {
      io.to(audience).emit('contact.unread', {
        contact_id: summary.id,
        count: summary.unread_messages.count,
        updated_at: summary.updated_at,
      });
    }
    if (event.previousResponsibleId !== undefined) {
      io.to(rooms.company(event.companyId)).emit('contact.assigned', {
        contact_id: summary.id,
        responsible_id: responsibleId,
        updated_at: summary.updated_at,
      });
    }
  });
}
