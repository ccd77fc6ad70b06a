import type { MouseEvent } from 'react';
import type { Class, ClassSummary } from '#contract';

/**
 * Something to do with one turma, offered on its row ("Matricular", "Remover"). The page
 * supplies them, memoised: a new array on each render re-renders every row.
 */
export interface RowAction {
  /** Short visible text. */
  label: string;
  /** The button's accessible name on this row; it must contain `label` (WCAG 2.5.3). */
  name: (turma: ClassSummary) => string;
  /** Irreversible actions are shown in red. */
  destructive?: boolean;
  /** A write: marked so that public/shell.js can leave it out of a read credential's first rows. */
  write?: boolean;
  onClick: (turma: ClassSummary) => void;
  /** Pointer over or focus on the button: a hint to load what the click will open. */
  onIntent?: () => void;
}

/**
 * Runs the action whose button was clicked in `body`, found by its position. One handler for
 * every row instead of a closure per button, which React would rewrite into the DOM each page turn.
 */
export function runRowAction(
  event: MouseEvent<HTMLTableSectionElement>,
  actions: readonly RowAction[],
  rows: readonly Class[],
): void {
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
  // The buttons are the group's only children, in the order of `actions`.
  const action = actions[Array.prototype.indexOf.call(group.children, button)];
  // The body holds exactly the page's rows, in order.
  const turma = rows[row.sectionRowIndex];
  if (action && turma) action.onClick({ id: turma.id, name: turma.name });
}
