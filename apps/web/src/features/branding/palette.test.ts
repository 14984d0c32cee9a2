import { contrastRatio, mixHex, TEXT_CONTRAST, WHITE } from '@atende/contract';
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { paletteFrom, readableMantineColors } from './palette.ts';

const { dark } = DEFAULT_THEME.colors;

describe('readable palettes', () => {
  const palettes = {
    ...Object.fromEntries(
      ['#29a4ff', '#448aff', '#ffd43b', '#00ff00', '#ffffff', '#000000', '#7b2cbf'].map((hex) => [
        hex,
        paletteFrom(hex),
      ]),
    ),
    ...readableMantineColors(),
  };

  it.each(Object.entries(palettes))('%s: the shades text goes on or in read at 4.5:1', (_, palette) => {
    // Shade 6: filled backgrounds under white text, and the light scheme's text on white and on its own tint.
    expect(contrastRatio(palette[6], WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(palette[6], mixHex(WHITE, palette[6], 0.12))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // Shade 4: the dark scheme's text, on the page and on hovered rows.
    for (const surface of [dark[7], dark[6], dark[5]]) {
      expect(contrastRatio(palette[4], surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    // Hovers (7–9) go darker from 6 (black can only stay black).
    expect(contrastRatio(palette[7], WHITE)).toBeGreaterThanOrEqual(contrastRatio(palette[6], WHITE));
    expect(contrastRatio(palette[9], WHITE)).toBeGreaterThanOrEqual(contrastRatio(palette[8], WHITE));
  });

  it('keeps a company colour that already reads as it is', () => {
    expect(paletteFrom('#0b3d91')[6]).toBe('#0b3d91');
  });
});
