// The company's logo in the variant that reads on the current background and colour scheme.
import { Image, useComputedColorScheme, type ImageProps } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { useBranding } from './resources-store.ts';

interface BrandLogoProps extends Omit<ImageProps, 'src'> {
  /** full: the coloured logo (inverted in dark mode); monochrome: a one-colour mark for quiet surfaces. */
  variant?: 'full' | 'monochrome';
}

export function BrandLogo({ variant = 'full', ...props }: BrandLogoProps) {
  const { t } = useTranslation();
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
  return <Image src={src} alt={t('brand.logoAlt')} fit="contain" w="auto" {...props} />;
}
