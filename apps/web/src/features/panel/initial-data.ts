// Initial load of the Live console (spec §7 "Initial load"): what is fetched, how often it is retried, and
// whether the console can work without it. Adding a catalogue (lib/catalogues.ts) is one line in INITIAL_DATA.
import { queryOptions, useQueries } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  callReasonsQuery,
  channelsQuery,
  eventActionsQuery,
  pauseReasonsQuery,
  phrasesQuery,
  pipelinesQuery,
  responsiblesQuery,
  walletsQuery,
} from '../../lib/catalogues.ts';
import { errorText } from '../../lib/error-text.ts';
import { HttpError } from '../../lib/http.ts';
import { notifyError } from '../../lib/notify.ts';
import { contactListQuery, waitingQueueQuery } from '../contacts/contact-queries.ts';
import { useListSettings } from '../contacts/list-settings.ts';
import { clearAuth } from '../session/session.ts';
import { useSessionStore } from '../../lib/session-store.ts';

/**
 * GET contacts: the first page of the contact list the column shows, fetched into that list's own cache
 * entry (the column then renders it at once and pages on from there).
 */
export const contactsQuery = queryOptions({
  queryKey: ['initial-data', 'contacts'],
  queryFn: async ({ client }): Promise<true> => {
    await client.fetchInfiniteQuery(contactListQuery(useListSettings.getState().list));
    return true;
  },
  retry: 0,
  staleTime: Infinity,
});

/**
 * What the console loads behind the processing overlay. `required`: without it the console cannot work,
 * so a failure ends the session (spec §8); the others are reported and the console goes on.
 */
export const INITIAL_DATA = [
  { query: channelsQuery, required: true },
  { query: contactsQuery, required: true },
  // The waiting counter of the sidebar (next-in-queue) is right from the first frame.
  { query: waitingQueueQuery, required: false },
  { query: eventActionsQuery, required: true },
  { query: walletsQuery, required: true },
  { query: responsiblesQuery, required: true },
  { query: phrasesQuery, required: false },
  { query: callReasonsQuery, required: false },
  { query: pauseReasonsQuery, required: false },
  { query: pipelinesQuery, required: false },
] as const;

/** Loads the initial data; `ready` once every call settled. A required failure clears the session. */
export function useInitialData(): { ready: boolean } {
  const authenticated = useSessionStore((state) => state.status === 'authenticated');
  const results = useQueries({
    queries: INITIAL_DATA.map(({ query }) => ({ ...query, enabled: authenticated })),
  });
  const reported = useRef(new Set<number>());

  const failures = results.flatMap((result, index) =>
    result.isError ? [{ index, error: result.error, required: INITIAL_DATA[index]?.required ?? true }] : [],
  );
  const failureKey = failures.map((failure) => failure.index).join(',');

  useEffect(() => {
    const fresh = failures.filter((failure) => !reported.current.has(failure.index));
    if (fresh.length === 0) return;
    for (const failure of fresh) reported.current.add(failure.index);
    const fatal = fresh.find((failure) => failure.required);
    // A 401 was already announced (once) by the HTTP error handler, which also cleared the session.
    const unauthorized = fresh.some(
      (failure) => failure.error instanceof HttpError && failure.error.status === 401,
    );
    if (fatal) {
      if (!unauthorized) notifyError(errorText(fatal.error));
      clearAuth();
      return;
    }
    if (!unauthorized) for (const failure of fresh) notifyError(errorText(failure.error));
    // Effect keyed on the failing set, not on the results array that changes identity every render.
  }, [failureKey]);

  return { ready: authenticated && results.every((result) => !result.isPending) };
}
