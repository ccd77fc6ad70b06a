import './app/mantine-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no <div id="root"> to render Turmas Admin into');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
