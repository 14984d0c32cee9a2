// A suggestion changed (created, voted on, moderated): the company's sockets are told which, and the open
// wishlists load it again (counts and the reader's own vote differ per reader, so no payload to patch with).
import type { EventBus } from '../../platform/events.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';

export function notifySuggestionChanges(bus: EventBus, io: RealtimeServer): () => void {
  return bus.subscribe((event) => {
    if (event.type !== 'suggestion.changed') return;
    io.to(rooms.company(event.companyId)).emit('suggestion.changed', {
      id: event.suggestionId,
      updated_at: event.updatedAt.toISOString(),
    });
  });
}
