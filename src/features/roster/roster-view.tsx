import { Alert, Button, EmptyState, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, type ApiClient } from '../../api/client';
import { rosterQueries } from '../../api/roster-queries';
import { PAGE_SIZE_MAX, type RosterEntry, type RosterSortField } from '#contract';
import { SelectAllFound } from '../../components/select-all-found/select-all-found';
import { describeApiError } from '../../i18n/describe-api-error';
import { useFormats } from '../../i18n/formats';
import { useMessages } from '../../i18n/i18n-context';
import { useRosterMessages } from './messages';
import { ROSTER_PAGE_SIZE, toRosterQuery, type RosterParams } from './roster-params';
import { RosterPager } from './roster-pager';
import { RosterSearch } from './roster-search';
import { nextSort } from './roster-sort';
import { RosterTable } from './roster-table';
import classes from './roster.module.css';
import type { RosterChangeOptions } from './use-roster-params';

export interface RosterViewProps {
  api: Pick<ApiClient, 'getClassStudents'>;
  turmaId: string;
  /** How the turma is named in the table's label. */
  turmaLabel: string;
  params: RosterParams;
  onChange: (change: Partial<Omit<RosterParams, 'turma'>>, options?: RosterChangeOptions) => void;
  /** The students ticked, by e-mail, on any page of this roster. */
  selected: ReadonlyMap<string, RosterEntry>;
  onSelect: (students: readonly RosterEntry[], checked: boolean) => void;
  now: Date;
  /** Enrolling a student in this turma, offered when it has nobody (the page's enrol form). */
  enrol?: { open: () => void; want: () => void } | undefined;
}

/**
 * A turma's students, a page at a time: search, sort, pages, and ticking students. The same states
 * as the turmas list: loading (skeleton), empty, no match, failed with a retry, and rows kept (and
 * said to be old) when a refresh fails.
 */
export function RosterView({
  api,
  turmaId,
  turmaLabel,
  params,
  onChange,
  selected,
  onSelect,
  now,
  enrol,
}: RosterViewProps) {
  const messages = useRosterMessages();
  const appMessages = useMessages();
  const { number } = useFormats();
  const queryClient = useQueryClient();
  const table = useRef<HTMLTableElement>(null);
  const searchField = useRef<HTMLInputElement>(null);
  const roster = useQuery({
    ...rosterQueries.page(api, turmaId, toRosterQuery(params)),
    // The rows shown stay (dimmed) until the next page or search answers; never another turma's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === turmaId ? previous : undefined,
  });
  const page = roster.data;
  const settled = page !== undefined && !roster.isPlaceholderData;
  const gone = roster.error instanceof ApiError && roster.error.isNotFound;

  // The count said belongs to the rows on screen, and to the search that found them.
  const [announced, setAnnounced] = useState<{ total: number; q: string } | null>(null);
  if (settled && (announced?.total !== page.totalRecords || announced.q !== params.q)) {
    setAnnounced({ total: page.totalRecords, q: params.q });
  }
  const summary =
    page === undefined
      ? roster.isError
        ? ''
        : messages.loading
      : announced === null
        ? messages.loading
        : announced.q === ''
          ? messages.total(announced.total, number.format(announced.total))
          : messages.found(announced.total, number.format(announced.total));

  // Past the end (its last students removed, or an old link): the last page instead of nothing.
  const lastPage = page ? Math.max(1, Math.ceil(page.totalRecords / ROSTER_PAGE_SIZE)) : 1;
  useEffect(() => {
    if (settled && page.data.length === 0 && page.totalRecords > 0 && params.page > lastPage) {
      onChange({ page: lastPage }, { history: 'replace' });
    }
  }, [settled, page, params.page, lastPage, onChange]);

  const search = useCallback(
    (q: string, how: 'typing' | 'submit') =>
      onChange({ q, page: 1 }, { history: how === 'typing' ? 'typing' : 'push' }),
    [onChange],
  );
  const sort = (field: RosterSortField) =>
    onChange({ sort: nextSort(params.sort, field), page: 1 });
  const changePage = (next: number) => {
    onChange({ page: next });
    // The new page starts at the table's top; the next Tab reaches its rows.
    table.current?.focus({ preventScroll: true });
    table.current?.scrollIntoView({ block: 'start' });
  };
  const retry = () => void roster.refetch();

  const wholePageSelected =
    settled && page.data.length > 0 && page.data.every(({ email }) => selected.has(email));
  // Every student the search found, a page of 100 at a time: one after the other, so that a
  // big turma does not take every place the server gives one client.
  const selectAllFound = async () => {
    const found: RosterEntry[] = [];
    const pages = Math.ceil((page?.totalRecords ?? 0) / PAGE_SIZE_MAX);
    for (let next = 1; next <= pages; next++) {
      const answer = await queryClient.query(
        rosterQueries.page(api, turmaId, {
          ...toRosterQuery(params),
          page: next,
          pageSize: PAGE_SIZE_MAX,
        }),
      );
      found.push(...answer.data);
    }
    onSelect(found, true);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <RosterSearch ref={searchField} value={params.q} onSearch={search} />
        <Text role="status" fw={500}>
          {summary}
        </Text>
      </Group>

      {roster.isError && page && (
        <Alert color="red" title={messages.refreshFailed}>
          <Button variant="default" onClick={retry} loading={roster.isFetching}>
            {messages.retry}
          </Button>
        </Alert>
      )}

      {page === undefined && roster.isError ? (
        <Alert color="red" title={gone ? messages.turmaMissing(turmaId) : messages.loadFailed}>
          {!gone && (
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{describeApiError(roster.error, appMessages)}</Text>
              <Button variant="default" onClick={retry} loading={roster.isFetching}>
                {messages.retry}
              </Button>
            </Stack>
          )}
        </Alert>
      ) : settled && page.totalRecords === 0 && page.data.length === 0 && params.q === '' ? (
        <EmptyState title={messages.emptyTitle} description={messages.emptyDescription}>
          {enrol && (
            <EmptyState.Actions>
              <Button
                aria-label={appMessages.classes.enrolActionName(turmaLabel)}
                onPointerEnter={enrol.want}
                onFocus={enrol.want}
                onClick={enrol.open}
              >
                {appMessages.classes.enrolAction}
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      ) : settled && page.totalRecords === 0 && page.data.length === 0 ? (
        // No title: the status line already says "Nenhum aluno encontrado".
        <EmptyState description={messages.noMatchDescription(params.q)}>
          <EmptyState.Actions>
            <Button
              variant="default"
              onClick={() => {
                search('', 'submit');
                searchField.current?.focus();
              }}
            >
              {messages.clearSearch}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <>
          {wholePageSelected && page.totalRecords > page.data.length && (
            <SelectAllFound
              // A new search or order starts the offer afresh.
              key={`${params.q}\n${params.sort}`}
              pageSelected={messages.selection.pageSelected(
                page.data.length,
                number.format(page.data.length),
              )}
              selectAll={messages.selection.selectAllFound(number.format(page.totalRecords))}
              allSelected={messages.selection.allFoundSelected(number.format(page.totalRecords))}
              failed={messages.selection.selectAllFailed}
              onSelectAll={selectAllFound}
            />
          )}
          <div className={classes.tableScroll}>
            <RosterTable
              ref={table}
              label={messages.tableLabel(turmaLabel)}
              rows={page?.data}
              stale={roster.isPlaceholderData}
              sort={params.sort}
              onSort={sort}
              selected={new Set(selected.keys())}
              onToggle={onSelect}
              now={now}
            />
          </div>
          {page && (
            <RosterPager
              page={params.page}
              totalRecords={Math.max(
                page.totalRecords,
                (params.page - 1) * ROSTER_PAGE_SIZE + page.data.length,
              )}
              rowCount={settled ? page.data.length : undefined}
              onPageChange={changePage}
            />
          )}
        </>
      )}
    </Stack>
  );
}
