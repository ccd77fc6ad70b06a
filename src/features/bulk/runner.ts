/**
 * Sends one API call per item of a bulk list, a few at a time, and keeps score. A plain store
 * with no framework in it: a React hook reads it through `subscribe` and `getSnapshot`
 * (useSyncExternalStore).
 *
 * What becomes of a failure is decided by `classify`: transient ones are tried again with
 * backoff, a 401 pauses the run until the caller has a new token, anything else fails the item
 * for good. An item is only ever in one place (untouched, queued, waiting for a retry, in
 * flight, settled), so nothing that succeeded can be sent twice.
 *
 * An outage is not a row's fault: after `outageThreshold` network or 5xx failures in a row (no
 * answer from the server in between), the run pauses itself and `probe` asks every
 * `probeIntervalMs` whether the server is back; once a probe fails too, the outage is confirmed
 * and the tries those failures cost are given back. The run goes on by itself when the server
 * answers (a probe, or a call still in flight). A row running out of tries while failures pile
 * up waits for that verdict instead of failing at once.
 *
 * Cancelling stops new sends; the calls in flight finish and are recorded as they come out. An
 * item whose last try failed is then 'failed' with that error, even when it would have been
 * retried: a timeout or a 5xx may have reached the server, so "not sent" could be false. Only
 * items never tried (or only refused with a 401, which did nothing) become 'not-sent'.
 */
import { ApiError, isTransient } from '../../api/client';

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

export type RunStatus = 'idle' | 'running' | 'paused' | 'cancelling' | 'finished' | 'cancelled';
export type ItemState = 'pending' | 'succeeded' | 'failed' | 'not-sent';

export interface ItemResult {
  state: ItemState;
  /** Tries whose outcome counted (a 401 does not). */
  attempts: number;
  /** The last failure: final when 'failed', the reason for the wait while 'pending'. */
  error?: unknown;
}

export interface RunSnapshot {
  status: RunStatus;
  pauseReason: 'user' | 'unauthorized' | 'outage' | null;
  /** Epoch ms of the next health probe while paused by an outage (null while one is out). */
  probeAt: number | null;
  total: number;
  succeeded: number;
  failed: number;
  notSent: number;
  /** Not settled yet: pending, including in flight and waiting to retry. */
  remaining: number;
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

const DEFAULT_CONCURRENCY = 4;
const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_BACKOFF = { baseMs: 500, maxMs: 15_000 };
/** Beyond this a Retry-After would leave the run looking dead; the server can ask again. */
export const MAX_RETRY_AFTER_MS = 120_000;
/** Throughput measured on fewer settles (or less than one full wave) misleads more than it tells. */
const ETA_MIN_SETTLED = 5;
const DEFAULT_OUTAGE_THRESHOLD = 3;
/** How often an outage pause asks whether the server is back. */
export const PROBE_INTERVAL_MS = 5_000;

/**
 * A failure that says nothing about the row: no answer at all, or a 5xx without a Retry-After
 * (a server that says when to come back is up, and is honoured by holding the sends).
 */
export function isOutageFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return (
    error.kind === 'http' &&
    error.status !== undefined &&
    error.status >= 500 &&
    error.retryAfterMs === undefined
  );
}

type Verdict = 'retry' | 'unauthorized' | 'fail';

function classify(error: unknown): Verdict {
  if (error instanceof ApiError && error.isUnauthorized) return 'unauthorized';
  return isTransient(error) ? 'retry' : 'fail';
}

const UNTOUCHED: ItemResult = Object.freeze({ state: 'pending', attempts: 0 });

export function createRunner<T>(options: RunnerOptions<T>): Runner {
  const { items, send, onUnauthorized } = options;
  const total = items.length;
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const { baseMs, maxMs } = options.backoff ?? DEFAULT_BACKOFF;
  const random = options.random ?? Math.random;
  const etaMinSettled = Math.max(ETA_MIN_SETTLED, concurrency);
  const outageThreshold = Math.max(1, options.outageThreshold ?? DEFAULT_OUTAGE_THRESHOLD);
  const probeIntervalMs = options.probeIntervalMs ?? PROBE_INTERVAL_MS;
  const probe = options.probe ?? (() => Promise.resolve());

  let status: RunStatus = 'idle';
  let pauseReason: RunSnapshot['pauseReason'] = null;
  // Each entry is replaced, never mutated, so snapshots already handed out stay as they were.
  const results: ItemResult[] = new Array<ItemResult>(total).fill(UNTOUCHED);
  const inFlightFlags = new Uint8Array(total);
  let succeeded = 0;
  let failed = 0;
  let notSent = 0;
  let inFlight = 0;

  // Where the next send comes from, in this order: items refused with a 401 (they were next in
  // line when it happened), retries whose wait is over, then the items never tried.
  const requeued: number[] = [];
  let due: number[] = [];
  let dueHead = 0;
  let nextUntouched = 0;
  const waiting = new Map<number, ReturnType<typeof setTimeout>>();

  let holdUntil: number | null = null;
  let holdTimer: ReturnType<typeof setTimeout> | undefined;

  // Which sign-in a call went out under: counts the resumes after a 401 pause.
  let session = 0;

  // The failures since the server last answered: how many, and how many tries each item lost
  // to them (given back if they turn out to be an outage).
  let streak = 0;
  const streakTries = new Map<number, number>();
  // Items out of tries during a streak: failed if the server answers, retried if it is down.
  const held = new Set<number>();
  let outageConfirmed = false;
  let probeAt: number | null = null;
  let probeTimer: ReturnType<typeof setTimeout> | undefined;
  // Bumped whenever probing stops, so the answer of a probe already out is ignored.
  let probeRound = 0;

  let activeMs = 0;
  let runningSince = 0;

  let snapshot: RunSnapshot | null = null;
  const listeners = new Set<() => void>();
  let notifyTimer: ReturnType<typeof setTimeout> | undefined;

  function changed() {
    snapshot = null;
    // One notification per macrotask: a burst of settles re-renders a UI once, not per item.
    if (notifyTimer === undefined && listeners.size > 0) {
      notifyTimer = setTimeout(() => {
        notifyTimer = undefined;
        listeners.forEach((listener) => listener());
      }, 0);
    }
  }

  function setStatus(next: RunStatus) {
    const now = Date.now();
    if (status === 'running') activeMs += now - runningSince;
    if (next === 'running') runningSince = now;
    status = next;
    changed();
  }

  function take(): number | undefined {
    const requeuedItem = requeued.pop();
    if (requeuedItem !== undefined) return requeuedItem;
    if (dueHead < due.length) {
      const index = due[dueHead++];
      if (dueHead === due.length) {
        due = [];
        dueHead = 0;
      }
      return index;
    }
    return nextUntouched < total ? nextUntouched++ : undefined;
  }

  function pump() {
    while (status === 'running' && holdUntil === null && inFlight < concurrency) {
      const index = take();
      if (index === undefined) return;
      inFlight++;
      inFlightFlags[index] = 1;
      changed();
      const sentInSession = session;
      // Through a new Promise so that a `send` throwing synchronously is a failure like any other.
      new Promise((resolve) => resolve(send(items[index] as T))).then(
        () => settle(index, sentInSession, true, undefined),
        (error: unknown) => settle(index, sentInSession, false, error),
      );
    }
  }

  function settle(index: number, sentInSession: number, ok: boolean, error: unknown) {
    inFlight--;
    inFlightFlags[index] = 0;
    changed();
    const attempts = results[index]!.attempts + 1;
    let askForSignIn = false;

    if (ok) {
      results[index] = { state: 'succeeded', attempts };
      succeeded++;
      serverAnswered();
    } else if (isOutageFailure(error) && status !== 'cancelling' && pauseReason === 'outage') {
      // Met the outage already known: the try does not count, and the item goes again later.
      results[index] = { state: 'pending', attempts: attempts - 1, error };
      requeued.push(index);
    } else {
      const verdict = classify(error);
      const outage = isOutageFailure(error) && status !== 'cancelling';
      if (outage) {
        streak++;
        streakTries.set(index, (streakTries.get(index) ?? 0) + 1);
      } else if (verdict !== 'unauthorized') {
        serverAnswered();
      }
      if (verdict === 'unauthorized') {
        if (status === 'cancelling') {
          giveUp(index);
        } else if (sentInSession < session) {
          // Sent before the last sign-in, with the token it replaced: the new one deserves a try.
          requeued.push(index);
        } else {
          requeued.push(index);
          askForSignIn = pauseReason !== 'unauthorized';
          if (pauseReason === 'outage') stopProbing();
          // A user's pause becomes a sign-in pause too: resuming without a new token would fail.
          pauseReason = 'unauthorized';
          if (status === 'running') setStatus('paused');
        }
      } else if (verdict === 'retry' && status !== 'cancelling') {
        // Even when this item has no try left, the others are asked to wait.
        const retryAfterMs = error instanceof ApiError ? error.retryAfterMs : undefined;
        if (retryAfterMs !== undefined) holdSends(retryAfterMs);
        if (attempts < maxAttempts) {
          results[index] = { state: 'pending', attempts, error };
          if (retryAfterMs === undefined) retryWithBackoff(index, attempts);
          else due.push(index);
        } else if (outage) {
          results[index] = { state: 'pending', attempts, error };
          held.add(index);
        } else {
          results[index] = { state: 'failed', attempts, error };
          failed++;
        }
      } else {
        results[index] = { state: 'failed', attempts, error };
        failed++;
      }
    }

    if (streak >= outageThreshold && status === 'running') enterOutage();
    if (status === 'cancelling') {
      if (inFlight === 0) setStatus('cancelled');
    } else {
      pump();
      failHeldIfStalled();
    }
    if (askForSignIn) onUnauthorized?.();
  }

  /** Only items out of tries are left, and too few failures for an outage: they failed. */
  function failHeldIfStalled() {
    if (status === 'running' && held.size > 0 && nothingLeftToSend()) failHeld();
    if ((status === 'running' || status === 'paused') && succeeded + failed === total) finish();
  }

  function nothingLeftToSend() {
    return (
      inFlight === 0 &&
      requeued.length === 0 &&
      dueHead >= due.length &&
      nextUntouched >= total &&
      waiting.size === 0
    );
  }

  function failHeld() {
    for (const index of held) {
      results[index] = { ...results[index]!, state: 'failed' };
      failed++;
    }
    held.clear();
  }

  /** An answer from the server (anything but no answer or a 5xx): it is up. */
  function serverAnswered() {
    streak = 0;
    streakTries.clear();
    failHeld();
    if (status === 'paused' && pauseReason === 'outage') endOutage();
  }

  /**
   * Failures in a row: the run pauses and asks the server's health. Only a probe that fails too
   * confirms an outage (see confirmOutage); one that answers at once means the rows themselves
   * fail, and the run goes on counting their tries, so a row the server always refuses still
   * ends as failed.
   */
  function enterOutage() {
    streak = 0;
    outageConfirmed = false;
    pauseReason = 'outage';
    setStatus('paused');
    scheduleProbe();
  }

  /** The server is down: every try the failures cost is given back, and the items go first. */
  function confirmOutage() {
    if (outageConfirmed) return;
    outageConfirmed = true;
    for (const [index, tries] of streakTries) {
      const result = results[index]!;
      if (result.state !== 'pending') continue;
      results[index] = { ...result, attempts: Math.max(0, result.attempts - tries) };
      if (held.has(index)) requeued.push(index);
    }
    held.clear();
    streakTries.clear();
    changed();
  }

  function scheduleProbe() {
    const round = probeRound;
    probeAt = Date.now() + probeIntervalMs;
    changed();
    probeTimer = setTimeout(() => {
      probeTimer = undefined;
      probeAt = null;
      changed();
      new Promise((resolve) => resolve(probe())).then(
        () => {
          if (round === probeRound) endOutage();
        },
        (error: unknown) => {
          if (round !== probeRound) return;
          if (!isOutageFailure(error)) {
            endOutage();
            return;
          }
          confirmOutage();
          scheduleProbe();
        },
      );
    }, probeIntervalMs);
  }

  function stopProbing() {
    probeRound++;
    clearTimeout(probeTimer);
    probeTimer = undefined;
    probeAt = null;
  }

  function endOutage() {
    if (status !== 'paused' || pauseReason !== 'outage') return;
    stopProbing();
    // Not confirmed: the server was up all along, so the rows out of tries did fail.
    if (!outageConfirmed) failHeld();
    streakTries.clear();
    pauseReason = null;
    setStatus('running');
    pump();
    failHeldIfStalled();
  }

  function retryWithBackoff(index: number, attempts: number) {
    const delay = random() * Math.min(maxMs, baseMs * 2 ** (attempts - 1));
    waiting.set(
      index,
      setTimeout(() => {
        waiting.delete(index);
        due.push(index);
        pump();
      }, delay),
    );
  }

  /** The server asked the client as a whole to slow down, not one item: every send waits. */
  function holdSends(retryAfterMs: number) {
    const delay = Math.min(retryAfterMs, MAX_RETRY_AFTER_MS);
    const until = Date.now() + delay;
    if (delay <= 0 || (holdUntil !== null && until <= holdUntil)) return;
    clearTimeout(holdTimer);
    holdUntil = until;
    holdTimer = setTimeout(() => {
      holdUntil = null;
      holdTimer = undefined;
      changed();
      pump();
    }, delay);
    changed();
  }

  /** What a queued item becomes when the run stops before it is sent again. */
  function giveUp(index: number) {
    const result = results[index]!;
    if (result.error === undefined) {
      results[index] = { state: 'not-sent', attempts: result.attempts };
      notSent++;
    } else {
      results[index] = { state: 'failed', attempts: result.attempts, error: result.error };
      failed++;
    }
  }

  function stopTimers() {
    stopProbing();
    waiting.forEach((timer) => clearTimeout(timer));
    waiting.clear();
    clearTimeout(holdTimer);
    holdTimer = undefined;
    holdUntil = null;
  }

  function finish() {
    stopTimers();
    pauseReason = null;
    setStatus('finished');
  }

  function etaMs(settled: number, remaining: number): number | null {
    if ((status !== 'running' && status !== 'paused') || settled < etaMinSettled) return null;
    const active = activeMs + (status === 'running' ? Date.now() - runningSince : 0);
    return Math.round((remaining * active) / settled);
  }

  return {
    start() {
      if (status !== 'idle') return;
      if (total === 0) {
        setStatus('finished');
        return;
      }
      setStatus('running');
      pump();
    },

    pause() {
      // Paused by an outage, a pause of one's own stops the probing: it waits for "Continuar".
      const outage = status === 'paused' && pauseReason === 'outage';
      if (status !== 'running' && !outage) return;
      if (outage) stopProbing();
      pauseReason = 'user';
      if (outage) changed();
      else setStatus('paused');
    },

    resume() {
      if (status !== 'paused') return;
      if (pauseReason === 'outage') stopProbing();
      if (pauseReason === 'unauthorized') session++;
      pauseReason = null;
      setStatus('running');
      pump();
      failHeldIfStalled();
    },

    cancel() {
      if (status === 'cancelling' || status === 'cancelled' || status === 'finished') return;
      stopTimers();
      for (let index = 0; index < total; index++) {
        if (results[index]!.state === 'pending' && inFlightFlags[index] === 0) giveUp(index);
      }
      requeued.length = 0;
      held.clear();
      streak = 0;
      streakTries.clear();
      due = [];
      dueHead = 0;
      nextUntouched = total;
      pauseReason = null;
      setStatus(inFlight > 0 ? 'cancelling' : 'cancelled');
    },

    getSnapshot() {
      if (snapshot === null) {
        const settled = succeeded + failed;
        const remaining = total - settled - notSent;
        snapshot = {
          status,
          pauseReason,
          probeAt,
          total,
          succeeded,
          failed,
          notSent,
          remaining,
          inFlight,
          etaMs: etaMs(settled, remaining),
          holdUntil,
          results: results.slice(),
        };
      }
      return snapshot;
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
