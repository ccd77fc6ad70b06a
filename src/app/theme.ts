import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Mantine's default shade 6 gives white-on-blue buttons and blue links 3.56:1 on white, below
  // WCAG AA's 4.5:1; shade 8 gives 5.02:1.
  primaryShade: { light: 8, dark: 8 },
});

/**
 * Mantine's light scheme draws error text in red.6 (3.28:1 on white) and dimmed text in gray.6
 * (3.32:1), both below 4.5:1; red.9 gives 5.46:1 and gray.7 8.18:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
