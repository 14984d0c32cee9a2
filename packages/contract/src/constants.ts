// Business constants and limits of spec §9, the product defaults of spec §1, and the plain values (lists,
// sizes, paths) the web app needs. This module imports nothing of zod, so the web bundle may import from it
// freely; modules that define schemas keep zod alive in any bundle that imports a value from them.
import type { ChannelKind } from './enums.ts';
import type { MessageStatus } from './messages.ts';
export const PRODUCT_VERSION = '2.3.0';
export const DEFAULT_TIMEZONE = 'America/Sao_Paulo';
export const DEFAULT_CURRENCY = 'BRL';
export const DEFAULT_COLOR_LIGHT = '#29a4ff';
export const DEFAULT_COLOR_DARK = '#448aff';
export const DEFAULT_PRODUCT_NAME = 'Atende';

export const HEARTBEAT_INTERVAL_MS = 30_000;
/** Heartbeat polling stops once consecutive failures exceed this number. */
export const HEARTBEAT_MAX_FAILURES = 5;
export const LATENCY_HISTORY_MS = 900_000;
/** The console probes the realtime connection this often (a ping whose ack carries the server's clock). */
export const LATENCY_PROBE_INTERVAL_MS = 5_000;
/** A probe unanswered this long counts as lost. */
export const LATENCY_PROBE_TIMEOUT_MS = 4_000;
/** A round trip above this is a bad connection, flagged in the sidebar. */
export const LATENCY_BAD_MS = 800;
/** The sidebar flags the connection when most of this many last probes were slow or lost (not one spike). */
export const LATENCY_BAD_WINDOW = 3;
export const RECENT_CONTACTS_MAX = 20;
export const COMMENTS_PAGE_SIZE = 15;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const TOAST_DURATION_MS = 5_000;
export const UNAUTHORIZED_SUPPRESSION_MS = 5_000;
export const SIP_RESTART_DELAY_MS = 1_000;
export const EVENTS_HISTORY_SIZE = 10;
export const SCHEDULE_REMINDERS_MINUTES = [10, 1] as const;
export const EXPORT_MAX_DAYS = 90;
export const PROFILE_IMAGE_MAX_BYTES = 3 * 1024 * 1024;
export const SEARCH_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 8;
export const FILES_PER_SEND = 1;
export const SURVEY_MIN = 0;
export const SURVEY_MAX = 10;
/** Profile image (spec §5, §9): jpg or png up to 3 MB, kept resized in these two sizes (pixels, square). */
export const AVATAR_MAX_BYTES = 3 * 1024 * 1024;
export const AVATAR_SIZES = { large: 256, small: 64 } as const;
export const TOKEN_CHECK_DELAY_MS = 200;

/** The Center's audit log: events per page. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 200;
/** The Center's catalogues (pause reasons, event actions…): a name's length, a page, a pause's longest limit. */
export const CATALOGUE_NAME_MAX = 120;
export const CATALOGUE_PAGE_SIZE = 50;
export const CATALOGUE_PAGE_MAX = 200;
export const PAUSE_MAX_MINUTES = 24 * 60;
/** A ready phrase's text (own or the company's). */
export const PHRASE_TEXT_MAX = 2000;

/** Largest JSON body the API accepts. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
/** The largest provider webhook accepted (Meta batches many changes in one call; media come by reference). */
export const WEBHOOK_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/** The product's own branding (files of the web app's public folder), under any company's overrides. */
export const DEFAULT_BRANDING = {
  favicon: '/favicon.svg',
  logo: '/brand/logo.svg',
  logo_inverted: '/brand/logo-inverted.svg',
  logo_monochrome_light: '/brand/logo-monochrome-light.svg',
  logo_monochrome_dark: '/brand/logo-monochrome-dark.svg',
  color_light: DEFAULT_COLOR_LIGHT,
  color_dark: DEFAULT_COLOR_DARK,
  product_name: DEFAULT_PRODUCT_NAME,
} as const;

/** White-label files (Center › Marca): a logo is drawn large, a favicon at 16–64 px. */
export const BRAND_FILE_MAX_BYTES = { logo: 512 * 1024, favicon: 128 * 1024 } as const;
export const PRODUCT_NAME_MAX = 40;

/** Contact list filters, orderings and search parameters (spec §2). */
export const CONTACT_LIST_FILTERS = [
  'general',
  'mine',
  'pending_schedules',
  'pending',
  'pending_first_response',
  'chatbots',
] as const;
export const CONTACT_ORDERS = [
  'default',
  'last_message',
  'name',
  'online',
  'priority',
  'critical',
  'unread',
] as const;
export const SEARCH_PARAMETERS = [
  'document',
  'tag',
  'code',
  'protocol',
  'phone',
  'email',
  'name',
  'last_event',
  'responsible',
] as const;
export const CONTACTS_PAGE_SIZE = 50;
export const CONTACTS_PAGE_MAX = 200;
/**
 * What a company calls critical until an administrator says otherwise: a high-priority customer unanswered for
 * more than an hour.
 */
export const DEFAULT_CRITICAL_AFTER_MINUTES = 60;
/** The longest wait a critical rule may name: a week. */
export const CRITICAL_AFTER_MINUTES_MAX = 7 * 24 * 60;
/** A user's saved views of the contact list: how many, and how long a name. */
export const SAVED_VIEWS_MAX = 20;
export const SAVED_VIEW_NAME_MAX = 60;
/** Values one combinable filter of the list takes at most (responsibles, segments). */
export const CONTACT_FILTER_VALUES_MAX = 50;
/** Conversations one bulk action (resolve, assign) changes at most: a screenful of the list. */
export const CONVERSATION_BULK_MAX = 100;
/** Length of the note left to the receiver of a conversation. */
export const ASSIGNMENT_NOTE_MAX = 500;
export const WAITING_LIST_SIZE = 50;

/** Channel kinds whose address is a phone number (not Viber: its Bot API knows customers by an opaque id). */
export const PHONE_KINDS = ['whatsapp', 'sms', 'voice'] as const satisfies readonly ChannelKind[];

export const REALTIME_PATH = '/socket.io';
/** The chat widget's Socket.IO namespace, on the same path as the console's. */
export const WIDGET_NAMESPACE = '/widget';

/** Timeline entries per page, and the longest message text. */
export const ITEMS_PAGE_SIZE = 50;
export const MESSAGE_TEXT_MAX = 4096;
/**
 * The longest text each channel's provider takes in one message (the composer and the server both hold a
 * message to its channel's): Messenger 2 000, Instagram 1 000, an SMS of 10 segments; the others take ours.
 */
export const CHANNEL_TEXT_MAX: Record<ChannelKind, number> = {
  email: MESSAGE_TEXT_MAX,
  chat: MESSAGE_TEXT_MAX,
  whatsapp: 4096,
  messenger: 2000,
  instagram_direct: 1000,
  telegram: 4096,
  viber: 4096,
  sms: 1600,
  voice: MESSAGE_TEXT_MAX,
  api: MESSAGE_TEXT_MAX,
};
export const THREAD_NAME_MAX = 120;
export const EMAIL_SUBJECT_MAX = 255;
/** Matches per page of the company-wide message search. */
export const COMPANY_MESSAGE_SEARCH_PAGE = 20;

/** The channel kinds the Center configures: all but voice, which arrives with its own issue. */
export const CONFIGURABLE_CHANNEL_KINDS = [
  'email',
  'chat',
  'whatsapp',
  'messenger',
  'instagram_direct',
  'telegram',
  'viber',
  'sms',
  'api',
] as const satisfies readonly ChannelKind[];

/**
 * Delivery failure reasons the product states itself, as codes the console translates; a provider's own words
 * (an SMTP reply, an API error) come through as they are.
 */
export const DELIVERY_FAILURE_CODES = [
  'blacklisted',
  'no_channel_account',
  'channel_not_supported',
  'email_account_incomplete',
  /** The provider refused the account's access token (expired, revoked or wrong): any kind. */
  'provider_token_invalid',
  'meta_window_closed',
  'instagram_page_required',
  'api_webhook_missing',
  /** An SMS account with neither a sending number nor a messaging service. */
  'sms_sender_missing',
  /** A file to send by a provider that fetches it by URL, without the server's public address of it. */
  'attachment_url_unavailable',
  'whatsapp_window_closed',
] as const;

/**
 * Delivery statuses move forward only: the statuses each status may be reached from (a late "delivered"
 * never overwrites "read"; a failed message goes back to pending only by an explicit retry).
 */
export const MESSAGE_STATUS_REACHABLE_FROM: Record<MessageStatus, readonly MessageStatus[]> = {
  received: [],
  pending: ['failed'],
  sent: ['pending'],
  delivered: ['pending', 'sent'],
  read: ['pending', 'sent', 'delivered'],
  failed: ['pending', 'sent'],
};

/** Teams (issue 21, item 2): name length, page sizes and the most users or segments one team lists. */
export const TEAM_NAME_MAX = 120;
export const TEAM_PAGE_SIZE = 50;
export const TEAM_PAGE_MAX = 200;
export const TEAM_MEMBERS_MAX = 500;
/** The Center's users list: a page by default and at most. */
export const USER_PAGE_SIZE = 50;
export const USER_PAGE_MAX = 200;
/** Length of a temporary password the server generates (invite, reset). */
export const TEMPORARY_PASSWORD_LENGTH = 12;

/** Customer satisfaction (issue 28): the rating's scale, a comment's length, how long a link answers. */
export const CSAT_RATING = { min: 1, max: 5 } as const;
export const CSAT_COMMENT_MAX = 1000;
export const CSAT_LINK_DAYS = 30;
