// First: configures zod before anything parses with it (src/config.ts does, on import).
import './zod-config';
import './app/mantine-styles';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { getApiClient } from './app/api';
import { App } from './app/app';
import { createAppQueryClient } from './app/query-client';
import { tokenStore } from './features/auth/token-store';
import { formatsFor } from './features/classes/formats';
import { prefetchListInView } from './features/classes/prefetch-list';
import { initialLocale } from './i18n/detect-locale';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no <div id="root"> to render Turmas Admin into');

const queryClient = createAppQueryClient();
// Someone signed in on this device: the list's rows are asked for now, so they travel while
// React builds the first screen rather than after it (Lighthouse: the request went out only
// once the first render was committed). A broken /config.js is left to the first render,
// whose error boundary says what is wrong.
if (tokenStore.get() !== null) {
  // The first Intl formatter a page builds costs 15–30 ms (ICU's locale data; 60–120 ms at
  // Lighthouse's 4x slowdown), the next ones 1–3 ms. Built here, in the script's own task, it
  // is not one of the render's tasks, which then stay short.
  formatsFor(initialLocale());
  try {
    void prefetchListInView(queryClient, getApiClient(), window.location.search);
  } catch {
    // Shown by the error boundary when the app renders.
  }
}

const root = createRoot(container);
// A transition lets React yield while it builds the first screen, instead of one long task that
// keeps the page from answering input (Lighthouse measured 477–722 ms of blocking time).
startTransition(() => {
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
