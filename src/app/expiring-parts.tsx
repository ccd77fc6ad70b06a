import { IconHourglass } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { ApiClient } from '../api/client';
import { useExtension } from '../api/use-extension';
import { NarrowButton } from '../components/narrow-button/narrow-button';
import { EXPIRING_EXTENSION } from '#contract';
import { tokenStore } from '../features/auth/token-store';
import {
  closeExpiring,
  openExpiring,
  useExpiringParam,
  type ExpiringChoice,
} from '../features/expiring/expiring-address';
import { defineMessages } from '../i18n/define-messages';
import { CodeLoadFailed } from './lazy-outlet';
import { useLazyCode } from './use-lazy-code';

// The view is for the end of a term: its code loads when it opens, never with the first screen.
const loadExpiringView = () => import('../features/expiring/expiring-view');
const ExpiringView = lazy(async () => ({ default: (await loadExpiringView()).ExpiringView }));

// The button's words only: the view's come with its code.
const useButtonMessages = defineMessages({
  'pt-BR': { open: 'Expirando em breve' },
  en: { open: 'Expiring soon' },
});

/** "Expirando em breve", where the server lists enrolments by expiry (the expiring extension). */
export function ExpiringButton({ api }: { api: ApiClient }) {
  const messages = useButtonMessages();
  const available = useExtension(api, EXPIRING_EXTENSION);
  if (!available) return null;
  return (
    <NarrowButton
      icon={<IconHourglass aria-hidden size={18} />}
      label={messages.open}
      onPointerEnter={() => void loadExpiringView()}
      onFocus={() => void loadExpiringView()}
      onClick={() => openExpiring()}
    />
  );
}

/**
 * Where the expiring-soon view opens over the page while the address names a window
 * (`?expirando=30`) and the server offers the extension, as the roster's outlet: a failed import
 * is said here, with a retry; kept mounted while it closes.
 */
export function ExpiringOutlet({
  api,
  readOnly,
}: {
  api: ApiClient;
  /** A `read` credential's: no writes offered (src/app/credential-access.ts). */
  readOnly: boolean;
}) {
  const available = useExtension(api, EXPIRING_EXTENSION);
  const choice = useExpiringParam();
  const wanted = available && choice !== null;

  // The window last shown stays in the drawer while it fades out.
  const [shown, setShown] = useState<ExpiringChoice | null>(null);
  if (wanted && choice !== shown && JSON.stringify(choice) !== JSON.stringify(shown)) {
    setShown(choice);
  }

  const { code, load } = useLazyCode(wanted, loadExpiringView);
  if (wanted && code === 'failed')
    return <CodeLoadFailed onRetry={load} onDismiss={closeExpiring} />;
  if (code !== 'ready' || shown === null) return null;
  return (
    <Suspense fallback={null}>
      <ExpiringView
        api={api}
        opened={wanted}
        choice={shown}
        onClose={closeExpiring}
        readOnly={readOnly}
        onUnauthorized={tokenStore.expire}
      />
    </Suspense>
  );
}
