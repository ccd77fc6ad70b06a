import { memo } from 'react';
import type { Class, ClassSummary } from '#contract';
import { HighlightedText } from '../../../components/highlight/highlighted-text';
import type { Formats } from '../../../i18n/formats';
import { useMessages } from '../../../i18n/i18n-context';
import classes from './class-table.module.css';
import { turmaLabel, useClassListMessages } from '../list/messages';
import type { RowAction } from './row-actions';
import { timestamp } from './timestamp';

interface ClassRowProps {
  turma: Class;
  /** The search these rows were found by: its words are marked in the name. */
  query: string;
  selected: boolean;
  onToggle: (turma: ClassSummary, checked: boolean) => void;
  formats: Formats;
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
  actions,
}: ClassRowProps) {
  const messages = useMessages();
  const columns = messages.classes.columns;
  const label = turmaLabel(turma.name, useClassListMessages());
  // The actions are named by the label too: an empty name must not leave "Matricular aluno em ".
  const named = label === turma.name ? turma : { ...turma, name: label };
  return (
    <tr>
      <td>
        <input
          type="checkbox"
          className={classes.checkbox}
          aria-label={messages.classes.selectRow(label)}
          checked={selected}
          onChange={(event) => onToggle(turma, event.currentTarget.checked)}
        />
      </td>
      {/* Text, never markup: React escapes it, whatever the server sent. */}
      <td className={classes.name}>
        {label === turma.name ? (
          <HighlightedText text={turma.name} query={query} />
        ) : (
          <span className={classes.noName}>{label}</span>
        )}
      </td>
      {/* data-label: on a phone each row is a card, and its cells say what they are (CSS). */}
      <td className={classes.numeric} data-label={columns.students}>
        {formats.number.format(turma.countStudents)}
      </td>
      <td data-label={columns.createdAt}>{timestamp(turma.createdAt, formats)}</td>
      <td data-label={columns.updatedAt}>{timestamp(turma.updatedAt, formats)}</td>
      <td>
        {/* Clicks reach the body's handler (`runRowAction`): it finds the action by position. */}
        <div className={classes.rowActions} data-row-actions="">
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              className={classes.rowAction}
              data-destructive={action.destructive || undefined}
              data-write={action.write || undefined}
              aria-label={action.name(named)}
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
