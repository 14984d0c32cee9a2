// What became of a call, as the histories show it: still ringing or talking, talked, handed to a colleague, or
// never answered (with why: busy, refused, given up, nobody free…).
import type { CallRecord } from '@atende/contract';

export type ShownOutcome = 'live' | 'answered' | 'transferred' | 'unanswered';

export function outcomeOf(call: CallRecord): ShownOutcome {
  if (call.transferred_to_id) return 'transferred';
  if (call.state !== 'ended') return 'live';
  return call.answered_at ? 'answered' : 'unanswered';
}

export const OUTCOME_COLOUR: Record<ShownOutcome, string> = {
  live: 'blue',
  answered: 'teal',
  transferred: 'grape',
  unanswered: 'red',
};

/** The customer's number of the call: the caller's when they called, the one dialled when called. */
export const customerNumber = (call: CallRecord): string =>
  call.direction === 'outbound' ? call.to_number : call.from_number;
