// The wishlist (spec §2 /painel/sugestoes, §3 Suggestion, §4 statuses): a company's users suggest, vote yes or no
// once each, and administrators answer and move the status. An anonymous suggestion never names its sender.
import { z } from 'zod';
import { Id, requiredText, Timestamp } from './common.ts';

export const SUGGESTION_STATUSES = ['in_vote', 'approved', 'disapproved', 'pending', 'implemented'] as const;
export const SuggestionStatus = z.enum(SUGGESTION_STATUSES);
export type SuggestionStatus = z.infer<typeof SuggestionStatus>;

/** The page's filter (spec §4): all, in_vote, approved, disapproved; the Center filters by every status. */
export const SUGGESTION_FILTERS = ['all', ...SUGGESTION_STATUSES] as const;
export const SuggestionFilter = z.enum(SUGGESTION_FILTERS);
export type SuggestionFilter = z.infer<typeof SuggestionFilter>;
export const WISHLIST_FILTERS = [
  'all',
  'in_vote',
  'approved',
  'disapproved',
] as const satisfies readonly SuggestionFilter[];

export const SuggestionVote = z.enum(['yes', 'no']);
export type SuggestionVote = z.infer<typeof SuggestionVote>;

export const SUGGESTION_TITLE_MAX = 120;
export const SUGGESTION_BODY_MAX = 4000;
export const SUGGESTION_ANSWER_MAX = 4000;
export const SUGGESTION_PAGE_SIZE = 15;
export const SUGGESTION_PAGE_MAX = 50;

export const Suggestion = z.object({
  id: Id,
  title: z.string(),
  body: z.string(),
  anonymous: z.boolean(),
  status: SuggestionStatus,
  votes: z.object({ yes: z.number().int(), no: z.number().int() }),
  /** The reader's own vote, if any (a vote is final). */
  my_vote: SuggestionVote.nullable(),
  /** Who sent it; null when anonymous (the reader's own suggestion excepted). */
  sender: z.object({ id: Id, name: z.string() }).nullable(),
  /** Whether the reader sent it (true for their own anonymous ones too). */
  mine: z.boolean(),
  answer: z.string().nullable(),
  answered_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export type Suggestion = z.infer<typeof Suggestion>;

export const SuggestionsQuery = z.object({
  status: SuggestionFilter.default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(SUGGESTION_PAGE_MAX).default(SUGGESTION_PAGE_SIZE),
});
export type SuggestionsQuery = z.infer<typeof SuggestionsQuery>;

export const SuggestionPage = z.object({
  data: z.array(Suggestion),
  total: z.number().int(),
  /** How many suggestions each status holds, whatever the filter (the filter's badges). */
  counts: z.record(SuggestionStatus, z.number().int()),
});
export type SuggestionPage = z.infer<typeof SuggestionPage>;

export const SuggestionRequest = z.object({
  title: requiredText(SUGGESTION_TITLE_MAX),
  body: requiredText(SUGGESTION_BODY_MAX),
  anonymous: z.boolean().default(false),
});
export type SuggestionRequest = z.input<typeof SuggestionRequest>;

export const VoteRequest = z.object({ vote: SuggestionVote });
export type VoteRequest = z.infer<typeof VoteRequest>;

/** An administrator's moderation: the new status and the answer voters read (empty clears it). */
export const ModerateSuggestionRequest = z.object({
  status: SuggestionStatus,
  answer: requiredText(SUGGESTION_ANSWER_MAX).nullable(),
});
export type ModerateSuggestionRequest = z.infer<typeof ModerateSuggestionRequest>;

/** To the company: a suggestion was created, voted on or moderated (lists load it again). */
export const SuggestionChanged = z.object({ id: Id, updated_at: Timestamp });
export type SuggestionChanged = z.infer<typeof SuggestionChanged>;
