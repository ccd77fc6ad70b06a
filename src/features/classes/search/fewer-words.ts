import { searchWords } from '#contract';

export interface FewerWords {
  /** The word left out, as typed. */
  word: string;
  /** The search without it. */
  query: string;
}

/**
 * For a search of several words that found nothing: the same search with one typed word left out,
 * each. Words are split at spaces and kept as typed, so the field shows what the person wrote; a
 * word whose absence changes nothing the server looks for (a repeat, "mat" beside "matemática") is
 * not offered; a one-character word ("A", the section) always asks for something of its own.
 */
export function searchesWithOneWordLess(query: string): FewerWords[] {
  const typed = query.trim().split(/\s+/);
  const asked = key(searchWords(query));
  const offered = new Set<string>();
  const searches: FewerWords[] = [];
  typed.forEach((word, index) => {
    const rest = typed.filter((_, other) => other !== index).join(' ');
    const restWords = searchWords(rest);
    if (restWords.length === 0 || key(restWords) === asked || offered.has(rest)) return;
    offered.add(rest);
    searches.push({ word, query: rest });
  });
  return searches;
}

const key = (words: string[]) => words.toSorted().join(' ');
