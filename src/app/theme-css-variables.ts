import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
} from '@mantine/core';
// With its extension, unlike the rest of src/: vite.config.ts imports this file too.
import { cssVariablesResolver, theme } from './theme.ts';

type Variables = Record<string, string>;

/**
 * The CSS variables by which the console's theme differs from Mantine's defaults (which
 * `@mantine/core/styles/default-css-variables.css` already sets), as the stylesheet
 * MantineProvider would otherwise build in the browser on every load: Mantine derives ~600
 * colour variables twice (for its default theme and for ours) to find the few that differ, a cost
 * the first render paid (docs/decisions/005-first-screen-weight.md).
 *
 * Run at build time (vite.config.ts serves it as `virtual:theme-variables.css`), so the theme
 * stays the one source: `theme-css-variables.test.tsx` checks the result against the stylesheet
 * MantineProvider itself renders.
 */
export function themeCssVariables(): string {
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const ours = defaultCssVariablesResolver(merged);
  const overrides = cssVariablesResolver(merged);
  // Mantine's own order (getMergedVariables, then removeDefaultVariables): its variables, the
  // resolver's over them, then whatever equals the default dropped.
  const changed = (base: Variables, extra: Variables, defaultValues: Variables) =>
    Object.fromEntries(
      Object.entries({ ...base, ...extra }).filter(
        ([name, value]) => defaultValues[name] !== value,
      ),
    );
  const variables: ConvertCSSVariablesInput = {
    variables: changed(ours.variables, overrides.variables, defaults.variables),
    light: changed(ours.light, overrides.light, defaults.light),
    dark: changed(ours.dark, overrides.dark, defaults.dark),
  };
  return convertCssVariables(variables);
}
