// The one interface every channel kind implements (README.md beside this file). Inbound transports (webhooks,
// IMAP, the widget socket) verify what arrives, normalise it into an InboundMessage and hand it to the
// `ingest` function the composition root gives them; outbound sends return the provider's id of the message
// or throw a DeliveryError saying whether trying again can help. Nothing here knows the domain behind ingest.
import type { ChannelKind, Message } from '@atende/contract';
import type { FastifyBaseLogger } from 'fastify';

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

/** A file a customer sent, as the provider handed it over (typed by content when stored). */
export type InboundAttachment = { filename: string; contentType: string; data: Buffer };

/** A customer's message, normalised from any provider's payload. */
export type InboundMessage = {
  companyId: string;
  kind: ChannelKind;
  /** The company's channel account (line) the message arrived on. */
  channelAccountId?: string | null;
  from: { address: string; name?: string | null };
  text: string;
  /** The provider's id of the message: a retried delivery of the same id stores nothing. */
  providerMessageId: string;
  receivedAt?: Date;
  /** E-mail: the subject, the HTML body, and its References chain (kept so replies extend it). */
  subject?: string | null;
  html?: string | null;
  references?: readonly string[];
  /**
   * Provider ids of messages this one answers, most telling first (e-mail In-Reply-To, then References newest
   * first): a sender address not known yet joins the contact whose conversation holds the first one found;
   * a known address stays with its own contact.
   */
  threadHints?: readonly string[];
  attachments?: readonly InboundAttachment[];
};

export type IngestResult = {
  contactId: string;
  /** Null for a repeated delivery (`duplicate`), or a message taken as something else (a rating's comment). */
  messageId: string | null;
  duplicate: boolean;
  createdContact: boolean;
  /** The stored message as the contract shows it, when known without reading it back (no files). */
  message?: Message;
};

/** Stores an inbound message once (idempotent on its provider id); supplied by the composition root. */
export type Ingest = (message: InboundMessage) => Promise<IngestResult>;

export type OutboundAttachment = {
  filename: string;
  contentType: string;
  size: number;
  /** The stored file's bytes. */
  read(): Promise<Buffer>;
  /**
   * A public, signed address of the file that works for a while (FILE_URL_TTL_HOURS), for providers that fetch
   * media by URL (Twilio's MediaUrl, Viber's media); absent where the composition gives none.
   */
  url?: string | null;
  /**
   * The provider's id of the file already uploaded to the account (`uploadMedia`): sent by id, not uploaded
   * again (a broadcast's one file, uploaded once for all its recipients).
   */
  providerMediaId?: string | null;
};

/**
 * The message an outbound one answers, for channels that thread (e-mail In-Reply-To / References): the message
 * the attendant quoted when it came from the provider, else the customer's last one on that channel.
 */
export type ReplyContext = {
  providerMessageId: string;
  references: readonly string[];
  subject: string | null;
  /**
   * The attendant quoted it (rather than it being the customer's last message): chat apps show a quote only
   * for this, where e-mail threads under either.
   */
  quoted: boolean;
};

/**
 * Choices offered with a message, for providers with a native form of them (Telegram's inline keyboard,
 * WhatsApp's interactive list, Messenger's and Instagram's quick replies, Viber's keyboard): `label` opens the list where one is needed; each option's `id` comes back to
 * `WebhookIo.choose` when the customer picks it. Kinds without a native form never receive choices.
 */
export type MessageChoices = { label: string; options: readonly { id: string; title: string }[] };

/** An approved WhatsApp template by name and language, with its body variables' values in order. */
export type OutboundTemplate = { name: string; language: string; variables: readonly string[] };

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
  /** A WhatsApp template to send instead of the text (which is its body filled, as the timeline shows it). */
  template?: OutboundTemplate | null;
  /** Options to offer natively with the text (MessageChoices). */
  choices?: MessageChoices | null;
  attachments: readonly OutboundAttachment[];
  replyTo: ReplyContext | null;
  /** The company's account (line) to send from: the contact channel's own, else the kind's first enabled one. */
  account: ChannelAccountRecord | null;
  /** Our webhook address for that account, for providers told per message where to report (Twilio). */
  webhookUrl?: string | null;
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
    /** A provider's rate limit says when to try again (HTTP 429 retry_after, WhatsApp 130429): not sooner. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** A message an attendant deleted for everyone, to remove from the customer's side. */
export type DeletedMessage = {
  messageId: string;
  companyId: string;
  contactChannelId: string;
  kind: ChannelKind;
  to: string;
  /** Null when the provider never took it (deleted while pending): there is nothing to remove there. */
  providerMessageId: string | null;
  account: ChannelAccountRecord | null;
};

/** A provider's call to our webhook address, with the exact bytes it sent (signatures are over them). */
export type WebhookRequest = {
  method: 'GET' | 'POST';
  /** The public address the provider called, query included (Twilio signs it). */
  url: string;
  headers: Readonly<Record<string, string | undefined>>;
  query: Readonly<Record<string, string>>;
  rawBody: Buffer;
};

/** What the provider is answered: its expected status and body (Meta's challenge, Twilio's TwiML…). */
export type WebhookReply = { status: number; body?: string | Record<string, unknown>; contentType?: string };

/** A provider's word on a message we sent, found by the provider's id of it. */
export type ProviderStatus = {
  providerMessageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** The provider's own words on a failure (shown on the message as they are). */
  failureReason?: string | null;
};

/** A customer picked one of a message's choices (its option id), on the account's channel from `address`. */
export type ChoiceMade = { id: string; address: string };
/**
 * What became of a choice: `accepted` when it changed something, and the words to show the customer (in the
 * company's language) where the provider shows an answer to a tap (Telegram's answerCallbackQuery); null
 * reply for an id nobody in the product knows.
 */
export type ChoiceOutcome = { accepted: boolean; reply: string | null };
/** Hands a choice to the part of the product whose id it is; supplied by the composition root. */
export type Choose = (
  choice: ChoiceMade & { companyId: string; kind: ChannelKind; channelAccountId: string },
) => Promise<ChoiceOutcome>;

/** What a webhook handler may do besides answering: store messages, and move our messages' statuses forward. */
export type WebhookIo = {
  ingest: Ingest;
  /** Applies each status to the account's message with that provider id; unknown ids are ignored. */
  statuses(updates: readonly ProviderStatus[]): Promise<void>;
  /**
   * Watermark receipts (Messenger, Instagram): every message sent from the account to `address` up to `until`
   * has reached `status`.
   */
  statusesUpTo(receipt: { address: string; status: 'delivered' | 'read'; until: Date }): Promise<void>;
  /** A customer's pick among a message's choices; a repeated one changes nothing. */
  choose(choice: ChoiceMade): Promise<ChoiceOutcome>;
  log: FastifyBaseLogger;
};

/** Refusal of a webhook before anything was stored: the status the provider gets, and why (for the log). */
export class WebhookRefusal extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 413,
    reason: string,
  ) {
    super(reason);
    this.name = 'WebhookRefusal';
  }
}

/** A connection check's outcome: `error` is the provider's own words. */
export type ProviderProbe = { ok: boolean; error: string | null };

/**
 * The side of a provider reached over HTTP: its webhook (verify → normalise → ingest, then answer), a check
 * that the account's credentials work, and, where the provider offers it, registering our webhook address.
 */
export type ProviderInbound = {
  webhook(account: ChannelAccountRecord, request: WebhookRequest, io: WebhookIo): Promise<WebhookReply>;
  check(account: ChannelAccountRecord): Promise<ProviderProbe>;
  registerWebhook?(account: ChannelAccountRecord, url: string): Promise<void>;
};

/**
 * A channel kind's adapter. Beyond sending, each declares what its provider can do, as the contract's
 * CHANNEL_FEATURES tells the console (a test holds the two equal): `replyContext` when a send carries the
 * message it answers (`replyTo`), and `deleteForEveryone` when a sent message can be taken back (null where the
 * provider cannot: the console then offers no deletion).
 */
export type ChannelAdapter = {
  send(message: OutboundMessage): Promise<SendResult>;
  readonly replyContext: boolean;
  readonly deleteForEveryone: ((message: DeletedMessage) => Promise<void>) | null;
  /** Sends `OutboundMessage.choices` in the provider's own form (absent: never given choices). */
  readonly choices?: boolean;
  /** Kinds whose provider calls us over HTTP (channels/<kind>/inbound.ts). */
  readonly provider?: ProviderInbound;
  /**
   * Kinds that send files by a provider media id: uploads the file to the account once, answering the id that
   * `providerMediaId` then reuses.
   */
  readonly uploadMedia?: (account: ChannelAccountRecord, file: OutboundAttachment) => Promise<string>;
};

export type AdapterRegistry = (kind: ChannelKind) => ChannelAdapter;
