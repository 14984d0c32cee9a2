// The Center's view of the white-label: what applies (the product's defaults under the company's choices)
// and which files are the company's own, which the page offers to remove. A file's public address carries
// the company and the content's hash, so a replaced file has a new one.
import { BRAND_FILES, DEFAULT_BRANDING, type CenterBranding, type CompanyBranding } from '@atende/contract';

export const brandFileUrl = (companyId: string, name: string) => `/api/branding/${companyId}/${name}`;

/** The file name inside an address this module gave (null for the product's own files). */
export const ownFileName = (companyId: string, url: string | undefined) =>
  url?.startsWith(brandFileUrl(companyId, '')) ? url.slice(brandFileUrl(companyId, '').length) : null;

export const presentCenterBranding = (companyId: string, branding: CompanyBranding): CenterBranding => ({
  branding: { ...DEFAULT_BRANDING, ...branding },
  custom_files: BRAND_FILES.filter((kind) => ownFileName(companyId, branding[kind]) !== null),
});
