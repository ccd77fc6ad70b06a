import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { ApiClient } from '../api/client';
import { SessionGate } from '../features/auth/session-gate';
import { SignOutButton } from '../features/auth/sign-out-button';
import { tokenStore, useSession } from '../features/auth/token-store';
import { selectionStore } from '../lib/selection-store';
import { HydrationBoundary } from '../lib/use-hydrated';
import { getApiClient, withSentLog } from './api';
import { AppShell } from './app-shell';
import { CredentialName } from './credential-parts';
import { AppErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';
import { StudentSearchOutlet } from './student-outlet';
import { TurmasPage } from './turmas-page';

interface AppProps {
  /**
   * The first render adopts prerendered HTML: the build's prerender, and the browser hydrating
   * it. What only the browser knows then shows in a transition after it (useHydrated).
   */
  adopting?: boolean;
}

export function App({ adopting = false }: AppProps) {
  return (
    <HydrationBoundary adopting={adopting}>
      <AppProviders>
        <AppErrorBoundary>
          <TurmasConsole />
        </AppErrorBoundary>
      </AppProviders>
    </HydrationBoundary>
  );
}

function TurmasConsole() {
  const api = getApiClient();
  return (
    <Console api={api}>{(headingRef) => <TurmasPage api={api} headingRef={headingRef} />}</Console>
  );
}

interface ConsoleProps {
  api: ApiClient;
  /** The signed-in page, given the ref of its heading so focus can move there after sign-in. */
  children: (headingRef: RefObject<HTMLHeadingElement | null>) => ReactNode;
}

/** The shell and the session around the page: exported so tests can put a stub page in it. */
export function Console({ api, children }: ConsoleProps) {
  const { token, expired } = useSession();
  // An expired session is still a session: its page stays, and signing out stays on offer.
  const inSession = token !== null || expired;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeadingWhenShown = useRef(false);
  const queryClient = useQueryClient();

  // Signed out in another tab: as the sign-out button does here, nothing of the session stays.
  useEffect(
    () =>
      tokenStore.onSignedOutElsewhere(() => {
        queryClient.clear();
        clearSessionData();
      }),
    [queryClient],
  );

  // The full-page gate's submit button disappears with the gate; without this, keyboard and
  // screen-reader users would be left focused on nothing at the top of the document. (After
  // the session-expired dialog, focus goes back where it was instead.)
  useEffect(() => {
    if (token !== null && focusHeadingWhenShown.current) {
      focusHeadingWhenShown.current = false;
      headingRef.current?.focus();
    }
  }, [token]);

  return (
    <AppShell
      actions={inSession ? <SignOutButton onSignOut={clearSessionData} /> : undefined}
      // The credential first: it grows toward the product name, moving no control.
      search={
        inSession ? (
          <>
            <CredentialName api={api} />
            <StudentSearchOutlet api={api} />
          </>
        ) : undefined
      }
    >
      <SessionGate api={api} onSignedIn={() => (focusHeadingWhenShown.current = true)}>
        {children(headingRef)}
      </SessionGate>
    </AppShell>
  );
}

/** What the session leaves besides the token and the cache: selections, and what it sent. */
function clearSessionData() {
  selectionStore.clear();
  withSentLog((sentLog) => sentLog.clear());
}
