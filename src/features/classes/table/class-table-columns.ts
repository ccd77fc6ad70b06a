import type { SortField } from '#contract';
import type { Messages } from '../../../i18n/messages';

/** A column of the turma table; the header's cells follow this order (ClassRow's cells too). */
export type ClassColumn =
  | { id: 'select' }
  | {
      id: SortField;
      header: keyof Messages['classes']['columns'];
      /** Staff sort by size to find the biggest turmas first; dates newest first. */
      descFirst: boolean;
    }
  | { id: 'actions'; header: 'actions' };

// Plain data, not TanStack Table: the server sorts and pages, so a column is only its header,
// its sort's first direction and its width (docs/decisions/005-first-screen-weight.md).
export const COLUMNS: readonly ClassColumn[] = [
  { id: 'select' },
  { id: 'name', header: 'name', descFirst: false },
  { id: 'countStudents', header: 'students', descFirst: true },
  { id: 'createdAt', header: 'createdAt', descFirst: true },
  { id: 'updatedAt', header: 'updatedAt', descFirst: true },
  { id: 'actions', header: 'actions' },
];

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
