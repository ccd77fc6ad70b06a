import { createContext, useContext } from 'react';
import type { Locale, Messages } from './messages';

export interface I18nValue {
  locale: Locale;
  messages: Messages;
  /** The person's choice of language: it replaces the browser's and is remembered. */
  setLocale: (locale: Locale) => void;
  /** The server's known texts can be told in this language (they load after the first screen). */
  serverTexts: boolean;
}

export const I18nContext = createContext<I18nValue | null>(null);

/** The current language, its messages and the way to change it (the language switch). */
export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  // A missing provider is a wiring bug; failing loudly beats silently showing another language.
  if (!value) throw new Error('useI18n/useMessages/useLocale must be used inside <I18nProvider>');
  return value;
}

/** All UI text comes from here. */
export function useMessages(): Messages {
  return useI18n().messages;
}

/** The BCP 47 tag for `Intl` formatters, so dates and numbers follow the UI language. */
export function useLocale(): Locale {
  return useI18n().locale;
}
