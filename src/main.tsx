// First: zod's messages, before anything parses (src/config.ts does, on import).
import './zod-config';
import './app/mantine-styles';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no <div id="root"> to render Turmas Admin into');

const root = createRoot(container);
// A transition lets React yield while it builds the first screen, instead of one long task that
// keeps the page from answering input (docs/decisions/005-first-screen-weight.md).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
