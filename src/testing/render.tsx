/**
 * The one way component tests render: the app's theme, Mantine in test mode (no transitions or
 * portals, so dialogs and dropdowns are reachable at once), a fresh QueryClient that does not
 * retry (a failure shows at once), a fixed language and the notifications outlet.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render as testingLibraryRender, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { cssVariablesResolver, theme } from '../app/theme';
import { I18nProvider } from '../i18n/i18n-provider';
import type { Locale } from '../i18n/messages';

interface ProviderOptions {
  locale?: Locale;
  queryClient?: QueryClient;
}

function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

export function render(
  ui: ReactElement,
  {
    locale = 'pt-BR',
    queryClient = createTestQueryClient(),
    ...options
  }: ProviderOptions & Omit<RenderOptions, 'wrapper'> = {},
) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <I18nProvider locale={locale}>
          <QueryClientProvider client={queryClient}>
            {/* Where dialogs' outcome notifications show, as in the app. */}
            <Notifications />
            {children}
          </QueryClientProvider>
        </I18nProvider>
      </MantineProvider>
    );
  }
  return {
    user: userEvent.setup(),
    queryClient,
    ...testingLibraryRender(ui, { wrapper: Wrapper, ...options }),
  };
}
