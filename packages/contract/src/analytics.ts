// Contacts analytics (issue 28, spec §2 /painel/contacts-analytics): an attendant's, a team's or the whole
// company's performance over a period of calendar days of the company's time zone, compared with the period
// just before; the volume by hour of day and day of week; and the history of attended customers.
import { z } from 'zod';
import { encodedText, Id, text, Timestamp } from './common.ts';
import { ChannelKind } from './enums.ts';

/** The longest period one request covers (a year and a day). */
export const ANALYTICS_MAX_DAYS = 366;

/**
 * Lower bounds of the buckets response and resolution times are counted in, in seconds: bucket i holds
 * [bounds[i], bounds[i+1]), the last one everything from a week on. Kept in step with
 * atende_analytics_bucket (migration 0050).
 */
export const ANALYTICS_BUCKET_LOWER_BOUNDS = [
  0, 5, 10, 20, 30, 45, 60, 90, 120, 180, 300, 450, 600, 900, 1200, 1800, 2700, 3600, 7200, 14400, 28800,
  57600, 86400, 172800, 345600, 604800,
] as const;

const CalendarDay = z.iso.date();

/** Whose numbers: one attendant, one team, or (neither) the whole company. */
export const AnalyticsQuery = z
  .object({
    from: CalendarDay,
    to: CalendarDay,
    user_id: Id.optional(),
    team_id: Id.optional(),
  })
  .refine((q) => !(q.user_id && q.team_id), { message: 'analytics_one_subject', path: ['team_id'] })
  .refine((q) => q.from <= q.to, { message: 'analytics_period_order', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < ANALYTICS_MAX_DAYS, {
    message: 'analytics_period_too_long',
    path: ['to'],
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

/** A duration's distribution: how many, their mean, median and 90th percentile (seconds; null when none). */
export const DurationStats = z.object({
  count: z.number().int(),
  average: z.number().nullable(),
  median: z.number().nullable(),
  p90: z.number().nullable(),
});
export type DurationStats = z.infer<typeof DurationStats>;

/** Customers' satisfaction ratings (1–5): how many answered, and their mean (null when none). */
export const RatingSummary = z.object({ count: z.number().int(), average: z.number().nullable() });
export type RatingSummary = z.infer<typeof RatingSummary>;

export const PerformanceTotals = z.object({
  attended: z.number().int(),
  messages_in: z.number().int(),
  messages_out: z.number().int(),
  first_response: DurationStats,
  resolution: DurationStats,
  pause_seconds: z.number().int(),
  calls: z.number().int(),
  call_seconds: z.number().int(),
  /** The customers' satisfaction ratings (1–5) answered in the period, and their mean (null when none). */
  rating: RatingSummary,
});
export type PerformanceTotals = z.infer<typeof PerformanceTotals>;

/** The period asked for and the one of the same length just before it, as instants of the company's days. */
export const AnalyticsPeriod = z.object({ from: Timestamp, to: Timestamp });
export const Performance = z.object({
  timezone: z.string(),
  current: PerformanceTotals.extend({ period: AnalyticsPeriod }),
  previous: PerformanceTotals.extend({ period: AnalyticsPeriod }),
});
export type Performance = z.infer<typeof Performance>;

/** Customer messages plus replies in one cell: a channel kind, a weekday (0 Sunday) and an hour (0-23). */
export const DayStatsCell = z.object({
  kind: z.string(),
  weekday: z.number().int().min(0).max(6),
  hour: z.number().int().min(0).max(23),
  messages_in: z.number().int(),
  messages_out: z.number().int(),
  attended: z.number().int(),
});
export type DayStatsCell = z.infer<typeof DayStatsCell>;
export const DayStats = z.object({ timezone: z.string(), cells: z.array(DayStatsCell) });
export type DayStats = z.infer<typeof DayStats>;

export const AnalyticsHistoryQuery = z
  .object({
    from: CalendarDay,
    to: CalendarDay,
    user_id: Id.optional(),
    team_id: Id.optional(),
    kind: ChannelKind.optional(),
    /** Part of the customer's name. */
    search: text(100).optional(),
    cursor: encodedText(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((q) => !(q.user_id && q.team_id), { message: 'analytics_one_subject', path: ['team_id'] })
  .refine((q) => q.from <= q.to, { message: 'analytics_period_order', path: ['to'] });
export type AnalyticsHistoryQuery = z.infer<typeof AnalyticsHistoryQuery>;

/** One attended customer: when, on which channel, by whom, how long, and the events registered meanwhile. */
export const AttendanceEntry = z.object({
  id: Id,
  contact: z.object({ id: Id, name: z.string() }),
  user: z.object({ id: Id, name: z.string() }).nullable(),
  kind: ChannelKind.nullable(),
  started_at: Timestamp,
  finished_at: Timestamp,
  first_response_seconds: z.number().int().nullable(),
  resolution_seconds: z.number().int(),
  messages_in: z.number().int(),
  messages_out: z.number().int(),
  events: z.array(z.string()),
});
export type AttendanceEntry = z.infer<typeof AttendanceEntry>;
export const AttendanceHistory = z.object({
  data: z.array(AttendanceEntry),
  next_cursor: z.string().nullable(),
});
export type AttendanceHistory = z.infer<typeof AttendanceHistory>;

/** The median or another quantile of a histogram of ANALYTICS_BUCKET_LOWER_BOUNDS, interpolated in its bucket. */
export function histogramQuantile(histogram: readonly number[], quantile: number): number | null {
  const total = histogram.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = quantile * total;
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    const n = histogram[i] ?? 0;
    if (n > 0 && seen + n >= rank) {
      const low = ANALYTICS_BUCKET_LOWER_BOUNDS[i] ?? 0;
      const high = ANALYTICS_BUCKET_LOWER_BOUNDS[i + 1] ?? low * 2;
      return Math.round(low + ((rank - seen) / n) * (high - low));
    }
    seen += n;
  }
  return ANALYTICS_BUCKET_LOWER_BOUNDS[ANALYTICS_BUCKET_LOWER_BOUNDS.length - 1] ?? null;
}
