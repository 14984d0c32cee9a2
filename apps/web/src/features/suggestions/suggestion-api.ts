// The wishlist's calls: a page of suggestions by status, creating one, voting, and the Center's moderation.
// Every page shares SUGGESTIONS_KEY's start, so a change (here or announced live) refreshes them all. Forms and
// cards show their own errors: no toast.
import type {
  ModerateSuggestionRequest,
  Suggestion,
  SuggestionFilter,
  SuggestionPage,
  SuggestionRequest,
  SuggestionVote,
} from '@atende/contract';
import { SUGGESTION_PAGE_SIZE } from '@atende/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http, request } from '../../lib/http.ts';

const quiet = { notify: false } as const;

export const SUGGESTIONS_KEY = ['suggestions'] as const;

export const suggestionPageQuery = (status: SuggestionFilter, page: number) =>
  queryOptions({
    queryKey: [...SUGGESTIONS_KEY, status, page] as const,
    queryFn: ({ signal }) =>
      http.get<SuggestionPage>('/suggestions', {
        query: { status, page: String(page), limit: String(SUGGESTION_PAGE_SIZE) },
        signal,
        ...quiet,
      }),
    placeholderData: keepPreviousData,
  });

export const createSuggestion = (body: SuggestionRequest) =>
  http.post<Suggestion>('/suggestions', body, quiet);

export const voteSuggestion = (id: string, vote: SuggestionVote) =>
  http.post<Suggestion>(`/suggestions/${encodeURIComponent(id)}/vote`, { vote }, quiet);

export const moderateSuggestion = (id: string, body: ModerateSuggestionRequest) =>
  request<Suggestion>(`/center/suggestions/${encodeURIComponent(id)}`, { method: 'PUT', body, ...quiet });
