// The contract's Resources: the company's branding over the product defaults, and where the product lives.
import {
  DEFAULT_BRANDING,
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE,
  DEFAULT_TIMEZONE,
  type Resources,
} from '@atende/contract';
import { presentCompanyRef } from '../companies/presenter.ts';
import type { Company } from '../companies/service.ts';

/** The product's addresses (configuration) that every answer carries. */
export type ResourceLinks = { publicUrl: string; accountsUrl: string | null };

export const presentResources = (company: Company | undefined, links: ResourceLinks): Resources => ({
  ...DEFAULT_BRANDING,
  ...company?.branding,
  company: company ? presentCompanyRef(company) : null,
  live_url: links.publicUrl,
  accounts_url: links.accountsUrl,
  live_defaults: { language: DEFAULT_LANGUAGE, timezone: DEFAULT_TIMEZONE, currency: DEFAULT_CURRENCY },
});
