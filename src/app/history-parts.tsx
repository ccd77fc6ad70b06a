import { Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { ApiClient } from '../api/client';
import { closeHistory, openHistory, useHistoryOpen } from '../features/history/history-address';
import { defineMessages } from '../i18n/define-messages';
import { useCredential } from './credential-access';
import { CodeLoadFailed } from './lazy-outlet';
import { useLazyCode } from './use-lazy-code';

// The view is for looking back: its code loads when it opens (or a pointer or focus nears its
// button), never with the first screen.
const loadHistoryView = () => import('../features/history/history-view');
const HistoryView = lazy(async () => ({ default: (await loadHistoryView()).HistoryView }));
const wantHistoryView = () => void loadHistoryView().catch(() => undefined);

// The button's word only: the view's come with its code.
const useButtonMessages = defineMessages({
  'pt-BR': { open: 'Histórico' },
  en: { open: 'History' },
});

/** History's button on the page, or its view over the page while the address says `?historico`. */
export function HistoryPart({ api, part }: { api: ApiClient; part: 'button' | 'outlet' }) {
  return part === 'button' ? <HistoryButton /> : <HistoryOutlet api={api} />;
}

function HistoryButton() {
  const messages = useButtonMessages();
  return (
    <Button
      variant="default"
      leftSection={<IconHistory aria-hidden size={18} />}
      onPointerEnter={wantHistoryView}
      onFocus={wantHistoryView}
      onClick={openHistory}
    >
      {messages.open}
    </Button>
  );
}

/** Mounted once its code is in (a failed import is said here, with a retry); kept while it closes. */
function HistoryOutlet({ api }: { api: ApiClient }) {
  const wanted = useHistoryOpen();
  // "Minhas" is the signed-in credential's writes, once the server has named it (`me`).
  const { name, canWrite } = useCredential(api);
  const [shown, setShown] = useState(false);
  if (wanted && !shown) setShown(true);
  const { code, load } = useLazyCode(wanted, loadHistoryView);
  if (wanted && code === 'failed')
    return <CodeLoadFailed onRetry={load} onDismiss={closeHistory} />;
  if (code !== 'ready' || !shown) return null;
  return (
    <Suspense fallback={null}>
      <HistoryView
        api={api}
        opened={wanted}
        onClose={closeHistory}
        me={name}
        readOnly={!canWrite}
      />
    </Suspense>
  );
}
