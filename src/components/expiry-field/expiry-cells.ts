/**
 * An enrolment's expiry in a spreadsheet, as the console writes it and reads it back: the roster's
 * export names its two expiry columns and its "no expiry" cells with these words, and the bulk
 * list recognises them in either language, since a file travels between staff who use different
 * ones. One source, so that the export and the import cannot drift apart.
 */
import type { Locale } from '../../i18n/messages';

export interface ExpiryCellWords {
  /** The column people read: the expiry in local time, written as the language writes dates. */
  localHeader: string;
  /** The exact instant, ISO 8601 in UTC: what a re-import reads, whatever the language. */
  isoHeader: string;
  /** What the local column says of an enrolment without expiry (its ISO cell is empty). */
  none: string;
}

export const EXPIRY_CELLS: Readonly<Record<Locale, ExpiryCellWords>> = {
  'pt-BR': {
    localHeader: 'Validade (hora local)',
    isoHeader: 'Validade (ISO)',
    none: 'Sem validade',
  },
  en: { localHeader: 'Expiry (local time)', isoHeader: 'Expiry (ISO)', none: 'No expiry' },
};

/** Words as compared: case, accents, spaces and punctuation aside ("sem validade", "No-expiry"). */
function fold(text: string): string {
  // NFKD splits accents off their letters, so the filter drops them with the punctuation.
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const ALL_WORDS = Object.values(EXPIRY_CELLS);
const NO_EXPIRY = new Set(ALL_WORDS.map((words) => fold(words.none)));
const ISO_HEADERS = new Set(ALL_WORDS.map((words) => fold(words.isoHeader)));

/** Whether a cell says the enrolment has no expiry, in either language's words. */
export function saysNoExpiry(cell: string): boolean {
  return NO_EXPIRY.has(fold(cell));
}

/** Whether a header cell names the exact (ISO) expiry column, in either language's words. */
export function namesIsoExpiry(cell: string): boolean {
  return ISO_HEADERS.has(fold(cell));
}

/** The local columns' headers of every language (a list reads them as its expiry column). */
export const LOCAL_EXPIRY_HEADERS: readonly string[] = ALL_WORDS.map((words) => words.localHeader);
