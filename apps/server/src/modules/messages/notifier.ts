// New messages and status changes go to the room of their contact: the users who have that conversation open.
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { findMessage } from './send.ts';

export function notifyMessageChanges(db: Db, bus: EventBus, io: RealtimeServer, urls: UrlSigner): () => void {
  return bus.subscribe(async (event) => {
    if (
      event.type !== 'message.created' &&
      event.type !== 'message.status' &&
      event.type !== 'message.updated'
    ) {
      return;
    }
    const message =
      (event.type === 'message.created' && event.message) ||
      (await findMessage({ db, companyId: event.companyId }, urls, event.messageId));
    if (!message) return;
    const room = io.to(rooms.contact(event.contactId));
    if (event.type === 'message.created' || event.type === 'message.updated') {
      room.emit(event.type, message);
    } else {
      room.emit('message.status', {
        id: message.id,
        contact_id: message.contact_id,
        status: message.status,
        failure_reason: message.failure_reason,
        updated_at: message.updated_at,
      });
    }
  });
}
