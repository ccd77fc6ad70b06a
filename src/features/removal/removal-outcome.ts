import type { ClassSummary } from '#contract';
import { formatsFor } from '../../i18n/formats';
import type { Locale } from '../../i18n/messages';
import { formatTurmaNames } from './format-turma-names';
import type { RemovalSplit } from './membership';
import type { RemovalMessages } from './messages';

/**
 * The notification after a removal, saying per turma only what is true. The API answers the same
 * whether or not the student was in each turma, so without the roster extension (every turma
 * `unknown`) all that is sure is where the student is not now, as before. Where the console
 * knows, it says "removed from" only for the turmas the student was in, and "was not in" for the
 * others.
 */
export function describeRemovalOutcome(
  email: string,
  { removed, notIn, unknown }: RemovalSplit,
  messages: RemovalMessages,
  locale: Locale,
): { title: string; message: string } {
  const text = messages.outcome;
  const count = (turmas: readonly ClassSummary[]) =>
    formatsFor(locale).number.format(turmas.length);
  const names = (turmas: readonly ClassSummary[]) =>
    formatTurmaNames(
      turmas.map(({ name }) => name),
      locale,
      text.more,
    );
  const lines = (parts: [readonly ClassSummary[], (names: string) => string][]) =>
    parts
      .filter(([turmas]) => turmas.length > 0)
      .map(([turmas, line]) => line(names(turmas)))
      .join(' ');

  if (removed.length > 0) {
    return {
      title: text.leftTitle(email, removed.length, count(removed)),
      message: lines([
        [removed, text.left],
        [notIn, text.wasNotIn],
        [unknown, text.noLongerIn],
      ]),
    };
  }
  if (unknown.length === 0) {
    return { title: text.wasInNoneTitle(email), message: lines([[notIn, text.wasNotIn]]) };
  }
  const all = [...notIn, ...unknown];
  return {
    title: text.removedTitle(email, all.length, count(all)),
    message:
      notIn.length === 0
        ? text.removedTurmas(names(unknown))
        : lines([
            [notIn, text.wasNotIn],
            [unknown, text.noLongerIn],
          ]),
  };
}
