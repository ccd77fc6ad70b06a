import { Alert, Button, EmptyState, Group, Stack, Text } from '@mantine/core';
import { useCallback, useRef } from 'react';
import type { ApiClient } from '../../api/client';
import { useExtension } from '../../api/use-extension';
import { STUDENTS_BY_EMAIL_EXTENSION, type RosterSortField } from '#contract';
import type { RosterEntry } from '#contract/extensions';
import { pageCountOf } from '../../components/pager/page-items';
import { PageRange, Pager } from '../../components/pager/pager';
import { LoadFailedAlert } from '../../components/load-failed/load-failed-alert';
import { SelectAllFound } from '../../components/select-all-found/select-all-found';
import { useFormats } from '../../i18n/formats';
import { useMessages } from '../../i18n/i18n-context';
import { useRosterMessages } from './messages';
import { ROSTER_PAGE_SIZE, sortAfterClick, type RosterParams } from './roster-params';
import { RosterExport } from './roster-export-actions';
import { RosterSearch } from './roster-search';
import { RosterTable } from './roster-table';
import classes from './roster.module.css';
import type { RosterChangeOptions } from './use-roster-params';
import { useRosterPage } from './use-roster-page';

export interface RosterViewProps {
  api: Pick<ApiClient, 'request' | 'extensions'>;
  turmaId: string;
  /** How the turma is named in the table's label. */
  turmaLabel: string;
  params: RosterParams;
  onChange: (change: Partial<Omit<RosterParams, 'turma'>>, options?: RosterChangeOptions) => void;
  /** The students ticked, by e-mail, on any page of this roster. */
  selected: ReadonlyMap<string, RosterEntry>;
  /** Absent: nothing to do with ticked students (a `read` credential), and no tick boxes. */
  onSelect?: ((students: readonly RosterEntry[], checked: boolean) => void) | undefined;
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
  // Each name opens the student's page where the server reads students (issue 37).
  const linkStudents = useExtension(api, STUDENTS_BY_EMAIL_EXTENSION);
  const messages = useRosterMessages();
  const { number } = useFormats();
  const table = useRef<HTMLTableElement>(null);
  const searchField = useRef<HTMLInputElement>(null);
  const { roster, page, answered, gone, summary, selectAllFound } = useRosterPage(
    api,
    turmaId,
    params,
    onChange,
  );

  const search = useCallback(
    (q: string, how: 'typing' | 'submit') =>
      onChange({ q, page: 1 }, { history: how === 'typing' ? 'typing' : 'push' }),
    [onChange],
  );
  const sort = (field: RosterSortField) =>
    onChange({ sort: sortAfterClick(params.sort, field), page: 1 });
  const changePage = (next: number) => {
    onChange({ page: next });
    // The new page starts at the table's top; the next Tab reaches its rows.
    table.current?.focus({ preventScroll: true });
    table.current?.scrollIntoView({ block: 'start' });
  };
  const retry = () => void roster.refetch();

  const wholePageSelected =
    answered !== undefined &&
    answered.data.length > 0 &&
    answered.data.every(({ email }) => selected.has(email));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <RosterSearch ref={searchField} value={params.q} onSearch={search} />
        <Text role="status" fw={500}>
          {summary}
        </Text>
      </Group>
      {page && (page.totalRecords > 0 || params.q !== '') && (
        <RosterExport api={api} turma={{ id: turmaId, label: turmaLabel }} sortBy={params.sort} />
      )}

      {roster.isError && page && (
        <LoadFailedAlert
          failedTitle={messages.refreshFailed}
          error={roster.error}
          onRetry={retry}
        />
      )}

      {page === undefined && roster.isError && gone ? (
        <Alert color="red" title={messages.turmaMissing(turmaId)} />
      ) : page === undefined && roster.isError ? (
        <LoadFailedAlert failedTitle={messages.loadFailed} error={roster.error} onRetry={retry} />
      ) : answered?.totalRecords === 0 && answered.data.length === 0 && params.q === '' ? (
        <EmptyRoster turmaLabel={turmaLabel} enrol={enrol} />
      ) : answered?.totalRecords === 0 && answered.data.length === 0 ? (
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
          {onSelect &&
            answered &&
            wholePageSelected &&
            answered.totalRecords > answered.data.length && (
              <SelectAllFound
                // A new search or order starts the offer afresh.
                key={`${params.q}\n${params.sort}`}
                pageSelected={messages.selection.pageSelected(
                  answered.data.length,
                  number.format(answered.data.length),
                )}
                selectAll={messages.selection.selectAllFound(number.format(answered.totalRecords))}
                allSelected={messages.selection.allFoundSelected(
                  number.format(answered.totalRecords),
                )}
                failed={messages.selection.selectAllFailed}
                onSelectAll={async () => onSelect(await selectAllFound(), true)}
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
              linkStudents={linkStudents}
            />
          </div>
          {page && (
            <RosterPages
              page={params.page}
              totalRecords={Math.max(
                page.totalRecords,
                (params.page - 1) * ROSTER_PAGE_SIZE + page.data.length,
              )}
              rowCount={answered?.data.length}
              onPageChange={changePage}
            />
          )}
        </>
      )}
    </Stack>
  );
}

/** A turma with nobody: says so, and offers to enrol someone when the page can. */
function EmptyRoster({ turmaLabel, enrol }: Pick<RosterViewProps, 'turmaLabel' | 'enrol'>) {
  const messages = useRosterMessages();
  const appMessages = useMessages();
  return (
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
  );
}

/** "51–100 de 120" and the console's pager; nothing for a roster of one page (most of them). */
function RosterPages({
  page,
  totalRecords,
  rowCount,
  onPageChange,
}: {
  page: number;
  totalRecords: number;
  /** Rows of `page` that came back, once they have. */
  rowCount: number | undefined;
  onPageChange: (page: number) => void;
}) {
  const messages = useRosterMessages();
  const pageCount = pageCountOf(totalRecords, ROSTER_PAGE_SIZE);
  if (pageCount === 1 && page === 1) return null;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <PageRange
        page={page}
        pageSize={ROSTER_PAGE_SIZE}
        totalRecords={totalRecords}
        rowCount={rowCount}
      />
      <Pager
        page={page}
        pageCount={pageCount}
        label={messages.pagination}
        onPageChange={onPageChange}
      />
    </Group>
  );
}
