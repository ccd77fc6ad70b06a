import type { ClassSummary } from '#contract';
import type { RemovalSplit } from '../../api/removal-membership';
import { formatNames } from '../../i18n/format-names';
import { describeRemovalSplit } from '../../components/removal-outcome/removal-split-text';
import { formatsFor } from '../../i18n/formats';
import type { Locale } from '../../i18n/messages';
import type { RemovalMessages } from './messages';

/**
 * The outcome of a removal (in the dialog, then as a notification), naming the student (`who`:
 * their name when known, else their e-mail) and saying per turma only what is true. The API
 * answers the same whether or not the student was in each turma, so without the roster extension
 * (every turma `unknown`) all that is sure is where the student is not now. Where the console
 * knows, it says "removed from" only for the turmas the student was in, and "was not in" for the
 * others.
 */
export function describeRemovalOutcome(
  who: string,
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
    return { title: text.leftTitle(who, removed.length, count(removed)), message };
  }
  if (unknown.length === 0) return { title: text.wasInNoneTitle(who), message };
  const all = [...notIn, ...unknown];
  return {
    title: text.removedTitle(who, all.length, count(all)),
    message:
      notIn.length === 0
        ? text.removedTurmas(
            formatNames(
              unknown.map(({ name }) => name),
              locale,
              text.more,
            ),
          )
        : message,
  };
}
