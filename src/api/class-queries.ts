import { hashKey, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';
import {
  foldedWords,
  QUERY_WORDS_MAX,
  SORT_BY_DEFAULT,
  type ClassListQuery,
  type ClassListResponse,
  type SortBy,
} from '#contract';

let handedOver: { key: string; answer: Promise<ClassListResponse> } | undefined;

/**
 * A list request already sent for `params` (the entry module's, before hydrating): the first
 * fetch of that list takes its answer instead of asking again, so one fetch, with the client's
 * retry policy, carries it. Whatever list is fetched first, the hand-over is used or dropped.
 */
export function handOverListRequest(params: ClassListQuery, answer: Promise<ClassListResponse>) {
  // Until it is taken, a failure is the taker's to handle, not an uncaught rejection.
  answer.catch(() => undefined);
  handedOver = { key: hashKey([params]), answer };
}

function takeHandedOver(params: ClassListQuery) {
  const taken = handedOver;
  handedOver = undefined;
  return taken?.key === hashKey([params]) ? taken.answer : undefined;
}

/**
 * Query keys and fetchers for turmas in one place, so a mutation can invalidate
 * `classQueries.all()` and hit every list. Shared rather than inside a feature: the table reads
 * it, the turma picker of the enrol and remove forms searches with it, and every write
 * invalidates it, and features do not import each other. The client is an argument rather than an import so
 * the page decides which one (the app's, or a fake in tests); it is left out of the key because
 * there is only ever one per page.
 *
 * The key holds the parameters as sent, `sortBy` included or left out: a list by name and the
 * same search best match first (no `sortBy`, see `listSortBy`) are two entries, so one is never
 * shown as the other.
 */
export const classQueries = {
  all: () => ['classes'] as const,
  lists: () => [...classQueries.all(), 'list'] as const,
  list: (api: Pick<ApiClient, 'getClasses'>, params: ClassListQuery) =>
    queryOptions({
      queryKey: [...classQueries.lists(), params] as const,
      queryFn: ({ signal }) => takeHandedOver(params) ?? api.getClasses(params, { signal }),
      // Turmas change when staff enrol or remove students through this console, and those
      // writes invalidate the lists: a page seen in the last half minute (or prefetched) is
      // shown as it is, which is what makes "next page" instant.
      staleTime: 30_000,
    }),
};

/**
 * The `sortBy` a list of turmas asks for: the column chosen, if any; none while a search is typed
 * on a server that ranks (contract's RANK_EXTENSION), which then answers best match first; else by name,
 * as a plain v1 platform is always told (its default is not in its spec).
 */
export function listSortBy(
  query: string | undefined,
  chosen: SortBy | null,
  ranks: boolean,
): SortBy | undefined {
  if (chosen !== null) return chosen;
  return query !== undefined && query !== '' && ranks ? undefined : SORT_BY_DEFAULT;
}

/** Words that join a name's parts ("1º ano do Ensino Médio"): the first to go from a long search. */
const JOINING_WORDS = new Set(['de', 'da', 'do', 'das', 'dos', 'of', 'the']);

/**
 * What a turma search typed or pasted asks the server: the text as it is, or, past the API's
 * QUERY_WORDS_MAX words (a long name pasted whole), never a 400: its distinct words without the
 * joining ones, then its first words (year, section and subject tell a name apart, the rest
 * rarely). Undefined for ''.
 */
export function turmaSearchQuery(text: string): string | undefined {
  if (text === '') return undefined;
  const words = [...new Set(foldedWords(text))];
  if (words.length <= QUERY_WORDS_MAX) return text;
  const telling = words.filter((word) => !JOINING_WORDS.has(word));
  return telling.slice(0, QUERY_WORDS_MAX).join(' ');
}
