// White-label resources: the company's branding over the product defaults. Resolved, in order, from the
// signed-in user's company, the `company` query parameter, or the host the request came to.
import {
  DEFAULT_BRANDING,
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE,
  DEFAULT_TIMEZONE,
  type Resources,
} from '@atende/contract';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../platform/db/database.ts';
import { findCompanyByHost, findCompanyById, findCompanyBySlug, type Company } from '../companies/service.ts';

export type ResourceLookup = { companyId?: string; companyName?: string; host?: string };

export async function resolveResources(
  db: Db,
  config: AppConfig,
  lookup: ResourceLookup,
): Promise<Resources> {
  const company = await findResourceCompany(db, lookup);
  return {
    ...DEFAULT_BRANDING,
    ...company?.branding,
    company: company ? { id: company.id, name: company.name } : null,
    live_url: config.publicUrl,
    accounts_url: config.accountsUrl,
    live_defaults: { language: DEFAULT_LANGUAGE, timezone: DEFAULT_TIMEZONE, currency: DEFAULT_CURRENCY },
  };
}

async function findResourceCompany(db: Db, lookup: ResourceLookup): Promise<Company | undefined> {
  if (lookup.companyId) return findCompanyById(db, lookup.companyId);
  if (lookup.companyName) return findCompanyBySlug(db, lookup.companyName);
  if (lookup.host) return findCompanyByHost(db, lookup.host);
  return undefined;
}
