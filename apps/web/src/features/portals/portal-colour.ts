/**
 * The portal's brand colour made readable (WCAG 2.2 1.4.3): the header and the primary buttons carry white
 * text on it, so white on the colour must reach 4.5:1. A colour too light for that is darkened, keeping its
 * hue, until it does; the establishment picked the hue, the page guarantees the contrast.
 */

/** WCAG's minimum contrast for normal-size text (AA). */
export const MIN_TEXT_CONTRAST = 4.5;

const WHITE = '#ffffff';

function channels(hex: string): [number, number, number] {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (match === null) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return [
    Number.parseInt(match[1] ?? '0', 16),
    Number.parseInt(match[2] ?? '0', 16),
    Number.parseInt(match[3] ?? '0', 16),
  ];
}

const toHex = (values: readonly number[]) =>
  `#${values
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** WCAG relative luminance of a #rrggbb colour (0 black to 1 white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** `hex` mixed with `other` by `amount` (0 keeps hex, 1 gives other). */
export function mix(hex: string, other: string, amount: number): string {
  const from = channels(hex);
  const to = channels(other);
  return toHex(from.map((value, i) => value + ((to[i] ?? 0) - value) * amount));
}

/**
 * The colour to draw white text on: the brand colour itself when white on it reaches 4.5:1, else the
 * brand colour darkened (mixed with black, a step at a time) until it does. Lower case #rrggbb.
 */
export function readableOnWhiteText(colour: string): string {
  const start = toHex(channels(colour));
  for (let step = 0; step <= 100; step += 2) {
    const candidate = mix(start, '#000000', step / 100);
    if (contrastRatio(WHITE, candidate) >= MIN_TEXT_CONTRAST) return candidate;
  }
  return '#000000';
}

/**
 * Ten shades around the readable colour, as a Mantine palette wants them: lighter tints for light
 * backgrounds (0 to 6), the colour itself at `primaryShade` 7 (the app theme's), then darker for hover.
 */
export function portalPalette(
  colour: string,
): [string, string, string, string, string, string, string, string, string, string] {
  const base = readableOnWhiteText(colour);
  const tint = (amount: number) => mix(base, WHITE, amount);
  const shade = (amount: number) => mix(base, '#000000', amount);
  return [
    tint(0.92),
    tint(0.84),
    tint(0.7),
    tint(0.55),
    tint(0.4),
    tint(0.25),
    tint(0.1),
    base,
    shade(0.15),
    shade(0.3),
  ];
}
