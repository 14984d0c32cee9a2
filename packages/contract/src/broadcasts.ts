// Broadcasts (spec §1 "send broadcasts (transmission lists)", §5 maximum contacts, §8 "Erro ao enviar
// transmissão"; issue 25): saved transmission lists (a contact-list filter, picked contacts, or an imported CSV
// previewed row by row), and broadcasts that send one message to each of a list's contacts through one channel
// account, now or at a wall time of the company's time zone, with live counts and a per-recipient report.
import { z } from 'zod';
import { BROADCAST_MAX } from './company-settings.ts';
import { Id, messageText, requiredText, text, Timestamp } from './common.ts';
import { ContactFilters } from './contacts.ts';
import { ChannelKind, type ChannelKind as Kind } from './enums.ts';
import { AttachmentKind } from './messages.ts';

/**
 * Messages a second a broadcast hands to one channel account: the providers' documented throughput
 * (WhatsApp Cloud 80/s per number, Telegram 30/s per bot, a Twilio long code about 1/s — 10/s for short codes
 * and toll-free; we take the safe side of 1), and a modest rate where the provider publishes none.
 */
export const BROADCAST_THROUGHPUT: Record<Kind, number> = {
  whatsapp: 80,
  telegram: 30,
  sms: 1,
  messenger: 10,
  instagram_direct: 10,
  viber: 10,
  email: 5,
  api: 20,
  chat: 20,
  voice: 1,
};

/** An account's broadcast throughput: its own `broadcast_rate` setting when set, else its kind's. */
export const broadcastThroughput = (
  kind: Kind,
  settings: Record<string, unknown> | null | undefined,
): number => Number(settings?.broadcast_rate) || BROADCAST_THROUGHPUT[kind];

/** The kinds a broadcast may leave through: those with an outbound adapter and a customer address. */
export const BROADCAST_KINDS = [
  'whatsapp',
  'telegram',
  'sms',
  'messenger',
  'instagram_direct',
  'viber',
  'email',
  'api',
] as const satisfies readonly Kind[];
export const BroadcastKind = z.enum(BROADCAST_KINDS);

/** Phone-addressed kinds a CSV's numbers may be matched on. */
export const BROADCAST_CSV_KINDS = ['whatsapp', 'sms'] as const satisfies readonly Kind[];
export const BROADCAST_CSV_MAX_BYTES = 2 * 1024 * 1024;
/** The CSV's columns: a phone number (required) and a name (optional, for contacts created from the file). */
export const BROADCAST_CSV_COLUMNS = ['phone', 'name'] as const;

export const BROADCAST_LIST_SOURCES = ['filter', 'contacts', 'csv'] as const;
export const BroadcastListSource = z.enum(BROADCAST_LIST_SOURCES);
export type BroadcastListSource = z.infer<typeof BroadcastListSource>;

/** A row of an imported CSV sent back to be saved: its number and the name for a new contact. */
export const BroadcastCsvRow = z.object({
  line: z.number().int().min(2).max(1_000_000),
  phone: text(64),
  name: text(200),
});

export const BroadcastListRequest = z.discriminatedUnion('source', [
  z.object({ source: z.literal('filter'), name: requiredText(120), filter: ContactFilters }),
  z.object({
    source: z.literal('contacts'),
    name: requiredText(120),
    contact_ids: z.array(Id).min(1).max(BROADCAST_MAX.max),
  }),
  z.object({
    source: z.literal('csv'),
    name: requiredText(120),
    kind: z.enum(BROADCAST_CSV_KINDS),
    rows: z.array(BroadcastCsvRow).min(1).max(BROADCAST_MAX.max),
  }),
]);
export type BroadcastListRequest = z.infer<typeof BroadcastListRequest>;

export const BroadcastList = z.object({
  id: Id,
  name: z.string(),
  source: BroadcastListSource,
  /** The saved filter (filter lists are resolved again each time they are sent). */
  filter: ContactFilters.nullable(),
  /** How many contacts the list holds (null for a filter: counted when a broadcast is reviewed). */
  contacts: z.number().int().nullable(),
  created_at: Timestamp,
});
export type BroadcastList = z.infer<typeof BroadcastList>;
export const BroadcastListList = z.object({ data: z.array(BroadcastList) });

export const BROADCAST_CSV_PROBLEMS = ['encoding', 'missing_phone', 'malformed', 'duplicate'] as const;
export const BroadcastCsvProblem = z.enum(BROADCAST_CSV_PROBLEMS);
export type BroadcastCsvProblem = z.infer<typeof BroadcastCsvProblem>;

/** A CSV row as the preview judged it: a known contact's number, a new one, or a row that cannot be used. */
export const BroadcastCsvPreviewEntry = z.object({
  line: z.number().int(),
  phone: z.string(),
  name: z.string(),
  outcome: z.enum(['matched', 'new', 'invalid']),
  problem: BroadcastCsvProblem.nullable(),
  contact_id: Id.nullable(),
});
export type BroadcastCsvPreviewEntry = z.infer<typeof BroadcastCsvPreviewEntry>;
export const BroadcastCsvPreview = z.object({
  rows: z.array(BroadcastCsvPreviewEntry),
  matched: z.number().int(),
  new: z.number().int(),
  invalid: z.number().int(),
});
export type BroadcastCsvPreview = z.infer<typeof BroadcastCsvPreview>;
export const BroadcastCsvQuery = z.object({ kind: z.enum(BROADCAST_CSV_KINDS) });

/** The customer fields a template variable may be filled from, per contact. */
export const BROADCAST_FIELDS = ['name', 'document', 'code', 'protocol', 'tag', 'reason'] as const;
export const BroadcastField = z.enum(BROADCAST_FIELDS);
export type BroadcastField = z.infer<typeof BroadcastField>;

/** A template variable: a customer field of each contact, or the same text for all. */
export const BroadcastVariable = z.union([
  z.object({ field: BroadcastField }),
  z.object({ text: requiredText(1024) }),
]);
export type BroadcastVariable = z.infer<typeof BroadcastVariable>;

export const BroadcastMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: messageText(4096) }),
  /** A file uploaded first (POST /api/broadcasts/files), with an optional caption. */
  z.object({ type: z.literal('file'), file_id: Id, caption: text(1024) }),
  z.object({
    type: z.literal('template'),
    template_id: Id,
    variables: z.array(BroadcastVariable).max(20),
  }),
]);
export type BroadcastMessage = z.infer<typeof BroadcastMessage>;

/** A broadcast's file, uploaded before the broadcast is reviewed; every recipient's message carries it. */
export const BroadcastFile = z.object({
  id: Id,
  kind: AttachmentKind,
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});
export type BroadcastFile = z.infer<typeof BroadcastFile>;

/** A wall time of the company's time zone (YYYY-MM-DDTHH:mm). */
export const WallDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/);

/** What a broadcast sends, to whom and through which account: reviewed first (preview), then created. */
export const BroadcastAudienceRequest = z.object({
  list_id: Id,
  channel_account_id: Id,
  message: BroadcastMessage,
});
export type BroadcastAudienceRequest = z.infer<typeof BroadcastAudienceRequest>;

export const BroadcastRequest = BroadcastAudienceRequest.extend({
  name: requiredText(120),
  /** When to start, in the company's time zone; absent: now. */
  scheduled_at: WallDateTime.optional(),
});
export type BroadcastRequest = z.infer<typeof BroadcastRequest>;

export const BROADCAST_SKIP_REASONS = ['blacklisted', 'opted_out', 'no_channel', 'window_closed'] as const;
export const BroadcastSkipReason = z.enum(BROADCAST_SKIP_REASONS);
export type BroadcastSkipReason = z.infer<typeof BroadcastSkipReason>;
export const BroadcastSkipped = z.object(
  Object.fromEntries(BROADCAST_SKIP_REASONS.map((reason) => [reason, z.number().int()])) as Record<
    BroadcastSkipReason,
    z.ZodNumber
  >,
);
export type BroadcastSkipped = z.infer<typeof BroadcastSkipped>;

/** The review: who will receive it and who will be left out, and why. */
export const BroadcastPreview = z.object({ recipients: z.number().int(), skipped: BroadcastSkipped });
export type BroadcastPreview = z.infer<typeof BroadcastPreview>;

export const BROADCAST_STATUSES = ['scheduled', 'sending', 'paused', 'completed', 'cancelled'] as const;
export const BroadcastStatus = z.enum(BROADCAST_STATUSES);
export type BroadcastStatus = z.infer<typeof BroadcastStatus>;

export const BroadcastCounts = z.object({
  /** Recipients the message goes to (skipped ones left out). */
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  replied: z.number().int(),
  cancelled: z.number().int(),
});
export type BroadcastCounts = z.infer<typeof BroadcastCounts>;

export const Broadcast = z.object({
  id: Id,
  name: z.string(),
  status: BroadcastStatus,
  list_id: Id.nullable(),
  channel_account_id: Id.nullable(),
  kind: ChannelKind,
  message: BroadcastMessage,
  scheduled_at: Timestamp.nullable(),
  started_at: Timestamp.nullable(),
  finished_at: Timestamp.nullable(),
  created_at: Timestamp,
  counts: BroadcastCounts,
  skipped: BroadcastSkipped,
});
export type Broadcast = z.infer<typeof Broadcast>;
export const BroadcastPage = z.object({ data: z.array(Broadcast) });

export const BROADCAST_RECIPIENT_STATUSES = [
  'skipped',
  'queued',
  'sent',
  'delivered',
  'read',
  'failed',
  'cancelled',
] as const;
export const BroadcastRecipientStatus = z.enum(BROADCAST_RECIPIENT_STATUSES);
export type BroadcastRecipientStatus = z.infer<typeof BroadcastRecipientStatus>;

export const BroadcastRecipient = z.object({
  id: Id,
  contact_id: Id,
  contact_name: z.string(),
  address: z.string().nullable(),
  status: BroadcastRecipientStatus,
  /** Why it was skipped or failed. */
  error: z.string().nullable(),
  replied: z.boolean(),
});
export type BroadcastRecipient = z.infer<typeof BroadcastRecipient>;
export const BroadcastReportQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** The last recipient id of the previous page. */
  after: Id.optional(),
});
export const BroadcastReport = z.object({ data: z.array(BroadcastRecipient), next_after: Id.nullable() });
export type BroadcastReport = z.infer<typeof BroadcastReport>;

export const BroadcastAction = z.enum(['pause', 'resume', 'cancel']);
export type BroadcastAction = z.infer<typeof BroadcastAction>;

/** To the company's supervising room: a broadcast's status or counts changed; consoles refetch it. */
export const BroadcastChanged = z.object({ broadcast_id: Id });
export type BroadcastChanged = z.infer<typeof BroadcastChanged>;
