/**
 * Build time only: the console's first screen as HTML, for each state public/shell.js can tell
 * apart before the app's code arrives (signed in or not, and the language; the colour scheme is
 * CSS's). The build (scripts/prerender-shell.ts) runs it in Node, in a jsdom window whose storage
 * it sets per state, and puts the results in index.html as templates, which the app hydrates.
 * Never part of the bundle.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { tokenStore } from '../features/auth/token-store';
import { LOCALE_STORAGE_KEY } from '../i18n/detect-locale';
import { LOCALES } from '../i18n/messages';
import { App } from './app';
import { ShellHydrated } from './shell-hydrated';

export const SHELL_PAGES = ['gate', 'list'] as const;

/** `list-en` → the HTML the app renders first for a signed-in visit in English. */
export async function renderShells(): Promise<Record<string, string>> {
  const shells: Record<string, string> = {};
  for (const page of SHELL_PAGES) {
    for (const locale of LOCALES) {
      localStorage.setItem(LOCALE_STORAGE_KEY, locale);
      // A stand-in: no request is sent while rendering, and the real token never leaves the
      // browser (the shell only shows which page to expect).
      if (page === 'list') tokenStore.set('prerender');
      else tokenStore.clear();
      // The tree src/main.tsx hydrates, element for element.
      const { prelude } = await prerender(
        <StrictMode>
          <ShellHydrated />
          <App adopting />
        </StrictMode>,
      );
      shells[`${page}-${locale}`] = await new Response(prelude).text();
    }
  }
  tokenStore.clear();
  localStorage.clear();
  return shells;
}
