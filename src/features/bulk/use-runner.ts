import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Runner, RunSnapshot } from './runner';

const noRunner = {
  subscribe: () => () => {},
  getSnapshot: () => null,
};

/**
 * The runner's state for React, at most once per frame: the runner tells of every answer (each
 * its own task, dozens a second), and nobody can read a counter that changes faster than the
 * screen does. Rendering per frame keeps every task of a long run short.
 */
export function useRunnerSnapshot(runner: Runner | null): RunSnapshot | null {
  const source = useMemo(() => {
    if (!runner) return noRunner;
    return {
      subscribe(listener: () => void) {
        let frame: number | null = null;
        const unsubscribe = runner.subscribe(() => {
          frame ??= requestAnimationFrame(() => {
            frame = null;
            listener();
          });
        });
        return () => {
          unsubscribe();
          if (frame !== null) cancelAnimationFrame(frame);
        };
      },
      getSnapshot: runner.getSnapshot,
    };
  }, [runner]);
  return useSyncExternalStore(source.subscribe, source.getSnapshot);
}

export function isActive(snapshot: RunSnapshot | null): boolean {
  return (
    snapshot?.status === 'running' ||
    snapshot?.status === 'paused' ||
    snapshot?.status === 'cancelling'
  );
}

/** The browser asks before the tab is closed or reloaded while a run still has work to do. */
export function useWarnBeforeLeaving(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      // Browsers show their own words; setting returnValue is what older ones need to ask.
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
