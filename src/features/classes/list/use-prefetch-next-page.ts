import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ApiClient } from '../../../api/client';
import { classQueries } from '../../../api/class-queries';
import { useFormats } from '../../../i18n/formats';
import { whenIdle } from '../../../lib/when-idle';
import type { ListParams } from './list-params';
import { prepareTimestamps } from '../table/timestamp';
import { toQuery } from './use-class-list';

/** How long the next page's request may wait for an idle moment. */
const PREFETCH_WAIT_MS = 200;

/**
 * Asks for the next page while the person reads this one (`settled`), so "next" paints at once.
 * Once the browser is idle: React runs effects before painting a click's result, and a task
 * queued for the request right after it (0.6–2.8 ms) ran before anything else the person did
 * (figures: docs/decisions/005-first-screen-weight.md).
 */
export function usePrefetchNextPage(
  api: Pick<ApiClient, 'getClasses'>,
  params: ListParams,
  ranks: boolean,
  settled: boolean,
  pageCount: number,
) {
  const queryClient = useQueryClient();
  const formats = useFormats();
  useEffect(() => {
    if (!settled || params.page >= pageCount) return;
    let cancelPrepare = () => {};
    const cancelPrefetch = whenIdle(() => {
      queryClient
        .query(classQueries.list(api, toQuery({ ...params, page: params.page + 1 }, ranks)))
        .then((next) => {
          // Its dates written while the browser is idle: the page turn then formats none.
          cancelPrepare = whenIdle(() =>
            prepareTimestamps(
              next.data.flatMap((turma) => [turma.createdAt, turma.updatedAt]),
              formats,
            ),
          );
        })
        // A failed prefetch is the next page's own request to make again: ignored here.
        .catch(() => undefined);
    }, PREFETCH_WAIT_MS);
    return () => {
      cancelPrefetch();
      cancelPrepare();
    };
  }, [api, queryClient, settled, params, ranks, pageCount, formats]);
}
