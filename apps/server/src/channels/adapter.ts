// The one interface every channel kind implements. Inbound transports (webhooks, IMAP, the widget socket)
// normalise what arrives into an InboundMessage for modules/messages/ingest.ts; outbound sends return the
// provider's id of the message or throw a DeliveryError saying whether trying again can help.
import type { ChannelKind } from '@atende/contract';

/** A company's channel account with its credentials opened, as adapters and connectors need it. */
export type ChannelAccountRecord = {
  id: string;
  companyId: string;
  kind: ChannelKind;
  name: string;
  address: string | null;
  enabled: boolean;
  settings: Record<string, unknown>;
  credentials: Record<string, unknown>;
  updatedAt: Date;
};

export type OutboundAttachment = {
  filename: string;
  contentType: string;
  size: number;
  /** The stored file's bytes. */
  read(): Promise<Buffer>;
};

/** The message an outbound one answers, for channels that thread (e-mail In-Reply-To / References). */
export type ReplyContext = {
  providerMessageId: string;
  references: readonly string[];
  subject: string | null;
};

export type OutboundMessage = {
  messageId: string;
  companyId: string;
  contactId: string;
  /** The contact channel the message goes out on. */
  contactChannelId: string;
  kind: ChannelKind;
  /** The customer's address on the channel (phone digits, e-mail, provider user id). */
  to: string;
  text: string;
  subject: string | null;
  attachments: readonly OutboundAttachment[];
  replyTo: ReplyContext | null;
  /** The company's account (line) to send from: the contact channel's own, else the kind's first enabled one. */
  account: ChannelAccountRecord | null;
};

export type SendResult = {
  providerMessageId: string;
  /** Thread headers the adapter set (e-mail References), stored so the next reply extends the chain. */
  references?: readonly string[];
};

export class DeliveryError extends Error {
  constructor(
    message: string,
    /** Permanent failures (invalid address, blocked, no account) are not retried. */
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export type ChannelAdapter = {
  send(message: OutboundMessage): Promise<SendResult>;
};

export type AdapterRegistry = (kind: ChannelKind) => ChannelAdapter;
