// The picker is only ever loaded with a dialog, never with the first screen: it brings the styles
// of what it shows (src/app/mantine-styles.ts lists the first screen's).
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Input } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { useId, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import type { ApiClient } from '../../api/client';
import { CLASSES_PER_REQUEST_MAX, type ClassSummary } from '#contract';
import { ChosenTurmas, type TurmaNote } from './chosen-turmas';
import { useTurmaPickerMessages } from './messages';
import { TurmaSearch } from './turma-search';
import classes from './turma-picker.module.css';

export type { TurmaNote };

export interface TurmaPickerProps {
  /** The picker searches turmas on the server, as the table does (best match first if it ranks). */
  api: Pick<ApiClient, 'getClasses' | 'extensions'>;
  /** The turmas the form will act on, in the order they were added. */
  value: readonly ClassSummary[];
  onChange: (value: ClassSummary[]) => void;
  /** What the form knows of some chosen turmas, said beside their names (by turma id). */
  notes?: ReadonlyMap<string, TurmaNote>;
  /**
   * Turmas the search shows but that cannot be picked, by id, each with why: the turma a move
   * or a copy starts from.
   */
  unavailable?: ReadonlyMap<string, string>;
  /** The field's label, e.g. "Turmas". */
  label: string;
  /** A validation or API message about the turmas. */
  error?: ReactNode;
  disabled?: boolean;
  /**
   * One turma at most (where a move or a copy goes, a filter): a pick replaces the chosen turma
   * and closes the list, as a select does, so nothing below the field moves on the next click.
   */
  single?: boolean;
  /** The search field: where a form moves focus to report an error about the turmas. */
  ref?: Ref<HTMLInputElement>;
  /** FormDialog focuses the search when the dialog opens: the field to fill first. */
  'data-autofocus'?: boolean;
}

/**
 * The turmas a form acts on, listed by name, each removable; and a search of all turmas on the
 * server to add one without leaving the form. Controlled: the form owns the value.
 *
 * Picking a turma that is already on the list takes it off again (a multi-select listbox's
 * toggle); a turma can never be listed twice. At most CLASSES_PER_REQUEST_MAX, the API's limit
 * for one request: a pick beyond it is refused with a message.
 */
export function TurmaPicker({
  api,
  value,
  onChange,
  notes,
  unavailable,
  label,
  error,
  disabled = false,
  single = false,
  ref,
  'data-autofocus': autoFocus,
}: TurmaPickerProps) {
  const messages = useTurmaPickerMessages();
  const labelId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const mergedSearchRef = useMergedRef(ref, searchRef);
  const [refused, setRefused] = useState(false);
  const chosenIds = useMemo(() => new Set(value.map((turma) => turma.id)), [value]);

  function pick(turma: ClassSummary) {
    if (chosenIds.has(turma.id)) {
      setRefused(false);
      onChange(value.filter((other) => other.id !== turma.id));
    } else if (single) {
      onChange([turma]);
    } else if (value.length >= CLASSES_PER_REQUEST_MAX) {
      setRefused(true);
    } else {
      setRefused(false);
      onChange([...value, turma]);
    }
  }

  function remove(id: string) {
    setRefused(false);
    onChange(value.filter((turma) => turma.id !== id));
  }

  return (
    <div className={classes.root}>
      <div className={classes.header}>
        <Input.Label id={labelId} labelElement="div">
          {label}
        </Input.Label>
        <span className={classes.count}>{messages.count(value.length)}</span>
      </div>
      <ChosenTurmas
        turmas={value}
        notes={notes}
        labelledBy={labelId}
        disabled={disabled}
        removeLabel={messages.remove}
        onRemove={remove}
        onEmptied={() => searchRef.current?.focus()}
      />
      <TurmaSearch
        ref={mergedSearchRef}
        api={api}
        chosenIds={chosenIds}
        unavailable={unavailable}
        onPick={pick}
        notice={
          refused && value.length >= CLASSES_PER_REQUEST_MAX
            ? messages.tooMany(CLASSES_PER_REQUEST_MAX)
            : null
        }
        error={error}
        disabled={disabled}
        single={single}
        data-autofocus={autoFocus}
      />
    </div>
  );
}
