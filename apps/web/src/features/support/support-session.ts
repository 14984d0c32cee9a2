// Support sessions on this browser (issue 21 item 6): the super administrator's own token is kept aside while
// the console runs as the company's user, and put back when the support session ends (or has expired). The
// console reloads on each switch, so nothing of one account's cached state reaches the other.
import type { ImpersonationState, Ok } from '@atende/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { TOKEN_STORAGE_KEY, useSessionStore } from '../../lib/session-store.ts';

export const RETURN_TOKEN_KEY = 'atende.support_return_token';

/** Where the browser goes: a full load, so the new account starts from a clean console. */
export const navigation = { assign: (path: string) => window.location.assign(path) };

export const impersonationQuery = queryOptions({
  queryKey: ['session', 'impersonation'] as const,
  queryFn: ({ signal }) =>
    http.get<ImpersonationState>('/session/impersonation', { signal, notify: false, unauthorized: 'ignore' }),
  staleTime: Infinity,
});

export function startSupportSession(token: string): void {
  const own = useSessionStore.getState().token;
  if (own) localStorage.setItem(RETURN_TOKEN_KEY, own);
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  navigation.assign('/');
}

/** Ends the support session on the server (already over when expired) and returns to the super admin's own. */
export async function endSupportSession(): Promise<void> {
  await http
    .post<Ok>('/session/impersonation/end', undefined, { notify: false, unauthorized: 'ignore' })
    .catch(() => undefined);
  const own = localStorage.getItem(RETURN_TOKEN_KEY);
  localStorage.removeItem(RETURN_TOKEN_KEY);
  if (own) localStorage.setItem(TOKEN_STORAGE_KEY, own);
  else localStorage.removeItem(TOKEN_STORAGE_KEY);
  navigation.assign(own ? '/center/product' : '/login');
}
