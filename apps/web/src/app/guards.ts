// Navigation guard (spec §2), run by every top-level route's loader on every navigation: an access_token
// query parameter signs in (and leaves the address bar), visitors stay off authenticated routes and back.
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { acceptToken } from '../features/session/session.ts';
import { loadConsoleTexts } from '../lib/i18n.ts';
import { whenSessionKnown } from '../lib/session-store.ts';
import { claimTab, useTabStore } from '../features/tab-lock/tab-lock.ts';
import { pathTo, type Access } from '../lib/routes.ts';

export const ACCESS_TOKEN_PARAM = 'access_token';

/** The same URL without the access_token parameter. */
const withoutAccessToken = (url: URL): string => {
  const clean = new URL(url);
  clean.searchParams.delete(ACCESS_TOKEN_PARAM);
  return `${clean.pathname}${clean.search}${clean.hash}`;
};

async function guard(request: Request, access: Access): Promise<void> {
  const url = new URL(request.url);
  const token = url.searchParams.get(ACCESS_TOKEN_PARAM);
  if (token !== null) {
    const accepted = token !== '' && (await acceptToken(token));
    if (accepted && access === 'visitor') throw redirect(pathTo('panel.index'));
    if (!accepted && access === 'authenticated') throw redirect(pathTo('login'));
    throw redirect(withoutAccessToken(url));
  }
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

/** The Center's pages speak with the console's texts too; they load while the session is checked. */
export const centerGuard = async ({ request }: LoaderFunctionArgs): Promise<null> => {
  const texts = loadConsoleTexts();
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
