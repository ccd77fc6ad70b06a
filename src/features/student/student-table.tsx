import { UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_basic,
  tableFeatures,
  useTable,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import cardTable from '../../components/card-table/card-table.module.css';
import { SortHeader } from '../../components/card-table/sort-header';
import { TickAll } from '../../components/card-table/tick-all';
import { foldForSearch } from '#contract';
import type { StudentEnrolment } from '#contract/extensions';
import { CompactDateTime, ExpiryCell } from '../../components/expiry-status/expiry-cell';
import { HighlightedText } from '../../components/highlight/highlighted-text';
import { nextSort, type ColumnSort } from '../../components/sort-cycle/sort-cycle';
import { visibleName } from '../../components/visible-name/visible-name';
import { useFormats } from '../../i18n/formats';
import { useStudentMessages } from './messages';
import classes from './student.module.css';

// Sorted here, in the browser: the read has every turma of the student at once.
const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic },
});
const column = createColumnHelper<typeof features, StudentEnrolment>();
const columns = column.columns([
  column.accessor((turma) => foldForSearch(turma.name), { id: 'name', sortFn: 'basic' }),
  // No expiry counts as later than any date, as in a roster.
  column.accessor(
    (turma) =>
      turma.expirationDate === null ? Number.POSITIVE_INFINITY : Date.parse(turma.expirationDate),
    { id: 'expirationDate', sortFn: 'basic' },
  ),
  column.accessor((turma) => Date.parse(turma.enrolledAt), { id: 'enrolledAt', sortFn: 'basic' }),
]);

export type StudentSortField = 'name' | 'expirationDate' | 'enrolledAt';
export type StudentSort = ColumnSort<StudentSortField>;
/** Enrolments newest first (who just arrived), the rest A–Z and soonest first. */
const DESCENDING_FIRST = new Set<StudentSortField>(['enrolledAt']);

interface StudentTableProps {
  label: string;
  /** The turmas shown: already filtered by the page's search. */
  turmas: readonly StudentEnrolment[];
  /** The page's search, marked in the names. */
  query: string;
  sort: StudentSort;
  onSort: (sort: StudentSort) => void;
  /** Ids of the turmas ticked. */
  selected: ReadonlySet<string>;
  /** Absent: nothing to do with ticked turmas (a `read` credential), and no tick boxes. */
  onToggle?: ((ids: readonly string[], checked: boolean) => void) | undefined;
  /** Absent: no move offered (a `read` credential), and no column for it. */
  onMove?: ((turma: StudentEnrolment) => void) | undefined;
  now: Date;
}

/** A student's turmas: tick some to act on them, sort by a column's header. */
export function StudentTable({
  label,
  turmas,
  query,
  sort,
  onSort,
  selected,
  onToggle,
  onMove,
  now,
}: StudentTableProps) {
  const messages = useStudentMessages();
  const formats = useFormats();
  const sorting = useMemo<SortingState>(() => [{ id: sort.field, desc: sort.desc }], [sort]);
  const data = useMemo(() => [...turmas], [turmas]);
  const table = useTable({
    features,
    columns,
    data,
    getRowId: (turma) => turma.id,
    state: { sorting },
    enableMultiSort: false,
  });
  const rows = table.getRowModel().rows.map((row) => row.original);
  const header = (field: StudentSortField) => (
    <SortHeader
      sorted={sort.field === field && (sort.desc ? 'desc' : 'asc')}
      onSort={() => {
        // Never unsorted: a third click goes back to the first direction.
        onSort(
          nextSort(sort, field, DESCENDING_FIRST.has(field)) ?? {
            field,
            desc: DESCENDING_FIRST.has(field),
          },
        );
      }}
    >
      {messages.columns[field]}
    </SortHeader>
  );
  return (
    <table className={cardTable.table} aria-label={label}>
      <thead>
        <tr>
          {onToggle && (
            <th scope="col" className={cardTable.selectColumn}>
              <TickAll
                aria-label={messages.selectAll}
                total={rows.length}
                ticked={rows.filter(({ id }) => selected.has(id)).length}
                onChange={(checked) =>
                  onToggle(
                    rows.map(({ id }) => id),
                    checked,
                  )
                }
              />
            </th>
          )}
          {header('name')}
          {header('expirationDate')}
          {header('enrolledAt')}
          {onMove && (
            <th scope="col">
              <VisuallyHidden>{messages.actions.move}</VisuallyHidden>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((turma) => {
          const name = visibleName(turma.name);
          return (
            <tr key={turma.id}>
              {onToggle && (
                <td>
                  <input
                    type="checkbox"
                    className={cardTable.checkbox}
                    aria-label={messages.selectRow(name)}
                    checked={selected.has(turma.id)}
                    onChange={(event) => onToggle([turma.id], event.currentTarget.checked)}
                  />
                </td>
              )}
              <td className={cardTable.name}>
                <HighlightedText text={name} query={query} />
              </td>
              <td data-label={messages.columns.expirationDate}>
                <ExpiryCell expirationDate={turma.expirationDate} now={now} formats={formats} />
              </td>
              <td data-label={messages.columns.enrolledAt}>
                <CompactDateTime value={turma.enrolledAt} formats={formats} />
              </td>
              {onMove && (
                <td>
                  <UnstyledButton className={classes.rowAction} onClick={() => onMove(turma)}>
                    {messages.actions.moveOne(name)}
                  </UnstyledButton>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
