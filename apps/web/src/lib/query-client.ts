// The single TanStack Query client: server state of every feature lives in its cache. Loaded with the first
// screen after login (the login route does not need it).
import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './http.ts';
import { registerQueryClient } from './query-registry.ts';

const isClientError = (error: unknown): boolean =>
  error instanceof HttpError && error.status >= 400 && error.status < 500;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // 4xx answers do not get better by asking again; network and 5xx failures get one more try.
      retry: (failureCount, error) => !isClientError(error) && failureCount < 1,
    },
    mutations: { retry: false },
  },
});

registerQueryClient(queryClient);
