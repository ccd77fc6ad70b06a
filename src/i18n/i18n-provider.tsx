import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { initialLocale, storeChosenLocale } from './detect-locale';
import { I18nContext, type I18nValue } from './i18n-context';
import { messagesByLocale, type Locale } from './messages';

interface I18nProviderProps {
  /** The language to start in (tests); by default the stored choice, else the browser's. */
  locale?: Locale;
  children: ReactNode;
}

export function I18nProvider({ locale: startLocale, children }: I18nProviderProps) {
  const [locale, setLocaleState] = useState<Locale>(() => startLocale ?? initialLocale());

  const setLocale = useCallback((next: Locale) => {
    storeChosenLocale(next);
    setLocaleState(next);
  }, []);

  // Screen readers pick their pronunciation from <html lang>; index.html ships pt-BR.
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const value = useMemo<I18nValue>(
    () => ({ locale, messages: messagesByLocale[locale], setLocale }),
    [locale, setLocale],
  );
  return <I18nContext value={value}>{children}</I18nContext>;
}
