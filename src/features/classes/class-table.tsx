import { UnstyledButton } from '@mantine/core';
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
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { Class, ClassSummary, SortField } from '#contract';
import { useMessages } from '../../i18n/i18n-context';
import type { Messages } from '../../i18n/messages';
import classes from './class-table.module.css';
import { useFormats, type Formats } from './formats';

// TanStack Table owns the columns and the sort state (which column, which way, what the next
// click does). Sorting and paging happen on the server, so no sorted or paginated row model is
// registered, and the body is drawn from the page's turmas directly: the core row model would
// only build a Row object per turma to hand back `row.original`. Selection is not TanStack's
// either: it lives in the selection store (ids with names, across pages); the page's header
// checkbox reads it through a context, each row is told whether it is ticked.
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

/** What the "whole page" checkbox in the header needs (it is rendered by TanStack's header). */
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
  if (!selection) throw new Error('the page checkbox must be rendered inside <ClassTable>');
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
  // On the sort's values, not on the object: the page passes a new one on every render, and a
  // new `sorting` would re-render the whole (memoised) header on each page turn.
  const sorting = useMemo<SortingState>(
    () => [{ id: sort.id, desc: sort.desc }],
    [sort.id, sort.desc],
  );
  const selectedIds = useMemo(() => new Set(selection.map((turma) => turma.id)), [selection]);
  const pageSelection = useMemo<PageSelection>(
    () => ({ selectedIds, pageRows: data, onSelect, onDeselect }),
    [selectedIds, data, onSelect, onDeselect],
  );
  const toggleRow = useCallback(
    ({ id, name }: ClassSummary, checked: boolean) =>
      checked ? onSelect([{ id, name }]) : onDeselect([id]),
    [onSelect, onDeselect],
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

  // One click handler for every row's action buttons, found from the button clicked, instead of
  // a closure per button: React writes a changed onClick into the DOM (`onclick`), so closures
  // cost 2 DOM writes per row on every page turn, and 200 on a page of 100.
  const runRowAction = (event: MouseEvent<HTMLTableSectionElement>) => {
    const button = (event.target as Element).closest('button');
    const group = button?.parentElement;
    const row = group?.closest('tr');
    if (
      !button ||
      group?.dataset.rowActions === undefined ||
      row?.parentElement !== event.currentTarget
    ) {
      return;
    }
    // The buttons are the group's only children, in the order of `rowActions`.
    const action = rowActions[Array.prototype.indexOf.call(group.children, button)];
    // The body holds exactly the page's rows, in order.
    const turma = data[row.sectionRowIndex];
    if (action && turma) action.onClick({ id: turma.id, name: turma.name });
  };

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
          <tbody
            data-stale={stale || undefined}
            data-loading={rows === undefined || undefined}
            onClick={runRowAction}
          >
            {rows === undefined
              ? Array.from({ length: skeletonRows }, (_, index) => <SkeletonRow key={index} />)
              : rows.map((turma, index) => (
                  <ClassRow
                    // By position, not by id: turning a page then updates 20 rows' text in
                    // place instead of removing 20 rows and building 20 new ones. Rows hold
                    // no state of their own, so nothing carries over wrongly.
                    key={index}
                    turma={turma}
                    selected={selectedIds.has(turma.id)}
                    onToggle={toggleRow}
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
  selected: boolean;
  onToggle: (turma: ClassSummary, checked: boolean) => void;
  formats: Formats;
  /** Unique per row; the row's two timestamp tooltips derive their ids from it. */
  tooltipId: string;
  actions: readonly RowAction[];
}

/**
 * A body row in plain elements, not Mantine's Table.Tr/Table.Td and one
 * component per cell: a page of 100 rows is 500 cells, and turning a page of 20 took 35 ms of
 * rendering that way (measured), more than a frame. One component per row, with the checkbox
 * written out: a checkbox component that read the selection from a context made every row
 * re-render 3 components (and run an effect) on each page turn, and all 100 when one turma was
 * ticked. Memoised: ticking a turma re-renders only its row; CSS highlights a ticked row.
 */
const ClassRow = memo(function ClassRow({
  turma,
  selected,
  onToggle,
  formats,
  tooltipId,
  actions,
}: ClassRowProps) {
  const messages = useMessages();
  return (
    <tr>
      <td>
        <input
          type="checkbox"
          className={classes.checkbox}
          aria-label={messages.classes.selectRow(turma.name)}
          checked={selected}
          onChange={(event) => onToggle(turma, event.currentTarget.checked)}
        />
      </td>
      {/* Text, never markup: React escapes it, whatever the server sent. */}
      <td>{turma.name}</td>
      <td className={classes.numeric}>{formats.number.format(turma.countStudents)}</td>
      <td>{dateTime(turma.createdAt, formats, `${tooltipId}-created`)}</td>
      <td>{dateTime(turma.updatedAt, formats, `${tooltipId}-updated`)}</td>
      <td>
        {/* Clicks reach the body's handler (ClassTable), which finds the action by position. */}
        <div className={classes.rowActions} data-row-actions="">
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              className={classes.rowAction}
              data-destructive={action.destructive || undefined}
              aria-label={action.name(turma)}
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

interface NativeCheckboxProps {
  'aria-label': string;
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** The header's checkbox: the browser's own in the theme's colour, which can show "some". */
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
  // Placeholders in rows as tall as real ones, so the page does not jump when the rows arrive; the
  // status line tells assistive technology that turmas are loading. Plain spans that pulse
  // together (the body's one animation), not Mantine's Skeleton: each of those is a layer of its
  // own with two pseudo-elements and its own animation, 100 of them on the first screen.
  return (
    <tr aria-hidden>
      <td>
        <span className={classes.bone} data-shape="checkbox" />
      </td>
      <td>
        <span className={classes.bone} style={{ width: '60%' }} />
      </td>
      <td>
        <span className={classes.bone} data-shape="count" />
      </td>
      <td>
        <span className={classes.bone} style={{ width: '70%' }} />
      </td>
      <td>
        <span className={classes.bone} style={{ width: '70%' }} />
      </td>
      <td>
        {/* An invisible box the size of a row's buttons: a row is as tall loading as loaded. */}
        <span className={classes.rowAction} data-placeholder>
          {'\u00a0'}
        </span>
      </td>
    </tr>
  );
}
