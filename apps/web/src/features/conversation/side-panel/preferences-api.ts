// The user's console preferences kept on the server (GET/POST /api/user/preferences): read once per session,
// changed optimistically in the cache, so the screen never waits for a save.
import type { UpdatePreferencesRequest, UserPreferences } from '@atende/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { http } from '../../../lib/http.ts';

const path = '/user/preferences';

export const preferencesQuery = queryOptions({
  queryKey: ['user', 'preferences'] as const,
  queryFn: ({ signal }) => http.get<UserPreferences>(path, { signal }),
  // Only this user changes them, through this cache.
  staleTime: Infinity,
});

/** Saves a change of the preferences; a refusal is shown by the HTTP layer and the cache keeps the change. */
export function useSavePreferences(): (change: UpdatePreferencesRequest) => void {
  const client = useQueryClient();
  return useCallback(
    (change) => {
      client.setQueryData(preferencesQuery.queryKey, (current) => current && { ...current, ...change });
      void http.post<UserPreferences>(path, change).catch(() => undefined);
    },
    [client],
  );
}
