// A user paused or resumed: their own sockets (other tabs follow) and the company's supervisors (the Center's
// board of who is paused) are told.
import type { EventBus } from '../../platform/events.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';

export function notifyPauseChanges(bus: EventBus, io: RealtimeServer): () => void {
  return bus.subscribe((event) => {
    if (event.type !== 'pause.changed') return;
    io.to([rooms.user(event.userId), rooms.supervisors(event.companyId)]).emit('pause.changed', {
      user_id: event.userId,
      pause: event.pause,
    });
  });
}
