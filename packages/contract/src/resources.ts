// White-label resources of a company (spec §3 "Resources"), readable before login.
import { z } from 'zod';
import { Id, requiredText } from './common.ts';
import { PRODUCT_NAME_MAX, type DEFAULT_BRANDING } from './constants.ts';
import { Language } from './enums.ts';

export const ResourcesQuery = z.object({ company: requiredText(100).optional() });

/** A colour as #rrggbb: what colour inputs give and what the theme builders compute with. */
export const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const Resources = z.object({
  /** The signed-in user's company; null before login, whatever the name or host asked for. */
  company: z.object({ id: Id, name: z.string() }).nullable(),
  favicon: z.string(),
  live_url: z.string(),
  /** External accounts site logout goes to (with `?o=<origin>`); null sends the user to the login page. */
  accounts_url: z.string().nullable(),
  logo: z.string(),
  logo_inverted: z.string(),
  logo_monochrome_light: z.string(),
  logo_monochrome_dark: z.string(),
  color_light: HexColor,
  color_dark: HexColor,
  /** The product's name as the company sells it: the tab title and the login page say it. */
  product_name: z.string(),
  live_defaults: z.object({ language: Language, timezone: z.string(), currency: z.string() }),
});
export type Resources = z.infer<typeof Resources>;

/** What a company may override; everything else falls back to the product defaults. */
export const CompanyBranding = Resources.pick({
  favicon: true,
  logo: true,
  logo_inverted: true,
  logo_monochrome_light: true,
  logo_monochrome_dark: true,
  color_light: true,
  color_dark: true,
  product_name: true,
}).partial();
export type CompanyBranding = z.infer<typeof CompanyBranding>;

/** Compile-time proof that the default branding covers every field a company may override. */
export type DefaultBrandingIsComplete =
  typeof DEFAULT_BRANDING extends Required<CompanyBranding> ? true : never;

/** The files of the white-label, each uploaded (PNG or SVG) and removed on its own. */
export const BRAND_FILES = [
  'logo',
  'logo_inverted',
  'logo_monochrome_light',
  'logo_monochrome_dark',
  'favicon',
] as const;
export const BrandFile = z.enum(BRAND_FILES);
export type BrandFile = z.infer<typeof BrandFile>;

/** PUT /api/center/branding: the two theme colours and the product name. */
export const BrandingSettings = z.object({
  color_light: HexColor,
  color_dark: HexColor,
  product_name: requiredText(PRODUCT_NAME_MAX),
});
export type BrandingSettings = z.infer<typeof BrandingSettings>;

/** The Center's view of the white-label: what applies (defaults filled in) and which files the company set. */
export const CenterBranding = z.object({
  branding: CompanyBranding.required(),
  custom_files: z.array(BrandFile),
});
export type CenterBranding = z.infer<typeof CenterBranding>;
