// The adapter of each channel kind whose provider lives outside this server, and the inbound connections some
// of them keep open. Adding a kind: write channels/<kind>/ as README.md says and name its adapter (and
// connector, if it keeps a connection) here. The chat widget's kind is this server itself: its adapter comes
// from modules/widget and joins these in the composition root (deps.ts).
import type { ChannelKind } from '@atende/contract';
import { apiAdapter } from './api/send.ts';
import type { Connector } from './connectors.ts';
import { watchMailbox } from './email/mailbox.ts';
import { emailAdapter } from './email/send.ts';
import { instagramAdapter } from './instagram/send.ts';
import { messengerAdapter } from './messenger/send.ts';
import type { KindAdapters } from './registry.ts';
import { smsAdapter } from './sms/send.ts';
import { telegramAdapter } from './telegram/send.ts';
import { viberAdapter } from './viber/send.ts';
import { whatsappAdapter } from './whatsapp/send.ts';

export const CHANNEL_ADAPTERS: KindAdapters = {
  email: emailAdapter,
  whatsapp: whatsappAdapter,
  messenger: messengerAdapter,
  instagram_direct: instagramAdapter,
  telegram: telegramAdapter,
  sms: smsAdapter,
  viber: viberAdapter,
  api: apiAdapter,
};

/** The kinds whose inbound side is a connection this server keeps open (connectors.ts). */
export const CHANNEL_CONNECTORS: Partial<Record<ChannelKind, Connector>> = { email: watchMailbox };
