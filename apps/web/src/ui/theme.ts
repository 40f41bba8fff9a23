import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type DrawerProps,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type MenuProps,
  type ModalProps,
  type NotificationProps,
  type PaginationProps,
  type VariantColorsResolver,
} from '@mantine/core';
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
 * Text on a `light` badge or button is the colour's darkest shade, darkened further: Mantine's own (shade 9
 * on the tinted background, e.g. green 3.8:1) falls short of WCAG AA's 4.5:1 for small text.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return resolved;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  const palette = parsed.isThemeColor ? input.theme.colors[parsed.color] : undefined;
  if (!palette) return resolved;
  const text = darken(palette[9], 0.3);
  return { ...resolved, color: text, hoverColor: text };
};

/**
 * Mantine's dimmed (gray 6, 3.3:1 on white) and error (red 6, 3.3:1) text fail WCAG AA for helper and
 * error messages; gray 7 and red 9 pass.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

const PAGINATION_CONTROL_NAMES = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

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
    variantColorResolver,
    // Plain objects rather than Component.extend(), which would pull each component into the first
    // screen's JavaScript whether it is shown there or not.
    components: {
      // Icon-only controls need names: the close button of every dialog, drawer and toast, and the pagination's
      // arrows and page numbers.
      // A dialog's title is its heading and its accessible name; Mantine draws it as body text.
      Modal: {
        defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps>,
        styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
      },
      Drawer: {
        defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<DrawerProps>,
      },
      // And every toast's. A toast's text under its title is gray 6 in Mantine (3.3:1 on white): gray 7.
      Notification: {
        defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<NotificationProps>,
        styles: { description: { color: 'var(--mantine-color-gray-7)' } },
      },
      // Mantine puts a focusable role=presentation placeholder first in every menu, which a menu may not
      // contain; without it an opened menu focuses its first item, as the ARIA menu pattern expects.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
      Pagination: {
        defaultProps: {
          getControlProps: (control) => ({ 'aria-label': PAGINATION_CONTROL_NAMES[control] }),
          getItemProps: (page) => ({ 'aria-label': `Page ${page}` }),
        } satisfies Partial<PaginationProps>,
      },
    },
  });
}

export const layoutThemes: Readonly<Record<LayoutTheme, MantineThemeOverride>> = {
  green: layoutTheme(green),
  blue: layoutTheme(blue),
};
