// The colour each suggestion status is shown in, and how many suggestions a filter holds.
import type { SuggestionFilter, SuggestionPage, SuggestionStatus } from '@atende/contract';

export const STATUS_COLOURS: Record<SuggestionStatus, string> = {
  in_vote: 'blue',
  approved: 'green',
  disapproved: 'red',
  pending: 'yellow',
  implemented: 'teal',
};

/** How many suggestions a filter holds, from the page's counts. */
export const filterCount = (counts: SuggestionPage['counts'], filter: SuggestionFilter): number =>
  filter === 'all' ? Object.values(counts).reduce((sum, count) => sum + count, 0) : counts[filter];
