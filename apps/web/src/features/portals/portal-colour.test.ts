import { describe, expect, it } from 'vitest';
import {
  MIN_TEXT_CONTRAST,
  contrastRatio,
  portalPalette,
  readableOnWhiteText,
  relativeLuminance,
} from './portal-colour';

describe('the portal colour carries white text at WCAG AA contrast', () => {
  it('measures contrast as WCAG does', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    // Mantine's stock blue 6 with white text: 3.6:1, short of AA.
    expect(contrastRatio('#ffffff', '#228be6')).toBeCloseTo(3.55, 1);
  });

  it('keeps a colour white text already reads on', () => {
    expect(readableOnWhiteText('#1753A6')).toBe('#1753a6');
    expect(contrastRatio('#ffffff', '#1753a6')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('darkens a light colour just enough, keeping its hue', () => {
    for (const light of ['#ffd43b', '#40c057', '#228be6', '#ff922b', '#ffffff', '#777777']) {
      const readable = readableOnWhiteText(light);
      expect(readable).not.toBe(light);
      expect(contrastRatio('#ffffff', readable), light).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      // Not overdone: two steps lighter would fail.
      expect(contrastRatio('#ffffff', readable)).toBeLessThan(5);
    }
    // A yellow stays yellowish: red and green still outweigh blue.
    const [r, g, b] = (readableOnWhiteText('#ffd43b').match(/[0-9a-f]{2}/g) ?? []).map((h) =>
      Number.parseInt(h, 16),
    ) as [number, number, number];
    expect(r).toBeGreaterThan(b);
    expect(g).toBeGreaterThan(b);
  });

  it('puts the readable colour at the primary shade, with lighter tints before and darker shades after', () => {
    const palette = portalPalette('#40c057');
    expect(palette).toHaveLength(10);
    expect(palette[7]).toBe(readableOnWhiteText('#40c057'));
    const luminances = palette.map(relativeLuminance);
    for (let i = 1; i < luminances.length; i++) {
      expect(luminances[i]).toBeLessThan(luminances[i - 1] ?? 1);
    }
    // The hover shades only darken: white text stays readable on them.
    expect(contrastRatio('#ffffff', palette[8])).toBeGreaterThan(MIN_TEXT_CONTRAST);
  });
});
