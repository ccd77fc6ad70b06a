import { Checkbox, Skeleton, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import {
  createColumnHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type Header,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import type { Class, SortField } from '../../api/contract';
import { useMessages } from '../../i18n/i18n-context';
import classes from './class-table.module.css';
import { useFormats } from './formats';
import type { SelectedTurma } from './selection-store';

// Sorting and paging happen on the server: no sorted or paginated row model is registered, so
// the table shows the rows exactly as the API returned them.
const features = tableFeatures({ rowSortingFeature, rowSelectionFeature });
const column = createColumnHelper<typeof features, Class>();

// Cells and headers are rendered as components (flexRender), so they can read the language.
const columns = column.columns([
  column.display({
    id: 'select',
    header: function SelectPageHeader({ table }) {
      const messages = useMessages();
      const all = table.getIsAllPageRowsSelected();
      return (
        <Checkbox
          aria-label={messages.classes.selectPage}
          checked={all}
          indeterminate={!all && table.getIsSomePageRowsSelected()}
          onChange={(event) => table.toggleAllPageRowsSelected(event.currentTarget.checked)}
        />
      );
    },
    cell: function SelectRowCell({ row }) {
      const messages = useMessages();
      return (
        <Checkbox
          aria-label={messages.classes.selectRow(row.original.name)}
          checked={row.getIsSelected()}
          onChange={(event) => row.toggleSelected(event.currentTarget.checked)}
        />
      );
    },
  }),
  column.accessor('name', {
    header: function NameHeader() {
      return useMessages().classes.columns.name;
    },
    // Text, never markup: React escapes it, whatever the server sent.
    cell: ({ getValue }) => getValue(),
  }),
  column.accessor('countStudents', {
    // Staff sort by size to find the biggest turmas first.
    sortDescFirst: true,
    header: function StudentsHeader() {
      return useMessages().classes.columns.students;
    },
    cell: function StudentsCell({ getValue }) {
      return useFormats().number.format(getValue());
    },
  }),
  column.accessor('createdAt', {
    sortDescFirst: true,
    header: function CreatedHeader() {
      return useMessages().classes.columns.createdAt;
    },
    cell: ({ getValue }) => <DateTime value={getValue()} />,
  }),
  column.accessor('updatedAt', {
    sortDescFirst: true,
    header: function UpdatedHeader() {
      return useMessages().classes.columns.updatedAt;
    },
    cell: ({ getValue }) => <DateTime value={getValue()} />,
  }),
]);

const NUMERIC_COLUMNS = new Set(['countStudents']);
// Fixed widths (with `table-layout: fixed`): a page of long names does not push the columns
// around, so paging and loading never shift the layout. The name takes what is left.
const COLUMN_WIDTHS: Record<string, number | undefined> = {
  select: 48,
  countStudents: 112,
  createdAt: 168,
  updatedAt: 168,
};

interface ClassTableProps {
  /** The page to show; undefined while the first page loads (skeleton rows). */
  rows: Class[] | undefined;
  /** How many skeleton rows hold the place of a page still loading. */
  skeletonRows: number;
  /** A newer page is on its way: the rows shown are the previous ones. */
  stale: boolean;
  sort: { id: SortField; desc: boolean };
  /** `undefined`: back to the API's default order. */
  onSortChange: (sort: { id: SortField; desc: boolean } | undefined) => void;
  selection: readonly SelectedTurma[];
  onSelect: (turmas: SelectedTurma[]) => void;
  onDeselect: (ids: string[]) => void;
}

export function ClassTable({
  rows,
  skeletonRows,
  stale,
  sort,
  onSortChange,
  selection,
  onSelect,
  onDeselect,
}: ClassTableProps) {
  const messages = useMessages();
  const data = rows ?? NO_ROWS;
  const sorting = useMemo<SortingState>(() => [sort], [sort]);
  const rowSelection = useMemo<RowSelectionState>(
    () => Object.fromEntries(selection.map((turma) => [turma.id, true as const])),
    [selection],
  );

  const table = useTable({
    features,
    columns,
    data,
    getRowId: (turma) => turma.id,
    state: { sorting, rowSelection },
    manualSorting: true,
    enableMultiSort: false,
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      onSortChange(first ? { id: first.id as SortField, desc: first.desc } : undefined);
    },
    // The selection lives outside the table, as ids with names, so it outlasts this page; the
    // table only reports which rows of this page were ticked or unticked.
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater;
      const added = data.filter((turma) => next[turma.id] && !rowSelection[turma.id]);
      const removed = Object.keys(rowSelection).filter((id) => !next[id]);
      if (added.length > 0) onSelect(added.map(({ id, name }) => ({ id, name })));
      if (removed.length > 0) onDeselect(removed);
    },
  });

  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table
        highlightOnHover
        aria-label={messages.classes.tableLabel}
        aria-busy={rows === undefined || stale}
        className={classes.table}
      >
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => (
                <HeaderCell key={header.id} header={header}>
                  <table.FlexRender header={header} />
                </HeaderCell>
              ))}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody data-stale={stale || undefined}>
          {rows === undefined
            ? Array.from({ length: skeletonRows }, (_, index) => <SkeletonRow key={index} />)
            : table.getRowModel().rows.map((row) => (
                <Table.Tr key={row.id} data-selected={row.getIsSelected() || undefined}>
                  {row.getAllCells().map((cell) => (
                    <Table.Td
                      key={cell.id}
                      className={NUMERIC_COLUMNS.has(cell.column.id) ? classes.numeric : undefined}
                    >
                      <table.FlexRender cell={cell} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const NO_ROWS: Class[] = [];

type ClassHeader = Header<typeof features, Class, unknown>;

function HeaderCell({ header, children }: { header: ClassHeader; children: React.ReactNode }) {
  const { column } = header;
  const numeric = NUMERIC_COLUMNS.has(column.id);
  const width = COLUMN_WIDTHS[column.id];
  if (column.id === 'select') {
    return (
      <Table.Th scope="col" w={width}>
        {children}
      </Table.Th>
    );
  }
  const sorted = column.getIsSorted();
  const Icon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th
      scope="col"
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
      className={numeric ? classes.numeric : undefined}
      w={width}
    >
      <UnstyledButton
        className={classes.sortButton}
        data-sorted={sorted || undefined}
        onClick={column.getToggleSortingHandler()}
      >
        {children}
        <Icon aria-hidden size={14} className={classes.sortIcon} />
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * A short date-time with the full one (seconds, time zone) in a tooltip on hover and on keyboard
 * focus. Plain CSS rather than Mantine's Tooltip: a page of 100 rows has 200 of these, and
 * Mantine's would bring a positioning engine (~16 KB gzipped) to the first screen and a
 * floating-element hook to every cell. Escape hides it (WCAG 1.4.13).
 */
function DateTime({ value }: { value: string }) {
  const formats = useFormats();
  const tooltipId = useId();
  const [dismissed, setDismissed] = useState(false);
  const date = new Date(value);
  return (
    <span
      className={classes.timestamp}
      data-dismissed={dismissed || undefined}
      onMouseLeave={() => setDismissed(false)}
    >
      <time
        dateTime={value}
        // Focusable so keyboard users can reveal the full timestamp too.
        tabIndex={0}
        aria-describedby={tooltipId}
        className={classes.time}
        onBlur={() => setDismissed(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setDismissed(true);
        }}
      >
        {formats.dateTime.format(date)}
      </time>
      <span role="tooltip" id={tooltipId} className={classes.tooltip}>
        {formats.fullDateTime.format(date)}
      </span>
    </span>
  );
}

function SkeletonRow() {
  // Placeholders the height of a real row, so the page does not jump when the rows arrive; the
  // status line tells assistive technology that turmas are loading.
  return (
    <Table.Tr aria-hidden>
      <Table.Td>
        <Skeleton height={20} width={20} radius="sm" />
      </Table.Td>
      <Table.Td>
        <Skeleton height={12} width="60%" />
      </Table.Td>
      <Table.Td>
        <Skeleton height={12} width={32} ml="auto" />
      </Table.Td>
      <Table.Td>
        <Skeleton height={12} width="70%" />
      </Table.Td>
      <Table.Td>
        <Skeleton height={12} width="70%" />
      </Table.Td>
    </Table.Tr>
  );
}
