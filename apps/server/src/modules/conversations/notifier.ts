// A conversation given by a colleague reaches its receiver at once, with who gave it and their note.
import { and, eq } from 'drizzle-orm';
import { contacts, users } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';

export function notifyTransfers(db: Db, bus: EventBus, io: RealtimeServer): () => void {
  return bus.subscribe(async (event) => {
    if (event.type !== 'conversation.transferred') return;
    const [row] = await db
      .select({ contactName: contacts.name, byName: users.name })
      .from(contacts)
      .innerJoin(users, and(eq(users.id, event.byUserId), eq(users.companyId, event.companyId)))
      .where(and(eq(contacts.id, event.contactId), eq(contacts.companyId, event.companyId)));
    if (!row) return;
    io.to(rooms.user(event.toUserId)).emit('conversation.transferred', {
      contact_id: event.contactId,
      contact_name: row.contactName,
      by: { id: event.byUserId, name: row.byName },
      note: event.note,
      at: event.at.toISOString(),
    });
  });
}
