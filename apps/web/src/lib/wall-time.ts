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
