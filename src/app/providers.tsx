import {
  localStorageColorSchemeManager,
  MantineContext,
  MantineThemeProvider,
  useProviderColorScheme,
} from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { tokenStore } from '../features/auth/token-store';
import { I18nProvider } from '../i18n/i18n-provider';
import { createQueryClient } from './query-client';
import { COLOR_SCHEME_STORAGE_KEY, theme } from './theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });
const getRootElement = () => document.documentElement;

/**
 * MantineProvider's own composition, from Mantine's public parts, without the two style elements
 * it renders: the theme's variables are built into the stylesheet (virtual:theme-variables.css)
 * and the one breakpoint class used is in narrow-button.module.css. Their code was on the first
 * screen (docs/decisions/005-first-screen-weight.md).
 */
function MantineRoot({ children }: { children: ReactNode }) {
  const { colorScheme, setColorScheme, clearColorScheme } = useProviderColorScheme({
    manager: colorSchemeManager,
    // The operating system's scheme until the person picks one with the header's toggle.
    defaultColorScheme: 'auto',
    forceColorScheme: undefined,
    getRootElement,
  });
  return (
    <MantineContext
      value={{
        colorScheme,
        setColorScheme,
        clearColorScheme,
        getRootElement,
        classNamesPrefix: 'mantine',
        cssVariablesSelector: ':root',
        withStaticClasses: true,
      }}
    >
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient(() => tokenStore.expire()));
  return (
    <MantineRoot>
      <I18nProvider>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </I18nProvider>
    </MantineRoot>
  );
}
