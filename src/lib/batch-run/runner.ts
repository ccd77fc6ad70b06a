/**
 * Sends one API call per item of a list, a few at a time, and keeps score: the edge of the run's
 * state machine (run-machine.ts), where its effects happen (calls, timers, probes, the sign-in).
 * A plain store with no framework in it: a React hook reads it through `subscribe` and
 * `getSnapshot` (useSyncExternalStore, use-runner.ts).
 */
import {
  initialRunState,
  notAttemptedOf,
  remainingOf,
  transition,
  type ItemResult,
  type PauseReason,
  type RunConfig,
  type RunEffect,
  type RunEvent,
  type RunState,
  type RunStatus,
} from './run-machine';

export interface RunnerOptions<T> {
  items: readonly T[];
  /** One API call for one item; resolves on success, throws (an ApiError usually) on failure. */
  send: (item: T) => Promise<unknown>;
  /** At most this many sends in flight, ever. Default 4. */
  concurrency?: number;
  /** Tries in all for an item that keeps failing transiently. Default 5. */
  maxAttempts?: number;
  /** Exponential backoff with full jitter between tries. Default 500 ms doubling up to 15 s. */
  backoff?: { baseMs: number; maxMs: number };
  /** Called once per pause caused by a 401 (the page brings the sign-in gate). */
  onUnauthorized?: () => void;
  /**
   * Whether the server is back after an outage (GET /v1/health): resolving, or failing with
   * anything but a network or 5xx error (the server answered), ends the pause. Default: none,
   * the sends themselves are tried again after each interval.
   */
  probe?: () => Promise<unknown>;
  /** Network or 5xx failures in a row that mean the server is down, not the rows. Default 3. */
  outageThreshold?: number;
  /** Between health probes while paused by an outage. Default PROBE_INTERVAL_MS. */
  probeIntervalMs?: number;
  /** Jitter source, for tests. */
  random?: () => number;
}

export interface RunSnapshot {
  status: RunStatus;
  pauseReason: PauseReason | null;
  /** Epoch ms of the next health probe while paused by an outage (null while one is out). */
  probeAt: number | null;
  total: number;
  succeeded: number;
  failed: number;
  notSent: number;
  /** Not settled yet: pending, including in flight and waiting to retry. */
  remaining: number;
  /** What the server has done nothing for yet (notAttemptedOf), the not-sent included. */
  notAttempted: number;
  inFlight: number;
  /** Estimate of the time left while running or paused; null until it can be measured honestly. */
  etaMs: number | null;
  /** Epoch ms while a Retry-After holds all sends, else null. */
  holdUntil: number | null;
  /** Same order as the items. */
  results: readonly ItemResult[];
}

export interface Runner {
  // Properties, not methods: they are handed around unbound (useSyncExternalStore, buttons).
  start: () => void;
  pause: () => void;
  resume: () => void;
  cancel: () => void;
  getSnapshot: () => RunSnapshot;
  subscribe: (listener: () => void) => () => void;
}

/** Starts `runner` and resolves with its last snapshot once it has finished or been cancelled. */
export function runToEnd(runner: Runner): Promise<RunSnapshot> {
  return new Promise((resolve) => {
    const unsubscribe = runner.subscribe(() => {
      const now = runner.getSnapshot();
      if (now.status !== 'finished' && now.status !== 'cancelled') return;
      unsubscribe();
      resolve(now);
    });
    runner.start();
  });
}

const DEFAULT_CONCURRENCY = 4;
const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_BACKOFF = { baseMs: 500, maxMs: 15_000 };
/** Throughput measured on fewer settles (or less than one full wave) misleads more than it tells. */
const ETA_MIN_SETTLED = 5;
const DEFAULT_OUTAGE_THRESHOLD = 3;
/** How often an outage pause asks whether the server is back. */
export const PROBE_INTERVAL_MS = 5_000;

export function createRunner<T>(options: RunnerOptions<T>): Runner {
  const { items, send, onUnauthorized } = options;
  const config: RunConfig = {
    concurrency: Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY),
    maxAttempts: Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
    outageThreshold: Math.max(1, options.outageThreshold ?? DEFAULT_OUTAGE_THRESHOLD),
    probeIntervalMs: options.probeIntervalMs ?? PROBE_INTERVAL_MS,
  };
  const { baseMs, maxMs } = options.backoff ?? DEFAULT_BACKOFF;
  const random = options.random ?? Math.random;
  const probe = options.probe ?? (() => Promise.resolve());
  const etaMinSettled = Math.max(ETA_MIN_SETTLED, config.concurrency);

  let state = initialRunState(items.length);
  const backoffTimers = new Map<number, ReturnType<typeof setTimeout>>();
  let holdTimer: ReturnType<typeof setTimeout> | undefined;
  let probeTimer: ReturnType<typeof setTimeout> | undefined;
  const notifier = createNotifier();
  let snapshot: RunSnapshot | null = null;

  function dispatch(event: RunEvent) {
    const step = transition(state, event, Date.now(), config);
    if (step.state === state) return;
    state = step.state;
    snapshot = null;
    notifier.changed();
    step.effects.forEach(perform);
  }

  function perform(effect: RunEffect) {
    switch (effect.type) {
      case 'send': {
        const { index, session } = effect;
        // Through a new Promise so that a `send` throwing synchronously is a failure like any other.
        new Promise((resolve) => resolve(send(items[index] as T))).then(
          () => dispatch({ type: 'sent', index, session, ok: true }),
          (error: unknown) => dispatch({ type: 'sent', index, session, ok: false, error }),
        );
        return;
      }
      case 'backoff': {
        const { index, attempts } = effect;
        const delayMs = random() * Math.min(maxMs, baseMs * 2 ** (attempts - 1));
        backoffTimers.set(
          index,
          setTimeout(() => {
            backoffTimers.delete(index);
            dispatch({ type: 'backoffOver', index });
          }, delayMs),
        );
        return;
      }
      case 'hold':
        clearTimeout(holdTimer);
        holdTimer = setTimeout(() => {
          holdTimer = undefined;
          dispatch({ type: 'holdOver' });
        }, effect.delayMs);
        return;
      case 'scheduleProbe': {
        const { round } = effect;
        probeTimer = setTimeout(() => {
          probeTimer = undefined;
          dispatch({ type: 'probeDue', round });
        }, effect.delayMs);
        return;
      }
      case 'probe': {
        const { round } = effect;
        new Promise((resolve) => resolve(probe())).then(
          () => dispatch({ type: 'probed', round, ok: true }),
          (error: unknown) => dispatch({ type: 'probed', round, ok: false, error }),
        );
        return;
      }
      case 'stopProbe':
        clearTimeout(probeTimer);
        probeTimer = undefined;
        return;
      case 'stopTimers':
        backoffTimers.forEach((timer) => clearTimeout(timer));
        backoffTimers.clear();
        clearTimeout(holdTimer);
        holdTimer = undefined;
        clearTimeout(probeTimer);
        probeTimer = undefined;
        return;
      case 'askSignIn':
        onUnauthorized?.();
        return;
    }
  }

  function etaMs(): number | null {
    const { status, succeeded, failed } = state;
    const settled = succeeded + failed;
    if ((status !== 'running' && status !== 'paused') || settled < etaMinSettled) return null;
    const active = state.activeMs + (status === 'running' ? Date.now() - state.runningSince : 0);
    return Math.round((remainingOf(state) * active) / settled);
  }

  return {
    start: () => dispatch({ type: 'start' }),
    pause: () => dispatch({ type: 'pause' }),
    resume: () => dispatch({ type: 'resume' }),
    cancel: () => dispatch({ type: 'cancel' }),
    getSnapshot() {
      snapshot ??= snapshotOf(state, etaMs());
      return snapshot;
    },
    subscribe: notifier.subscribe,
  };
}

/** The run as its readers see it; `results` is the state's own, which is never changed. */
function snapshotOf(state: RunState, etaMs: number | null): RunSnapshot {
  return {
    status: state.status,
    pauseReason: state.pauseReason,
    probeAt: state.probeAt,
    total: state.results.length,
    succeeded: state.succeeded,
    failed: state.failed,
    notSent: state.notSent,
    remaining: remainingOf(state),
    notAttempted: notAttemptedOf(state),
    inFlight: state.inFlight.size,
    etaMs,
    holdUntil: state.holdUntil,
    results: state.results,
  };
}

/** One notification per macrotask: a burst of settles re-renders a UI once, not per item. */
function createNotifier() {
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    changed() {
      if (timer !== undefined || listeners.size === 0) return;
      timer = setTimeout(() => {
        timer = undefined;
        listeners.forEach((listener) => listener());
      }, 0);
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
