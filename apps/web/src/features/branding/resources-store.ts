// White-label resources (spec §1, §3): logos, favicon and colours — the public ones on the login page, the
// user's company's once signed in. Kept in a small store rather than TanStack Query so the login route does
// not load the query library (login route JS budget).
import { DEFAULT_BRANDING, type Resources } from '@atende/contract';
import { useEffect } from 'react';
import { create } from 'zustand';
import { http } from '../../lib/http.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { rememberedCompany } from '../../lib/remembered-company.ts';

/** The product's own branding, used until the server's answer arrives (or if it cannot be read). */
export const PRODUCT_BRANDING = DEFAULT_BRANDING;

export type Branding = Pick<Resources, keyof typeof PRODUCT_BRANDING>;

type Scope = 'public' | 'session';

interface ResourcesState {
  public: Resources | null;
  session: Resources | null;
}

const useResourcesStore = create<ResourcesState>()(() => ({ public: null, session: null }));

const inFlight = new Map<Scope, Promise<void>>();
/** Scopes whose request failed: not asked again until the session changes (the product branding stays). */
const failed = new Set<Scope>();

/** Fetches the scope's resources once; failures leave the product branding in place. */
export function loadResources(scope: Scope): Promise<void> {
  if (useResourcesStore.getState()[scope] || failed.has(scope)) return Promise.resolve();
  const pending = inFlight.get(scope);
  if (pending) return pending;
  // Before sign-in, the company last signed in to here names whose brand to show (else the host does).
  const company = scope === 'public' ? rememberedCompany() || undefined : undefined;
  const request = http
    .get<Resources>('/resources', { query: { company }, notify: false, unauthorized: 'ignore' })
    .then((resources) => {
      // A sign-out while the request ran makes its answer stale.
      const current: Scope = useSessionStore.getState().status === 'authenticated' ? 'session' : 'public';
      if (current === scope) useResourcesStore.setState({ [scope]: resources });
    })
    .catch((error: unknown) =>
      console.warn('White-label resources unavailable; using the product branding', error),
    )
    .finally(() => inFlight.delete(scope));
  inFlight.set(scope, request);
  return request;
}

/** After the Center changed the company's branding: the console shows it without a reload. */
export async function reloadSessionResources(): Promise<void> {
  const resources = await http.get<Resources>('/resources', { notify: false });
  if (useSessionStore.getState().status === 'authenticated')
    useResourcesStore.setState({ session: resources });
}

/** Called on sign-out: the next account may belong to another company. */
export const forgetSessionResources = (): void => {
  failed.clear();
  useResourcesStore.setState({ session: null });
};

/** The resources for the current session (the company's once signed in), loading them when needed. */
export function useResources(): Resources | null {
  const scope: Scope = useSessionStore((state) => (state.status === 'authenticated' ? 'session' : 'public'));
  const resources = useResourcesStore((state) => state[scope] ?? state.public);
  useEffect(() => {
    void loadResources(scope);
  }, [scope]);
  return resources;
}

export const useBranding = (): Branding => useResources() ?? PRODUCT_BRANDING;
