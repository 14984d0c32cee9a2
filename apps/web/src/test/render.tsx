// Renders a piece of the console as the app provides it to every screen: Mantine and a query client of its own
// (no retries, so a refused call shows at once), and optionally a router.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

const testClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

export function renderWithClient(children: ReactNode) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={testClient()}>{children}</QueryClientProvider>
    </MantineProvider>,
  );
}

/** The same, under a memory router of `routes` opened at `path` (pages that read their route or navigate). */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider>
      <QueryClientProvider client={testClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}
