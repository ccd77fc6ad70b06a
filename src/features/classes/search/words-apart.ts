import { searchWords } from '#contract';

// A digit then a letter, or a letter then a digit: "8A", "1EM", "EM2". Not before an ordinal
// sign: "8º" is one word in a name too.
const GLUED = /(?<=\p{N})(?=(?![ºª])\p{L})|(?<=\p{L})(?=\p{N})/gu;

/**
 * For a search that found nothing: the same search with its digits and letters typed together
 * written apart ("8A" → "8 A", as names write "8º ano A"), or null when nothing was typed
 * together. Every other word stays as typed.
 */
export function searchWithWordsApart(query: string): string | null {
  const typed = query.trim().split(/\s+/);
  const apart = typed.map((word) => word.replace(GLUED, ' ')).join(' ');
  return searchWords(apart).join(' ') === searchWords(query).join(' ') ? null : apart;
}
