import { memo } from 'react';
import type { Class, ClassSummary } from '#contract';
import { HighlightedText } from '../../components/highlight/highlighted-text';
import type { Formats } from '../../i18n/formats';
import { useMessages } from '../../i18n/i18n-context';
import classes from './class-table.module.css';
import type { RowAction } from './row-actions';
import { timestamp } from './timestamp';

interface ClassRowProps {
  turma: Class;
  /** The search these rows were found by: its words are marked in the name. */
  query: string;
  selected: boolean;
  onToggle: (turma: ClassSummary, checked: boolean) => void;
  formats: Formats;
  /** Unique per row; the row's two timestamp tooltips derive their ids from it. */
  tooltipId: string;
  actions: readonly RowAction[];
}

/**
 * One memoised component per row, its cells and checkbox written out in plain elements: a
 * component per cell or a checkbox reading a context re-rendered every row on each page turn
 * (figures in docs/decisions/005-first-screen-weight.md). CSS highlights a ticked row.
 */
export const ClassRow = memo(function ClassRow({
  turma,
  query,
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
      <td>
        <HighlightedText text={turma.name} query={query} />
      </td>
      <td className={classes.numeric}>{formats.number.format(turma.countStudents)}</td>
      <td>{timestamp(turma.createdAt, formats, `${tooltipId}-created`)}</td>
      <td>{timestamp(turma.updatedAt, formats, `${tooltipId}-updated`)}</td>
      <td>
        {/* Clicks reach the body's handler (`runRowAction`): it finds the action by position. */}
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
