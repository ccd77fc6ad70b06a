import { VisuallyHidden } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { searchWords } from '#contract';
import classes from './highlighted-text.module.css';
import { rangesOfWords, type MatchRange } from './match-ranges';

interface HighlightedTextProps {
  text: string;
  /** The search that found `text`, as typed; '' marks nothing. */
  query: string;
}

/**
 * `text` with the parts that matched `query` in `<mark>`, as the server matches (match-ranges.ts).
 *
 * The marked copy is hidden from assistive technology, which reads a plain copy instead: marks
 * cut words ("Mat|emática" while typing) and screen readers read the pieces apart, or say
 * "highlighted" in the middle of a name (NVDA). Without a match the text is left as it is.
 */
export const HighlightedText = memo(function HighlightedText({
  text,
  query,
}: HighlightedTextProps) {
  const ranges = cachedRanges(text, query);
  if (ranges.length === 0) return text;

  const parts: ReactNode[] = [];
  let at = 0;
  for (const { start, end } of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className={classes.mark}>
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return (
    <>
      <span className={`${VisuallyHidden.classes.root} ${classes.plain}`}>{text}</span>
      <span aria-hidden="true">{parts}</span>
    </>
  );
});

const NO_RANGES: readonly MatchRange[] = [];
const QUERIES_KEPT = 4;
const NAMES_KEPT_PER_QUERY = 500;

/**
 * Ranges by query and name: the rows of a page, the pages paged back to and the picker showing
 * the table's first page reuse them. Bounded, since a session may search all day.
 */
const cache = new Map<string, { words: string[]; ranges: Map<string, readonly MatchRange[]> }>();

function cachedRanges(text: string, query: string): readonly MatchRange[] {
  if (query === '') return NO_RANGES;
  let forQuery = cache.get(query);
  if (forQuery === undefined) {
    if (cache.size >= QUERIES_KEPT) cache.delete(cache.keys().next().value!);
    forQuery = { words: searchWords(query), ranges: new Map() };
    cache.set(query, forQuery);
  }
  let ranges = forQuery.ranges.get(text);
  if (ranges === undefined) {
    if (forQuery.ranges.size >= NAMES_KEPT_PER_QUERY) forQuery.ranges.clear();
    ranges = rangesOfWords(text, forQuery.words);
    forQuery.ranges.set(text, ranges);
  }
  return ranges;
}
