// White-label resources of a company (spec §3 "Resources"), readable before login.
import { z } from 'zod';
import { Id, requiredText } from './common.ts';
import type { DEFAULT_BRANDING } from './constants.ts';
import { Language } from './enums.ts';

export const ResourcesQuery = z.object({ company: requiredText(100).optional() });

const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

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
}).partial();
export type CompanyBranding = z.infer<typeof CompanyBranding>;

/** Compile-time proof that the default branding covers every field a company may override. */
export type DefaultBrandingIsComplete =
  typeof DEFAULT_BRANDING extends Required<CompanyBranding> ? true : never;
