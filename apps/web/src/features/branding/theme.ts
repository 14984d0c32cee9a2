// The Mantine theme of a company: primary colour from color_light in the light scheme, color_dark in the dark
// one. Every palette (the brand's and Mantine's own) is made readable here, once, so components need no
// per-use contrast fixes. One exception Mantine leaves no theme hook for: a coloured menu item takes `c="red"`,
// not `color="red"`, whose text is shade 6 (a background shade) in both schemes, unreadable on the dark menu.
import { readableShade } from '@atende/contract';
import {
  createTheme,
  DEFAULT_THEME,
  virtualColor,
  type CSSVariablesResolver,
  type MantineThemeOverride,
} from '@mantine/core';
import { paletteFrom, readableMantineColors } from './palette.ts';

const { dark } = DEFAULT_THEME.colors;
const mantineColors = readableMantineColors();

/** `closeLabel`: the accessible name of every modal's × button (Mantine's has none; axe: button-name). */
export const buildTheme = (
  colorLight: string,
  colorDark: string,
  closeLabel?: string,
): MantineThemeOverride =>
  createTheme({
    colors: {
      ...mantineColors,
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
    components: {
      // The placeholder Mantine focuses first when a menu opens is a div inside role="menu", where only menu
      // items may be (axe: aria-required-children); without it the first item takes the focus.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
    },
  });

/**
 * Mantine's dark-scheme secondary ("dimmed") text is dark.2 (4:1 on the page) and its error text red.8 (3.5:1):
 * made readable on the surfaces they sit on (up to dark.5, hovered rows). In the light scheme both come from
 * the readable gray and red palettes.
 */
export const readableVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: {
    '--mantine-color-dimmed': readableShade(dark[2], dark[5]),
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
