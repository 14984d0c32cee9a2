// The chat widget as one service: a widget's configuration and visitor sessions by its public key, and a
// visitor's file (the socket side is socket.ts). Its parts live beside it; this binds them once.
import type { WidgetSessionRequest } from '@atende/contract';
import type { Ingest } from '../../channels/adapter.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import type { RawFile } from '../../platform/multipart.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { assertChannelTakes, inspectUpload } from '../messages/files.ts';
import type { WidgetFloodDeps } from './flood.ts';
import { receiveVisitorMessage } from './inbound.ts';
import type { VisitorRelay, VisitorSocketData } from './relay.ts';
import { resolveVisitor } from './socket.ts';
import type { VisitorTokens } from './visitor-token.ts';
import { startSession, widgetConfig } from './visitors.ts';

export type WidgetServiceDeps = WidgetFloodDeps & {
  db: Db;
  bus: EventBus;
  ingest: Ingest;
  credentials: CredentialsBox;
  limiter: RateLimiter;
  urls: UrlSigner;
  visitorTokens: VisitorTokens;
  visitors: VisitorRelay;
};

export type WidgetService = ReturnType<typeof widgetService>;

export function widgetService(deps: WidgetServiceDeps) {
  const widget = { ...deps, relay: deps.visitors };
  return {
    config: (input: { key: string }) => widgetConfig(widget, input.key),
    startSession: (input: { key: string; ip: string } & WidgetSessionRequest) =>
      startSession(widget, input.key, input, input.ip),
    /** The visitor a bearer token names (401 otherwise): authenticated before an upload is read. */
    visitor: (input: { token: string | null }) => resolveVisitor(deps.db, deps.visitorTokens, input.token),
    /** A file the visitor sends (with a caption), checked by content and by the chat channel's limits. */
    async receiveFile(input: {
      visitor: VisitorSocketData;
      clientId: string;
      caption: string;
      file: RawFile;
    }) {
      const { visitor } = input;
      const checked = await inspectUpload(input.file);
      assertChannelTakes('chat', { kind: checked.kind, size: checked.data.length });
      return receiveVisitorMessage(widget, visitor, {
        clientId: input.clientId,
        text: input.caption,
        attachments: [{ filename: checked.filename, contentType: checked.contentType, data: checked.data }],
      });
    },
  };
}
