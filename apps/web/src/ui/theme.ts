import { createTheme, Modal, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import type { LayoutTheme } from '@referrals/domain/theme';

// Palettes tuned so that shade 7, the primary shade, carries white text at WCAG AA contrast or better;
// Mantine's stock green fails that at its default shade.
const green: MantineColorsTuple = [
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
];

const blue: MantineColorsTuple = [
  '#e7f1fc',
  '#cfe1f7',
  '#9fc2ee',
  '#6ca1e5',
  '#4386dd',
  '#2b74d8',
  '#1f63c2',
  '#1753a6',
  '#104489',
  '#08356d',
];

/**
 * One Mantine theme per layout colour (spec section 6 Rules: specialist-type roles blue, others green).
 * Both name their palette `brand`, so components say `color="brand"` and follow whichever theme is on.
 */
function layoutTheme(brand: MantineColorsTuple): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 7,
    colors: { brand },
    defaultRadius: 'md',
    cursorType: 'pointer',
    headings: { fontWeight: '650' },
    components: {
      // A dialog's title is its heading and its accessible name; Mantine draws it as body text.
      Modal: Modal.extend({
        styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
      }),
    },
  });
}

export const layoutThemes: Readonly<Record<LayoutTheme, MantineThemeOverride>> = {
  green: layoutTheme(green),
  blue: layoutTheme(blue),
};
