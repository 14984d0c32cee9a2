// Keeps the signed-in user's avatar address working through a shift: it expires (FILE_URL_TTL_HOURS) long
// before the session does, so a little before then the account is read again and its fresh address stored.
import { renewalDelay, type User } from '@atende/contract';
import { useEffect } from 'react';
import { http } from '../../lib/http.ts';
import { useSessionStore } from '../../lib/session-store.ts';

/** A renewal that failed (offline) is tried again after this long, while the old address may still work. */
const RETRY_MS = 60_000;

export function useFreshAvatar(avatar: string | null | undefined): void {
  useEffect(() => {
    const delay = renewalDelay([avatar]);
    if (delay === null) return undefined;
    let timer: ReturnType<typeof setTimeout>;
    const renew = () =>
      http.get<User>('/user', { notify: false }).then(
        (user) => useSessionStore.getState().setUser(user),
        () => (timer = setTimeout(renew, RETRY_MS)),
      );
    timer = setTimeout(renew, delay);
    return () => clearTimeout(timer);
  }, [avatar]);
}
