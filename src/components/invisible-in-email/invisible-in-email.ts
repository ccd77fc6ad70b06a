import { formatsFor } from '../../i18n/formats';
import type { Locale } from '../../i18n/messages';
import { INVISIBLE_IN_EMAIL_WORDS } from './messages';

/**
 * What shows nothing, or shows as a plain space without being one: format characters (zero-width
 * space, soft hyphen, byte order mark), control characters (a tab) and every space but U+0020.
 * Pasted from a web page or a spreadsheet, one makes an address the contract refuses, and the
 * field looks right.
 */
const INVISIBLE = /(?! )[\p{Cc}\p{Cf}\p{Z}]/gu;

/**
 * A character that shows nothing, as the console writes it out: "[U+200B]". The one writer for
 * students' names (visible-name.ts) and e-mails; that import also puts this module, with its
 * words, in the files the forms already load, not in one more that each dialog names on the
 * first screen.
 */
export const writtenOut = (character: string) =>
  `[U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`;

/**
 * Why `typed` is not an address, when the reason is a character nobody can see: which ones, and
 * the address with each written out as `[U+200B]` where it is, as the console writes invisible
 * characters of names (visible-name.ts). Null when it holds none once trimmed as the contract
 * trims it (a no-break space or a byte order mark at either end is taken off, and no reason).
 *
 * The field keeps what was typed: nothing is taken out behind the person's back, so what is sent
 * is what they were shown.
 */
export function invisibleInEmail(typed: string, locale: Locale): string | null {
  const kept = typed.trim();
  const found = kept.match(INVISIBLE);
  if (!found) return null;
  const words = INVISIBLE_IN_EMAIL_WORDS[locale];
  const nameOf = (character: string) => {
    const name =
      words.known[character.codePointAt(0)!] ??
      (/\p{Z}/u.test(character)
        ? words.space
        : /\p{Cc}/u.test(character)
          ? words.control
          : words.format);
    return `${name} ${writtenOut(character)}`;
  };
  const formats = formatsFor(locale);
  return words.message(
    found.length,
    formats.number.format(found.length),
    formats.list.format([...new Set(found.map(nameOf))]),
    kept.replace(INVISIBLE, writtenOut),
  );
}
