// What the call histories filter by — a period of whole days in the user's time zone, the operator, the
// direction, the outcome, the classification (call reason) and digits of a number — and the query they send
// (the contract's CallFilters). A backwards period or a number of fewer than 3 digits is the field's problem,
// shown before any call: the list keeps what it showed meanwhile.
import type { CallDirection, CallOutcome } from '@atende/contract';
import { backwardsPeriod, periodInstants, type DayPeriod } from '../../lib/wall-time.ts';

export type CallHistoryFilters = DayPeriod & {
  /** A user's id, or null for anyone. */
  operator: string | null;
  direction: CallDirection | null;
  outcome: CallOutcome | null;
  /** A call reason's id, or null for any. */
  reason: string | null;
  /** The number as typed; only its digits count. */
  number: string;
};

export const NO_CALL_FILTERS: CallHistoryFilters = {
  from: '',
  to: '',
  operator: null,
  direction: null,
  outcome: null,
  reason: null,
  number: '',
};

export type CallParams = {
  from?: string;
  to?: string;
  operator_id?: string;
  direction?: CallDirection;
  outcome?: CallOutcome;
  reason_id?: string;
  number?: string;
};

/** The server looks a number up by 3 digits or more. */
export const NUMBER_MIN_DIGITS = 3;
const digitsOf = (number: string) => number.replace(/\D/g, '');

export const numberTooShort = (filters: CallHistoryFilters): boolean => {
  const digits = digitsOf(filters.number).length;
  return digits > 0 && digits < NUMBER_MIN_DIGITS;
};

/** Filters the server would refuse: not sent until fixed. */
export const unfinished = (filters: CallHistoryFilters): boolean =>
  backwardsPeriod(filters) || numberTooShort(filters);

export function callParams(filters: CallHistoryFilters, timeZone: string): CallParams {
  const digits = digitsOf(filters.number);
  return {
    ...periodInstants(filters, timeZone),
    operator_id: filters.operator ?? undefined,
    direction: filters.direction ?? undefined,
    outcome: filters.outcome ?? undefined,
    reason_id: filters.reason ?? undefined,
    number: digits.length >= NUMBER_MIN_DIGITS ? digits : undefined,
  };
}

export const filteringCalls = (filters: CallHistoryFilters): boolean =>
  Object.entries(filters).some(([key, value]) => value !== NO_CALL_FILTERS[key as keyof CallHistoryFilters]);
