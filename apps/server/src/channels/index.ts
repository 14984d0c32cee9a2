// The real adapter of each channel kind. Adding a kind: write channels/<kind>/ (adapter, inbound transport,
// settings) and name its adapter here.
import type { ChannelKind } from '@atende/contract';
import type { Db } from '../platform/db/database.ts';
import type { UrlSigner } from '../platform/signed-urls.ts';
import { createChatAdapter } from './chat/adapter.ts';
import type { VisitorRelay } from './chat/relay.ts';
import type { Connector } from './connectors.ts';
import { watchMailbox } from './email/mailbox.ts';
import { emailAdapter } from './email/send.ts';
import type { KindAdapters } from './registry.ts';

export const CHANNEL_ADAPTERS: KindAdapters = { email: emailAdapter };

/** The kinds whose inbound side is a connection this server keeps open (connectors.ts). */
export const CHANNEL_CONNECTORS: Partial<Record<ChannelKind, Connector>> = { email: watchMailbox };

/** What adapters whose provider is this server itself need of it: the chat widget pushes to its visitors. */
export type ServerChannels = { db: Db; urls: UrlSigner; relay: VisitorRelay };

/** Every kind's adapter, the ones that deliver through this server included. */
export const channelAdapters = (server: ServerChannels): KindAdapters => ({
  ...CHANNEL_ADAPTERS,
  chat: createChatAdapter(server),
});
