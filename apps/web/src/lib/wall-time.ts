// Date-and-time fields speak the user's time zone (profile setting, default America/Sao_Paulo), which need not
// be the browser's: these convert between an instant and the "YYYY-MM-DDTHH:mm" wall time of
// <input type="datetime-local"> (and of DateTimeField) in a given zone. Schedules, events and the snooze dialog
// use them.
import { instantOfWallTime, wallTimeAt } from '@atende/contract';

const pad = (value: number) => String(value).padStart(2, '0');

/** "YYYY-MM-DDTHH:mm" of an instant in the zone. */
export function toWallTime(value: Date | string | number, timeZone: string): string {
  const wall = wallTimeAt(value, timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** The instant a "YYYY-MM-DDTHH:mm" wall time of the zone names; null when the text is not one. */
export function fromWallTime(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  return instantOfWallTime({ year, month, day, hour, minute }, timeZone);
}

/** Midnight starting the day "YYYY-MM-DD" (or the one `days` later), in the zone, as an ISO instant. */
export function dayStart(day: string, timeZone: string, days = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return instantOfWallTime({ year, month, day: date + days }, timeZone).toISOString();
}

/** A period of whole days ("YYYY-MM-DD", "" for no bound), as a list filter picks it. */
export type DayPeriod = { from: string; to: string };

/** Whether the period ends before it starts (the `to` field says so, and the list keeps what it shows). */
export const backwardsPeriod = (period: DayPeriod): boolean =>
  period.from !== '' && period.to !== '' && period.to < period.from;

/** The period as the API's instants: from the first day's start to the start of the day after the last. */
export const periodInstants = (period: DayPeriod, timeZone: string): { from?: string; to?: string } => ({
  from: period.from ? dayStart(period.from, timeZone) : undefined,
  to: period.to ? dayStart(period.to, timeZone, 1) : undefined,
});
