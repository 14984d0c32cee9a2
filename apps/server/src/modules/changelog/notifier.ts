// A changelog version was published: its readers' consoles load the "what's new" badge again — every console
// for a product version, the company's for its own.
import type { EventBus } from '../../platform/events.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';

export function notifyChangelogPublications(bus: EventBus, io: RealtimeServer): () => void {
  return bus.subscribe((event) => {
    if (event.type !== 'changelog.published') return;
    const payload = { id: event.versionId, published_at: event.publishedAt.toISOString() };
    if (event.companyId === null) io.emit('changelog.published', payload);
    else io.to(rooms.company(event.companyId)).emit('changelog.published', payload);
  });
}
