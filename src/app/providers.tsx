import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { tokenStore } from '../features/auth/token-store';
import { I18nProvider } from '../i18n/i18n-provider';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

function expireSignedInSession() {
  // The gate's own check of a typed token also gets 401s; those are its business, not an expiry.
  if (tokenStore.get() !== null) tokenStore.expire();
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient(expireSignedInSession));
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <I18nProvider>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </I18nProvider>
    </MantineProvider>
  );
}
