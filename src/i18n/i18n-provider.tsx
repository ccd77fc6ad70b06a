import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { whenIdle } from '../lib/when-idle';
import { loadServerTexts, serverTextsLoaded } from './describe-api-error';
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

  // The server's texts in the staff's language load off the first screen, in its first idle
  // moment; what shows a server's words then renders again (describe-api-error.ts).
  const [serverTexts, setServerTexts] = useState(serverTextsLoaded);
  useEffect(() => {
    if (serverTexts) return;
    return whenIdle(() => {
      loadServerTexts().then(
        () => setServerTexts(true),
        // Offline: the server's words stay quoted, as they are until it loads.
        () => undefined,
      );
    });
  }, [serverTexts]);

  const value = useMemo<I18nValue>(
    () => ({ locale, messages: messagesByLocale[locale], setLocale, serverTexts }),
    [locale, setLocale, serverTexts],
  );
  return <I18nContext value={value}>{children}</I18nContext>;
}
