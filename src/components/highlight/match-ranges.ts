import { foldForSearch, matchWord, searchWords, splitFoldedWords } from '#contract';

/** A stretch of the original text, in UTF-16 offsets as `String.prototype.slice` takes them. */
export interface MatchRange {
  start: number;
  /** Exclusive. */
  end: number;
}

const NO_RANGES: readonly MatchRange[] = [];

/**
 * The parts of `text` that each word of `query` matched, as the server matches them (each word of
 * `searchWords(query)` meets a word of the name by the contract's `matchWord`), in order,
 * overlapping and adjacent ones merged. A word met whole marks the name's whole word ("2" marks
 * "2º"); otherwise every place the word occurs in a name's word is marked, since each is a
 * reason, except that a one-character word only ever marks a word's start (never "sériE").
 *
 * Positions are found in the folded text and mapped back through a fold done code point by code
 * point ("á" → "a", "º" → "o", "ﬁ" → "fi"), less the space the whole text's fold puts after a
 * glued ordinal ("8ºA" → "8o a"). Where that differs from folding the whole text
 * (lower-casing is contextual for a final "Σ"), nothing is marked rather than the wrong letters.
 */
export function matchRanges(text: string, query: string): readonly MatchRange[] {
  return rangesOfWords(text, searchWords(query));
}

/** `matchRanges` for words already split and folded (`searchWords`). */
export function rangesOfWords(text: string, words: readonly string[]): readonly MatchRange[] {
  if (words.length === 0 || text === '') return NO_RANGES;
  const folded = foldForSearch(text);
  // No word in it (a row the server matched some other way): no need to map anything.
  if (!words.some((word) => folded.includes(word))) return NO_RANGES;

  const map = foldedToOriginal(text, folded);
  if (map === undefined) return NO_RANGES;

  const found: MatchRange[] = [];
  const mark = (at: number, length: number) =>
    found.push({ start: map.start[at]!, end: map.end[at + length - 1]! });
  let from = 0;
  for (const nameWord of splitFoldedWords(folded)) {
    // Separators hold no letter of a word: its first occurrence from here is the word itself.
    const wordAt = folded.indexOf(nameWord, from);
    from = wordAt + nameWord.length;
    for (const word of words) {
      const match = matchWord(nameWord, word);
      if (match === undefined) continue;
      if (match === 'whole') {
        mark(wordAt, nameWord.length);
        continue;
      }
      if (word.length === 1) {
        mark(wordAt, 1);
        continue;
      }
      // One unit at a time, so overlapping occurrences ("aa" in "aaa") are all found.
      for (let at = nameWord.indexOf(word); at !== -1; at = nameWord.indexOf(word, at + 1)) {
        mark(wordAt + at, word.length);
      }
    }
  }
  return merge(found);
}

interface FoldMap {
  /** For each UTF-16 unit of the folded text: where its code point starts in the original… */
  start: Int32Array;
  /** …and where it ends, past any marks that fold away after it. */
  end: Int32Array;
}

/** How the folded text's positions map back; undefined when the two folds disagree. */
function foldedToOriginal(text: string, folded: string): FoldMap | undefined {
  const start = new Int32Array(folded.length);
  const end = new Int32Array(folded.length);
  let length = 0;
  let offset = 0;
  let lastPiece = 0;
  for (const char of text) {
    const next = offset + char.length;
    const piece = foldCodePoint(char);
    if (piece === '') {
      // A combining mark on its own ("a\u0301"): it belongs to the letter before it, so a mark
      // that ends on that letter takes the accent along instead of cutting it off.
      end.fill(next, lastPiece, length);
    } else {
      // A space the fold put after a glued ordinal ("8ºA" → "8o a"): part of the sign before it.
      const inserted =
        !folded.startsWith(piece, length) &&
        length > 0 &&
        folded[length] === ' ' &&
        folded.startsWith(piece, length + 1);
      if (inserted) {
        start[length] = start[length - 1]!;
        end[length] = end[length - 1]!;
        length += 1;
      }
      if (!folded.startsWith(piece, length)) return undefined;
      start.fill(offset, length, length + piece.length);
      end.fill(next, length, length + piece.length);
      lastPiece = length;
      length += piece.length;
    }
    offset = next;
  }
  return length === folded.length ? { start, end } : undefined;
}

/** ASCII folds to its lower case; the rest goes through the contract's fold. */
function foldCodePoint(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x80) return code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : char;
  return foldForSearch(char);
}

function merge(ranges: MatchRange[]): readonly MatchRange[] {
  if (ranges.length === 0) return NO_RANGES;
  ranges.sort((a, b) => a.start - b.start);
  const merged: MatchRange[] = [{ ...ranges[0]! }];
  for (const range of ranges.slice(1)) {
    const last = merged.at(-1)!;
    if (range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}
