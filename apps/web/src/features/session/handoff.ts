// The console link's exchange (spec §2) and its account-switch dialog: one chunk, loaded only when the app
// started from a link (session.ts, settleHandoff; App.tsx).
import type { HandoffRequest, LoginResponse, Ok, User } from '@atende/contract';
import type { Infer } from '../../lib/contract-types.ts';
import { http } from '../../lib/http.ts';
import { applyLanguage, loadConsoleTexts } from '../../lib/i18n.ts';
import { userLanguage } from '../../lib/language.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import type { clearAuth, establish, readUser } from './session.ts';
import { askToSwitch } from './switch-account.ts';

export { SwitchAccountModal } from './SwitchAccountModal.tsx';

/** What it does with session.ts, handed over by it (an import back would tie this chunk to the entry's). */
export interface SessionSteps {
  clearAuth: typeof clearAuth;
  establish: typeof establish;
  readUser: typeof readUser;
}

/**
 * The server takes a link's token once (a replayed link is refused with its message, and whoever is signed in
 * stays). The same account as this browser's continues with the fresh session; another account asks first,
 * in the language of the one signed in, and a refusal ends the fresh session it will not use.
 */
export async function handOff(linkToken: string, session: SessionSteps): Promise<void> {
  const { clearAuth, establish, readUser } = session;
  const body: HandoffRequest = { token: linkToken };
  // Failures are told by the HTTP error handler (a refused link: the server's message); their 401s end nothing.
  const exchanged = await http
    .post<LoginResponse>('/session/handoff', body, { token: null, unauthorized: 'ignore' })
    .then(async ({ access_token: fresh }) => ({
      fresh,
      next: await http.get<User>('/user', { token: fresh, unauthorized: 'ignore' }),
    }))
    .catch(() => null);
  if (!exchanged) return;
  const { fresh, next } = exchanged;
  const current = await currentAccount(readUser);
  if (current && current.id !== next.id) {
    // Asked of the one signed in, in their language; the texts are the console's, which they are about to use.
    await applyLanguage(userLanguage(current.language));
    await loadConsoleTexts();
    if (!(await askToSwitch(current.name, next.name))) {
      await http
        .post<Infer<typeof Ok>>('/logout', undefined, { token: fresh, notify: false, unauthorized: 'ignore' })
        .catch(() => undefined);
      return;
    }
    // Nothing of the previous account (its contacts, its tab) may remain under the new one.
    clearAuth();
  }
  await establish(fresh, next);
}

/** Who was signed in on this browser before the link, when that session still works (asked quietly: an
 * expired one simply gives way to the link's). */
async function currentAccount(read: typeof readUser): Promise<User | null> {
  const { status, token, user } = useSessionStore.getState();
  if (status === 'authenticated' && user) return user;
  if (!token) return null;
  return read(token).catch(() => null);
}
