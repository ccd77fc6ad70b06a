import { VisuallyHidden } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { memo, useCallback, useLayoutEffect, useRef } from 'react';
import type { ClassSummary } from '#contract';
import classes from './turma-picker.module.css';

/**
 * What a form knows of one chosen turma and says beside its name, e.g. "not in this turma" for
 * the student being removed. `tone` is a second cue only: the words say it all.
 */
export interface TurmaNote {
  text: string;
  tone: 'neutral' | 'warning';
}

interface ChosenTurmasProps {
  turmas: readonly ClassSummary[];
  /** Notes by turma id; turmas without one show their name only. */
  notes?: ReadonlyMap<string, TurmaNote>;
  /** The element that names the list (the field's label). */
  labelledBy: string;
  disabled: boolean;
  removeLabel: (name: string) => string;
  onRemove: (id: string) => void;
  /** Where focus goes once the last turma is taken off: the search, to add another. */
  onEmptied: () => void;
}

/**
 * The turmas a form acts on, as a list with a remove button each. It can hold a hundred turmas,
 * so the rows are plain elements rather than Mantine components, memoised: adding one renders
 * one row, not a hundred.
 */
export function ChosenTurmas({
  turmas,
  notes,
  labelledBy,
  disabled,
  removeLabel,
  onRemove,
  onEmptied,
}: ChosenTurmasProps) {
  const listRef = useRef<HTMLUListElement>(null);
  // The rows get one callback for the life of the list, and no position, so memo holds even
  // when a row above them goes; the callback reads the latest props.
  const latest = useRef({ turmas, onRemove, onEmptied });
  useLayoutEffect(() => {
    latest.current = { turmas, onRemove, onEmptied };
  });
  const removedAt = useRef<{ id: string; index: number } | null>(null);
  const remove = useCallback((id: string) => {
    removedAt.current = { id, index: latest.current.turmas.findIndex((turma) => turma.id === id) };
    latest.current.onRemove(id);
  }, []);

  const lastId = turmas.at(-1)?.id;
  const previousLastId = useRef(lastId);
  useLayoutEffect(() => {
    const list = listRef.current;
    const removed = removedAt.current;
    // The form owns the value: focus moves once the turma is really gone, to the button that
    // took its place (or the one before, at the end), so the next press removes the next one.
    if (removed && !turmas.some((turma) => turma.id === removed.id)) {
      removedAt.current = null;
      const buttons = list?.querySelectorAll('button');
      const next = buttons?.[Math.min(removed.index, buttons.length - 1)];
      if (next) next.focus();
      else latest.current.onEmptied();
    } else if (list && lastId !== undefined && lastId !== previousLastId.current) {
      // A turma was added at the end, below the fold of a long list: show it.
      list.scrollTop = list.scrollHeight;
    }
    previousLastId.current = lastId;
  }, [turmas, lastId]);

  return (
    <ul
      ref={listRef}
      className={`${classes.list} mantine-focus-auto`}
      aria-labelledby={labelledBy}
      // With its buttons disabled a long list has nothing left to focus: the list itself takes
      // focus then, so it can still be scrolled from the keyboard (axe: scrollable-region-focusable).
      tabIndex={disabled && turmas.length > 0 ? 0 : undefined}
    >
      {turmas.map((turma) => (
        <ChosenTurma
          key={turma.id}
          id={turma.id}
          name={turma.name}
          note={notes?.get(turma.id)?.text}
          noteTone={notes?.get(turma.id)?.tone}
          disabled={disabled}
          removeLabel={removeLabel}
          onRemove={remove}
        />
      ))}
    </ul>
  );
}

interface ChosenTurmaProps {
  id: string;
  name: string;
  note: string | undefined;
  noteTone: TurmaNote['tone'] | undefined;
  disabled: boolean;
  removeLabel: (name: string) => string;
  onRemove: (id: string) => void;
}

/** Primitive props only: a form library that copies the value still leaves the rows alone. */
const ChosenTurma = memo(function ChosenTurma({
  id,
  name,
  note,
  noteTone,
  disabled,
  removeLabel,
  onRemove,
}: ChosenTurmaProps) {
  return (
    <li className={classes.item}>
      <span className={classes.name}>
        {name}
        {note !== undefined && (
          // A sentence of its own for screen readers: "Física 1º B. Não está nesta turma".
          <span className={classes.note} data-tone={noteTone}>
            <VisuallyHidden component="span">. </VisuallyHidden>
            {note}
          </span>
        )}
      </span>
      <button
        type="button"
        className={`${classes.remove} mantine-focus-auto`}
        aria-label={removeLabel(name)}
        disabled={disabled}
        onClick={() => onRemove(id)}
      >
        <IconX aria-hidden size={16} stroke={1.75} />
      </button>
    </li>
  );
});
