import { DEFAULT_LOCALE, type Locale } from './messages';

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
