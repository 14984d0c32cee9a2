// The schedule form's rules (spec §2 schedule modals, §8 texts): a date and time in the user's zone, in the
// future; what to tell the user when the server refuses (the contact bound to another operator has the
// spec's own text).
import type { ScheduleRequest } from '@atende/contract';
import type { ParseKeys } from 'i18next';
import { HttpError } from '../../lib/http.ts';
import { i18n } from '../../lib/i18n.ts';
import { fromWallTime } from '../../lib/wall-time.ts';

export type ScheduleCheck = { ok: true; request: ScheduleRequest } | { ok: false; error: ParseKeys };

/** Checks the form; `error` is a translation key. */
export function checkSchedule(
  wallTime: string,
  annotation: string,
  timeZone: string,
  now: number = Date.now(),
): ScheduleCheck {
  if (wallTime.trim() === '') return { ok: false, error: 'schedules.errors.whenRequired' };
  const at = fromWallTime(wallTime, timeZone);
  if (!at) return { ok: false, error: 'schedules.errors.whenRequired' };
  if (at.getTime() <= now) return { ok: false, error: 'schedules.errors.inPast' };
  const note = annotation.trim();
  return { ok: true, request: { scheduled_at: at.toISOString(), ...(note ? { annotation: note } : {}) } };
}

export type ScheduleAction = 'create' | 'update' | 'remove';

const FALLBACK: Record<ScheduleAction, ParseKeys> = {
  create: 'schedules.errors.create',
  update: 'schedules.errors.update',
  remove: 'schedules.errors.remove',
};

/** A refused schedule call as the user reads it. */
export function scheduleErrorText(error: unknown, action: ScheduleAction): string {
  if (error instanceof HttpError && error.code === 'conflict_contact')
    return i18n.t('schedules.errors.conflict');
  if (error instanceof HttpError && error.serverMessage && error.status !== 0 && error.status < 500) {
    return error.serverMessage;
  }
  return i18n.t(FALLBACK[action]);
}
