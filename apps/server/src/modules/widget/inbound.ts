// A visitor's message, typed in the widget (socket) or a file sent through the upload route: stored by the
// one inbound path, keyed by the visitor's client id so a resend stores nothing new, and shown to the
// visitor's other tabs — within the visitor's and the widget's flood limits (flood.ts).
import type { WidgetMessage } from '@atende/contract';
import type { InboundAttachment, Ingest } from '../../channels/adapter.ts';
import type { Db } from '../../platform/db/database.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { admitVisitorMessage, type WidgetFloodDeps } from './flood.ts';
import { findVisitorMessageByClientId, visitorProviderId } from './messages.ts';
import { widgetMessage } from './presenter.ts';
import type { VisitorRelay, VisitorSocketData } from './relay.ts';

export type VisitorInboundDeps = WidgetFloodDeps & {
  db: Db;
  ingest: Ingest;
  urls: UrlSigner;
  relay: VisitorRelay;
};

export async function receiveVisitorMessage(
  deps: VisitorInboundDeps,
  visitor: VisitorSocketData,
  input: { clientId: string; text: string; attachments?: InboundAttachment[] },
): Promise<WidgetMessage> {
  // Before anything is stored or relayed: over the limit, the message goes no further.
  await admitVisitorMessage(deps, visitor);
  const result = await deps.ingest({
    companyId: visitor.companyId,
    kind: 'chat',
    channelAccountId: visitor.accountId,
    from: { address: visitor.address, name: visitor.name },
    text: input.text,
    providerMessageId: visitorProviderId(visitor.channelId, input.clientId),
    attachments: input.attachments,
  });
  // The message as stored, known without reading it back unless it has files; a resend of the same client
  // id stored nothing: the answer is then the message stored the first time.
  const message = result.message
    ? widgetMessage(result.message, input.clientId)
    : await findVisitorMessageByClientId(deps, visitor.companyId, visitor.channelId, input.clientId);
  if (!message) throw new Error('stored visitor message not found');
  if (!result.duplicate) deps.relay.toVisitor(visitor.channelId).emit('message', message);
  return message;
}
