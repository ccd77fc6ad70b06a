import { Alert, Button, EmptyState, Group, Stack, Text } from '@mantine/core';
import { hashKey, onlineManager, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { fromSortBy, toSortBy, type ApiClient } from '../../api/client';
import {
  RANK_EXTENSION,
  type ClassListQuery,
  type ClassListResponse,
  type SortField,
} from '#contract';
import { describeApiError } from '../../i18n/describe-api-error';
import { useMessages } from '../../i18n/i18n-context';
import { classQueries, listSortBy } from '../../api/class-queries';
import { useExtension } from '../../api/use-extension';
import { ClassPager } from './class-pager';
import { ClassSearch } from './class-search';
import { ClassTable, type RowAction } from './class-table';
import { useFormats } from '../../i18n/formats';
import { pageCountOf } from '../../components/pager/page-items';
import { parseListParams, type ListParams } from './list-params';
import { selectionStore, useSelection } from './selection-store';
import { NoMatch } from './no-match';
import { SelectAllTurmasFound } from './select-all-turmas-found';
import { useListParams, type SetListParams } from './use-list-params';
import { useClassListMessages } from './messages';
import { prepareTimestamps } from './timestamp';
import { whenIdle } from '../../lib/when-idle';
import styles from './class-browser.module.css';

interface ClassBrowserProps {
  api: Pick<ApiClient, 'getClasses' | 'extensions'>;
  /** What can be done with one turma from its row; the same array on every render. */
  rowActions?: readonly RowAction[];
  /**
   * How many row actions the loading rows keep room for: as many as the rows may come with, so
   * the columns do not move when the first answer adds one (an extension's).
   */
  rowActionsWhileLoading?: number;
  /**
   * Called after an answer is on screen (each time one settles): the moment to load what a click
   * may soon need, without delaying the rows themselves. Stable, like `rowActions`.
   */
  onShown?: () => void;
}

/** The request for `params`; `ranks`: the server orders searches by best match (listSortBy). */
function toQuery({ q, page, pageSize, sort }: ListParams, ranks: boolean): ClassListQuery {
  const query = q === '' ? undefined : q;
  return { query, page, pageSize, sortBy: listSortBy(query, sort, ranks) };
}

const NO_ACTIONS: readonly RowAction[] = [];

const subscribeOnline = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();
/** The prerendered first screen is of a page online; offline shows once it is hydrated. */
const prerenderedOnline = () => true;

/**
 * The turmas list: search, sortable table, pages, and ticking turmas for the selection. What it
 * shows lives in the URL; the rows come from the server one page at a time.
 *
 * Memoised: the page around it renders again when a dialog is asked for, opens, or its code
 * arrives, and none of that changes the list (its own state comes from the URL, the query cache
 * and the selection store).
 */
export const ClassBrowser = memo(function ClassBrowser({
  api,
  rowActions = NO_ACTIONS,
  rowActionsWhileLoading = 0,
  onShown,
}: ClassBrowserProps) {
  const messages = useMessages();
  const listMessages = useClassListMessages();
  const formats = useFormats();
  const queryClient = useQueryClient();
  const [params, setUrlParams] = useListParams();
  // Until the first answer says so, searches go by name (as a plain v1 platform is asked).
  const ranks = useExtension(api, RANK_EXTENSION);
  // The list's request leaves before React renders what changed, not from that render's effect:
  // a new search's render took 8–35 ms on a busy machine (decision 005). A page already in the
  // cache (the prefetched next one) is not asked for again.
  const setParams = useCallback<SetListParams>(
    (change, options) => {
      const next = { ...parseListParams(window.location.search), ...change };
      // A failure is the list's to show, through its own query.
      queryClient.query(classQueries.list(api, toQuery(next, ranks))).catch(() => undefined);
      setUrlParams(change, options);
    },
    [api, queryClient, setUrlParams, ranks],
  );
  const selection = useSelection();
  const online = useSyncExternalStore(subscribeOnline, isOnline, prerenderedOnline);

  const query = toQuery(params, ranks);
  const listOptions = classQueries.list(api, query);
  const listHash = hashKey(listOptions.queryKey);
  // Each request has its own key, so a late answer for an older search can never replace a
  // newer one.
  const list = useQuery(listOptions);
  /** The answer to what the URL asks for, once it has come. */
  const answer = list.data;
  const settled = answer !== undefined;
  // The answer on screen and what it answered, one record: its rows, its count and the words
  // marked in them always go together. Until the next page, order or search answers, the last
  // one stays (dimmed): no flash of a skeleton, no jump; if that fails or waits for the
  // connection, it stays under an alert that names the search it shows (issue 32).
  const [lastShown, setLastShown] = useState<ShownAnswer>();
  if (settled && (lastShown?.page !== answer || lastShown.params !== params)) {
    setLastShown({ page: answer, params });
  }
  const shown: ShownAnswer | undefined = settled ? { page: answer, params } : lastShown;
  const page = settled ? answer : lastShown?.page;
  const newFailed = list.isError && !settled && shown !== undefined;
  /** Rows of an earlier request, shown until (or because) this one's do not come. */
  const stale = !settled && shown !== undefined;
  const otherSearch = stale && shown.params.q !== params.q ? shown.params.q : undefined;
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
  const pageCount = pageCountOf(totalRecords ?? 0, params.pageSize);
  const table = useRef<HTMLTableElement>(null);
  const wholePageSelected = useMemo(() => {
    if (!page || page.data.length === 0) return false;
    const ids = new Set(selection.map((turma) => turma.id));
    return page.data.every((turma) => ids.has(turma.id));
  }, [page, selection]);
  const { refetch } = list;

  // A list that failed loads again by itself once the connection is back: the browser's
  // `online` event (TanStack only acts on it when it thought it was offline, and a stopped
  // server is not offline), or another call to the API succeeding.
  useEffect(() => {
    if (!list.isError) return;
    const retry = () => void refetch();
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      const succeeded = event.type === 'updated' && event.action.type === 'success';
      if (succeeded && event.query.queryHash !== listHash) retry();
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') retry();
    });
    window.addEventListener('online', retry);
    return () => {
      window.removeEventListener('online', retry);
      stopQueries();
      stopMutations();
    };
  }, [list.isError, refetch, queryClient, listHash]);

  useEffect(() => {
    if (settled) onShown?.();
  }, [settled, onShown]);

  // Ask for the next page while the person reads this one, so "next" paints at once. In a task
  // of its own: React runs effects before painting a click's result, and starting a request
  // should not delay it (figures: docs/decisions/005-first-screen-weight.md).
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

  // A link to page 40 of a list that now has 12 pages: show the last page instead of nothing.
  // An empty page within the count (the rows went between two requests, or a server that
  // contradicts itself) is said as such below, with a way out.
  const emptyPage = settled && answer.data.length === 0 && answer.totalRecords > 0;
  const pastTheEnd = emptyPage && params.page > pageCount;
  useEffect(() => {
    if (pastTheEnd) setParams({ page: pageCount }, { history: 'replace' });
  }, [pastTheEnd, pageCount, setParams]);

  const search = useCallback(
    (q: string, how: 'typing' | 'submit') =>
      setParams({ q, page: 1 }, { history: how === 'typing' ? 'typing' : 'push' }),
    [setParams],
  );
  // From the no-match state, whose buttons go once the list shows: focus goes to the search, where
  // the new words are.
  const searchField = useRef<HTMLInputElement>(null);
  const searchAgain = (q: string) => {
    search(q, 'submit');
    searchField.current?.focus();
  };
  // Stable, so the pager (memoised) renders only when what it shows changes: rows arriving for
  // the page already shown (a new page size, a search) leave it alone.
  const changeSort = useCallback(
    (sort: { id: SortField; desc: boolean } | undefined) =>
      setParams({ sort: toSortBy(sort ? [sort] : []) ?? null, page: 1 }),
    [setParams],
  );
  // The new page starts at the table's top: bring it into view (under the sticky app header, its
  // scroll-margin) and move focus there, so the next Tab reaches the new rows, not the pager.
  // As the new rows commit, not in the click: measuring before them made the browser lay the
  // page out twice in the click's task (decision 005).
  const [pageTurns, setPageTurns] = useState(0);
  const changePage = useCallback(
    (next: number) => {
      setPageTurns((turns) => turns + 1);
      setParams({ page: next });
    },
    [setParams],
  );
  useLayoutEffect(() => {
    const element = table.current;
    if (pageTurns === 0 || !element) return;
    element.focus({ preventScroll: true });
    const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
    if (element.getBoundingClientRect().top < margin) element.scrollIntoView({ block: 'start' });
  }, [pageTurns]);
  const changePageSize = useCallback(
    (pageSize: ListParams['pageSize']) => setParams({ pageSize, page: 1 }),
    [setParams],
  );

  // What the status line announces belongs to the rows on screen: while a new search loads, the
  // previous rows stay, and so do their count and its wording. When that search cannot come
  // (offline, failed), the count says which search it is of, as the alert does.
  const shownTotal = totalRecords ?? 0;
  const shownCount = formats.number.format(shownTotal);
  const stuck = !online || newFailed;
  const summary =
    shown === undefined
      ? // Nothing to count: either on its way, or the alert below says what went wrong.
        list.isError || !online
        ? ''
        : messages.classes.loading
      : shown.params.q === ''
        ? messages.classes.total(shownTotal, shownCount)
        : otherSearch !== undefined && stuck
          ? listMessages.foundFor(shownTotal, shownCount, otherSearch)
          : messages.classes.found(shownTotal, shownCount);
  const order = listOrder(params.sort, query);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md">
        <ClassSearch ref={searchField} value={params.q} onSearch={search} />
        <Summary text={summary} />
      </Group>

      {/* Sticky: the rows they warn about may be far down the page, where the person is. */}
      {!online && shown && (
        <Alert color="yellow" className={styles.staleWarning}>
          {otherSearch === undefined
            ? messages.classes.offlineStale
            : otherSearch === ''
              ? listMessages.offlineWithoutSearch
              : listMessages.offlineOtherSearch(otherSearch)}
        </Alert>
      )}
      {online && list.isError && page && !newFailed && (
        <Alert color="red" title={messages.classes.refreshFailed} className={styles.staleWarning}>
          <RetryButton onRetry={() => void list.refetch()} busy={list.isFetching} />
        </Alert>
      )}
      {newFailed && (
        <Alert
          color="red"
          role="alert"
          title={
            isOtherPage(params, shown.params)
              ? listMessages.newPageFailed(formats.number.format(params.page))
              : listMessages.newListFailed
          }
          className={styles.staleWarning}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {describeApiError(list.error, messages)}{' '}
              {otherSearch === undefined
                ? listMessages.previousRowsKept
                : otherSearch === ''
                  ? listMessages.previousListKept
                  : listMessages.previousResultsKept(otherSearch)}
            </Text>
            <RetryButton onRetry={() => void list.refetch()} busy={list.isFetching} />
          </Stack>
        </Alert>
      )}

      {page === undefined && list.isError ? (
        <Alert color="red" title={messages.classes.loadFailed}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{describeApiError(list.error, messages)}</Text>
            <RetryButton onRetry={() => void list.refetch()} busy={list.isFetching} />
          </Stack>
        </Alert>
      ) : page === undefined && !online ? (
        <Alert color="yellow" title={messages.classes.offlineTitle}>
          {messages.classes.offlineDescription}
        </Alert>
      ) : settled && totalRecords === 0 && params.q === '' ? (
        <EmptyState
          title={messages.classes.emptyTitle}
          description={messages.classes.emptyDescription}
        />
      ) : settled && totalRecords === 0 ? (
        <NoMatch query={params.q} onSearch={searchAgain} />
      ) : emptyPage && !pastTheEnd ? (
        <EmptyState
          title={listMessages.emptyPageTitle}
          description={listMessages.emptyPageDescription(
            messages.classes.total(shownTotal, formats.number.format(shownTotal)),
          )}
        >
          <EmptyState.Actions>
            <RetryButton
              label={listMessages.reload}
              onRetry={() => void list.refetch()}
              busy={list.isFetching}
            />
            {params.page > 1 && (
              <Button variant="default" onClick={() => changePage(1)}>
                {listMessages.toFirstPage}
              </Button>
            )}
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <>
          {settled && wholePageSelected && (totalRecords ?? 0) > answer.data.length && (
            <SelectAllTurmasFound
              // A new search or order starts the offer afresh.
              key={`${params.q}\n${params.sort}`}
              api={api}
              q={params.q}
              sortBy={query.sortBy}
              total={totalRecords ?? 0}
              pageRows={answer.data}
            />
          )}
          <ClassTable
            ref={table}
            rows={page?.data}
            skeletonRows={Math.min(params.pageSize, 20)}
            stale={stale}
            query={shown?.params.q ?? ''}
            sort={order}
            bestMatchOffered={params.q !== '' && ranks}
            onSortChange={changeSort}
            selection={selection}
            onSelect={selectionStore.add}
            onDeselect={selectionStore.remove}
            rowActions={rowActions}
            rowActionsWhileLoading={rowActionsWhileLoading}
          />
          <ClassPager
            page={params.page}
            pageSize={params.pageSize}
            totalRecords={totalRecords}
            rowCount={answer?.data.length}
            onPageChange={changePage}
            onPageSizeChange={changePageSize}
          />
        </>
      )}
    </Stack>
  );
});

/**
 * A live region: screen readers hear how many turmas the search found. Memoised: a page turn
 * re-renders the list, and this text stays.
 */
const Summary = memo(function Summary({ text }: { text: string }) {
  return (
    <Text role="status" fw={500}>
      {text}
    </Text>
  );
});

function RetryButton({
  onRetry,
  busy,
  label,
}: {
  onRetry: () => void;
  busy: boolean;
  label?: string;
}) {
  const messages = useMessages();
  return (
    <Button variant="default" onClick={onRetry} loading={busy}>
      {label ?? messages.classes.retry}
    </Button>
  );
}

/** An answer on screen and the parameters it answered. */
interface ShownAnswer {
  page: ClassListResponse;
  params: ListParams;
}

/**
 * The order the sort control shows: the column chosen, or best match when the request leaves
 * the order to a server that ranks, or by name.
 */
function listOrder(
  chosen: ListParams['sort'],
  query: ClassListQuery,
): { id: SortField; desc: boolean } | 'best-match' {
  if (chosen !== null) return fromSortBy(chosen);
  return query.sortBy === undefined ? 'best-match' : fromSortBy(query.sortBy);
}

/** The same list (search, order, size), another page of it. */
function isOtherPage(next: ListParams, shown: ListParams): boolean {
  return (
    next.page !== shown.page &&
    next.q === shown.q &&
    next.sort === shown.sort &&
    next.pageSize === shown.pageSize
  );
}
