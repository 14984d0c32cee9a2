// Navigation guard (spec §2), run by every top-level route's loader on every navigation: an access_token
// query parameter is exchanged for a session (start-up takes it out of the address, main.tsx), visitors stay
// off authenticated routes and back.
import { redirect, redirectDocument, type LoaderFunctionArgs } from 'react-router';
import { settleHandoff } from '../features/session/session.ts';
import { ACCESS_TOKEN_PARAM } from '../lib/handoff-link.ts';
import { loadCenterTexts, loadConsoleTexts } from '../lib/i18n.ts';
import { whenSessionKnown } from '../lib/session-store.ts';
import { claimTab, useTabStore } from '../features/tab-lock/tab-lock.ts';
import { pathTo, type Access } from '../lib/routes.ts';

async function guard(request: Request, access: Access): Promise<void> {
  const url = new URL(request.url);
  // A link followed inside the app: opened anew, the start-up takes its token out of the address (main.tsx).
  if (url.searchParams.has(ACCESS_TOKEN_PARAM)) throw redirectDocument(url.href);
  // An accepted link signs in (a visitor route then leads to the panel); a refused one leaves the session as it
  // was (no session: an authenticated route leads to login).
  await settleHandoff();
  const status = await whenSessionKnown();
  if (access === 'authenticated' && status !== 'authenticated') throw redirect(pathTo('login'));
  if (access === 'visitor' && status === 'authenticated') throw redirect(pathTo('panel.index'));
}

export const visitorGuard = async ({ request }: LoaderFunctionArgs): Promise<null> => {
  await guard(request, 'visitor');
  return null;
};

/** The Live console also needs to be the active tab; otherwise the tab shows open.page. */
export const liveGuard = async ({ request }: LoaderFunctionArgs): Promise<null> => {
  // The console's texts load while the session is checked (they are not part of the login route).
  const texts = loadConsoleTexts();
  await guard(request, 'authenticated');
  if (!(await claimTab())) throw redirect(pathTo('open.page'));
  await texts;
  return null;
};

/** The Center's pages speak with their own texts and the console's; they load while the session is checked. */
export const centerGuard = async ({ request }: LoaderFunctionArgs): Promise<null> => {
  const texts = loadCenterTexts();
  await guard(request, 'authenticated');
  await texts;
  return null;
};

/** open.page is for tabs that are not the active one; the active tab goes back to the panel. */
export const openPageGuard = async ({ request }: LoaderFunctionArgs): Promise<null> => {
  await guard(request, 'authenticated');
  if (useTabStore.getState().status === 'active') throw redirect(pathTo('panel.index'));
  return null;
};

/** Guards must run on every navigation, not only when their route is first entered. */
export const alwaysRevalidate = (): boolean => true;

/** The reset link's page checks no session (its token is the proof); it only needs the console's texts. */
export const passwordResetLoader = async (): Promise<null> => {
  await loadConsoleTexts();
  return null;
};
