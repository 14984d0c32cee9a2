// The company's logo in the variant that reads on the current background and colour scheme. A plain <img>,
// not Mantine's Image: the login route's JS budget has no room for a component this needs nothing of.
import { useComputedColorScheme } from '@mantine/core';
import { useBranding } from './resources-store.ts';

interface BrandLogoProps {
  /** full: the coloured logo (inverted in dark mode); monochrome: a one-colour mark for quiet surfaces. */
  variant?: 'full' | 'monochrome';
  /** Height in pixels; the width follows the logo's proportions. */
  h: number;
}

export function BrandLogo({ variant = 'full', h }: BrandLogoProps) {
  const branding = useBranding();
  const scheme = useComputedColorScheme('light');
  const dark = scheme === 'dark';
  const src =
    variant === 'full'
      ? dark
        ? branding.logo_inverted
        : branding.logo
      : dark
        ? branding.logo_monochrome_light
        : branding.logo_monochrome_dark;
  return (
    <img
      src={src}
      alt={branding.product_name}
      style={{ display: 'block', height: h, width: 'auto', objectFit: 'contain' }}
    />
  );
}
