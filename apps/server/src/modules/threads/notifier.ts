// Thread events: a public thread's go to the contact's room; a private thread's only to its author and to
// the company's supervisors, who alone may see it.
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';
import { presentThread, presentThreadMessage } from './presenter.ts';
import { findThreadMessage, loadThread } from './service.ts';

export function notifyThreadChanges(db: Db, bus: EventBus, io: RealtimeServer): () => void {
  return bus.subscribe(async (event) => {
    if (event.type !== 'thread.changed' && event.type !== 'thread.message') return;
    const thread = await loadThread(db, event.companyId, event.threadId);
    if (!thread) return;
    const audience =
      thread.privacy === 'public'
        ? io.to(rooms.contact(event.contactId))
        : io.to([
            rooms.supervisors(event.companyId),
            ...(thread.authorId ? [rooms.user(thread.authorId)] : []),
          ]);
    audience.emit('thread.updated', presentThread(thread));
    if (event.type === 'thread.message') {
      const message = await findThreadMessage(db, event.companyId, event.messageId);
      if (message)
        audience.emit('thread.message', { ...presentThreadMessage(message), contact_id: event.contactId });
    }
  });
}
