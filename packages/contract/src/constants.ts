// Business constants and limits of spec §9, plus the product defaults of spec §1.
export const PRODUCT_VERSION = '2.3.0';
export const DEFAULT_TIMEZONE = 'America/Sao_Paulo';
export const DEFAULT_CURRENCY = 'BRL';
export const DEFAULT_COLOR_LIGHT = '#29a4ff';
export const DEFAULT_COLOR_DARK = '#448aff';

export const HEARTBEAT_INTERVAL_MS = 30_000;
/** Heartbeat polling stops once consecutive failures exceed this number. */
export const HEARTBEAT_MAX_FAILURES = 5;
export const LATENCY_HISTORY_MS = 900_000;
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
export const TOKEN_CHECK_DELAY_MS = 200;

/** Login throttling: failed attempts allowed per window, per company+username and per client IP. */
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_FAILURES_PER_IP = 50;
export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60_000;

/** Largest JSON body the API accepts. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
