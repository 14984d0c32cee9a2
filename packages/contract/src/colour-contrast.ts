// WCAG 2 contrast for white-label colours: a company picks any colour, and the console and the widget put
// text on it (and it on their backgrounds), so the shade they use is derived to stay readable (≥ 4.5:1)
// instead of trusting the choice blindly. Shared by the web console's theme and the widget.

export type Rgb = [number, number, number];

/** WCAG's minimum contrast for normal text (level AA). */
export const TEXT_CONTRAST = 4.5;

export const WHITE = '#ffffff';
export const BLACK = '#000000';

export const parseHex = (hex: string): Rgb => {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

export const toHex = ([r, g, b]: Rgb): string =>
  `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

/** The colour `weight` of the way from `from` to `to` (0 = from, 1 = to). */
export const mixHex = (from: string, to: string, weight: number): string => {
  const [a, b] = [parseHex(from), parseHex(to)];
  return toHex([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * weight) as Rgb);
};

const linear = (channel: number): number => {
  const value = channel / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance, 0 (black) to 1 (white). */
export const luminance = (hex: string): number => {
  const [r, g, b] = parseHex(hex).map(linear) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG contrast ratio of two colours, 1 to 21. */
export const contrastRatio = (a: string, b: string): number => {
  const [one, other] = [luminance(a), luminance(b)];
  return (Math.max(one, other) + 0.05) / (Math.min(one, other) + 0.05);
};

/** Black or white, whichever reads better on `background`. */
export const readableForeground = (background: string): string =>
  contrastRatio(background, WHITE) >= contrastRatio(background, BLACK) ? WHITE : BLACK;

type Hsl = [number, number, number];

const toHsl = (hex: string): Hsl => {
  const [r, g, b] = parseHex(hex).map((channel) => channel / 255) as Rgb;
  const max = Math.max(r, g, b);
  const lightness = (max + Math.min(r, g, b)) / 2;
  const delta = max - Math.min(r, g, b);
  // In sixths of a turn; past a full turn for reds, which fromHsl wraps.
  const hue = !delta
    ? 0
    : max === r
      ? (g - b) / delta + 6
      : max === g
        ? (b - r) / delta + 2
        : (r - g) / delta + 4;
  return [hue * 60, delta && delta / (1 - Math.abs(2 * lightness - 1)), lightness];
};

/** HSL back to hex (the compact form of the CSS Color 4 conversion). */
const fromHsl = ([hue, saturation, lightness]: Hsl): string => {
  const amount = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return (lightness - amount * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255;
  };
  return toHex([channel(0), channel(8), channel(4)]);
};

/**
 * `colour` made darker (on a light `background`) or lighter (on a dark one) just far enough to reach `ratio`
 * against it. Only its HSL lightness moves, so a brand keeps its hue and saturation — still recognisably
 * itself, where mixing in black would dull it.
 */
export const readableShade = (colour: string, background: string, ratio = TEXT_CONTRAST): string => {
  const [hue, saturation, lightness] = toHsl(colour);
  const towards = readableForeground(background);
  const step = towards === WHITE ? 0.01 : -0.01;
  for (let value = lightness; value >= 0 && value <= 1; value += step) {
    const candidate = fromHsl([hue, saturation, value]);
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return towards;
};
