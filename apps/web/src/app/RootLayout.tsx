// The root route: keeps the favicon and the tab title on the company's brand and re-runs the guards when the session ends or
// another tab takes over, so the guards alone decide where the user belongs.
import { useEffect, useRef } from 'react';
import { Outlet, useRevalidator } from 'react-router';
import { useBranding } from '../features/branding/resources-store.ts';
import { useFavicon } from '../features/branding/use-favicon.ts';
import { setTitleProduct } from '../lib/document-title.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { useTabStore } from '../features/tab-lock/tab-lock.ts';

export function RootLayout() {
  const branding = useBranding();
  useFavicon(branding.favicon);
  useEffect(() => setTitleProduct(branding.product_name), [branding.product_name]);

  const { revalidate } = useRevalidator();
  const signedOut = useSessionStore((state) => state.status === 'anonymous');
  const inactiveTab = useTabStore((state) => state.status === 'inactive');
  const previous = useRef({ signedOut, inactiveTab });

  useEffect(() => {
    const before = previous.current;
    previous.current = { signedOut, inactiveTab };
    if ((signedOut && !before.signedOut) || (inactiveTab && !before.inactiveTab)) void revalidate();
  }, [signedOut, inactiveTab, revalidate]);

  return <Outlet />;
}
