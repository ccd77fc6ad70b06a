import { IconHistory } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { ApiClient } from '../api/client';
import { useExtension } from '../api/use-extension';
import { NarrowButton } from '../components/narrow-button/narrow-button';
import { useSession } from '../features/auth/token-store';
import { closeHistory, openHistory, useHistoryOpen } from '../features/history/history-address';
import type { SentLogViewProps } from '../features/history/sent-log-view';
import { defineMessages } from '../i18n/define-messages';
import { AUDIT_EXTENSION } from '#contract';
import { useCredential } from './credential-access';
import { CodeLoadFailed } from './lazy-outlet';
import { useLazyCode } from './use-lazy-code';

// The view is for looking back: its code loads when it opens (or a pointer or focus nears its
// button), never with the first screen.
const loadHistoryView = () => import('../features/history/history-view');
const HistoryView = lazy(async () => ({ default: (await loadHistoryView()).HistoryView }));
// Without `audit`: what this browser sent, with the console's one sent log.
const loadSentLogView = () =>
  Promise.all([import('../features/history/sent-log-view'), import('./history-sent-log')]);
const SentLogView = lazy(async () => {
  const [{ SentLogView: View }, { sentLog }] = await loadSentLogView();
  return {
    default: (props: Omit<SentLogViewProps, 'sentLog'>) => <View {...props} sentLog={sentLog} />,
  };
});
const wantHistoryView = () => void loadHistoryView().catch(noop);
const wantSentLogView = () => void loadSentLogView().catch(noop);
const noop = () => undefined;

// The button's word only: the view's come with its code.
const useButtonMessages = defineMessages({
  'pt-BR': { open: 'Histórico' },
  en: { open: 'History' },
});

/** History's button on the page, or its view over the page while the address says `?historico`. */
export function HistoryPart({ api, part }: { api: ApiClient; part: 'button' | 'outlet' }) {
  const audit = useExtension(api, AUDIT_EXTENSION);
  return part === 'button' ? (
    <HistoryButton audit={audit} />
  ) : audit ? (
    <HistoryOutlet api={api} />
  ) : (
    <SentLogOutlet />
  );
}

function HistoryButton({ audit }: { audit: boolean }) {
  const messages = useButtonMessages();
  const queryClient = useQueryClient();
  // Without `audit` the sent log keeps each write with its turmas' names, from this page's lists.
  useEffect(() => {
    if (!audit) {
      void import('./history-sent-log').then(
        ({ nameTurmasFrom }) => nameTurmasFrom(queryClient),
        noop,
      );
    }
  }, [audit, queryClient]);
  const wantView = audit ? wantHistoryView : wantSentLogView;
  return (
    <NarrowButton
      icon={<IconHistory aria-hidden size={18} />}
      label={messages.open}
      onPointerEnter={wantView}
      onFocus={wantView}
      onClick={openHistory}
    />
  );
}

/** The server's trail, with "Minhas" once the server has named the credential (`me`). */
function HistoryOutlet({ api }: { api: ApiClient }) {
  const { name, canWrite } = useCredential(api);
  return (
    <ViewOutlet load={loadHistoryView}>
      {(opened) => (
        <HistoryView
          api={api}
          opened={opened}
          onClose={closeHistory}
          me={name}
          readOnly={!canWrite}
        />
      )}
    </ViewOutlet>
  );
}

/** What this browser sent, kept as the sign-in chose. */
function SentLogOutlet() {
  const { remember } = useSession();
  return (
    <ViewOutlet load={loadSentLogView}>
      {(opened) => <SentLogView remembered={remember} opened={opened} onClose={closeHistory} />}
    </ViewOutlet>
  );
}

/** Mounted once its code is in (a failed import is said here, with a retry); kept while it closes. */
function ViewOutlet({
  load,
  children,
}: {
  load: () => Promise<unknown>;
  children: (opened: boolean) => ReactNode;
}) {
  const wanted = useHistoryOpen();
  const [shown, setShown] = useState(false);
  if (wanted && !shown) setShown(true);
  const { code, load: retry } = useLazyCode(wanted, load);
  if (wanted && code === 'failed')
    return <CodeLoadFailed onRetry={retry} onDismiss={closeHistory} />;
  if (code !== 'ready' || !shown) return null;
  return <Suspense fallback={null}>{children(wanted)}</Suspense>;
}
