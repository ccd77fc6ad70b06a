import { createColumnHelper, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import type { Class } from '#contract';
import { useMessages } from '../../../i18n/i18n-context';
import type { Messages } from '../../../i18n/messages';
import { HeaderCheckbox } from '../selection/header-checkbox';

// TanStack Table owns the columns and the sort state; sorting and paging are the server's, so
// only the sorting feature is registered.
export const features = tableFeatures({ rowSortingFeature });
const column = createColumnHelper<typeof features, Class>();

// Headers are rendered as components (flexRender), so they can read the language.
const columnHeader = (key: keyof Messages['classes']['columns']) =>
  function ColumnHeader() {
    return useMessages().classes.columns[key];
  };

// Body cells are written out in ClassRow, in this order.
export const columns = column.columns([
  column.display({
    id: 'select',
    header: HeaderCheckbox,
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

export const NUMERIC_COLUMNS: ReadonlySet<string> = new Set(['countStudents']);
// Fixed widths (with `table-layout: fixed`), so paging and loading never shift the layout; the
// name takes what is left.
export const COLUMN_WIDTHS: Record<string, number | string | undefined> = {
  select: 48,
  countStudents: 112,
  createdAt: 168,
  updatedAt: 168,
  // As many actions as the page offers (a third, "Alunos", with the roster extension): ClassTable
  // sets the variable.
  actions: 'var(--row-actions-width, 192px)',
};

/** The actions column's width for `count` buttons of up to ~10 characters each. */
export const rowActionsWidth = (count: number) => 32 + 80 * count;
