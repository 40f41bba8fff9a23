import {
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type MantineTheme,
  type MantineThemeOverride,
} from '@mantine/core';
import type { CSSProperties } from 'react';
import { portalPalette } from './portal-colour';

/**
 * The portal's colour as a Mantine theme override for its page only: the app themes' `brand` palette
 * (every primary button, checkbox, focus ring and link) becomes the portal's, made readable.
 */
export function portalThemeOverride(colour: string): MantineThemeOverride {
  return { colors: { brand: portalPalette(colour) } };
}

/**
 * The CSS variables the override changes, to set on the page's root element. Mantine writes its theme's
 * variables once on :root, and components read them (var(--mantine-color-brand-filled)), so a nested
 * theme alone would change nothing drawn; redeclared on the page, they cascade to everything inside it.
 * The primary-colour aliases are redeclared too: on :root they were resolved to the app's brand.
 */
export function portalCssVariables(parent: MantineTheme, override: MantineThemeOverride): CSSProperties {
  const theme = mergeMantineTheme(parent, override);
  const { variables, light } = defaultCssVariablesResolver(theme);
  const ours = Object.entries({ ...variables, ...light }).filter(
    ([name]) =>
      name.startsWith(`--mantine-color-${theme.primaryColor}-`) ||
      name.startsWith('--mantine-primary-color-') ||
      name === '--mantine-color-anchor',
  );
  return Object.fromEntries(ours);
}
