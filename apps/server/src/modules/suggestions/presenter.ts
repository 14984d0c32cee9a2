// Rows of `suggestions` with their vote counts as the contract's Suggestion: an anonymous suggestion names its
// sender to nobody but the sender (policy.ts).
import type { Suggestion, SuggestionPage, SuggestionStatus, SuggestionVote } from '@atende/contract';
import { SUGGESTION_STATUSES } from '@atende/contract';
import type { AuthContext } from '../../platform/auth.ts';
import { isoTimestamp, isoTimestampOrNull } from '../../platform/db/timestamps.ts';
import { revealsSender } from './policy.ts';

export type SuggestionRow = {
  id: string;
  title: string;
  body: string;
  anonymous: boolean;
  status: SuggestionStatus;
  senderId: string | null;
  senderName: string | null;
  answer: string | null;
  answeredAt: Date | null;
  createdAt: Date;
  yes: number;
  no: number;
  myVote: SuggestionVote | null;
};

export const presentSuggestion = (reader: AuthContext, row: SuggestionRow): Suggestion => ({
  id: row.id,
  title: row.title,
  body: row.body,
  anonymous: row.anonymous,
  status: row.status,
  votes: { yes: row.yes, no: row.no },
  my_vote: row.myVote,
  sender:
    revealsSender(reader, row) && row.senderId && row.senderName
      ? { id: row.senderId, name: row.senderName }
      : null,
  mine: row.senderId === reader.userId,
  answer: row.answer,
  answered_at: isoTimestampOrNull(row.answeredAt),
  created_at: isoTimestamp(row.createdAt),
});

export const presentSuggestionPage = (
  reader: AuthContext,
  page: { rows: SuggestionRow[]; total: number; counts: Partial<Record<SuggestionStatus, number>> },
): SuggestionPage => ({
  data: page.rows.map((row) => presentSuggestion(reader, row)),
  total: page.total,
  counts: Object.fromEntries(
    SUGGESTION_STATUSES.map((status) => [status, page.counts[status] ?? 0]),
  ) as Record<SuggestionStatus, number>,
});
