import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { browserLanguages, detectLocale } from './detect-locale';
import { I18nContext, type I18nValue } from './i18n-context';
import { messagesByLocale, type Locale } from './messages';

interface I18nProviderProps {
  /** Fixes the language (tests); by default it follows the browser's preferences. */
  locale?: Locale;
  children: ReactNode;
}

export function I18nProvider({ locale: fixedLocale, children }: I18nProviderProps) {
  // State rather than a constant so the language switch of a later issue only needs a setter.
  const [detectedLocale] = useState(() => detectLocale(browserLanguages()));
  const locale = fixedLocale ?? detectedLocale;

  // Screen readers pick their pronunciation from <html lang>; index.html ships pt-BR.
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const value = useMemo<I18nValue>(
    () => ({ locale, messages: messagesByLocale[locale] }),
    [locale],
  );
  return <I18nContext value={value}>{children}</I18nContext>;
}
