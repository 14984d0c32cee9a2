// Layout route of every screen that reads server state: provides the TanStack Query client and shows the
// support session's banner over every screen. A signed-in user whose account requires a new password (an
// invitation, a reset) sets it here before any screen.
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { NewPasswordPage } from '../features/auth/NewPasswordPage.tsx';
import { queryClient } from '../lib/query-client.ts';
import { SupportBanner } from '../features/support/SupportBanner.tsx';
import { useCurrentUser } from '../lib/session-store.ts';

export function QueryLayout() {
  const user = useCurrentUser();
  return (
    <QueryClientProvider client={queryClient}>
      {user?.require_new_password ? <NewPasswordPage /> : <Outlet />}
      <SupportBanner />
    </QueryClientProvider>
  );
}
