import { useCallback, useState } from 'react';
import type { RosterEntry } from '#contract/extensions';

const EMPTY: ReadonlyMap<string, RosterEntry> = new Map();

/**
 * The students ticked in the roster of `turmaId`, by e-mail, on any of its pages. They belong to
 * one turma: another roster starts with none.
 */
export function useRosterSelection(turmaId: string) {
  const [selection, setSelection] = useState<{
    turma: string;
    students: ReadonlyMap<string, RosterEntry>;
  }>({ turma: turmaId, students: new Map() });
  const selected = selection.turma === turmaId ? selection.students : EMPTY;
  const select = useCallback(
    (students: readonly RosterEntry[], checked: boolean) =>
      setSelection((current) => {
        const next = new Map(current.turma === turmaId ? current.students : EMPTY);
        for (const student of students) {
          if (checked) next.set(student.email, student);
          else next.delete(student.email);
        }
        return { turma: turmaId, students: next };
      }),
    [turmaId],
  );
  return { selected, select };
}
