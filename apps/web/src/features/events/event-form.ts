// The events form's rules (spec §2 events panel): an action of the company's catalogue is required, the
// amount optional but valid; the date (the user's time zone) defaults to now.
import type { NewEventRequest } from '@atende/contract';
import type { ParseKeys } from 'i18next';
import { fromWallTime } from '../schedules/wall-time.ts';
import { amountValue } from './amount-format.ts';

export interface EventForm {
  actionId: string | null;
  amount: number | string;
  annotation: string;
  responsibleId: string | null;
  /** "YYYY-MM-DDTHH:mm" in the user's zone; empty means now. */
  date: string;
}

export type EventErrors = Partial<Record<'actionId' | 'amount' | 'date', ParseKeys>>;

export type EventCheck = { ok: true; request: NewEventRequest } | { ok: false; errors: EventErrors };

export function checkEvent(form: EventForm, timeZone: string): EventCheck {
  const errors: EventErrors = {};
  if (!form.actionId) errors.actionId = 'events.errors.actionRequired';
  const amount = amountValue(form.amount);
  if (amount === 'invalid') errors.amount = 'events.errors.amountInvalid';
  const date = form.date.trim() ? fromWallTime(form.date, timeZone) : null;
  if (form.date.trim() && !date) errors.date = 'events.errors.dateInvalid';
  if (Object.keys(errors).length > 0 || !form.actionId || amount === 'invalid') return { ok: false, errors };
  const annotation = form.annotation.trim();
  return {
    ok: true,
    request: {
      action_id: form.actionId,
      ...(amount !== null ? { amount } : {}),
      ...(annotation ? { annotation } : {}),
      ...(form.responsibleId ? { responsible_id: form.responsibleId } : {}),
      ...(date ? { date: date.toISOString() } : {}),
    },
  };
}
