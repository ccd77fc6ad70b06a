import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nProvider } from '../i18n/i18n-provider';
import { createAppQueryClient } from './query-client';
import { COLOR_SCHEME_STORAGE_KEY, cssVariablesResolver, theme } from './theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

interface AppProvidersProps {
  /** The app's client when it was made before rendering (main.tsx starts requests with it). */
  queryClient?: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient: given, children }: AppProvidersProps) {
  const [queryClient] = useState(() => given ?? createAppQueryClient());
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
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
