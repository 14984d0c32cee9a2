// The application: providers around the router and the account-switch question a console link may ask, and the
// stored-token check TOKEN_CHECK_DELAY_MS after mount.
import { TOKEN_CHECK_DELAY_MS } from '@atende/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { checkStoredToken } from '../features/session/session.ts';
import { startedFromLink } from '../lib/handoff-link.ts';
import { HttpError } from '../lib/http.ts';
import { i18n } from '../lib/i18n.ts';
import { notifyError } from '../lib/notify.ts';
import { AppProviders } from './AppProviders.tsx';
import { createAppRouter } from './router.tsx';

/** The question a link of another user asks; its code comes with the link's exchange (login route budget). */
const SwitchAccountModal = lazy(() =>
  import('../features/session/handoff.ts').then((module) => ({ default: module.SwitchAccountModal })),
);

const handleTokenCheckFailure = (error: unknown): void => {
  // A missing token is the normal visitor case; a 401 was already announced by the HTTP error handler.
  if (error instanceof HttpError && error.status !== 401) notifyError(i18n.t('session.accountDataError'));
};

export function App() {
  const [router] = useState(createAppRouter);
  const [withLink] = useState(startedFromLink);

  useEffect(() => {
    const timer = setTimeout(() => {
      checkStoredToken().catch(handleTokenCheckFailure);
    }, TOKEN_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <AppProviders>
      <RouterProvider router={router} />
      {withLink && (
        <Suspense fallback={null}>
          <SwitchAccountModal />
        </Suspense>
      )}
    </AppProviders>
  );
}
