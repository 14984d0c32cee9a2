// Session lifecycle (spec §4): token check after mount, password login, access_token login, logout, clear.
import type { LoginRequest, LoginResponse, Ok, User } from '@atende/contract';
import type { Infer } from '../../lib/contract-types.ts';
import { resetTitleCounter } from '../../lib/document-title.ts';
import { HttpError, http } from '../../lib/http.ts';
import { applyLanguage } from '../../lib/i18n.ts';
import { userLanguage } from '../../lib/language.ts';
import { loadedQueryClient } from '../../lib/query-registry.ts';
import { forgetSessionResources } from '../branding/resources-store.ts';
import { releaseTab } from '../tab-lock/tab-lock.ts';
import { useSessionStore } from '../../lib/session-store.ts';

/** Reads the account a token belongs to. */
const fetchUser = (token: string): Promise<User> => http.get<User>('/user', { token, notify: false });

/** Thrown when the credentials were accepted but the account's data could not be read. */
export class AccountDataError extends Error {
  constructor(cause: unknown) {
    super('account data unavailable', { cause });
    this.name = 'AccountDataError';
  }
}

/** Forgets the session: token (memory and storage), account data and contacts, title counter, tab lock. */
export function clearAuth(): void {
  useSessionStore.getState().clear();
  // Every cached query belongs to the account (contacts included); nothing survives the session.
  const queryClient = loadedQueryClient();
  if (queryClient) {
    void queryClient.cancelQueries();
    queryClient.clear();
  }
  forgetSessionResources();
  resetTitleCounter();
  releaseTab();
}

/** Verifies a token by reading the user with it; on success it becomes the session's token. */
async function establish(token: string): Promise<User> {
  const user = await fetchUser(token);
  // The user's own language setting wins over the host's (spec §1).
  await applyLanguage(userLanguage(user.language));
  useSessionStore.getState().authenticate(token, user);
  return user;
}

let storedTokenCheck: Promise<User> | null = null;

/**
 * The start-up check of the stored token (run TOKEN_CHECK_DELAY_MS after mount). A missing token is
 * rejected as "no storage token"; a failing one clears the session, which sends the user to login.
 */
export function checkStoredToken(): Promise<User> {
  const { status, token, user } = useSessionStore.getState();
  if (status === 'authenticated' && user) return Promise.resolve(user);
  if (!token) {
    if (status !== 'anonymous') clearAuth();
    return Promise.reject(new Error('no storage token'));
  }
  storedTokenCheck ??= establish(token)
    .catch((error: unknown) => {
      clearAuth();
      throw error;
    })
    .finally(() => {
      storedTokenCheck = null;
    });
  return storedTokenCheck;
}

const tokenChecks = new Map<string, Promise<boolean>>();

/** The `access_token` query parameter: accepted tokens replace the session, failed ones end it. */
export function acceptToken(token: string): Promise<boolean> {
  const pending = tokenChecks.get(token);
  if (pending) return pending;
  const check = establish(token).then(
    () => true,
    () => {
      clearAuth();
      return false;
    },
  );
  tokenChecks.set(token, check);
  void check.finally(() => tokenChecks.delete(token));
  return check;
}

/**
 * Password login: the token is verified by reading the account before it is kept. Login answers are
 * presented by the form, so the call does not notify; an account-data failure throws AccountDataError.
 */
export async function signIn(credentials: LoginRequest): Promise<User> {
  const { access_token: token } = await http.post<LoginResponse>('/login', credentials, {
    notify: false,
  });
  try {
    return await establish(token);
  } catch (error) {
    clearAuth();
    throw new AccountDataError(error);
  }
}

/** Where logout sends the browser when an accounts site is configured: `<accounts_url>?o=<origin>`. */
export const accountsRedirectUrl = (accountsUrl: string, origin: string): string => {
  const url = new URL(accountsUrl, origin);
  url.searchParams.set('o', origin);
  return url.toString();
};

/** Logout: tells the server (best effort), clears everything, then goes to the accounts site or login. */
export async function signOut(accountsUrl: string | null): Promise<void> {
  try {
    await http.post<Infer<typeof Ok>>('/logout', undefined, { notify: false, unauthorized: 'ignore' });
  } catch (error) {
    // The session ends locally either way; a revoked or expired token is already what we want.
    if (!(error instanceof HttpError)) console.error('Logout request failed', error);
  }
  clearAuth();
  if (accountsUrl) window.location.assign(accountsRedirectUrl(accountsUrl, window.location.origin));
}
