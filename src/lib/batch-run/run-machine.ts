/**
 * A batch run as a state machine: what the run knows (`RunState`), what can happen to it
 * (`RunEvent`), and one pure `transition` from both to the next state and the effects it asks for
 * (`RunEffect`: a call to send, a timer to set, a probe, the sign-in). No timers, clock or I/O in
 * here; `createRunner` (runner.ts) carries the effects out and feeds their outcomes back in.
 *
 * What becomes of a failure: transient ones (the console's one retry policy, `isTransient`) are
 * tried again with backoff, a 401 pauses the run until the caller has a new token, anything else
 * fails the item for good. An item is only ever in one place (untouched, queued, waiting for a
 * retry, in flight, settled), so nothing that succeeded can be sent twice.
 *
 * An outage is not a row's fault: after `outageThreshold` network or 5xx failures in a row (no
 * answer from the server in between), the run pauses itself and probes every `probeIntervalMs`
 * whether the server is back; once a probe fails too, the outage is confirmed and the tries those
 * failures cost are given back. The run goes on by itself when the server answers (a probe, or a
 * call still in flight). A row running out of tries while failures pile up waits for that
 * verdict instead of failing at once.
 *
 * Cancelling stops new sends; the calls in flight finish and are recorded as they come out. An
 * item whose last try failed is then 'failed' with that error, even when it would have been
 * retried: a timeout or a 5xx may have reached the server, so "not sent" could be false. Only
 * items never tried (or only refused with a 401, which did nothing) become 'not-sent'.
 */
import { ApiError, isTransient } from '../../api/client';

export type RunStatus = 'idle' | 'running' | 'paused' | 'cancelling' | 'finished' | 'cancelled';
export type PauseReason = 'user' | 'unauthorized' | 'outage';
export type ItemState = 'pending' | 'succeeded' | 'failed' | 'not-sent';

export interface ItemResult {
  state: ItemState;
  /** Tries whose outcome counted (a 401 does not). */
  attempts: number;
  /** The last failure: final when 'failed', the reason for the wait while 'pending'. */
  error?: unknown;
}

export interface RunConfig {
  /** At most this many sends in flight, ever. */
  concurrency: number;
  /** Tries in all for an item that keeps failing transiently. */
  maxAttempts: number;
  /** Network or 5xx failures in a row that mean the server is down, not the rows. */
  outageThreshold: number;
  /** Between health probes while paused by an outage. */
  probeIntervalMs: number;
}

/** Everything the run knows. Never changed in place: `transition` returns a new one. */
export interface RunState {
  status: RunStatus;
  pauseReason: PauseReason | null;
  /** One per item, in the items' order; an entry is replaced, never mutated. */
  results: readonly ItemResult[];
  succeeded: number;
  failed: number;
  notSent: number;
  inFlight: ReadonlySet<number>;
  // Where the next send comes from, in this order: items refused with a 401 (they were next in
  // line when it happened, last refused first), retries whose wait is over, then the untouched.
  requeued: readonly number[];
  due: readonly number[];
  nextUntouched: number;
  /** Items waiting for their backoff to pass. */
  waiting: ReadonlySet<number>;
  /** Epoch ms while a Retry-After holds all sends. */
  holdUntil: number | null;
  /** Which sign-in a call went out under: counts the resumes after a 401 pause. */
  session: number;
  // The failures since the server last answered: how many, and how many tries each item lost
  // to them (given back if they turn out to be an outage).
  streak: number;
  streakTries: ReadonlyMap<number, number>;
  /** Items out of tries during a streak: failed if the server answers, retried if it is down. */
  held: ReadonlySet<number>;
  outageConfirmed: boolean;
  /** Epoch ms of the next health probe while paused by an outage (null while one is out). */
  probeAt: number | null;
  /** Bumped whenever probing stops, so the answer of a probe already out is ignored. */
  probeRound: number;
  /** Time spent running, up to `runningSince` (for the estimate of the time left). */
  activeMs: number;
  runningSince: number;
}

export type RunEvent =
  | { type: 'start' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'cancel' }
  /** A send came back: `session` is the one it went out under. */
  | { type: 'sent'; index: number; session: number; ok: true }
  | { type: 'sent'; index: number; session: number; ok: false; error: unknown }
  | { type: 'backoffOver'; index: number }
  | { type: 'holdOver' }
  | { type: 'probeDue'; round: number }
  | { type: 'probed'; round: number; ok: true }
  | { type: 'probed'; round: number; ok: false; error: unknown };

export type RunEffect =
  | { type: 'send'; index: number; session: number }
  /** Wait a backoff for the item's `attempts`-th failure, then `backoffOver`. */
  | { type: 'backoff'; index: number; attempts: number }
  /** Replaces any hold timer: `holdOver` after `delayMs`. */
  | { type: 'hold'; delayMs: number }
  | { type: 'scheduleProbe'; round: number; delayMs: number }
  | { type: 'probe'; round: number }
  | { type: 'stopProbe' }
  /** Every timer of the run goes: backoffs, hold, probe. */
  | { type: 'stopTimers' }
  | { type: 'askSignIn' };

export interface Step {
  state: RunState;
  effects: RunEffect[];
}

/** Beyond this a Retry-After would leave the run looking dead; the server can ask again. */
export const MAX_RETRY_AFTER_MS = 120_000;

export function initialRunState(total: number): RunState {
  return {
    status: 'idle',
    pauseReason: null,
    results: new Array<ItemResult>(total).fill(UNTOUCHED),
    succeeded: 0,
    failed: 0,
    notSent: 0,
    inFlight: new Set(),
    requeued: [],
    due: [],
    nextUntouched: 0,
    waiting: new Set(),
    holdUntil: null,
    session: 0,
    streak: 0,
    streakTries: new Map(),
    held: new Set(),
    outageConfirmed: false,
    probeAt: null,
    probeRound: 0,
    activeMs: 0,
    runningSince: 0,
  };
}

const UNTOUCHED: ItemResult = Object.freeze({ state: 'pending', attempts: 0 });

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

function classify(error: unknown): 'retry' | 'unauthorized' | 'fail' {
  if (error instanceof ApiError && error.isUnauthorized) return 'unauthorized';
  return isTransient(error) ? 'retry' : 'fail';
}

/** Not settled yet: pending, including in flight and waiting to retry. */
export function remainingOf(state: RunState): number {
  return state.results.length - state.succeeded - state.failed - state.notSent;
}

/**
 * Items the server has done nothing for: never sent, or sent only to be refused at the sign-in (a
 * 401 leaves an item as it was), and the 'not-sent' of a cancel. An item once sent without such
 * a refusal is not counted, even while it waits for a retry: that call may have gone through.
 */
export function notAttemptedOf(state: RunState): number {
  let count = state.notSent;
  state.results.forEach((result, index) => {
    const untried = result.state === 'pending' && result.attempts === 0 && !('error' in result);
    if (untried && !state.inFlight.has(index)) count++;
  });
  return count;
}

/**
 * The next state and what to do for `event` at epoch ms `now`. An event that does not apply
 * (a pause while cancelling, the answer of a probe since given up) returns `state` itself.
 */
export function transition(state: RunState, event: RunEvent, now: number, config: RunConfig): Step {
  const run = new Transition(state, now, config);
  run.apply(event);
  return run.changed ? { state: run.result(), effects: run.effects } : { state, effects: [] };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** One transition's working copy: collections are copied up front, results on first write. */
class Transition {
  readonly effects: RunEffect[] = [];
  changed = true;
  private readonly s: Mutable<RunState>;
  private results: ItemResult[];
  private resultsCopied = false;
  private readonly inFlight: Set<number>;
  private readonly requeued: number[];
  private readonly due: number[];
  private readonly waiting: Set<number>;
  private readonly streakTries: Map<number, number>;
  private readonly held: Set<number>;

  private readonly now: number;
  private readonly config: RunConfig;

  constructor(state: RunState, now: number, config: RunConfig) {
    this.now = now;
    this.config = config;
    this.s = { ...state };
    this.results = state.results as ItemResult[];
    this.inFlight = new Set(state.inFlight);
    this.requeued = [...state.requeued];
    this.due = [...state.due];
    this.waiting = new Set(state.waiting);
    this.streakTries = new Map(state.streakTries);
    this.held = new Set(state.held);
  }

  result(): RunState {
    return {
      ...this.s,
      results: this.resultsCopied ? this.results : this.s.results,
      inFlight: this.inFlight,
      requeued: this.requeued,
      due: this.due,
      waiting: this.waiting,
      streakTries: this.streakTries,
      held: this.held,
    };
  }

  apply(event: RunEvent): void {
    switch (event.type) {
      case 'start':
        this.start();
        break;
      case 'pause':
        this.pause();
        break;
      case 'resume':
        this.resume();
        break;
      case 'cancel':
        this.cancel();
        break;
      case 'sent':
        if (this.inFlight.has(event.index)) {
          this.settle(event.index, event.session, event.ok ? undefined : event);
        } else this.ignore();
        break;
      case 'backoffOver':
        if (this.waiting.delete(event.index)) {
          this.due.push(event.index);
          this.pump();
        } else this.ignore();
        break;
      case 'holdOver':
        if (this.s.holdUntil !== null) {
          this.s.holdUntil = null;
          this.pump();
        } else this.ignore();
        break;
      case 'probeDue':
        if (event.round === this.s.probeRound) {
          this.s.probeAt = null;
          this.effects.push({ type: 'probe', round: event.round });
        } else this.ignore();
        break;
      case 'probed':
        if (event.round === this.s.probeRound) this.probed(event.ok ? undefined : event);
        else this.ignore();
        break;
    }
  }

  private ignore() {
    this.changed = false;
  }

  private resultOf(index: number): ItemResult {
    return this.results[index]!;
  }

  private setResult(index: number, result: ItemResult) {
    if (!this.resultsCopied) {
      this.results = this.results.slice();
      this.resultsCopied = true;
    }
    this.results[index] = result;
  }

  private setStatus(next: RunStatus) {
    if (this.s.status === 'running') this.s.activeMs += this.now - this.s.runningSince;
    if (next === 'running') this.s.runningSince = this.now;
    this.s.status = next;
  }

  private start() {
    if (this.s.status !== 'idle') {
      this.ignore();
      return;
    }
    if (this.results.length === 0) {
      this.setStatus('finished');
      return;
    }
    this.setStatus('running');
    this.pump();
  }

  private pause() {
    // Paused by an outage, a pause of one's own stops the probing: it waits for "Continuar".
    const outage = this.s.status === 'paused' && this.s.pauseReason === 'outage';
    if (this.s.status !== 'running' && !outage) {
      this.ignore();
      return;
    }
    if (outage) this.stopProbing();
    this.s.pauseReason = 'user';
    if (!outage) this.setStatus('paused');
  }

  private resume() {
    if (this.s.status !== 'paused') {
      this.ignore();
      return;
    }
    if (this.s.pauseReason === 'outage') this.stopProbing();
    if (this.s.pauseReason === 'unauthorized') this.s.session++;
    this.s.pauseReason = null;
    this.setStatus('running');
    this.pump();
    this.failHeldIfStalled();
  }

  private cancel() {
    const { status } = this.s;
    if (status === 'cancelling' || status === 'cancelled' || status === 'finished') {
      this.ignore();
      return;
    }
    this.stopTimers();
    for (let index = 0; index < this.results.length; index++) {
      if (this.resultOf(index).state === 'pending' && !this.inFlight.has(index)) this.giveUp(index);
    }
    this.requeued.length = 0;
    this.due.length = 0;
    this.held.clear();
    this.s.streak = 0;
    this.streakTries.clear();
    this.s.nextUntouched = this.results.length;
    this.s.pauseReason = null;
    this.setStatus(this.inFlight.size > 0 ? 'cancelling' : 'cancelled');
  }

  private take(): number | undefined {
    const requeued = this.requeued.pop();
    if (requeued !== undefined) return requeued;
    const due = this.due.shift();
    if (due !== undefined) return due;
    return this.s.nextUntouched < this.results.length ? this.s.nextUntouched++ : undefined;
  }

  private pump() {
    const { s } = this;
    while (
      s.status === 'running' &&
      s.holdUntil === null &&
      this.inFlight.size < this.config.concurrency
    ) {
      const index = this.take();
      if (index === undefined) return;
      this.inFlight.add(index);
      this.effects.push({ type: 'send', index, session: s.session });
    }
  }

  /** A send came back, with `failure` unless it succeeded. */
  private settle(index: number, session: number, failure: { error: unknown } | undefined) {
    this.inFlight.delete(index);
    const attempts = this.resultOf(index).attempts + 1;
    let askForSignIn = false;
    if (failure === undefined) {
      this.setResult(index, { state: 'succeeded', attempts });
      this.s.succeeded++;
      this.serverAnswered();
    } else if (
      isOutageFailure(failure.error) &&
      this.s.status !== 'cancelling' &&
      this.s.pauseReason === 'outage'
    ) {
      // Met the outage already known: the try does not count, and the item goes again later.
      this.setResult(index, { state: 'pending', attempts: attempts - 1, error: failure.error });
      this.requeued.push(index);
    } else {
      askForSignIn = this.failed(index, session, attempts, failure.error);
    }

    if (this.s.streak >= this.config.outageThreshold && this.s.status === 'running') {
      this.enterOutage();
    }
    if (this.s.status === 'cancelling') {
      if (this.inFlight.size === 0) this.setStatus('cancelled');
    } else {
      this.pump();
      this.failHeldIfStalled();
    }
    if (askForSignIn) this.effects.push({ type: 'askSignIn' });
  }

  /** A try failed (not against a known outage); true when the sign-in is to be asked for. */
  private failed(index: number, session: number, attempts: number, error: unknown): boolean {
    const { s } = this;
    const verdict = classify(error);
    const outage = isOutageFailure(error) && s.status !== 'cancelling';
    if (outage) {
      s.streak++;
      this.streakTries.set(index, (this.streakTries.get(index) ?? 0) + 1);
    } else if (verdict !== 'unauthorized') {
      this.serverAnswered();
    }
    if (verdict === 'unauthorized') return this.unauthorized(index, session);
    if (verdict === 'retry' && s.status !== 'cancelling') {
      // Even when this item has no try left, the others are asked to wait.
      const retryAfterMs = error instanceof ApiError ? error.retryAfterMs : undefined;
      if (retryAfterMs !== undefined) this.holdSends(retryAfterMs);
      if (attempts < this.config.maxAttempts) {
        this.setResult(index, { state: 'pending', attempts, error });
        if (retryAfterMs !== undefined) this.due.push(index);
        else {
          this.waiting.add(index);
          this.effects.push({ type: 'backoff', index, attempts });
        }
      } else if (outage) {
        this.setResult(index, { state: 'pending', attempts, error });
        this.held.add(index);
      } else {
        this.fail(index, { state: 'failed', attempts, error });
      }
    } else {
      this.fail(index, { state: 'failed', attempts, error });
    }
    return false;
  }

  private unauthorized(index: number, session: number): boolean {
    const { s } = this;
    if (s.status === 'cancelling') {
      this.giveUp(index);
      return false;
    }
    this.requeued.push(index);
    // Sent before the last sign-in, with the token it replaced: the new one deserves a try.
    if (session < s.session) return false;
    const ask = s.pauseReason !== 'unauthorized';
    if (s.pauseReason === 'outage') this.stopProbing();
    // A user's pause becomes a sign-in pause too: resuming without a new token would fail.
    s.pauseReason = 'unauthorized';
    if (s.status === 'running') this.setStatus('paused');
    return ask;
  }

  private fail(index: number, result: ItemResult) {
    this.setResult(index, result);
    this.s.failed++;
  }

  /** Only items out of tries are left, and too few failures for an outage: they failed. */
  private failHeldIfStalled() {
    const { s } = this;
    if (s.status === 'running' && this.held.size > 0 && this.nothingLeftToSend()) this.failHeld();
    const over = s.succeeded + s.failed === this.results.length;
    if ((s.status === 'running' || s.status === 'paused') && over) this.finish();
  }

  private nothingLeftToSend() {
    return (
      this.inFlight.size === 0 &&
      this.requeued.length === 0 &&
      this.due.length === 0 &&
      this.s.nextUntouched >= this.results.length &&
      this.waiting.size === 0
    );
  }

  private failHeld() {
    for (const index of this.held) this.fail(index, { ...this.resultOf(index), state: 'failed' });
    this.held.clear();
  }

  /** An answer from the server (anything but no answer or a 5xx): it is up. */
  private serverAnswered() {
    this.s.streak = 0;
    this.streakTries.clear();
    this.failHeld();
    if (this.s.status === 'paused' && this.s.pauseReason === 'outage') this.endOutage();
  }

  /**
   * Failures in a row: the run pauses and asks the server's health. Only a probe that fails too
   * confirms an outage (see confirmOutage); one that answers at once means the rows themselves
   * fail, and the run goes on counting their tries, so a row the server always refuses still
   * ends as failed.
   */
  private enterOutage() {
    this.s.streak = 0;
    this.s.outageConfirmed = false;
    this.s.pauseReason = 'outage';
    this.setStatus('paused');
    this.scheduleProbe();
  }

  /** The server is down: every try the failures cost is given back, and the items go first. */
  private confirmOutage() {
    if (this.s.outageConfirmed) return;
    this.s.outageConfirmed = true;
    for (const [index, tries] of this.streakTries) {
      const result = this.resultOf(index);
      if (result.state !== 'pending') continue;
      this.setResult(index, { ...result, attempts: Math.max(0, result.attempts - tries) });
      if (this.held.has(index)) this.requeued.push(index);
    }
    this.held.clear();
    this.streakTries.clear();
  }

  /** A probe came back: the server answered unless it failed with no answer or a 5xx. */
  private probed(failure: { error: unknown } | undefined) {
    if (failure === undefined || !isOutageFailure(failure.error)) {
      this.endOutage();
      return;
    }
    this.confirmOutage();
    this.scheduleProbe();
  }

  private scheduleProbe() {
    const delayMs = this.config.probeIntervalMs;
    this.s.probeAt = this.now + delayMs;
    this.effects.push({ type: 'scheduleProbe', round: this.s.probeRound, delayMs });
  }

  private stopProbing() {
    this.s.probeRound++;
    this.s.probeAt = null;
    this.effects.push({ type: 'stopProbe' });
  }

  private endOutage() {
    if (this.s.status !== 'paused' || this.s.pauseReason !== 'outage') return;
    this.stopProbing();
    // Not confirmed: the server was up all along, so the rows out of tries did fail.
    if (!this.s.outageConfirmed) this.failHeld();
    this.streakTries.clear();
    this.s.pauseReason = null;
    this.setStatus('running');
    this.pump();
    this.failHeldIfStalled();
  }

  /** The server asked the client as a whole to slow down, not one item: every send waits. */
  private holdSends(retryAfterMs: number) {
    const delayMs = Math.min(retryAfterMs, MAX_RETRY_AFTER_MS);
    const until = this.now + delayMs;
    const { holdUntil } = this.s;
    if (delayMs <= 0 || (holdUntil !== null && until <= holdUntil)) return;
    this.s.holdUntil = until;
    this.effects.push({ type: 'hold', delayMs });
  }

  /** What a queued item becomes when the run stops before it is sent again. */
  private giveUp(index: number) {
    const { attempts, error } = this.resultOf(index);
    if (error === undefined) {
      this.setResult(index, { state: 'not-sent', attempts });
      this.s.notSent++;
    } else {
      this.fail(index, { state: 'failed', attempts, error });
    }
  }

  private stopTimers() {
    this.stopProbing();
    this.waiting.clear();
    this.s.holdUntil = null;
    this.effects.push({ type: 'stopTimers' });
  }

  private finish() {
    this.stopTimers();
    this.s.pauseReason = null;
    this.setStatus('finished');
  }
}
