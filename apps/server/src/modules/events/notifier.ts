// A registered event goes to the room of its contact, so an open conversation shows it in its timeline live.
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';
import { presentEvent } from './presenter.ts';
import { findEvent } from './queries.ts';

export function notifyEventChanges(db: Db, bus: EventBus, io: RealtimeServer): () => void {
  return bus.subscribe(async (event) => {
    if (event.type !== 'event.created') return;
    const created = await findEvent({ db, companyId: event.companyId }, event.eventId);
    if (created) io.to(rooms.contact(event.contactId)).emit('event.created', presentEvent(created));
  });
}
