import { formatsFor } from './formats';
import type { Locale } from './messages';

/** A message naming all of a hundred turmas or students would fill the screen and take a minute to hear. */
const NAMES_SHOWN = 5;

/**
 * "Matemática 9º A, Física 1º B e História 2º C" in the interface's language; past five names,
 * "…, Artes 1º A e mais 95" (`more` words the rest). Turmas' names, students' e-mails.
 */
export function formatNames(
  names: readonly string[],
  locale: Locale,
  more: (formattedCount: string) => string,
): string {
  const shown = names.length > NAMES_SHOWN ? names.slice(0, NAMES_SHOWN - 1) : [...names];
  const rest = names.length - shown.length;
  const formats = formatsFor(locale);
  if (rest > 0) shown.push(more(formats.number.format(rest)));
  return formats.list.format(shown);
}
