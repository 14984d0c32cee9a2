// The signed-in user: read with the token when the session starts, then kept in the session store.
import type { User } from '@atende/contract';
import { http } from '../../lib/http.ts';
import { useSessionStore } from './session-store.ts';

export const fetchUser = (token: string): Promise<User> => http.get<User>('/user', { token, notify: false });

/** The current user; null before the session is established. */
export const useCurrentUser = (): User | null => useSessionStore((state) => state.user);
