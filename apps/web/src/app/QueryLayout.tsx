// Layout route of every screen that reads server state: provides the TanStack Query client, and shows the
// support session's banner over every one of them.
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { SupportBanner } from '../features/support/SupportBanner.tsx';

export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <SupportBanner />
    </QueryClientProvider>
  );
}
