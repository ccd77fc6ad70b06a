/**
 * The turma search's rule applied plainly, name by name, in memory: the oracle the search tests
 * hold the server's index to (contract's `matchWord` and `RANK_EXTENSION`; decision 013).
 */
import { foldedWords, matchWord, searchWords, type WordMatch } from '#contract';

const STRENGTH: Record<WordMatch, number> = { whole: 3, start: 2, inside: 1 };

/** How the query's `words` meet `name`; undefined when one meets no word of the name. */
function meeting(name: string, words: readonly string[]) {
  const nameWords = [...new Set(foldedWords(name))];
  // Each query word's best meeting with any word of the name; 0 for none.
  const best = words.map((word) => {
    let strength = 0;
    for (const nameWord of nameWords) {
      const match = matchWord(nameWord, word);
      if (match) strength = Math.max(strength, STRENGTH[match]);
    }
    return strength;
  });
  if (best.includes(0)) return undefined;
  return {
    whole: best.filter((strength) => strength === STRENGTH.whole).length,
    start: best.filter((strength) => strength === STRENGTH.start).length,
    // A name word is met by a query word that meets it whole, or that meets it otherwise and
    // meets no word of the name whole ("a" that found "A" does not also take "Arte").
    unmet: nameWords.filter(
      (nameWord) =>
        !words.some((word) => {
          const match = matchWord(nameWord, word);
          if (match === 'whole') return true;
          return match && !nameWords.some((other) => matchWord(other, word) === 'whole');
        }),
    ).length,
  };
}

/** Whether the name's folded words, in order, repeats kept, are the query's as typed. */
function namedAs(name: string, typed: readonly string[]): boolean {
  const nameWords = foldedWords(name);
  return nameWords.length === typed.length && nameWords.every((word, at) => word === typed[at]);
}

/** Whether the turma named `name` is one `query` finds. */
export function matchesQuery(name: string, query: string): boolean {
  return meeting(name, searchWords(query)) !== undefined;
}

/**
 * The turmas `query` finds, best match first: more query words met whole, then at a word's start,
 * then fewer words of the name left unmet, then the name that is the query as typed (`namedAs`),
 * then the order of `byName` (every turma by name, ties by id, as the server lists them).
 */
export function rankedByRule<T extends { name: string }>(byName: readonly T[], query: string): T[] {
  const words = searchWords(query);
  const typed = foldedWords(query);
  return byName
    .flatMap((turma, position) => {
      const met = meeting(turma.name, words);
      return met ? [{ turma, position, exact: namedAs(turma.name, typed) ? 0 : 1, ...met }] : [];
    })
    .sort(
      (a, b) =>
        b.whole - a.whole ||
        b.start - a.start ||
        a.unmet - b.unmet ||
        a.exact - b.exact ||
        a.position - b.position,
    )
    .map(({ turma }) => turma);
}
