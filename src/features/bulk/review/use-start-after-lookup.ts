import { useEffect, useRef, useState } from 'react';
import type { CheckedRow } from '../types';
import type { KnownStudents, RowWarning } from './review-warnings';
import type { StudentLookup } from './use-student-lookup';

/**
 * "Matricular" while the lookup runs: sent once it is over, unless it found warnings not yet
 * shown (the lines warned of when it was clicked); a failed lookup waits for another click.
 * `startWhenDone` asks for that; `waiting` says whether a start is waiting.
 */
export function useStartAfterLookup(
  lookup: StudentLookup,
  warnings: ReadonlyMap<number, readonly RowWarning[]>,
  checked: readonly CheckedRow[],
  onStart: (checked: readonly CheckedRow[], students: KnownStudents) => void,
) {
  const [startWhenLooked, setStartWhenLooked] = useState<ReadonlySet<number> | null>(null);
  const noNewWarnings =
    startWhenLooked !== null && [...warnings.keys()].every((line) => startWhenLooked.has(line));
  if (
    startWhenLooked !== null &&
    lookup.state !== 'looking' &&
    !(lookup.state === 'done' && noNewWarnings)
  ) {
    setStartWhenLooked(null);
  }
  const started = useRef(false);
  useEffect(() => {
    if (started.current || startWhenLooked === null) return;
    if (lookup.state !== 'done' || !noNewWarnings) return;
    started.current = true;
    onStart(checked, lookup.students);
  }, [startWhenLooked, lookup.state, lookup.students, noNewWarnings, checked, onStart]);

  return {
    waiting: startWhenLooked !== null,
    startWhenDone: () => setStartWhenLooked(new Set(warnings.keys())),
  };
}
