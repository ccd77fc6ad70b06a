import type { ClassSummary } from '#contract';
import type { RemovalSplit } from '../../api/removal-membership';
import type { Locale } from '../../i18n/messages';
import { formatNames } from '../../i18n/format-names';

/**
 * What a removal did per turma, in words both removals use (the dialog's outcome, each line
 * of a bulk run): "saiu" only where the student was, "não estava" where they were not, and where
 * nothing is known only what is sure, "não está mais". Spread into each feature's messages.
 */
export const REMOVAL_SPLIT_WORDS = {
  'pt-BR': {
    left: (names: string): string => `Saiu de: ${names}.`,
    wasNotIn: (names: string): string => `Não estava em: ${names} (nada mudou).`,
    noLongerIn: (names: string): string => `Não está mais em: ${names}.`,
    more: (count: string): string => `mais ${count}`,
  },
  en: {
    left: (names: string): string => `Removed from: ${names}.`,
    wasNotIn: (names: string): string => `Was not in: ${names} (nothing changed).`,
    noLongerIn: (names: string): string => `No longer in: ${names}.`,
    more: (count: string): string => `${count} more`,
  },
} satisfies Record<Locale, unknown>;

export type RemovalSplitWords = (typeof REMOVAL_SPLIT_WORDS)['pt-BR'];

/** "Saiu de: Artes. Não estava em: Biologia e Química (nada mudou)." — empty parts left out. */
export function describeRemovalSplit(
  { removed, notIn, unknown }: RemovalSplit,
  words: RemovalSplitWords,
  locale: Locale,
): string {
  const parts: [readonly ClassSummary[], (names: string) => string][] = [
    [removed, words.left],
    [notIn, words.wasNotIn],
    [unknown, words.noLongerIn],
  ];
  return parts
    .filter(([turmas]) => turmas.length > 0)
    .map(([turmas, sentence]) =>
      sentence(
        formatNames(
          turmas.map(({ name }) => name),
          locale,
          words.more,
        ),
      ),
    )
    .join(' ');
}
