import type { ClassSummary } from '#contract';
import { formatsFor } from '../../i18n/formats';
import type { Locale } from '../../i18n/messages';
import type { EnrolmentMessages } from './messages';

/** How many turma names a summary spells out; the rest are counted ("+97"). */
export const NAMED_TURMAS = 3;

/**
 * "Matrícula de Ana Souza feita em 5 turmas: A, B, C e +2.": who, how many, and a few names, so a
 * hundred turmas still make one readable sentence (in the notification and the dialog alike).
 */
export function describeEnrolled(
  studentName: string,
  classes: readonly ClassSummary[],
  messages: EnrolmentMessages,
  locale: Locale,
): string {
  const { number: numbers, list } = formatsFor(locale);
  const named = classes.slice(0, NAMED_TURMAS).map((turma) => turma.name);
  const rest = classes.length - named.length;
  const names = list.format(
    rest > 0 ? [...named, messages.success.more(numbers.format(rest))] : named,
  );
  return messages.success.enrolled(
    studentName,
    classes.length,
    numbers.format(classes.length),
    names,
  );
}
