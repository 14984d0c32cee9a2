// The Mantine theme of a company: primary colour from color_light in the light scheme, color_dark in the dark one.
import { createTheme, virtualColor, type MantineThemeOverride } from '@mantine/core';
import { paletteFrom } from './palette.ts';

export const buildTheme = (colorLight: string, colorDark: string): MantineThemeOverride =>
  createTheme({
    colors: {
      brandLight: paletteFrom(colorLight),
      brandDark: paletteFrom(colorDark),
      brand: virtualColor({ name: 'brand', light: 'brandLight', dark: 'brandDark' }),
    },
    primaryColor: 'brand',
    primaryShade: { light: 6, dark: 6 },
    autoContrast: true,
    luminanceThreshold: 0.45,
    defaultRadius: 'md',
    cursorType: 'pointer',
  });
