// Ready phrases, v2 API (spec §7): list (with a search), create, edit, delete. The whole list is the initial
// data's `phrasesQuery` (the `/` shortcut filters it); changes refresh every phrases entry of the cache.
import type { Ok, Phrase, PhraseRequest } from '@atende/contract';
import { queryOptions } from '@tanstack/react-query';
import { http, request } from '../../lib/http.ts';

const base = '/v2/phrases';
const quiet = { notify: false } as const;

/** The prefix of every phrases entry, the initial data's list included (its key is ['phrases']). */
export const PHRASES_KEY = ['phrases'] as const;

export const phraseSearchQuery = (search: string) =>
  queryOptions({
    queryKey: [...PHRASES_KEY, 'search', search] as const,
    queryFn: ({ signal }) => http.get<{ data: Phrase[] }>(base, { query: { search }, signal }),
  });

export const createPhrase = (body: PhraseRequest) => http.post<Phrase>(base, body, quiet);

export const updatePhrase = (id: string, body: PhraseRequest) =>
  request<Phrase>(`${base}/${encodeURIComponent(id)}`, { method: 'PUT', body, ...quiet });

export const deletePhrase = (id: string) =>
  request<Ok>(`${base}/${encodeURIComponent(id)}`, { method: 'DELETE', ...quiet });
