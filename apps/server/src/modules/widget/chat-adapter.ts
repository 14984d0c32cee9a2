// The chat channel's adapter: this server is the provider, so sending is pushing the attendant's message to
// the visitor's room (every tab, on any process). A visitor who is not connected gets it from `sync` on
// their next connection; their client then reports delivered and read (socket.ts). A deletion is pushed the
// same way; a visitor away then simply no longer gets the message from `sync`.
import type { Db } from '../../platform/db/database.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { DeliveryError, type ChannelAdapter } from '../../channels/adapter.ts';
import { findVisitorMessage } from './messages.ts';
import type { VisitorRelay } from './relay.ts';

export function createChatAdapter(deps: { db: Db; urls: UrlSigner; relay: VisitorRelay }): ChannelAdapter {
  return {
    async send(message) {
      const found = await findVisitorMessage(
        deps,
        message.companyId,
        message.contactChannelId,
        message.messageId,
      );
      if (!found) throw new DeliveryError('message not found', true);
      // The push happens as the message becomes `sent`; a client that acks at once moves it further.
      deps.relay.toVisitor(message.contactChannelId).emit('message', { ...found, status: 'sent' });
      return { providerMessageId: message.messageId };
    },
    // The pushed message carries its quote (widget presenter): the visitor sees what it answers.
    replyContext: true,
    async deleteForEveryone(message) {
      deps.relay.toVisitor(message.contactChannelId).emit('message.deleted', { id: message.messageId });
    },
  };
}
