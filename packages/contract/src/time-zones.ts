// Wall times (what a clock in a time zone shows) and the instants they name, through Intl only (no date
// library, no zod): the server reads calendar days of a user's zone, the console's date-and-time fields
// speak the user's zone, which need not be the browser's.

export interface WallTime {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** What a clock in `timeZone` shows at `instant`. */
export function wallTimeAt(instant: Date | number | string, timeZone: string): WallTime {
  const parts = Object.fromEntries(
    zoneFormat(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const utcOf = (wall: WallTime): number =>
  Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** The zone's offset from UTC at an instant, in milliseconds. */
const offsetAt = (instant: number, timeZone: string): number =>
  utcOf(wallTimeAt(instant, timeZone)) - Math.floor(instant / 1000) * 1000;

/**
 * The instant a wall time of `timeZone` names. Fields may overflow (day 32 is the next month's first), which
 * lets callers add days. The offset is read twice, so a daylight-saving change in between is accounted for.
 */
export function instantOfWallTime(
  wall: Pick<WallTime, 'year' | 'month' | 'day'> & Partial<WallTime>,
  timeZone: string,
): Date {
  const guess = utcOf({ hour: 0, minute: 0, second: 0, ...wall });
  const first = guess - offsetAt(guess, timeZone);
  return new Date(guess - offsetAt(first, timeZone));
}
