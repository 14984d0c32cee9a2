// White-label resources: whose branding the login page and the console show. The company is found, in order,
// from the signed-in user's session, the `company` query parameter, or the host the request came to.
import type { Authenticator } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { findCompanyByHost, findCompanyById, findCompanyBySlug, type Company } from '../companies/service.ts';

export type ResourceLookup = { token: string | null; companyName?: string; host?: string };

export type ResourceService = ReturnType<typeof resourceService>;

/** Resources are public (asked before login): the service reads with the app's database, not a tenant's. */
export function resourceService(deps: { db: Db; authenticate: Authenticator }) {
  return {
    /** The company whose branding applies, and whether the caller is signed in to it: only then is the
     * company named in the answer (an anonymous caller never learns whether a name or host exists). */
    async company(lookup: ResourceLookup): Promise<{ company: Company | undefined; signedIn: boolean }> {
      // A stale token must not break the login page: fall back to the anonymous lookup.
      const auth = lookup.token ? await deps.authenticate(lookup.token).catch(() => null) : null;
      if (auth?.companyId) return { company: await findCompanyById(deps.db, auth.companyId), signedIn: true };
      const company = lookup.companyName
        ? await findCompanyBySlug(deps.db, lookup.companyName)
        : lookup.host
          ? await findCompanyByHost(deps.db, lookup.host)
          : undefined;
      return { company, signedIn: false };
    },
  };
}
