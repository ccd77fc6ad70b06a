import { Skeleton, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import {
  createColumnHelper,
  FlexRender,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type Header,
  type ReactTable,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import {
  createContext,
  memo,
  use,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Class, ClassSummary, SortField } from '../../api/contract';
import { useMessages } from '../../i18n/i18n-context';
import type { Messages } from '../../i18n/messages';
import classes from './class-table.module.css';
import { useFormats, type Formats } from './formats';

// TanStack Table owns the columns and the sort state (which column, which way, what the next
// click does). Sorting and paging happen on the server, so no sorted or paginated row model is
// registered. Selection is not TanStack's either: it lives in the selection store (ids with
// names, across pages) and reaches the checkboxes through a context.
const features = tableFeatures({ rowSortingFeature });
const column = createColumnHelper<typeof features, Class>();

// Headers are rendered as components (flexRender), so they can read the language.
const columnHeader = (key: keyof Messages['classes']['columns']) =>
  function ColumnHeader() {
    return useMessages().classes.columns[key];
  };

// Body cells are written out in ClassRow, in this order.
const columns = column.columns([
  column.display({
    id: 'select',
    header: function SelectPageHeader() {
      const messages = useMessages();
      const { selectedIds, pageRows, onSelect, onDeselect } = usePageSelection();
      const ticked = pageRows.filter((turma) => selectedIds.has(turma.id)).length;
      const all = pageRows.length > 0 && ticked === pageRows.length;
      return (
        <NativeCheckbox
          aria-label={messages.classes.selectPage}
          checked={all}
          indeterminate={ticked > 0 && !all}
          disabled={pageRows.length === 0}
          onChange={(checked) =>
            checked
              ? onSelect(pageRows.map(({ id, name }) => ({ id, name })))
              : onDeselect(pageRows.map((turma) => turma.id))
          }
        />
      );
    },
  }),
  column.accessor('name', {
    header: columnHeader('name'),
  }),
  column.accessor('countStudents', {
    // Staff sort by size to find the biggest turmas first; dates newest first.
    sortDescFirst: true,
    header: columnHeader('students'),
  }),
  column.accessor('createdAt', {
    sortDescFirst: true,
    header: columnHeader('createdAt'),
  }),
  column.accessor('updatedAt', {
    sortDescFirst: true,
    header: columnHeader('updatedAt'),
  }),
  column.display({
    id: 'actions',
    header: columnHeader('actions'),
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
  actions: 192,
};

/**
 * Something to do with one turma, offered on its row ("Matricular", "Remover"). The page
 * supplies them, so the table knows nothing of the features behind them; it must pass the same
 * array on every render (memoised), or every row re-renders.
 */
export interface RowAction {
  /** Short visible text. */
  label: string;
  /** The button's accessible name on this row; it must contain `label` (WCAG 2.5.3). */
  name: (turma: ClassSummary) => string;
  /** Irreversible actions are shown in red. */
  destructive?: boolean;
  onClick: (turma: ClassSummary) => void;
  /** Pointer over or focus on the button: a hint to load what the click will open. */
  onIntent?: () => void;
}

interface PageSelection {
  selectedIds: ReadonlySet<string>;
  /** The turmas of the page on screen. */
  pageRows: readonly Class[];
  onSelect: (turmas: ClassSummary[]) => void;
  onDeselect: (ids: string[]) => void;
}

const SelectionContext = createContext<PageSelection | null>(null);

function usePageSelection(): PageSelection {
  const selection = use(SelectionContext);
  if (!selection) throw new Error('selection checkboxes must be rendered inside <ClassTable>');
  return selection;
}

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
  selection: readonly ClassSummary[];
  onSelect: (turmas: ClassSummary[]) => void;
  onDeselect: (ids: string[]) => void;
  rowActions: readonly RowAction[];
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
  rowActions,
}: ClassTableProps) {
  const messages = useMessages();
  const formats = useFormats();
  const tooltipIds = useId();
  // WCAG 1.4.13: Escape hides the timestamp tooltips until the pointer or focus moves on.
  const [tooltipsHidden, setTooltipsHidden] = useState(false);
  const data = rows ?? NO_ROWS;
  const sorting = useMemo<SortingState>(() => [sort], [sort]);
  const pageSelection = useMemo<PageSelection>(
    () => ({
      selectedIds: new Set(selection.map((turma) => turma.id)),
      pageRows: data,
      onSelect,
      onDeselect,
    }),
    [selection, data, onSelect, onDeselect],
  );

  const table = useTable({
    features,
    columns,
    data,
    getRowId: (turma) => turma.id,
    state: { sorting },
    manualSorting: true,
    enableMultiSort: false,
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      onSortChange(first ? { id: first.id as SortField, desc: first.desc } : undefined);
    },
  });

  return (
    // The browser's own sideways scrolling. Plain table elements with this module's styles, not
    // Mantine's Table: its static parts (Table.ScrollContainer → ScrollArea) are bundled with it
    // whatever is used, and they brought a positioning engine to the first screen (12 KB
    // gzipped, measured).
    <div className={classes.scroll}>
      <SelectionContext value={pageSelection}>
        <table
          aria-label={messages.classes.tableLabel}
          aria-busy={rows === undefined || stale}
          className={classes.table}
          data-tooltips-hidden={tooltipsHidden || undefined}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setTooltipsHidden(true);
          }}
          onMouseMove={tooltipsHidden ? () => setTooltipsHidden(false) : undefined}
          onFocus={tooltipsHidden ? () => setTooltipsHidden(false) : undefined}
        >
          <TableHead groups={table.getHeaderGroups()} sorting={sorting} />
          <tbody data-stale={stale || undefined}>
            {rows === undefined
              ? Array.from({ length: skeletonRows }, (_, index) => <SkeletonRow key={index} />)
              : table.getRowModel().rows.map((row, index) => (
                  <ClassRow
                    // By position, not by id: turning a page then updates 20 rows' text in
                    // place instead of removing 20 rows and building 20 new ones. Rows hold
                    // no state of their own, so nothing carries over wrongly.
                    key={index}
                    turma={row.original}
                    formats={formats}
                    tooltipId={`${tooltipIds}-${index}`}
                    actions={rowActions}
                  />
                ))}
          </tbody>
        </table>
      </SelectionContext>
    </div>
  );
}

const NO_ROWS: Class[] = [];

interface ClassRowProps {
  turma: Class;
  formats: Formats;
  /** Unique per row; the row's two timestamp tooltips derive their ids from it. */
  tooltipId: string;
  actions: readonly RowAction[];
}

/**
 * A body row in plain elements, not Mantine's Table.Tr/Table.Td and one
 * component per cell: a page of 100 rows is 500 cells, and turning a page of 20 took 35 ms of
 * rendering that way (measured), more than a frame. Memoised: ticking a turma re-renders only
 * the checkboxes (through the context), not the rows; CSS highlights a ticked row.
 */
const ClassRow = memo(function ClassRow({ turma, formats, tooltipId, actions }: ClassRowProps) {
  return (
    <tr>
      <td>
        <RowCheckbox id={turma.id} name={turma.name} />
      </td>
      {/* Text, never markup: React escapes it, whatever the server sent. */}
      <td>{turma.name}</td>
      <td className={classes.numeric}>{formats.number.format(turma.countStudents)}</td>
      <td>{dateTime(turma.createdAt, formats, `${tooltipId}-created`)}</td>
      <td>{dateTime(turma.updatedAt, formats, `${tooltipId}-updated`)}</td>
      <td>
        <div className={classes.rowActions}>
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              className={classes.rowAction}
              data-destructive={action.destructive || undefined}
              aria-label={action.name(turma)}
              onClick={() => action.onClick({ id: turma.id, name: turma.name })}
              onPointerEnter={action.onIntent}
              onFocus={action.onIntent}
            >
              {action.label}
            </button>
          ))}
        </div>
      </td>
    </tr>
  );
});

/**
 * A short date-time with the full one (seconds, time zone) in a tooltip on hover and keyboard
 * focus, given to screen readers as the description. Plain CSS rather than Mantine's Tooltip:
 * a page of 100 rows has 200 of these, and Mantine's would bring its positioning engine
 * (16 KB gzipped) to the first screen and a floating-element hook to every cell.
 */
function dateTime(value: string, formats: Formats, tooltipId: string) {
  const date = new Date(value);
  return (
    <span className={classes.timestamp}>
      {/* Focusable so keyboard users can reveal the full timestamp too. */}
      <time dateTime={value} tabIndex={0} aria-describedby={tooltipId} className={classes.time}>
        {formats.dateTime.format(date)}
      </time>
      <span role="tooltip" id={tooltipId} className={classes.tooltip}>
        {formats.fullDateTime.format(date)}
      </span>
    </span>
  );
}

function RowCheckbox({ id, name }: ClassSummary) {
  const messages = useMessages();
  const { selectedIds, onSelect, onDeselect } = usePageSelection();
  return (
    <NativeCheckbox
      aria-label={messages.classes.selectRow(name)}
      checked={selectedIds.has(id)}
      onChange={(checked) => (checked ? onSelect([{ id, name }]) : onDeselect([id]))}
    />
  );
}

interface NativeCheckboxProps {
  'aria-label': string;
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** The browser's checkbox in the theme's colour: light enough for 100 on a page. */
function NativeCheckbox({ indeterminate = false, onChange, ...props }: NativeCheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  // "Some of this page" has no HTML attribute, only this property.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={classes.checkbox}
      onChange={(event) => onChange(event.currentTarget.checked)}
      {...props}
    />
  );
}

type ClassHeader = Header<typeof features, Class, unknown>;

/**
 * Memoised on the header groups and the sort (the headers read it while rendering): turning a
 * page leaves the header alone, and its checkbox follows the page through the context.
 */
const TableHead = memo(function TableHead({
  groups,
}: {
  groups: ReturnType<ReactTable<typeof features, Class>['getHeaderGroups']>;
  /** Not read here, but what the headers show depends on it. */
  sorting: SortingState;
}) {
  return (
    <thead>
      {groups.map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => (
            <HeaderCell key={header.id} header={header}>
              <FlexRender header={header} />
            </HeaderCell>
          ))}
        </tr>
      ))}
    </thead>
  );
});

function HeaderCell({ header, children }: { header: ClassHeader; children: ReactNode }) {
  const { column } = header;
  const numeric = NUMERIC_COLUMNS.has(column.id);
  const width = COLUMN_WIDTHS[column.id];
  if (column.id === 'select' || column.id === 'actions') {
    return (
      <th scope="col" style={{ width }}>
        {children}
      </th>
    );
  }
  const sorted = column.getIsSorted();
  const Icon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <th
      scope="col"
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
      className={numeric ? classes.numeric : undefined}
      style={{ width }}
    >
      <UnstyledButton
        className={classes.sortButton}
        data-sorted={sorted || undefined}
        onClick={column.getToggleSortingHandler()}
      >
        {children}
        <Icon aria-hidden size={14} className={classes.sortIcon} />
      </UnstyledButton>
    </th>
  );
}

function SkeletonRow() {
  // Placeholders the height of a real row, so the page does not jump when the rows arrive; the
  // status line tells assistive technology that turmas are loading.
  return (
    <tr aria-hidden>
      <td>
        <Skeleton height={18} width={18} radius="sm" />
      </td>
      <td>
        <Skeleton height={12} width="60%" />
      </td>
      <td>
        <Skeleton height={12} width={32} ml="auto" />
      </td>
      <td>
        <Skeleton height={12} width="70%" />
      </td>
      <td>
        <Skeleton height={12} width="70%" />
      </td>
      <td />
    </tr>
  );
}
