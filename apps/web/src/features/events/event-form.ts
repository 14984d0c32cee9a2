// The events form's rules (spec §2 events panel): an action of the company's catalogue is required, the
// amount valid, and the action's own rules (set in the Center) hold — a value required or not allowed, an
// annotation required; the date (the user's time zone) defaults to now.
import type { EventAction, NewEventRequest } from '@atende/contract';
import type { ParseKeys } from 'i18next';
import { fromWallTime } from '../../lib/wall-time.ts';
import { amountValue } from './amount-format.ts';

export interface EventForm {
  actionId: string | null;
  amount: number | string;
  annotation: string;
  responsibleId: string | null;
  /** "YYYY-MM-DDTHH:mm" in the user's zone; empty means now. */
  date: string;
}

export type EventErrors = Partial<Record<'actionId' | 'amount' | 'annotation' | 'date', ParseKeys>>;

export type EventCheck = { ok: true; request: NewEventRequest } | { ok: false; errors: EventErrors };

/** `action` is the chosen action of the catalogue, whose rules apply (none known: none apply). */
export function checkEvent(form: EventForm, timeZone: string, action?: EventAction): EventCheck {
  const errors: EventErrors = {};
  if (!form.actionId) errors.actionId = 'events.errors.actionRequired';
  // An action that takes no value hides the field: whatever it held is not sent.
  const amount = action?.amount === 'none' ? null : amountValue(form.amount);
  if (amount === 'invalid') errors.amount = 'events.errors.amountInvalid';
  if (amount === null && action?.amount === 'required') errors.amount = 'events.errors.amountRequired';
  if (action?.annotation_required && !form.annotation.trim()) {
    errors.annotation = 'events.errors.annotationRequired';
  }
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
