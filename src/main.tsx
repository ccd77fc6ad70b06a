import './app/mantine-styles';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { getApiClient } from './app/api';
import { App } from './app/app';
import { sendFirstListRequest } from './app/first-list-request';
import { ShellHydrated } from './app/shell-hydrated';
import { whenGateReady } from './features/auth/token-form-code';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no <div id="root"> to render Turmas Admin into');

// The first page of turmas leaves now rather than after hydration (first-list-request.ts).
try {
  sendFirstListRequest(getApiClient());
} catch {
  // A broken /config.js: the first render meets it again and its error boundary says what is wrong.
}

const adopting = container.hasChildNodes();
const app = (
  <StrictMode>
    {/* First: its layout effect runs before the app's, which may move focus into the page. */}
    <ShellHydrated />
    <App adopting={adopting} />
  </StrictMode>
);
// A transition lets React yield while it builds the first screen, instead of one long task that
// keeps the page from answering input (docs/decisions/005-first-screen-weight.md).
// Signed out, once the sign-in form's code is in (token-form-code.ts); signed in, at once.
whenGateReady(() =>
  startTransition(() => {
    // public/shell.js put the prerendered first screen for this visit in the container: React
    // adopts its elements instead of building them again.
    if (adopting) hydrateRoot(container, app);
    else createRoot(container).render(app);
  }),
);
