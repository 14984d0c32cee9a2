import { describe, expect, it } from 'vitest';
import {
  BLACK,
  contrastRatio,
  luminance,
  readableForeground,
  readableShade,
  TEXT_CONTRAST,
  WHITE,
} from './colour-contrast.ts';

/** Hue in degrees of a #rrggbb colour, to check a brand keeps its own. */
const hueOf = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  const sector = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return (sector * 60 + 360) % 360;
};

describe('WCAG contrast', () => {
  it('computes the WCAG ratios', () => {
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // The figures axe reported for the product's colours before they were made readable.
    expect(contrastRatio(WHITE, '#29a4ff')).toBeCloseTo(2.68, 2);
    expect(contrastRatio('#868e96', WHITE)).toBeCloseTo(3.32, 2);
    expect(luminance('#ffffff')).toBe(1);
  });

  it('gives #29a4ff (the product blue) dark text, which reads on it', () => {
    expect(readableForeground('#29a4ff')).toBe(BLACK);
    expect(contrastRatio('#29a4ff', BLACK)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(readableForeground('#0b3d91')).toBe(WHITE);
  });

  it.each(['#29a4ff', '#448aff', '#ffd43b', '#fa5252', '#40c057', '#fd7e14', '#868e96'])(
    'darkens %s just enough for white text on it (and it on white), keeping its hue',
    (colour) => {
      const shade = readableShade(colour, WHITE);
      expect(contrastRatio(shade, WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(luminance(shade)).toBeLessThan(luminance(colour));
      expect(Math.abs(hueOf(shade) - hueOf(colour)) % 360).toBeLessThan(4);
      // Just enough: one step lighter would not read.
      expect(contrastRatio(shade, WHITE)).toBeLessThan(TEXT_CONTRAST + 0.5);
    },
  );

  it('lightens a colour for a dark background, and leaves a readable one alone', () => {
    const shade = readableShade('#3368be', '#242424');
    expect(contrastRatio(shade, '#242424')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(luminance(shade)).toBeGreaterThan(luminance('#3368be'));
    expect(readableShade('#0b3d91', WHITE)).toBe('#0b3d91');
  });
});
