// The company's settings (Center › Empresa, issue 21 item 5): time zone, currency, default language, business
// hours and holidays, the service-level threshold, the broadcast maximum and how long messages and files are
// kept. Read by administrators and supervisors, changed by administrators; the console reads time zone,
// currency and language through GET /api/resources (`live_defaults`).
import { z } from 'zod';
import { WEEKDAYS, clockMinutes } from './business-hours.ts';
import { requiredText, Timestamp } from './common.ts';
import { DEFAULT_CURRENCY, DEFAULT_TIMEZONE } from './constants.ts';
import { Language } from './enums.ts';
import { DEFAULT_LANGUAGE } from './languages.ts';

/** The currencies offered (ISO 4217): the markets the product sells in and their neighbours. */
export const CURRENCIES = [
  'BRL',
  'USD',
  'EUR',
  'GBP',
  'ARS',
  'CLP',
  'COP',
  'MXN',
  'PEN',
  'UYU',
  'PYG',
  'BOB',
  'CAD',
  'CHF',
  'JPY',
  'AOA',
  'MZN',
  'CVE',
] as const;
export const Currency = z.enum(CURRENCIES);

export const HOLIDAYS_MAX = 100;
export const INTERVALS_PER_DAY_MAX = 6;
export const SERVICE_LEVEL_SECONDS = { min: 10, max: 7 * 24 * 3600 } as const;
export const BROADCAST_MAX = { min: 1, max: 100_000 } as const;
export const RETENTION_MONTHS = { min: 1, max: 120 } as const;

export const isKnownTimezone = (timezone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
};

export const Timezone = z.string().max(64).refine(isKnownTimezone, { message: 'invalid_timezone' });

const Clock = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/);
export const HoursInterval = z
  .object({ start: Clock, end: Clock })
  .refine((span) => clockMinutes(span.start) < clockMinutes(span.end), {
    message: 'business_hours_order',
    path: ['end'],
  });
export type HoursInterval = z.infer<typeof HoursInterval>;

/** A day's spans, refused when two of them overlap (touching is fine: 12:00–14:00 then 14:00–18:00). */
const DayHours = z
  .array(HoursInterval)
  .max(INTERVALS_PER_DAY_MAX)
  .superRefine((spans, check) => {
    const sorted = spans
      .map((span) => [clockMinutes(span.start), clockMinutes(span.end)] as const)
      .sort((a, b) => a[0] - b[0]);
    if (sorted.some((span, index) => index > 0 && span[0] < sorted[index - 1]![1])) {
      check.addIssue({ code: 'custom', message: 'business_hours_overlap' });
    }
  });

export const WeekHours = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, DayHours])) as Record<
    (typeof WEEKDAYS)[number],
    typeof DayHours
  >,
);

export type WeekHours = z.infer<typeof WeekHours>;

const CalendarDate = z.iso.date();
export const Holiday = z.object({ date: CalendarDate, name: requiredText(80) });
export type Holiday = z.infer<typeof Holiday>;

const Holidays = z
  .array(Holiday)
  .max(HOLIDAYS_MAX)
  .refine((list) => new Set(list.map((holiday) => holiday.date)).size === list.length, {
    message: 'holiday_duplicate',
  });

export const CompanySettings = z.object({
  timezone: Timezone,
  currency: Currency,
  language: Language,
  /** Null: the company attends at any hour (holidays still close it). */
  business_hours: WeekHours.nullable(),
  holidays: Holidays,
  /** How long a customer may wait for an answer, in business seconds. */
  service_level_seconds: z.number().int().min(SERVICE_LEVEL_SECONDS.min).max(SERVICE_LEVEL_SECONDS.max),
  /** The most recipients one broadcast may have. */
  broadcast_max: z.number().int().min(BROADCAST_MAX.min).max(BROADCAST_MAX.max),
  /** Messages and files older than this many months are purged every day; null keeps them forever. */
  retention_months: z.number().int().min(RETENTION_MONTHS.min).max(RETENTION_MONTHS.max).nullable(),
  /** Whether a resolved conversation's customer is asked for a satisfaction rating (CSAT). */
  csat_enabled: z.boolean(),
});
export type CompanySettings = z.infer<typeof CompanySettings>;

export const DEFAULT_COMPANY_SETTINGS: CompanySettings = {
  timezone: DEFAULT_TIMEZONE,
  currency: DEFAULT_CURRENCY,
  language: DEFAULT_LANGUAGE,
  business_hours: null,
  holidays: [],
  service_level_seconds: 300,
  broadcast_max: 1000,
  retention_months: null,
  csat_enabled: true,
};

/** PATCH /api/center/company: any of the settings, at least one. */
export const UpdateCompanySettings = CompanySettings.partial().refine(
  (body) => Object.keys(body).length > 0,
  { message: 'nothing_to_change' },
);
export type UpdateCompanySettings = z.infer<typeof UpdateCompanySettings>;

/** The settings and whether the reader may change them (supervisors read only). */
export const CenterCompanySettings = z.object({ settings: CompanySettings, editable: z.boolean() });
export type CenterCompanySettings = z.infer<typeof CenterCompanySettings>;

export const RetentionPreviewQuery = z.object({
  months: z.coerce.number().int().min(RETENTION_MONTHS.min).max(RETENTION_MONTHS.max),
});
export type RetentionPreviewQuery = z.infer<typeof RetentionPreviewQuery>;

/** What a purge with `months` would remove now: everything created before `before`. */
export const RetentionPreview = z.object({
  months: z.number().int(),
  before: Timestamp,
  messages: z.number().int(),
  files: z.number().int(),
  bytes: z.number().int(),
});
export type RetentionPreview = z.infer<typeof RetentionPreview>;
