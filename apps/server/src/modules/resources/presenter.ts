// The contract's Resources: the company's branding over the product defaults, and where the product lives.
import { DEFAULT_BRANDING, DEFAULT_COMPANY_SETTINGS, type Resources } from '@atende/contract';
import { presentCompanyRef } from '../companies/presenter.ts';
import { settingsOf } from '../company-settings/settings.ts';
import type { Company } from '../companies/service.ts';

/** The product's addresses (configuration) that every answer carries. */
export type ResourceLinks = { publicUrl: string; accountsUrl: string | null };

/** The company is named to its signed-in users only; anyone else gets its branding (or the defaults). */
export const presentResources = (
  company: Company | undefined,
  signedIn: boolean,
  links: ResourceLinks,
): Resources => ({
  ...DEFAULT_BRANDING,
  ...company?.branding,
  company: company && signedIn ? presentCompanyRef(company) : null,
  live_url: links.publicUrl,
  accounts_url: links.accountsUrl,
  live_defaults: liveDefaults(company),
});

/** The company's time zone, currency and language (Center › Empresa), which the console starts from. */
function liveDefaults(company: Company | undefined): Resources['live_defaults'] {
  const { language, timezone, currency } = company ? settingsOf(company) : DEFAULT_COMPANY_SETTINGS;
  return { language, timezone, currency };
}
