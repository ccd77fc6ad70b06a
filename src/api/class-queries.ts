import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';
import type { ClassListQuery } from '#contract';

/**
 * Query keys and fetchers for turmas in one place, so a mutation can invalidate
 * `classQueries.all()` and hit every list. Shared rather than inside a feature: the table reads
 * it, the turma picker of the enrol and remove forms searches with it, and every write
 * invalidates it, and features do not import each other. The client is an argument rather than an import so
 * the page decides which one (the app's, or a fake in tests); it is left out of the key because
 * there is only ever one per page.
 */
export const classQueries = {
  all: () => ['classes'] as const,
  lists: () => [...classQueries.all(), 'list'] as const,
  list: (api: Pick<ApiClient, 'getClasses'>, params: ClassListQuery) =>
    queryOptions({
      queryKey: [...classQueries.lists(), params] as const,
      queryFn: ({ signal }) => api.getClasses(params, { signal }),
      // Turmas change when staff enrol or remove students through this console, and those
      // writes invalidate the lists: a page seen in the last half minute (or prefetched) is
      // shown as it is, which is what makes "next page" instant.
      staleTime: 30_000,
    }),
};
