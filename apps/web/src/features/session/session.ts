// Session lifecycle (spec §4): token check after mount, password login, the console link's handoff (spec §2),
// logout, clear.
import type { LoginRequest, LoginResponse, Ok, User } from '@atende/contract';
import type { Infer } from '../../lib/contract-types.ts';
import { resetTitleCounter } from '../../lib/document-title.ts';
import { takeLinkToken } from '../../lib/handoff-link.ts';
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

/** Reads the account of a token that may not work, without ending the session in use when it does not. */
export const readUser = (token: string): Promise<User> =>
  http.get<User>('/user', { token, notify: false, unauthorized: 'ignore' });

/** Verifies a token by reading the user with it (unless already read); it then becomes the session's token. */
export async function establish(token: string, known?: User): Promise<User> {
  const user = known ?? (await fetchUser(token));
  // The user's own language setting wins over the host's (spec §1).
  await applyLanguage(userLanguage(user.language));
  useSessionStore.getState().authenticate(token, user);
  return user;
}

let storedTokenCheck: Promise<User> | null = null;

/**
 * The start-up check of the stored token (run TOKEN_CHECK_DELAY_MS after mount), once a console link has had
 * its say on which account this browser uses. A missing token is rejected as "no storage token"; a failing one
 * clears the session, which sends the user to login.
 */
export async function checkStoredToken(): Promise<User> {
  await settleHandoff();
  const { status, token, user } = useSessionStore.getState();
  if (status === 'authenticated' && user) return user;
  if (!token) {
    if (status !== 'anonymous') clearAuth();
    throw new Error('no storage token');
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

let handoff: Promise<void> | null = null;

/**
 * A console link's token (held since start-up, lib/handoff-link.ts) exchanged for a session of its own; the
 * guards await it before deciding where the user belongs. Resolves at once when there is no link.
 */
export function settleHandoff(): Promise<void> {
  if (handoff) return handoff;
  const linkToken = takeLinkToken();
  if (linkToken === null) return Promise.resolve();
  // Its code loads only when a link brought a token (login route budget).
  handoff = import('./handoff.ts')
    .then((module) => module.handOff(linkToken, { clearAuth, establish, readUser }))
    .finally(() => {
      handoff = null;
    });
  return handoff;
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
