// The one interface every channel kind implements. Outbound sends return the provider's id of the message or
// throw a DeliveryError saying whether trying again can help.
import type { ChannelKind } from '@atende/contract';

export type OutboundMessage = {
  messageId: string;
  companyId: string;
  kind: ChannelKind;
  /** The customer's address on the channel (phone digits, e-mail, provider user id). */
  to: string;
  text: string;
  subject: string | null;
  /** The company's channel account (line) to send from, when the contact channel names one. */
  channelAccountId: string | null;
};

export type SendResult = { providerMessageId: string };

export class DeliveryError extends Error {
  constructor(
    message: string,
    /** Permanent failures (invalid address, blocked) are not retried. */
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
