import { DEFAULT_LOCALE, LOCALES, type Locale } from './messages';

export const LOCALE_STORAGE_KEY = 'turmas-admin.locale';

/**
 * The first language in the browser's preference list that we speak wins: someone who lists
 * English before Portuguese gets English. Anyone else gets the default, pt-BR, because the
 * console is made for Brazilian school staff.
 */
export function detectLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const language = tag.toLowerCase().split('-')[0];
    if (language === 'pt') return 'pt-BR';
    if (language === 'en') return 'en';
  }
  return DEFAULT_LOCALE;
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

/** A language the person chose with the switch, if any; it beats the browser's preferences. */
export function readChosenLocale(): Locale | null {
  try {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    // Anything else (an older release's value, a hand edit) is as good as no choice.
    return isLocale(stored) ? stored : null;
  } catch {
    // Blocked storage: follow the browser.
    return null;
  }
}

export function storeChosenLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Blocked storage or quota: the choice lasts until the page reloads.
  }
}

/** The language a page load starts in: the person's choice, else the browser's. */
export function initialLocale(): Locale {
  return readChosenLocale() ?? detectLocale(browserLanguages());
}
