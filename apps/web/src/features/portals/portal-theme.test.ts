import { createTheme, mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST } from './portal-colour';
import { portalCssVariables, portalThemeOverride } from './portal-theme';

// The app's layout themes name their palette brand, at primary shade 7.
const appTheme = mergeMantineTheme(
  DEFAULT_THEME,
  createTheme({
    primaryColor: 'brand',
    primaryShade: 7,
    colors: {
      brand: [
        '#e8f7ee',
        '#d4eede',
        '#a9dcbd',
        '#7bc99a',
        '#55b97c',
        '#3dae69',
        '#2f9a5c',
        '#23804a',
        '#1a6b3e',
        '#0f5630',
      ],
    },
  }),
);

describe("the portal's theme override", () => {
  it("fills primary buttons with the portal's colour, made readable, for the page only", () => {
    const vars = portalCssVariables(appTheme, portalThemeOverride('#ffd43b')) as Record<string, string>;
    // Filled is the primary shade, the readable colour.
    expect(vars['--mantine-color-brand-filled']).toBe('var(--mantine-color-brand-7)');
    const filled = vars['--mantine-color-brand-7'] ?? '';
    expect(filled).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrastRatio('#ffffff', filled)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    // The aliases components read are redeclared, pointing at the page's palette.
    expect(vars['--mantine-primary-color-filled']).toBe('var(--mantine-color-brand-filled)');
    // Nothing else of the app's theme is touched.
    expect(
      Object.keys(vars).every((name) => /^--mantine-(color-brand-|primary-color-|color-anchor)/.test(name)),
    ).toBe(true);
  });
});
