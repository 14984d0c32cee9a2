// A catalogue changed in the Center: the company's sockets are told which, and their consoles load it again.
import type { EventBus } from '../../platform/events.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';

export function notifyCatalogueChanges(bus: EventBus, io: RealtimeServer): () => void {
  return bus.subscribe((event) => {
    if (event.type !== 'catalogue.changed') return;
    io.to(rooms.company(event.companyId)).emit('catalogue.changed', { catalogue: event.catalogue });
  });
}
