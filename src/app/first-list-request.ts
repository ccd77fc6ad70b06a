import type { QueryClient } from '@tanstack/react-query';
import { classQueries } from '../api/class-queries';
import type { ApiClient } from '../api/client';
import { RANK_EXTENSION, type ClassListResponse } from '#contract';
import { tokenStore } from '../features/auth/token-store';
import { parseListParams } from '../features/classes/list/list-params';
import { toQuery } from '../features/classes/list/use-class-list';

/**
 * Asks for the page of turmas the address shows as soon as the app's code runs, before it
 * hydrates: left to the list, the request waited for hydration and the providers (~570 ms after
 * the scripts were in, issue 36). Same client, same request and query key as the list's.
 *
 * Returns what seeds the query cache with that request, to call once the tree has committed: an
 * answer in the cache during hydration would render rows where the prerendered page has loading
 * rows. The list's query then finds the request under way and waits for it instead of sending
 * its own; if it fails, the query's retries (the client's policy) ask again as the list would.
 * No stored token, no request: the gate shows instead.
 */
export function sendFirstListRequest(queryClient: QueryClient, api: ApiClient): () => void {
  if (tokenStore.get() === null) return () => undefined;
  const params = parseListParams(window.location.search);
  // As the list asks before any answer has said which extensions the server has.
  const query = toQuery(params, api.extensions.has(RANK_EXTENSION));
  let early: Promise<ClassListResponse> | undefined = api.getClasses(query);
  // Until it is seeded, a failure is the query's to handle, not an uncaught rejection.
  early.catch(() => undefined);
  return () => {
    if (early === undefined || tokenStore.get() === null) return;
    queryClient
      .query({
        ...classQueries.list(api, query),
        queryFn: ({ signal }) => {
          const answer = early ?? api.getClasses(query, { signal });
          early = undefined;
          return answer;
        },
      })
      .catch(() => undefined);
  };
}
