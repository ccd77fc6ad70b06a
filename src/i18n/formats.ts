import { useLocale } from './i18n-context';
import type { Locale } from './messages';

/** Every number, date and list the console shows goes through one of these. */
export interface Formats {
  /** Counts: "1.234". */
  readonly number: Intl.NumberFormat;
  /** What a table cell shows: short, so a row stays on one line; the year in four digits. */
  readonly dateTime: Intl.DateTimeFormat;
  /** A day alone, as the table writes it: "31/12/2027", "12/31/2027". */
  readonly date: Intl.DateTimeFormat;
  /** A moment picked in a field: the month abbreviated, the time to the minute. */
  readonly mediumDateTime: Intl.DateTimeFormat;
  /** What a hover or focus reveals: to the second, with the time zone. */
  readonly fullDateTime: Intl.DateTimeFormat;
  /** A moment confirmed: the day in full, the time to the minute. */
  readonly fullDateShortTime: Intl.DateTimeFormat;
  /** A time of day to the second. */
  readonly time: Intl.DateTimeFormat;
  /** "12 s": a rough duration. */
  readonly seconds: Intl.NumberFormat;
  /** "3 min": a rough duration. */
  readonly minutes: Intl.NumberFormat;
  /** "tomorrow", "in 3 days". */
  readonly relativeTime: Intl.RelativeTimeFormat;
  /** "A, B and C". */
  readonly list: Intl.ListFormat;
  /**
   * The time zone dates are shown in, named for people: "Horário Padrão de Brasília
   * (GMT-03:00)", or the offset alone where the language has no name for it.
   */
  readonly timeZone: string;
  /**
   * A spreadsheet file's column separator: ';' where ',' is the decimal mark (Excel in Brazil
   * opens a comma-separated file as one column), ',' elsewhere.
   */
  readonly csvDelimiter: ';' | ',';
}

/**
 * The options of what a table row formats, its count and two date-times, apart so that
 * public/shell.js formats the first rows it paints before the app runs exactly as the app will
 * (prerender-shell.tsx hands them over).
 */
export const ROW_FORMAT_OPTIONS = {
  number: {},
  // Not `dateStyle: 'short'`, which gives English a two-digit year ("4/18/25").
  dateTime: {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  },
  fullDateTime: { dateStyle: 'full', timeStyle: 'long' },
} as const satisfies {
  number: Intl.NumberFormatOptions;
  dateTime: Intl.DateTimeFormatOptions;
  fullDateTime: Intl.DateTimeFormatOptions;
};

// Each formatter is built the first time it is read, not with the set: the first screen needs
// only the number and the two date-times, and every Intl formatter costs
// (docs/decisions/005-first-screen-weight.md).
class LocaleFormats implements Formats {
  readonly #locale: Locale;
  #number?: Intl.NumberFormat;
  #dateTime?: Intl.DateTimeFormat;
  #date?: Intl.DateTimeFormat;
  #mediumDateTime?: Intl.DateTimeFormat;
  #fullDateTime?: Intl.DateTimeFormat;
  #fullDateShortTime?: Intl.DateTimeFormat;
  #time?: Intl.DateTimeFormat;
  #seconds?: Intl.NumberFormat;
  #minutes?: Intl.NumberFormat;
  #relativeTime?: Intl.RelativeTimeFormat;
  #list?: Intl.ListFormat;
  #timeZone?: string;

  constructor(locale: Locale) {
    this.#locale = locale;
  }

  get csvDelimiter() {
    return this.#locale === 'pt-BR' ? ';' : ',';
  }
  get number() {
    return (this.#number ??= new Intl.NumberFormat(this.#locale, ROW_FORMAT_OPTIONS.number));
  }
  get dateTime() {
    return (this.#dateTime ??= new Intl.DateTimeFormat(this.#locale, ROW_FORMAT_OPTIONS.dateTime));
  }
  get date() {
    return (this.#date ??= new Intl.DateTimeFormat(this.#locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }));
  }
  get mediumDateTime() {
    return (this.#mediumDateTime ??= new Intl.DateTimeFormat(this.#locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }));
  }
  get fullDateTime() {
    return (this.#fullDateTime ??= new Intl.DateTimeFormat(
      this.#locale,
      ROW_FORMAT_OPTIONS.fullDateTime,
    ));
  }
  get fullDateShortTime() {
    return (this.#fullDateShortTime ??= new Intl.DateTimeFormat(this.#locale, {
      dateStyle: 'full',
      timeStyle: 'short',
    }));
  }
  get time() {
    return (this.#time ??= new Intl.DateTimeFormat(this.#locale, { timeStyle: 'medium' }));
  }
  get seconds() {
    return (this.#seconds ??= unitFormat(this.#locale, 'second'));
  }
  get minutes() {
    return (this.#minutes ??= unitFormat(this.#locale, 'minute'));
  }
  get relativeTime() {
    return (this.#relativeTime ??= new Intl.RelativeTimeFormat(this.#locale, {
      numeric: 'auto',
    }));
  }
  get list() {
    return (this.#list ??= new Intl.ListFormat(this.#locale, { type: 'conjunction' }));
  }
  get timeZone() {
    if (this.#timeZone === undefined) {
      const now = new Date();
      const zone = (timeZoneName: 'longGeneric' | 'longOffset') =>
        new Intl.DateTimeFormat(this.#locale, { timeZoneName })
          .formatToParts(now)
          .find((part) => part.type === 'timeZoneName')?.value ?? '';
      const [name, offset] = [zone('longGeneric'), zone('longOffset')];
      this.#timeZone = name === offset ? offset : `${name} (${offset})`;
    }
    return this.#timeZone;
  }
}

function unitFormat(locale: Locale, unit: 'second' | 'minute') {
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' });
}

// A page of 100 rows formats 300 values: one set per language for the lifetime of the page.
const cache = new Map<Locale, Formats>();

/** The formatters for a language, for code outside React (schemas, messages); else `useFormats`. */
export function formatsFor(locale: Locale): Formats {
  let formats = cache.get(locale);
  if (!formats) {
    formats = new LocaleFormats(locale);
    cache.set(locale, formats);
  }
  return formats;
}

/** The formatters for the interface's language; the same object until the language changes. */
export function useFormats(): Formats {
  return formatsFor(useLocale());
}
