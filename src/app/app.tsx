import { useEffect, useRef, useState } from 'react';
import { SignOutButton } from '../features/auth/sign-out-button';
import { TokenGate } from '../features/auth/token-gate';
import { useSession } from '../features/auth/token-store';
import { getApiClient } from './api';
import { AppShell } from './app-shell';
import { AppErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';
import { TurmasPage } from './turmas-page';

export function App() {
  return (
    <AppProviders>
      <AppErrorBoundary>
        <Console />
      </AppErrorBoundary>
    </AppProviders>
  );
}

function Console() {
  const api = getApiClient();
  const { token } = useSession();
  const signedIn = token !== null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [justSignedIn, setJustSignedIn] = useState(false);

  // The gate's submit button disappears with the gate; without this, keyboard and screen-reader
  // users would be left focused on nothing at the top of the document.
  useEffect(() => {
    if (signedIn && justSignedIn) headingRef.current?.focus();
  }, [signedIn, justSignedIn]);

  return (
    <AppShell actions={signedIn ? <SignOutButton /> : undefined}>
      {signedIn ? (
        <TurmasPage api={api} headingRef={headingRef} />
      ) : (
        <TokenGate api={api} onSignedIn={() => setJustSignedIn(true)} />
      )}
    </AppShell>
  );
}
