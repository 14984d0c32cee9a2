// Calling hours: a customer is called only while their clock (the company's time zone: contacts carry none)
// shows a time within the campaign's hours on one of its days. Intl only (time-zones.ts), like business hours.
import { clockMinutes, wallTimeAt, type CallingHours } from '@atende/contract';

export function withinCallingHours(hours: CallingHours, timeZone: string, at: Date): boolean {
  const wall = wallTimeAt(at, timeZone);
  const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
  if (!hours.days.includes(weekday)) return false;
  const minute = wall.hour * 60 + wall.minute;
  return clockMinutes(hours.start) <= minute && minute < clockMinutes(hours.end);
}
