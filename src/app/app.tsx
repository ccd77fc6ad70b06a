import { SignOutButton } from '../features/auth/sign-out-button';
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
  return (
    <AppShell actions={signedIn ? <SignOutButton /> : undefined}>
      <TurmasPage api={api} signedIn={signedIn} />
    </AppShell>
  );
}
