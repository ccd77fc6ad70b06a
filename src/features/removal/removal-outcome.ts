import type { ClassSummary } from '#contract';
import type { RemovalSplit } from '../../api/removal-membership';
import { formatTurmaNames } from '../../components/removal-outcome/format-turma-names';
import { describeRemovalSplit } from '../../components/removal-outcome/removal-split-text';
import { formatsFor } from '../../i18n/formats';
import type { Locale } from '../../i18n/messages';
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
  split: RemovalSplit,
  messages: RemovalMessages,
  locale: Locale,
): { title: string; message: string } {
  const { removed, notIn, unknown } = split;
  const text = messages.outcome;
  const count = (turmas: readonly ClassSummary[]) =>
    formatsFor(locale).number.format(turmas.length);
  const message = describeRemovalSplit(split, text, locale);

  if (removed.length > 0) {
    return { title: text.leftTitle(email, removed.length, count(removed)), message };
  }
  if (unknown.length === 0) return { title: text.wasInNoneTitle(email), message };
  const all = [...notIn, ...unknown];
  return {
    title: text.removedTitle(email, all.length, count(all)),
    message:
      notIn.length === 0
        ? text.removedTurmas(
            formatTurmaNames(
              unknown.map(({ name }) => name),
              locale,
              text.more,
            ),
          )
        : message,
  };
}
