/**
 * public/shell.js decides, before the app's code arrives, what the first paint shows. Its rules
 * are copies of the app's (a classic script cannot import them): these cases keep them in step.
 */
import { runInThisContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXTENSIONS_HEADER, ROSTER_EXTENSION } from '#contract';
import { ROLE_STORAGE_KEY, TOKEN_STORAGE_KEY } from '../features/auth/token-store';
import { initialLocale, LOCALE_STORAGE_KEY } from '../i18n/detect-locale';
import { LOCALES } from '../i18n/messages';
import script from '../../public/shell.js?raw';
import { COLOR_SCHEME_STORAGE_KEY } from './theme';

// A classic script, run as the browser runs it: in the global scope, with the page's globals.
function runShellScript(): void {
  runInThisContext(script, { filename: 'public/shell.js' });
}

const STATES = ['gate', 'list'].flatMap((page) => LOCALES.map((locale) => `${page}-${locale}`));

function prepareDocument() {
  document.documentElement.removeAttribute('data-mantine-color-scheme');
  document.documentElement.lang = 'pt-BR';
  document.body.innerHTML =
    '<div id="root"></div>' +
    STATES.map(
      (state) => `<template id="shell-${state}"><h1>${state}</h1><input type="search"></template>`,
    ).join('');
}

let browserLanguages: { mockRestore: () => void } | undefined;

function stubSystem({ languages, dark }: { languages: string[]; dark: boolean }) {
  browserLanguages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  window.matchMedia = (query: string) =>
    ({ matches: dark && query.includes('dark'), media: query }) as MediaQueryList;
}

const shown = () => document.querySelector('#root h1')?.textContent;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute('data-credential-role');
  prepareDocument();
});
afterEach(() => {
  browserLanguages?.mockRestore();
  window.history.replaceState(null, '', '/');
});

describe('public/shell.js', () => {
  it.each([
    { languages: ['pt-BR'], stored: null },
    { languages: ['en-US', 'pt-BR'], stored: null },
    { languages: ['de-DE', 'en-GB'], stored: null },
    { languages: ['fr-FR'], stored: null },
    { languages: ['en-US'], stored: 'pt-BR' },
    { languages: ['pt-PT'], stored: 'en' },
    { languages: ['en-US'], stored: 'pt' },
  ])('picks the language the app will start in: $languages, stored $stored', (visit) => {
    stubSystem({ languages: visit.languages, dark: false });
    if (visit.stored) localStorage.setItem(LOCALE_STORAGE_KEY, visit.stored);
    runShellScript();
    expect(document.documentElement.lang).toBe(initialLocale());
    expect(shown()).toBe(`gate-${initialLocale()}`);
  });

  it('shows the signed-in page for a token kept in the tab or on the device', () => {
    stubSystem({ languages: ['pt-BR'], dark: false });
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'a-token');
    runShellScript();
    expect(shown()).toBe('list-pt-BR');

    sessionStorage.clear();
    localStorage.setItem(TOKEN_STORAGE_KEY, 'a-token');
    prepareDocument();
    runShellScript();
    expect(shown()).toBe('list-pt-BR');
  });

  it('hides the write controls of a token the server said last may only read', () => {
    stubSystem({ languages: ['pt-BR'], dark: false });
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'a-token');
    sessionStorage.setItem(ROLE_STORAGE_KEY, 'read');
    runShellScript();
    expect(document.documentElement.getAttribute('data-credential-role')).toBe('read');

    // A token remembered on this device has its role beside it.
    sessionStorage.clear();
    document.documentElement.removeAttribute('data-credential-role');
    localStorage.setItem(TOKEN_STORAGE_KEY, 'a-token');
    localStorage.setItem(ROLE_STORAGE_KEY, 'read');
    prepareDocument();
    runShellScript();
    expect(document.documentElement.getAttribute('data-credential-role')).toBe('read');
    localStorage.clear();

    // A role without a token, or a writer's, changes nothing.
    for (const [token, role] of [
      [null, 'read'],
      ['a-token', 'write'],
    ] as const) {
      sessionStorage.clear();
      document.documentElement.removeAttribute('data-credential-role');
      if (token) sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
      sessionStorage.setItem(ROLE_STORAGE_KEY, role);
      prepareDocument();
      runShellScript();
      expect(document.documentElement.hasAttribute('data-credential-role')).toBe(false);
    }
  });

  it('follows a stored scheme over the system’s, and the system’s otherwise', () => {
    stubSystem({ languages: ['en'], dark: true });
    runShellScript();
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');

    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'light');
    prepareDocument();
    runShellScript();
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
  });

  it('puts the shell in the app’s root, inert until the app has hydrated it', () => {
    stubSystem({ languages: ['pt-BR'], dark: false });
    runShellScript();
    const root = document.getElementById('root')!;
    expect(root.hasAttribute('inert')).toBe(true);
    expect(root.querySelector('h1')?.textContent).toBe('gate-pt-BR');
  });

  it('shows no shell for an address with parameters, which the app renders otherwise', () => {
    stubSystem({ languages: ['pt-BR'], dark: false });
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'a-token');
    window.history.replaceState(null, '', '/?q=matem%C3%A1tica');
    runShellScript();
    const root = document.getElementById('root')!;
    expect(root.hasChildNodes()).toBe(false);
    expect(root.hasAttribute('inert')).toBe(false);
    expect(document.documentElement.lang).toBe('pt-BR');
  });

  it('reads the roster extension from the answer as the client does', () => {
    // Which prerendered row it paints: with the roster's action or without (e2e/first-screen).
    expect(script).toContain(`answer.headers.get('${EXTENSIONS_HEADER}')`);
    expect(script).toContain(`=== '${ROSTER_EXTENSION}'`);
  });

  it('goes on to the first screen (and the app) past a broken /config.js', () => {
    stubSystem({ languages: ['pt-BR'], dark: false });
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'a-token');
    // The app's own check says what is wrong with it (src/config.ts); the shell must not stop.
    window.__TURMAS_CONFIG__ = { apiBaseUrl: '/v1', requestTimeoutMs: -1 };
    try {
      expect(runShellScript).not.toThrow();
      expect(shown()).toBe('list-pt-BR');
    } finally {
      delete window.__TURMAS_CONFIG__;
    }
  });

  it('leaves the page alone where no shell was built (`npm run dev`)', () => {
    stubSystem({ languages: ['pt-BR'], dark: false });
    document.body.innerHTML = '<div id="root"></div>';
    runShellScript();
    expect(document.getElementById('root')!.hasChildNodes()).toBe(false);
    expect(document.documentElement.lang).toBe('pt-BR');
  });
});
