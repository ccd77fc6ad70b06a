import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Runner, RunSnapshot } from './runner';

const noRunner = {
  subscribe: () => () => {},
  getSnapshot: () => null,
};

/**
 * How often the run's progress reaches the screen. The runner tells of every answer (each its own
 * task, a hundred or more a second); a counter that changes faster than it can be read helps
 * nobody, and rendering that often took about a fifth of the main thread in a 1,000-student run
 * (npm run bench:bulk). Five times a second still reads as live.
 */
export const RENDER_INTERVAL_MS = 200;

/**
 * The runner's state for React, at most once per RENDER_INTERVAL_MS. While the run has work to
 * do, closing or reloading the tab asks first: every run of the console, wherever it started.
 */
export function useRunnerSnapshot(runner: Runner | null): RunSnapshot | null {
  const source = useMemo(() => {
    if (!runner) return noRunner;
    return {
      subscribe: (listener: () => void) => {
        let timer: ReturnType<typeof setTimeout> | null = null;
        const unsubscribe = runner.subscribe(() => {
          timer ??= setTimeout(() => {
            timer = null;
            listener();
          }, RENDER_INTERVAL_MS);
        });
        return () => {
          unsubscribe();
          if (timer !== null) clearTimeout(timer);
        };
      },
      getSnapshot: runner.getSnapshot,
    };
  }, [runner]);
  const snapshot = useSyncExternalStore(source.subscribe, source.getSnapshot);
  useWarnBeforeLeaving(isActive(snapshot));
  return snapshot;
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
      // Browsers show their own words.
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
