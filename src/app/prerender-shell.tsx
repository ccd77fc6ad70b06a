/**
 * Build time only: the console's first screen as HTML, for each state public/shell.js can tell
 * apart before the app's code arrives (signed in or not, and the language; the colour scheme is
 * CSS's). The build (scripts/prerender-shell.ts) runs it in Node, in a jsdom window whose storage
 * it sets per state, and puts the results in index.html as templates, which the app hydrates.
 * Never part of the bundle.
 */
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import type { Class } from '#contract';
import { tokenStore } from '../features/auth/token-store';
import { LOCALE_STORAGE_KEY } from '../i18n/detect-locale';
import { ROW_FORMAT_OPTIONS, type Formats } from '../i18n/formats';
import { I18nProvider } from '../i18n/i18n-provider';
import { LOCALES, type Locale } from '../i18n/messages';
import { App } from './app';
import { ShellHydrated } from './shell-hydrated';
import { TemplateRow } from './template-row';

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
  for (const locale of LOCALES) {
    for (const roster of [false, true]) {
      shells[`row${roster ? '-roster' : ''}-${locale}`] = await rowTemplate(locale, roster);
    }
  }
  shells.formats = JSON.stringify(ROW_FORMAT_OPTIONS);
  return shells;
}

/**
 * A field of the row public/shell.js fills in: `\uE000name|text\uE001` is the turma's name as it
 * is; `|number`, `|dateTime` and `|fullDateTime` a value as ROW_FORMAT_OPTIONS write it.
 */
type Format = keyof typeof ROW_FORMAT_OPTIONS;
const field = (name: keyof Class, format: 'text' | Format) => `\uE000${name}|${format}\uE001`;

// Two moments the stand-in formats below tell apart, written into the markup as fields after.
const CREATED = '2001-01-01T00:00:00.001Z';
const UPDATED = '2001-01-01T00:00:00.002Z';
const TEMPLATE_TURMA: Class = {
  id: field('id', 'text'),
  name: field('name', 'text'),
  countStudents: 0,
  createdAt: CREATED,
  updatedAt: UPDATED,
};
const dateField = (format: Exclude<Format, 'number'>) => ({
  format: (date: Date) => field(date.toISOString() === CREATED ? 'createdAt' : 'updatedAt', format),
});
// Only what a row reads: the number and the two date-times.
const TEMPLATE_FORMATS = {
  number: { format: () => field('countStudents', 'number') },
  dateTime: dateField('dateTime'),
  fullDateTime: dateField('fullDateTime'),
} as unknown as Formats;

/**
 * One row of the list as the app renders it, its fields marked for public/shell.js, which paints
 * the first page's rows from it when their answer comes before the app has rendered them.
 */
async function rowTemplate(locale: Locale, roster: boolean): Promise<string> {
  const html = await htmlOf(
    <I18nProvider locale={locale}>
      <TemplateRow roster={roster} turma={TEMPLATE_TURMA} formats={TEMPLATE_FORMATS} />
    </I18nProvider>,
  );
  const row = /<tr>.*<\/tr>/s.exec(html)?.[0];
  if (!row) throw new Error('the row template rendered no <tr>');
  return row
    .replaceAll(CREATED, field('createdAt', 'text'))
    .replaceAll(UPDATED, field('updatedAt', 'text'));
}

async function htmlOf(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}
