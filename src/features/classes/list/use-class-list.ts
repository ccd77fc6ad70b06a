import { onlineManager, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useState, useSyncExternalStore } from 'react';
import type { ApiClient } from '../../../api/client';
import { useHydrated } from '../../../lib/use-hydrated';
import { classQueries, listSortBy, turmaSearchQuery } from '../../../api/class-queries';
import { pageCountOf } from '../../../components/pager/page-items';
import type { ClassListQuery, ClassListResponse } from '#contract';
import type { ListParams } from './list-params';

/** The request for `params`; `ranks`: the server orders searches by best match (listSortBy). */
export function toQuery({ q, page, pageSize, sort }: ListParams, ranks: boolean): ClassListQuery {
  const query = turmaSearchQuery(q);
  return { query, page, pageSize, sortBy: listSortBy(query, sort, ranks) };
}

/** An answer on screen and the parameters it answered. */
export interface ShownAnswer {
  page: ClassListResponse;
  params: ListParams;
}

export interface ClassList {
  /** The request for what the URL asks for. */
  query: ClassListQuery;
  /** Its query: error, fetching. A failed one loads again when the server is back (query-client.ts). */
  list: UseQueryResult<ClassListResponse>;
  /** The answer to what the URL asks for, once it has come. */
  answer: ClassListResponse | undefined;
  /** The answer on screen (`answer`, or the last one until it comes) and what it answered. */
  shown: ShownAnswer | undefined;
  /** Rows of an earlier request, shown until (or because) this one's do not come. */
  stale: boolean;
  /** The request failed, and an earlier answer stays on screen. */
  newFailed: boolean;
  /** The search of the rows on screen, while they are of another search than the one typed. */
  otherSearch: string | undefined;
  /** The count, consistent with the rows shown; undefined before any answer. */
  totalRecords: number | undefined;
  pageCount: number;
  online: boolean;
}

const subscribeOnline = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();
/** The prerendered first screen is of a page online; offline shows once it is hydrated. */
const prerenderedOnline = () => true;

/**
 * The turmas of `params`, and the answer to show meanwhile. Each request has its own key, so a
 * late answer for an older search can never replace a newer one.
 */
export function useClassList(
  api: Pick<ApiClient, 'getClasses'>,
  params: ListParams,
  ranks: boolean,
): ClassList {
  const online = useSyncExternalStore(subscribeOnline, isOnline, prerenderedOnline);
  const query = toQuery(params, ranks);
  const list = useQuery(classQueries.list(api, query));
  // The answer on screen and what it answered, one record: its rows, its count and the words
  // marked in them always go together. Until the next page, order or search answers, the last
  // one stays (dimmed): no flash of a skeleton, no jump; if that fails or waits for the
  // connection, it stays under an alert that names the search it shows (issue 32).
  const [lastShown, setLastShown] = useState<ShownAnswer>();
  // The first rows render in a transition, in slices that leave the page free to answer a tap
  // (the query's answer alone would render them in one synchronous task); later answers replace
  // rows already on screen at once. Rows that come while the prerendered screen is being adopted
  // wait for the transition that ends it (useHydrated), with the extensions' row actions already
  // in, so the columns never move for them.
  const firstRows = useDeferredValue(lastShown === undefined ? list.data : undefined);
  const hydrated = useHydrated();
  const answer = !hydrated ? undefined : lastShown === undefined ? firstRows : list.data;
  const settled = answer !== undefined;
  if (settled && (lastShown?.page !== answer || lastShown.params !== params)) {
    setLastShown({ page: answer, params });
  }
  const shown: ShownAnswer | undefined = settled ? { page: answer, params } : lastShown;
  const stale = !settled && shown !== undefined;
  // What is consistent with the rows that came back: a total of 0 (or 20) beside 3 rows on
  // page 1 is read as 3, so the rows show and the pager counts them (issue 20).
  const totalRecords =
    shown &&
    Math.max(
      shown.page.totalRecords,
      shown.page.data.length > 0
        ? (shown.params.page - 1) * shown.params.pageSize + shown.page.data.length
        : 0,
    );
  return {
    query,
    list,
    answer,
    shown,
    stale,
    newFailed: list.isError && stale,
    otherSearch: stale && shown.params.q !== params.q ? shown.params.q : undefined,
    totalRecords,
    pageCount: pageCountOf(totalRecords ?? 0, params.pageSize),
    online,
  };
}
