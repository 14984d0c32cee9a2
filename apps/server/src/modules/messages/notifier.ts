// New messages and status changes go to the room of their contact: the users who have that conversation open.
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { findMessage } from './send.ts';

export function notifyMessageChanges(db: Db, bus: EventBus, io: RealtimeServer, urls: UrlSigner): () => void {
  const find = (event: { companyId: string; messageId: string }) =>
    findMessage({ db, companyId: event.companyId }, urls, event.messageId);
  return bus.subscribe(async (event) => {
    if (event.type === 'message.status') {
      const shown = event.change
        ? {
            status: event.change.status,
            failure_reason: event.change.failureReason,
            updated_at: event.change.updatedAt.toISOString(),
          }
        : await find(event);
      if (!shown) return;
      io.to(rooms.contact(event.contactId)).emit('message.status', {
        id: event.messageId,
        contact_id: event.contactId,
        status: shown.status,
        failure_reason: shown.failure_reason,
        updated_at: shown.updated_at,
      });
    } else if (event.type === 'message.created' || event.type === 'message.updated') {
      const message = (event.type === 'message.created' && event.message) || (await find(event));
      if (message) io.to(rooms.contact(event.contactId)).emit(event.type, message);
    }
  });
}
