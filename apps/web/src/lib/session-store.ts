// Who is signed in on this browser: the access token (mirrored in localStorage), whether it was verified,
// and the account it belongs to (useCurrentUser for the screens that show or check it).
import type { User } from '@atende/contract';
import { create } from 'zustand';

export const TOKEN_STORAGE_KEY = 'atende.access_token';

/** unknown: a stored token awaits its check; authenticated: verified; anonymous: no usable token. */
export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

interface SessionState {
  token: string | null;
  status: SessionStatus;
  user: User | null;
  authenticate: (token: string, user: User) => void;
  setUser: (user: User) => void;
  clear: () => void;
}

export const readStoredToken = (): string | null => {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
};

const writeStoredToken = (token: string | null): void => {
  try {
    if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be disabled (private mode, policy); the session then lasts as long as the tab.
  }
};

const initialToken = readStoredToken();

export const useSessionStore = create<SessionState>()((set) => ({
  token: initialToken,
  status: initialToken ? 'unknown' : 'anonymous',
  user: null,
  authenticate: (token, user) => {
    writeStoredToken(token);
    set({ token, user, status: 'authenticated' });
  },
  setUser: (user) => set({ user }),
  clear: () => {
    writeStoredToken(null);
    set({ token: null, user: null, status: 'anonymous' });
  },
}));

/** Resolves once the session's status is known (the stored token has been checked). */
export const whenSessionKnown = (): Promise<SessionStatus> => {
  const { status } = useSessionStore.getState();
  if (status !== 'unknown') return Promise.resolve(status);
  return new Promise((resolve) => {
    const unsubscribe = useSessionStore.subscribe((state) => {
      if (state.status === 'unknown') return;
      unsubscribe();
      resolve(state.status);
    });
  });
};

/** The current user; null before the session is established. */
export const useCurrentUser = (): User | null => useSessionStore((state) => state.user);
