// When a snooze ends, for the choices the header offers: in a while today, tomorrow morning, or a date and time
// the attendant chooses (in their profile's time zone, in the future).
import { fromWallTime } from '../../../lib/wall-time.ts';

export const SNOOZE_PRESETS = ['oneHour', 'threeHours', 'tomorrow'] as const;
export type SnoozePreset = (typeof SNOOZE_PRESETS)[number];

/** Tomorrow's working day starts at this hour (the browser's time, which is the attendant's). */
const MORNING_HOUR = 9;

export function snoozeUntil(preset: SnoozePreset, now: Date = new Date()): Date {
  switch (preset) {
    case 'oneHour':
      return new Date(now.getTime() + 60 * 60_000);
    case 'threeHours':
      return new Date(now.getTime() + 3 * 60 * 60_000);
    case 'tomorrow': {
      const morning = new Date(now);
      morning.setDate(morning.getDate() + 1);
      morning.setHours(MORNING_HOUR, 0, 0, 0);
      return morning;
    }
  }
}

export type CustomSnoozeCheck =
  { ok: true; until: Date } | { ok: false; error: 'lifecycle.snoozeWhenRequired' | 'lifecycle.snoozeInPast' };

/** A chosen "YYYY-MM-DDTHH:mm" of the user's time zone: the instant it names, if it is a future one. */
export function customSnoozeUntil(
  wallTime: string,
  timeZone: string,
  now: number = Date.now(),
): CustomSnoozeCheck {
  const until = fromWallTime(wallTime, timeZone);
  if (!until) return { ok: false, error: 'lifecycle.snoozeWhenRequired' };
  if (until.getTime() <= now) return { ok: false, error: 'lifecycle.snoozeInPast' };
  return { ok: true, until };
}
