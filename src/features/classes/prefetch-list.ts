import type { QueryClient } from '@tanstack/react-query';
import { classQueries } from '../../api/class-queries';
import type { ApiClient } from '../../api/client';
import { parseListParams, toClassListQuery } from './list-params';

/**
 * Sends the request for the rows the address bar names (`search`: its query string) at once,
 * before anything renders: the list's own query has the same key and takes the answer over, so
 * the rows are on their way while React builds the first screen instead of after it.
 */
export function prefetchListInView(
  queryClient: QueryClient,
  api: Pick<ApiClient, 'getClasses'>,
  search: string,
): Promise<void> {
  return queryClient.prefetchQuery(
    classQueries.list(api, toClassListQuery(parseListParams(search))),
  );
}
