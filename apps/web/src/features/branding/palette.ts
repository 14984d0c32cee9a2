// Ten-shade Mantine palettes derived from one white-label colour, with the shades Mantine puts text on or uses
// as text made readable (WCAG ≥ 4.5:1), whatever colour the company chose.
import {
  BLACK,
  contrastRatio,
  luminance,
  mixHex,
  readableShade,
  TEXT_CONTRAST,
  WHITE,
} from '@atende/contract';
import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

/** Weight towards white for shades 0–5, then towards black for shades 7–9. */
const TINTS = [0.92, 0.8, 0.64, 0.46, 0.3, 0.14] as const;
const SHADES = [0.12, 0.24, 0.36] as const;

/** Mantine's dark-scheme surfaces (dark.6 inputs and cards, dark.5 hovered rows) text shade 4 sits on. */
const DARK_SURFACE = DEFAULT_THEME.colors.dark[5];
/**
 * Mantine's light variant lays shade 6 over the page at 10–12 % (its light-hover): text in shade 6 on that tint
 * must still read, so the light-scheme target is white tinted that much.
 */
const LIGHT_TINT_ALPHA = 0.12;

/**
 * Mantine reads shade 6 as the filled background under white text and, in the light scheme, as text and
 * outline on white; shade 4 is the dark scheme's text colour; 7–9 are hovers, darker than 6. So 6 is darkened
 * until white reads on it and it reads on its own light tint, 7–9 follow it, and 4 is lightened until it reads
 * on the dark surfaces. Shades 0–5 otherwise keep the colour's own tints.
 */
export const readablePalette = (tuple: readonly string[]): MantineColorsTuple => {
  let filled = readableShade(tuple[6]!, WHITE);
  // Darkening the colour darkens its tint too: a few rounds settle it.
  const lightTint = () => mixHex(WHITE, filled, LIGHT_TINT_ALPHA);
  while (contrastRatio(filled, lightTint()) < TEXT_CONTRAST) filled = readableShade(filled, lightTint());
  // A colour's own darker shades stay when they start darker than the readable 6 (gray's text greys do).
  const own = tuple.slice(7, 10);
  const shades =
    luminance(own[0]!) < luminance(filled) ? own : SHADES.map((weight) => mixHex(filled, BLACK, weight));
  const text = readableShade(tuple[4]!, DARK_SURFACE);
  const [t0, t1, t2, t3, , t5] = tuple as MantineColorsTuple;
  const [s7, s8, s9] = shades as [string, string, string];
  return [t0, t1, t2, t3, text, t5, filled, s7, s8, s9];
};

export const paletteFrom = (hex: string): MantineColorsTuple => {
  const tints = TINTS.map((weight) => mixHex(hex, WHITE, weight));
  return readablePalette([...tints, hex, hex, hex, hex]);
};

/**
 * Mantine's own colours (gray for secondary text, red for errors, green, orange…), made readable the same way as
 * the brand's. Dark stays: it is the dark scheme's surfaces, not a colour text is written in.
 */
export const readableMantineColors = (): Record<string, MantineColorsTuple> =>
  Object.fromEntries(
    Object.entries(DEFAULT_THEME.colors)
      .filter(([name]) => name !== 'dark')
      .map(([name, tuple]) => [name, readablePalette(tuple)]),
  );
