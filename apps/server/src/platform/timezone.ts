// Calendar dates in a user's time zone as instants (the contract's wall-time conversion, shared with the web).
import { instantOfWallTime } from '@atende/contract';

/** The instant a calendar day (YYYY-MM-DD) starts in `timeZone`; `days` later days are added first. */
export function startOfDay(date: string, timeZone: string, days = 0): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return instantOfWallTime({ year, month, day: day + days }, timeZone);
}
