import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { tokenStore } from '../features/auth/token-store';
import { I18nProvider } from '../i18n/i18n-provider';
import { createQueryClient } from './query-client';
import { COLOR_SCHEME_STORAGE_KEY, theme } from './theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient(() => tokenStore.expire()));
  return (
    <MantineProvider
      theme={theme}
      // The theme's variables are built into the stylesheet (virtual:theme-variables.css), not
      // computed here on every load: same result, less work in the first render
      // (docs/decisions/005-first-screen-weight.md).
      withCssVariables={false}
      // The operating system's scheme until the person picks one with the header's toggle.
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <I18nProvider>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </I18nProvider>
    </MantineProvider>
  );
}
