// Lets the session clear server-state caches without loading TanStack Query on the login route: the query
// client registers itself here when the first screen that needs it loads.
import type { QueryClient } from '@tanstack/react-query';

let loaded: QueryClient | null = null;

export const registerQueryClient = (client: QueryClient): void => {
  loaded = client;
};

/** The query client if any screen has loaded it yet, else null (then there is nothing cached to clear). */
export const loadedQueryClient = (): QueryClient | null => loaded;
