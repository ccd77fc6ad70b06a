import { Alert, Button, EmptyState, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { fromSortBy, toSortBy, type ApiClient } from '../../../api/client';
import { retryEvenOffline } from '../../../api/server-back';
import { RANK_EXTENSION, type ClassListQuery, type SortField } from '#contract';
import { describeApiError } from '../../../i18n/describe-api-error';
import { useMessages } from '../../../i18n/i18n-context';
import { classQueries } from '../../../api/class-queries';
import { useExtension } from '../../../api/use-extension';
import { ClassPager } from './class-pager';
import { ClassSearch } from '../search/class-search';
import { ClassTable, type RowAction } from '../table/class-table';
import { useFormats } from '../../../i18n/formats';
import { parseListParams, type ListParams } from './list-params';
import { RetryButton, StaleAlerts } from './list-alerts';
import { selectionStore, useSelection } from '../../../lib/selection-store';
import { NoMatch } from '../search/no-match';
import { SelectAllTurmasFound } from '../selection/select-all-turmas-found';
import { useListParams, type SetListParams } from './use-list-params';
import { useClassListMessages } from './messages';
import { toQuery, useClassList, type ClassList } from './use-class-list';
import { usePrefetchNextPage } from './use-prefetch-next-page';

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

const NO_ACTIONS: readonly RowAction[] = [];

/**
 * The turmas list: search, sortable table, pages, and ticking turmas for the selection. What it
 * shows lives in the URL; the rows come from the server one page at a time (useClassList).
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
  const formats = useFormats();
  // Until the first answer says so, searches go by name (as a plain v1 platform is asked).
  const ranks = useExtension(api, RANK_EXTENSION);
  const [params, setParams] = useListParamsAsked(api, ranks);
  const selection = useSelection();
  const classList = useClassList(api, params, ranks);
  const { query, list, answer, shown, stale, totalRecords, pageCount } = classList;
  const settled = answer !== undefined;
  const page = shown?.page;
  const wholePageSelected = useMemo(() => {
    if (!page || page.data.length === 0) return false;
    const ids = new Set(selection.map((turma) => turma.id));
    return page.data.every((turma) => ids.has(turma.id));
  }, [page, selection]);

  useEffect(() => {
    if (settled) onShown?.();
  }, [settled, onShown]);
  usePrefetchNextPage(api, params, ranks, settled, pageCount);

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
  const [table, changePage] = usePageTurn(setParams);
  const changePageSize = useCallback(
    (pageSize: ListParams['pageSize']) => setParams({ pageSize, page: 1 }),
    [setParams],
  );
  const retry = () => void list.refetch();
  const shownTotal = totalRecords ?? 0;
  const summary = useSummary(classList);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md">
        <ClassSearch ref={searchField} value={params.q} onSearch={search} />
        <Summary text={summary} />
      </Group>

      <StaleAlerts list={classList} params={params} />

      {page === undefined && list.isError ? (
        <Alert color="red" title={messages.classes.loadFailed}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{describeApiError(list.error, messages)}</Text>
            <RetryButton onRetry={retry} busy={list.isFetching} />
          </Stack>
        </Alert>
      ) : page === undefined && !classList.online ? (
        <Alert color="yellow" title={messages.classes.offlineTitle}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{messages.classes.offlineDescription}</Text>
            <RetryButton onRetry={() => retryEvenOffline(retry)} busy={false} />
          </Stack>
        </Alert>
      ) : settled && totalRecords === 0 && params.q === '' ? (
        <EmptyState
          title={messages.classes.emptyTitle}
          description={messages.classes.emptyDescription}
        />
      ) : settled && totalRecords === 0 ? (
        <NoMatch query={params.q} onSearch={searchAgain} />
      ) : emptyPage && !pastTheEnd ? (
        <EmptyPage
          total={messages.classes.total(shownTotal, formats.number.format(shownTotal))}
          busy={list.isFetching}
          onRetry={retry}
          onFirstPage={params.page > 1 ? () => changePage(1) : undefined}
        />
      ) : (
        <>
          {settled && wholePageSelected && shownTotal > answer.data.length && (
            <SelectAllTurmasFound
              // A new search or order starts the offer afresh.
              key={`${params.q}\n${params.sort}`}
              api={api}
              q={params.q}
              sortBy={query.sortBy}
              total={shownTotal}
              pageRows={answer.data}
            />
          )}
          <ClassTable
            ref={table}
            rows={page?.data}
            skeletonRows={Math.min(params.pageSize, 20)}
            stale={stale}
            query={shown?.params.q ?? ''}
            sort={listOrder(params.sort, query)}
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
 * The URL's parameters, and their setter. The list's request leaves before React renders what
 * changed, not from that render's effect: a new search's render took 8–35 ms on a busy machine
 * (decision 005). A page already in the cache (the prefetched next one) is not asked for again.
 */
function useListParamsAsked(api: Pick<ApiClient, 'getClasses'>, ranks: boolean) {
  const queryClient = useQueryClient();
  const [params, setUrlParams] = useListParams();
  const setParams = useCallback<SetListParams>(
    (change, options) => {
      const next = { ...parseListParams(window.location.search), ...change };
      // A failure is the list's to show, through its own query.
      queryClient.query(classQueries.list(api, toQuery(next, ranks))).catch(() => undefined);
      setUrlParams(change, options);
    },
    [api, queryClient, setUrlParams, ranks],
  );
  return [params, setParams] as const;
}

/**
 * The table, and a page change that starts at its top: brought into view (under the sticky app
 * header, its scroll-margin), focused, so the next Tab reaches the new rows, not the pager. As
 * the new rows commit, not in the click: measuring before them made the browser lay the page
 * out twice in the click's task (decision 005).
 */
function usePageTurn(setParams: SetListParams) {
  const table = useRef<HTMLTableElement>(null);
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
  return [table, changePage] as const;
}

/**
 * What the status line announces belongs to the rows on screen: while a new search loads, the
 * previous rows stay, and so do their count and its wording. When that search cannot come
 * (offline, failed), the count says which search it is of, as the alert does.
 */
function useSummary({
  shown,
  list,
  online,
  newFailed,
  otherSearch,
  totalRecords,
}: ClassList): string {
  const messages = useMessages();
  const listMessages = useClassListMessages();
  const formats = useFormats();
  const shownTotal = totalRecords ?? 0;
  const shownCount = formats.number.format(shownTotal);
  if (shown === undefined) {
    // Nothing to count: either on its way, or the alert below says what went wrong.
    return list.isError || !online ? '' : messages.classes.loading;
  }
  if (shown.params.q === '') return messages.classes.total(shownTotal, shownCount);
  if (otherSearch !== undefined && (!online || newFailed)) {
    return listMessages.foundFor(shownTotal, shownCount, otherSearch);
  }
  return messages.classes.found(shownTotal, shownCount);
}

/** A page that came back empty though the count says there are turmas: reload, or page 1. */
function EmptyPage({
  total,
  busy,
  onRetry,
  onFirstPage,
}: {
  total: string;
  busy: boolean;
  onRetry: () => void;
  onFirstPage: (() => void) | undefined;
}) {
  const listMessages = useClassListMessages();
  return (
    <EmptyState
      title={listMessages.emptyPageTitle}
      description={listMessages.emptyPageDescription(total)}
    >
      <EmptyState.Actions>
        <RetryButton label={listMessages.reload} onRetry={onRetry} busy={busy} />
        {onFirstPage && (
          <Button variant="default" onClick={onFirstPage}>
            {listMessages.toFirstPage}
          </Button>
        )}
      </EmptyState.Actions>
    </EmptyState>
  );
}

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
