import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Where the light/dark choice is kept. public/shell.js reads the same key before the app
 * loads, to paint the first frame in the right scheme: change both together.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'turmas-admin.color-scheme';

export const theme = createTheme({
  primaryColor: 'blue',
  // Mantine's default shade 6 gives white-on-blue buttons and blue links 3.56:1 on white, below
  // WCAG AA's 4.5:1; shade 8 gives 5.02:1. In dark mode white on blue.8 is the same 5.02:1, and
  // links and outlines use blue.4 (6.27:1 on the dark body).
  primaryShade: { light: 8, dark: 8 },
});

/**
 * Text colours Mantine's schemes draw below WCAG AA's 4.5:1:
 * - light: error text in red.6 (3.28:1 on white) and dimmed text in gray.6 (3.32:1); red.9 gives
 *   5.46:1 and gray.7 8.18:1.
 * - dark, on the dark.7 body: error text in red.8 (3.44:1) and dimmed text in dark.2 (4.04:1);
 *   red.4 gives 6.70:1 (5.86:1 on dark.6, the inputs' background) and dark.1 7.83:1.
 * - placeholders: gray.5 on white (2.07:1) and dark.3 on dark.6 (2.47:1); the dimmed colours above
 *   give 8.18:1 and 6.85:1.
 * - light: yellow alerts' titles and icons ("Sua sessão expirou", offline) in yellow.9 on yellow.1
 *   (2.69:1). No yellow shade is dark enough; this amber gives 5.99:1 (dark: yellow.0 on Mantine's
 *   brown, 8.35:1, kept).
 * - light: a hovered subtle or light button in the primary colour, blue.9 on blue.2 (4.01:1);
 *   hovered on blue.1 it gives 5.02:1, and the light variant's resting blue.0 keeps a hover.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-yellow-light-color': '#8a4d00',
    '--mantine-color-blue-light': 'var(--mantine-color-blue-0)',
    '--mantine-color-blue-light-hover': 'var(--mantine-color-blue-1)',
  },
  dark: {
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
  },
});
