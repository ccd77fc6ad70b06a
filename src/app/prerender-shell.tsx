/**
 * Build time only: the console's first screen as HTML, for each state public/shell.js can tell
 * apart before the app's code arrives (signed in or not, language, colour scheme). The build
 * (scripts/prerender-shell.ts) runs it in Node, in a jsdom window whose storage it sets per state,
 * and puts the results in index.html as templates. Never part of the bundle.
 */
import { prerender } from 'react-dom/static';
import { tokenStore } from '../features/auth/token-store';
import { LOCALE_STORAGE_KEY } from '../i18n/detect-locale';
import { LOCALES } from '../i18n/messages';
import { App } from './app';
import { COLOR_SCHEME_STORAGE_KEY } from './theme';

export const SHELL_PAGES = ['gate', 'list'] as const;
export const SHELL_SCHEMES = ['light', 'dark'] as const;

/** `list-en-dark` → the HTML the app renders first for a signed-in visit in English, dark. */
export async function renderShells(): Promise<Record<string, string>> {
  const shells: Record<string, string> = {};
  for (const page of SHELL_PAGES) {
    for (const locale of LOCALES) {
      for (const scheme of SHELL_SCHEMES) {
        localStorage.setItem(LOCALE_STORAGE_KEY, locale);
        localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, scheme);
        // A stand-in: no request is sent while rendering, and the real token never leaves the
        // browser (the shell only shows which page to expect).
        if (page === 'list') tokenStore.set('prerender');
        else tokenStore.clear();
        const { prelude } = await prerender(<App />);
        shells[`${page}-${locale}-${scheme}`] = await new Response(prelude).text();
      }
    }
  }
  tokenStore.clear();
  localStorage.clear();
  return shells;
}
