// Messages of a conversation and the timeline that shows them (spec §3 Message, §7 items/messages).
import { z } from 'zod';
import { encodedText, Id, messageText, requiredText, text, Timestamp } from './common.ts';
import {
  COMPANY_MESSAGE_SEARCH_PAGE,
  EMAIL_SUBJECT_MAX,
  EXPORT_MAX_DAYS,
  ITEMS_PAGE_SIZE,
  MESSAGE_TEXT_MAX,
  SEARCH_MIN_LENGTH,
} from './constants.ts';
import { ContactEvent } from './contacts.ts';
import { CallRecord } from './voice.ts';
import { ChannelKind } from './enums.ts';

/** Outbound messages move forward only: pending → sent → delivered → read, or → failed (retryable). */
export const MESSAGE_STATUSES = ['received', 'pending', 'sent', 'delivered', 'read', 'failed'] as const;
export const MessageStatus = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof MessageStatus>;

export const ATTACHMENT_KINDS = ['image', 'audio', 'video', 'document'] as const;
export const AttachmentKind = z.enum(ATTACHMENT_KINDS);
export type AttachmentKind = z.infer<typeof AttachmentKind>;

export const Attachment = z.object({
  id: Id,
  kind: AttachmentKind,
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** A signed address: loadable by an <img> or <audio> without the token, given only to allowed users. */
  url: z.string(),
});
export type Attachment = z.infer<typeof Attachment>;

/** The message a reply quotes, as its bubble shows it: an excerpt, or nothing once it was deleted. */
export const QuotedMessage = z.object({
  id: Id,
  direction: z.enum(['in', 'out']),
  /** Up to QUOTE_EXCERPT_MAX characters of its text ('' for a file alone or a deleted message). */
  text: z.string(),
  deleted: z.boolean(),
});
export type QuotedMessage = z.infer<typeof QuotedMessage>;

export const QUOTE_EXCERPT_MAX = 200;

export const Message = z.object({
  id: Id,
  contact_id: Id,
  channel: z.object({ id: Id.nullable(), type: ChannelKind }),
  direction: z.enum(['in', 'out']),
  sender: z.object({ type: z.enum(['customer', 'user']), id: Id.nullable(), name: z.string().nullable() }),
  text: z.string(),
  /**
   * The id the sending browser gave an attendant's message (null for the customer's): the copy shown while it
   * was sent gives way to the message whichever of the send's answer and the realtime event arrives first.
   */
  client_id: z.string().nullable(),
  subject: z.string().nullable(),
  /** An e-mail with an HTML body: `GET .../messages/:id/html` gives its sanitised version. */
  has_html: z.boolean(),
  attachments: z.array(Attachment),
  reactions: z.array(z.object({ emoji: z.string(), user_id: Id.nullable() })),
  status: MessageStatus,
  failure_reason: z.string().nullable(),
  read: z.boolean(),
  reply_to: QuotedMessage.nullable(),
  /** The broadcast that sent this message (outbound) or that it answers (a customer's reply), if any. */
  broadcast: z.object({ id: Id, name: z.string() }).nullable(),
  /** What an audio message says, once transcribed (spec §3 Message.transcription). */
  transcription: z.string().nullable(),
  /** A private note: seen only by colleagues, never sent to the customer. */
  internal: z.boolean(),
  /** Deleted for everyone: text, subject and files are gone; the timeline keeps its place. */
  deleted_at: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Message = z.infer<typeof Message>;

export const MessageItem = z.object({ type: z.literal('message'), created_at: Timestamp, message: Message });
export type MessageItem = z.infer<typeof MessageItem>;
/** A registered event (spec §3 Event) in the timeline, placed by when it was registered (`created_at`). */
export const EventItem = z.object({ type: z.literal('event'), created_at: Timestamp, event: ContactEvent });
export type EventItem = z.infer<typeof EventItem>;

/** A call with the customer (its CDR) in the timeline, placed by when it started (`created_at`). */
export const CallItem = z.object({ type: z.literal('call'), created_at: Timestamp, call: CallRecord });
export type CallItem = z.infer<typeof CallItem>;

/**
 * A timeline entry: a message, an event or a call of the contact; pages order them by (created_at, id). Pages
 * are bounded by messages and events; a page holds the calls started within the span it covers.
 */
export const Item = z.discriminatedUnion('type', [MessageItem, EventItem, CallItem]);
export type Item = z.infer<typeof Item>;

export const ItemsQuery = z.object({
  /** Items strictly older than this; absent gives the latest page. */
  before_created_at: Timestamp.optional(),
  /** With before_created_at: the id of that item, so items sharing its timestamp are neither lost nor repeated. */
  before_id: Id.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(ITEMS_PAGE_SIZE),
});
export type ItemsQuery = z.infer<typeof ItemsQuery>;

/**
 * Older items given the oldest message and the oldest event loaded, each kind continuing from its own anchor;
 * a kind without an anchor (none of it loaded yet) continues from the other kind's anchor.
 */
export const PaginateQuery = z.object({
  first_message_created_at: Timestamp.optional(),
  first_message_id: Id.optional(),
  first_event_created_at: Timestamp.optional(),
  /** With first_event_created_at: the id of that event (ties on the timestamp, as first_message_id). */
  first_event_id: Id.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(ITEMS_PAGE_SIZE),
});
export type PaginateQuery = z.infer<typeof PaginateQuery>;

/** Items newest first (the store keeps them that way); `has_more` tells whether older ones exist. */
export const ItemsPage = z.object({ data: z.array(Item), has_more: z.boolean() });
export type ItemsPage = z.infer<typeof ItemsPage>;

/** The client's id for a send: a retried request with the same id creates nothing new. */
const ClientId = encodedText(64).min(8);

/** The message a send quotes: of the same conversation, not deleted. */
const ReplyTo = Id.optional();

export const SendMessageRequest = z.object({
  text: messageText(MESSAGE_TEXT_MAX),
  /** The contact channel to answer on; the main channel of the last message's kind when absent. */
  channel_id: Id.optional(),
  client_id: ClientId.optional(),
  reply_to: ReplyTo,
  /** A private note for colleagues: stored in the timeline, never sent (channel_id is then ignored). */
  internal: z.boolean().optional(),
});
export type SendMessageRequest = z.infer<typeof SendMessageRequest>;

/**
 * An e-mail reply (`POST .../messages/mail`, multipart: these fields plus any number of `files`): the composer's
 * footer subject and text, sent threaded under the customer's last e-mail.
 */
export const SendMailFields = z.object({
  subject: requiredText(EMAIL_SUBJECT_MAX, 'mail_subject_required'),
  text: messageText(MESSAGE_TEXT_MAX),
  channel_id: Id.optional(),
  client_id: ClientId.optional(),
  reply_to: ReplyTo,
});
export type SendMailFields = z.infer<typeof SendMailFields>;

/** The caption of a file or audio sent alone (empty: the file speaks for itself). */
export const Caption = text(1024).default('');

/** The text fields of a file or audio send (`POST .../file`, `.../audio`, multipart with one `file`). */
export const SendFileFields = z.object({
  caption: Caption,
  channel_id: Id.optional(),
  client_id: ClientId.optional(),
  reply_to: ReplyTo,
});
export type SendFileFields = z.infer<typeof SendFileFields>;

/** The HTML version of an e-mail, sanitised on the server (no scripts, no remote loads, no forms). */
export const MessageHtml = z.object({ id: Id, subject: z.string().nullable(), html: z.string() });
export type MessageHtml = z.infer<typeof MessageHtml>;

export const MessageStatusChanged = z.object({
  id: Id,
  contact_id: Id,
  status: MessageStatus,
  failure_reason: z.string().nullable(),
  updated_at: Timestamp,
});
export type MessageStatusChanged = z.infer<typeof MessageStatusChanged>;

export const MESSAGE_SEARCH_LIMIT = 100;

export const MessageSearchQuery = z.object({
  term: text(200).min(SEARCH_MIN_LENGTH, { message: 'search_term_too_short' }),
});
export type MessageSearchQuery = z.infer<typeof MessageSearchQuery>;

/** Matches newest first; `has_more` when more than MESSAGE_SEARCH_LIMIT matched. */
export const MessageSearchResult = z.object({ data: z.array(Message), has_more: z.boolean() });
export type MessageSearchResult = z.infer<typeof MessageSearchResult>;

/**
 * Search across every conversation the user may see (`GET /api/messages/search`): the same term as in one
 * conversation, newest first, a page continuing strictly before the last match shown (its created_at and id).
 */
export const CompanyMessageSearchQuery = MessageSearchQuery.extend({
  before_created_at: Timestamp.optional(),
  before_id: Id.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(COMPANY_MESSAGE_SEARCH_PAGE),
});
export type CompanyMessageSearchQuery = z.infer<typeof CompanyMessageSearchQuery>;

/** One matching message, with the conversation it belongs to: enough to list it and open that conversation. */
export const MessageSearchHit = z.object({
  id: Id,
  contact: z.object({ id: Id, name: z.string() }),
  channel: z.object({ id: Id.nullable(), type: ChannelKind }),
  direction: z.enum(['in', 'out']),
  text: z.string(),
  subject: z.string().nullable(),
  created_at: Timestamp,
});
export type MessageSearchHit = z.infer<typeof MessageSearchHit>;

export const CompanyMessageSearchResult = z.object({
  data: z.array(MessageSearchHit),
  has_more: z.boolean(),
});
export type CompanyMessageSearchResult = z.infer<typeof CompanyMessageSearchResult>;

const ExportDate = z.iso.date({ message: 'export_invalid_date' });
const DAY_MS = 86_400_000;

/** Export of a conversation (spec §5): valid dates, end not before start, at most 90 days. */
export const ExportQuery = z
  .object({ start_date: ExportDate, end_date: ExportDate, format: z.enum(['html', 'csv']).default('html') })
  .refine((query) => query.end_date >= query.start_date, {
    message: 'export_invalid_date',
    path: ['end_date'],
  })
  .refine((query) => Date.parse(query.end_date) - Date.parse(query.start_date) < EXPORT_MAX_DAYS * DAY_MS, {
    message: 'export_interval_too_long',
    path: ['end_date'],
  });
export type ExportQuery = z.infer<typeof ExportQuery>;

const MB = 1024 * 1024;

/**
 * What each channel accepts, by attachment kind, in bytes (the providers' limits, CHANNELS.md); a kind absent
 * from a channel cannot be sent on it.
 */
export const MEDIA_LIMITS: Record<ChannelKind, Partial<Record<AttachmentKind, number>>> = {
  whatsapp: { image: 5 * MB, audio: 16 * MB, video: 16 * MB, document: 100 * MB },
  instagram_direct: { image: 8 * MB, audio: 25 * MB, video: 25 * MB },
  messenger: { image: 25 * MB, audio: 25 * MB, video: 25 * MB, document: 25 * MB },
  telegram: { image: 10 * MB, audio: 50 * MB, video: 50 * MB, document: 50 * MB },
  viber: { image: 10 * MB, video: 50 * MB, document: 50 * MB },
  email: { image: 20 * MB, audio: 20 * MB, video: 20 * MB, document: 20 * MB },
  chat: { image: 20 * MB, audio: 20 * MB, video: 20 * MB, document: 20 * MB },
  // MMS (Twilio): up to 5 MB of media per message, where the destination's carrier takes MMS (US, Canada).
  sms: { image: 5 * MB, audio: 5 * MB, video: 5 * MB, document: 5 * MB },
  voice: {},
  api: { image: 20 * MB, audio: 20 * MB, video: 20 * MB, document: 20 * MB },
};

/**
 * What each channel's provider can do beyond sending (the adapters declare the same, channels/adapter.ts, and
 * a test holds them equal): thread a reply under the message it quotes, remove a sent message from the
 * customer's side, and offer a message's choices in its own form (buttons, a list, quick replies, a keyboard: the CSAT request). Kinds
 * without an adapter yet declare none.
 */
export type ChannelFeatures = { reply_context: boolean; delete_for_everyone: boolean; choices: boolean };
const NO_FEATURES: ChannelFeatures = { reply_context: false, delete_for_everyone: false, choices: false };
export const CHANNEL_FEATURES: Record<ChannelKind, ChannelFeatures> = {
  whatsapp: { reply_context: true, delete_for_everyone: false, choices: true },
  instagram_direct: { reply_context: false, delete_for_everyone: false, choices: true },
  messenger: { reply_context: true, delete_for_everyone: false, choices: true },
  telegram: { reply_context: true, delete_for_everyone: false, choices: true },
  viber: { reply_context: false, delete_for_everyone: false, choices: true },
  email: { reply_context: true, delete_for_everyone: false, choices: false },
  chat: { reply_context: true, delete_for_everyone: true, choices: false },
  sms: NO_FEATURES,
  voice: NO_FEATURES,
  api: { reply_context: true, delete_for_everyone: false, choices: false },
};

/** The largest upload any channel takes: the request body limit of the file routes. */
export const UPLOAD_MAX_BYTES = 100 * MB;

/** Content types accepted, checked against the file's content (magic bytes), not its name. */
export const ACCEPTED_CONTENT_TYPES: Record<AttachmentKind, readonly string[]> = {
  image: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  audio: [
    'audio/ogg',
    'audio/opus',
    'audio/mpeg',
    'audio/mp4',
    'audio/aac',
    'audio/webm',
    'audio/wav',
    'audio/x-wav',
  ],
  video: ['video/mp4', 'video/3gpp', 'video/webm', 'video/quicktime'],
  document: [
    'application/pdf',
    'text/plain',
    'text/csv',
    'application/zip',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text',
    'application/vnd.oasis.opendocument.spreadsheet',
  ],
};

/** Toggles the user's reaction: the same emoji again removes it. */
export const ReactionRequest = z.object({ emoji: requiredText(16) });
export type ReactionRequest = z.infer<typeof ReactionRequest>;

/** The message data panel: where a message came from and how its delivery went. */
export const MessageMetaData = z.object({
  id: Id,
  direction: z.enum(['in', 'out']),
  channel: z.object({ type: ChannelKind, address: z.string().nullable(), line: z.string().nullable() }),
  provider_message_id: z.string().nullable(),
  client_id: z.string().nullable(),
  status: MessageStatus,
  failure_reason: z.string().nullable(),
  sender: z.object({ type: z.enum(['customer', 'user']), id: Id.nullable(), name: z.string().nullable() }),
  read_at: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type MessageMetaData = z.infer<typeof MessageMetaData>;
