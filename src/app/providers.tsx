import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nProvider } from '../i18n/i18n-provider';
import { createAppQueryClient } from './query-client';
import { COLOR_SCHEME_STORAGE_KEY, theme } from './theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export function AppProviders({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  /** Made before rendering by src/main.tsx, which sends the first list request through it. */
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createAppQueryClient());
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
