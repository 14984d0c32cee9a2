// When the company attends (issue 21, item 5): its weekly hours and holidays, read in the company's time zone
// through Intl only (time-zones.ts), so daylight-saving changes fall where the zone's clocks say. The widget's
// offline notice asks `isOpenAt`; the service level's clock (`slaDeadline`) counts business time only. Pure
// functions without zod, so the widget's bundle and the analytics may import them too.
import { instantOfWallTime, wallTimeAt } from './time-zones.ts';

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A span of one day's clock, "HH:MM" to "HH:MM" (end after start; "24:00" closes at midnight). */
type HoursInterval = { start: string; end: string };
/** Each weekday's spans; a day without any is closed. Null: the company attends at any hour. */
type WeekHours = Record<Weekday, HoursInterval[]>;
/** A day the company does not attend, as a calendar date of its zone ("YYYY-MM-DD"). */
type Holiday = { date: string; name: string };

export type BusinessCalendar = {
  timezone: string;
  business_hours: WeekHours | null;
  holidays: readonly Holiday[];
};

/** Minutes since midnight of "HH:MM". */
export const clockMinutes = (clock: string): number => {
  const [hours, minutes] = clock.split(':').map(Number);
  return hours! * 60 + minutes!;
};

const pad = (value: number) => String(value).padStart(2, '0');
const dateKey = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

type Day = { year: number; month: number; day: number };

/** The spans of one calendar day of the zone, in minutes; none on a holiday. */
function daySpans(calendar: BusinessCalendar, { year, month, day }: Day): [number, number][] {
  if (calendar.holidays.some((holiday) => holiday.date === dateKey(year, month, day))) return [];
  if (!calendar.business_hours) return [[0, 24 * 60]];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
  return calendar.business_hours[weekday].map((span) => [clockMinutes(span.start), clockMinutes(span.end)]);
}

/** Whether the company attends at `instant` (its zone's clock within a span of that day, not a holiday). */
export function isOpenAt(calendar: BusinessCalendar, instant: Date | number = Date.now()): boolean {
  const wall = wallTimeAt(instant, calendar.timezone);
  const minute = wall.hour * 60 + wall.minute;
  return daySpans(calendar, wall).some(([start, end]) => start <= minute && minute < end);
}

/** How far ahead the deadline is looked for: a calendar with no hours in a year has no deadline. */
const HORIZON_DAYS = 366;

/**
 * The instant by which `seconds` of business time have passed since `from` (what the service-level threshold
 * allows for an answer): time outside the hours and on holidays does not count. Null when the calendar never
 * opens within a year. Spans are turned into instants of their own day, so a day of 23 or 25 hours counts
 * the hours it really has.
 */
export function slaDeadline(calendar: BusinessCalendar, from: Date | number, seconds: number): Date | null {
  const start = new Date(from).getTime();
  let remaining = seconds * 1000;
  const first = wallTimeAt(start, calendar.timezone);
  for (let offset = 0; offset < HORIZON_DAYS; offset++) {
    // Day overflow is normalised by Date.UTC: day 32 is the next month's first.
    const date = new Date(Date.UTC(first.year, first.month - 1, first.day + offset));
    const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
    for (const [spanStart, spanEnd] of daySpans(calendar, day)) {
      const opens = instantOfWallTime({ ...day, minute: spanStart }, calendar.timezone).getTime();
      const closes = instantOfWallTime({ ...day, minute: spanEnd }, calendar.timezone).getTime();
      const counted = Math.max(opens, start);
      if (closes <= counted) continue;
      if (closes - counted >= remaining) return new Date(counted + remaining);
      remaining -= closes - counted;
    }
  }
  return null;
}
