import { NAME_LETTER_OR_DIGIT, NAME_REFUSED_CHARACTER } from '#contract';
import { writtenOut } from '../invisible-in-email/invisible-in-email';

const REFUSED = new RegExp(NAME_REFUSED_CHARACTER.source, 'gu');
/** What shows nothing on its own: format characters (zero-width space, soft hyphen, tags), marks, spaces but the plain one. */
const INVISIBLE = /(?! )[\p{Cf}\p{M}\p{Z}]/gu;

/**
 * A student's name as the console shows it, wherever it does. Names stored before the contract
 * refused them may hold characters that hide or reorder text ("Aluno \u202Egnp.exe\u202C" shows as
 * "Aluno exe.png"): those are written out as `[U+202E]`, and so is every invisible character of a
 * name that holds no letter or digit, which would otherwise show as nothing. Any other name is
 * returned as it is.
 */
export function visibleName(name: string): string {
  const shown = name.replace(REFUSED, writtenOut);
  return NAME_LETTER_OR_DIGIT.test(shown) ? shown : shown.replace(INVISIBLE, writtenOut);
}
