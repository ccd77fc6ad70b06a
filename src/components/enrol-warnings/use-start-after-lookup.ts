import { useEffect, useRef, useState } from 'react';
import type { StudentLookup } from './use-student-lookup';

/**
 * "Matricular" while the lookup runs: sent once it is over, unless it found warnings not yet
 * shown (`warned`: the lines or students warned of, as they were when it was clicked); a failed
 * lookup waits for another click. `startWhenDone` asks for that; `waiting` says whether a start
 * is waiting.
 */
export function useStartAfterLookup(
  lookup: StudentLookup,
  warned: readonly unknown[],
  start: () => void,
) {
  const [startWhenLooked, setStartWhenLooked] = useState<ReadonlySet<unknown> | null>(null);
  const noNewWarnings = startWhenLooked !== null && warned.every((key) => startWhenLooked.has(key));
  if (
    startWhenLooked !== null &&
    lookup.state !== 'looking' &&
    !(lookup.state === 'done' && noNewWarnings)
  ) {
    setStartWhenLooked(null);
  }
  const started = useRef(false);
  // The latest `start`, so that the effect runs on the lookup's state, not on each render's closure.
  const startRef = useRef(start);
  useEffect(() => {
    startRef.current = start;
  });
  useEffect(() => {
    if (started.current || startWhenLooked === null) return;
    if (lookup.state !== 'done' || !noNewWarnings) return;
    started.current = true;
    startRef.current();
  }, [startWhenLooked, lookup.state, noNewWarnings]);

  return {
    waiting: startWhenLooked !== null,
    startWhenDone: () => setStartWhenLooked(new Set(warned)),
  };
}
