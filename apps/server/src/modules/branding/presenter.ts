// The Center's view of the white-label: what applies (the product's defaults under the company's choices)
// and which files are the company's own, which the page offers to remove. A file's public address is a random
// key of its own, never the company's id (the login page shows it to anyone), and a replaced file gets a new one.
import { BRAND_FILES, DEFAULT_BRANDING, type CenterBranding, type CompanyBranding } from '@atende/contract';

const PREFIX = '/api/branding/';

export const brandFileUrl = (name: string) => `${PREFIX}${name}`;

/** The file name inside an address this module gave (null for the product's own files). */
export const ownFileName = (url: string | undefined) =>
  url?.startsWith(PREFIX) ? url.slice(PREFIX.length) : null;

export const presentCenterBranding = (branding: CompanyBranding): CenterBranding => ({
  branding: { ...DEFAULT_BRANDING, ...branding },
  custom_files: BRAND_FILES.filter((kind) => ownFileName(branding[kind]) !== null),
});
