// Ten-shade Mantine palettes derived from one white-label colour (the colour itself is shade 6).
import type { MantineColorsTuple } from '@mantine/core';

type Rgb = [number, number, number];

const parseHex = (hex: string): Rgb => {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

const toHex = ([r, g, b]: Rgb): string =>
  `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

const mix = (from: Rgb, to: Rgb, weight: number): Rgb => [
  from[0] + (to[0] - from[0]) * weight,
  from[1] + (to[1] - from[1]) * weight,
  from[2] + (to[2] - from[2]) * weight,
];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** Weight towards white for shades 0–5, then towards black for shades 7–9. */
const TINTS = [0.92, 0.8, 0.64, 0.46, 0.3, 0.14] as const;
const SHADES = [0.12, 0.24, 0.36] as const;

export const paletteFrom = (hex: string): MantineColorsTuple => {
  const base = parseHex(hex);
  const tints = TINTS.map((weight) => toHex(mix(base, WHITE, weight)));
  const shades = SHADES.map((weight) => toHex(mix(base, BLACK, weight)));
  const [t0, t1, t2, t3, t4, t5] = tints as [string, string, string, string, string, string];
  const [s7, s8, s9] = shades as [string, string, string];
  return [t0, t1, t2, t3, t4, t5, toHex(base), s7, s8, s9];
};
