import { useLocale } from '../../i18n/i18n-context';
import type { Locale } from '../../i18n/messages';

export interface Formats {
  number: Intl.NumberFormat;
  /** What a cell shows: short, so a row stays on one line. */
  dateTime: Intl.DateTimeFormat;
  /** What a hover or focus reveals: to the second, with the time zone. */
  fullDateTime: Intl.DateTimeFormat;
}

// Intl formatters are costly to build and a page of 100 rows formats 300 values: one set per
// language for the lifetime of the page.
const cache = new Map<Locale, Formats>();

export function formatsFor(locale: Locale): Formats {
  let formats = cache.get(locale);
  if (!formats) {
    formats = {
      number: new Intl.NumberFormat(locale),
      dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }),
      fullDateTime: new Intl.DateTimeFormat(locale, {
        dateStyle: 'full',
        timeStyle: 'long',
      }),
    };
    cache.set(locale, formats);
  }
  return formats;
}

export function useFormats(): Formats {
  return formatsFor(useLocale());
}
