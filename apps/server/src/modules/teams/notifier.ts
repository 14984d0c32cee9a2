// A team changed in the Center: the company's sockets are told which, and their consoles reload what depends
// on who serves which segments (the contact list's "only my segments", the waiting queue).
import type { EventBus } from '../../platform/events.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';

export function notifyTeamChanges(bus: EventBus, io: RealtimeServer): () => void {
  return bus.subscribe((event) => {
    if (event.type !== 'team.changed') return;
    io.to(rooms.company(event.companyId)).emit('team.changed', { team_id: event.teamId });
  });
}
