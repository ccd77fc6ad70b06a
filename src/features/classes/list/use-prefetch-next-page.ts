import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ApiClient } from '../../../api/client';
import { classQueries } from '../../../api/class-queries';
import { useFormats } from '../../../i18n/formats';
import { whenIdle } from '../../../lib/when-idle';
import type { ListParams } from './list-params';
import { prepareTimestamps } from '../table/timestamp';
import { toQuery } from './use-class-list';

/**
 * Asks for the next page while the person reads this one (`settled`), so "next" paints at once.
 * In a task of its own: React runs effects before painting a click's result, and starting a
 * request should not delay it (figures: docs/decisions/005-first-screen-weight.md).
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
    const prefetch = setTimeout(() => {
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
    });
    return () => {
      clearTimeout(prefetch);
      cancelPrepare();
    };
  }, [api, queryClient, settled, params, ranks, pageCount, formats]);
}
