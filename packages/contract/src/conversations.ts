// A conversation's life and ownership (issue 20, items 1 and 2): resolve, reopen, snooze, and assignment to an
// attendant or back to the queue, one at a time from the conversation or in bulk from the list.
import { z } from 'zod';
import { Id, text, Timestamp } from './common.ts';
import { CONVERSATION_BULK_MAX, ASSIGNMENT_NOTE_MAX } from './constants.ts';

export const ResolveRequest = z.object({
  /** An action of the company's event list ("venda", "sem interesse") recorded as the outcome. */
  event_action_id: Id.optional(),
  annotation: text(2000).optional(),
});
export type ResolveRequest = z.infer<typeof ResolveRequest>;

export const SnoozeRequest = z.object({
  /** When the conversation comes back to its attendant (or to the queue); must lie in the future. */
  until: Timestamp,
});
export type SnoozeRequest = z.infer<typeof SnoozeRequest>;

export const AssignRequest = z.object({
  /** The attendant to give the conversation to; null returns it to the waiting queue. */
  responsible_id: Id.nullable(),
  /** A note the receiver sees (live, and in the conversation's header). */
  note: text(ASSIGNMENT_NOTE_MAX).optional(),
});
export type AssignRequest = z.infer<typeof AssignRequest>;

export const BulkConversationRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('resolve'), ids: z.array(Id).min(1).max(CONVERSATION_BULK_MAX) }),
  z.object({
    action: z.literal('assign'),
    ids: z.array(Id).min(1).max(CONVERSATION_BULK_MAX),
    responsible_id: Id.nullable(),
  }),
]);
export type BulkConversationRequest = z.infer<typeof BulkConversationRequest>;

/** The conversations the bulk action changed (those of other companies or unknown are left out). */
export const BulkConversationResult = z.object({ data: z.array(Id).max(CONVERSATION_BULK_MAX) });
export type BulkConversationResult = z.infer<typeof BulkConversationResult>;

/** To the receiver of a conversation given by someone else: who gave it and their note. */
export const ConversationTransferred = z.object({
  contact_id: Id,
  contact_name: z.string(),
  by: z.object({ id: Id, name: z.string() }),
  note: z.string().nullable(),
  at: Timestamp,
});
export type ConversationTransferred = z.infer<typeof ConversationTransferred>;
