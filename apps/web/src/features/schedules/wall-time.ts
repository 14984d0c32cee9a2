// Date-and-time fields speak the user's time zone (profile setting, default America/Sao_Paulo), which need not
// be the browser's. These convert between an instant and the "YYYY-MM-DDTHH:mm" wall time of
// <input type="datetime-local"> in a given zone, through Intl (no date library).

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
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
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** The wall time of an instant in the zone, as UTC milliseconds of the same fields. */
function wallMillis(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    zoneFormat(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

const pad = (value: number) => String(value).padStart(2, '0');

/** "YYYY-MM-DDTHH:mm" of an instant in the zone. */
export function toWallTime(value: Date | string | number, timeZone: string): string {
  const wall = new Date(wallMillis(new Date(value).getTime(), timeZone));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/** The instant a "YYYY-MM-DDTHH:mm" wall time of the zone names; null when the text is not one. */
export function fromWallTime(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, ...number[]];
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  if (Number.isNaN(wall)) return null;
  // The zone's offset at that moment; once more at the corrected instant, for days when the offset changes.
  let instant = wall - (wallMillis(wall, timeZone) - wall);
  instant = wall - (wallMillis(instant, timeZone) - instant);
  return new Date(instant);
}
