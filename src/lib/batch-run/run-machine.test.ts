import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import {
  initialRunState,
  MAX_RETRY_AFTER_MS,
  notAttemptedOf,
  remainingOf,
  transition,
  type RunConfig,
  type RunEvent,
  type RunState,
} from './run-machine';

const CONFIG: RunConfig = {
  concurrency: 2,
  maxAttempts: 3,
  outageThreshold: 3,
  probeIntervalMs: 5_000,
};

const httpError = (status: number, retryAfterMs?: number) =>
  new ApiError('http', `The server answered ${status}`, { status, retryAfterMs });
const offline = () => new ApiError('network', 'Could not reach the server');

/** Feeds `events` in order, one second apart from t=0; the last step's state and effects. */
function run(events: readonly RunEvent[], state: RunState = initialRunState(3), config = CONFIG) {
  let step = { state, effects: [] as ReturnType<typeof transition>['effects'] };
  events.forEach((event, index) => {
    step = transition(step.state, event, index * 1000, config);
  });
  return step;
}

const ok = (index: number, session = 0): RunEvent => ({ type: 'sent', index, session, ok: true });
const failed = (index: number, error: unknown, session = 0): RunEvent => ({
  type: 'sent',
  index,
  session,
  ok: false,
  error,
});

describe('transition', () => {
  it('starts by sending as many items as it may, in order', () => {
    const { state, effects } = run([{ type: 'start' }]);

    expect(state.status).toBe('running');
    expect(effects).toEqual([
      { type: 'send', index: 0, session: 0 },
      { type: 'send', index: 1, session: 0 },
    ]);
    expect([...state.inFlight]).toEqual([0, 1]);
  });

  it('pausing during a call sends nothing more, records the call, and resume sends the rest', () => {
    const paused = run([{ type: 'start' }, { type: 'pause' }, ok(0)]);

    expect(paused.state).toMatchObject({ status: 'paused', pauseReason: 'user', succeeded: 1 });
    expect(paused.effects).toEqual([]);
    expect([...paused.state.inFlight]).toEqual([1]);

    const resumed = run([{ type: 'resume' }], paused.state);
    expect(resumed.state).toMatchObject({ status: 'running', pauseReason: null });
    expect(resumed.effects).toEqual([{ type: 'send', index: 2, session: 0 }]);
  });

  it('a transient failure waits a backoff, then the item is sent again before the untouched', () => {
    const error = httpError(503);
    const afterFailure = run([{ type: 'start' }, failed(0, error)]);

    expect(afterFailure.state.results[0]).toEqual({ state: 'pending', attempts: 1, error });
    expect(afterFailure.effects).toEqual([
      { type: 'backoff', index: 0, attempts: 1 },
      { type: 'send', index: 2, session: 0 },
    ]);

    const retried = run([ok(1), { type: 'backoffOver', index: 0 }], afterFailure.state);
    expect(retried.effects).toEqual([{ type: 'send', index: 0, session: 0 }]);
    const done = run([ok(0), ok(2)], retried.state);
    expect(done.state.status).toBe('finished');
    expect(done.state.results[0]).toEqual({ state: 'succeeded', attempts: 2 });
  });

  it('fails an item for good once its tries are spent, or at once when the answer is final', () => {
    const error = httpError(429);
    const spent = run(
      [
        { type: 'start' },
        failed(0, error),
        { type: 'backoffOver', index: 0 },
        failed(0, error),
        { type: 'backoffOver', index: 0 },
        failed(0, error),
        failed(1, httpError(400)),
      ],
      initialRunState(2),
      { ...CONFIG, outageThreshold: Number.POSITIVE_INFINITY },
    );

    expect(spent.state).toMatchObject({ status: 'finished', failed: 2 });
    expect(spent.state.results[0]).toEqual({ state: 'failed', attempts: 3, error });
  });

  it('a Retry-After holds every send until it is over, at most MAX_RETRY_AFTER_MS', () => {
    const held = run([{ type: 'start' }, failed(0, httpError(429, 10 * MAX_RETRY_AFTER_MS))]);

    expect(held.state.holdUntil).toBe(1000 + MAX_RETRY_AFTER_MS);
    expect(held.effects).toEqual([{ type: 'hold', delayMs: MAX_RETRY_AFTER_MS }]);

    const over = run([{ type: 'holdOver' }], held.state);
    expect(over.effects).toEqual([{ type: 'send', index: 0, session: 0 }]);
  });

  it('a 401 pauses, asks for the sign-in once, and on resume re-sends under the new session', () => {
    const refused = run([{ type: 'start' }, failed(0, httpError(401)), failed(1, httpError(401))]);

    expect(refused.state).toMatchObject({ status: 'paused', pauseReason: 'unauthorized' });
    expect(refused.effects).toEqual([]);
    expect(run([{ type: 'start' }, failed(0, httpError(401))]).effects).toEqual([
      { type: 'askSignIn' },
    ]);

    const resumed = run([{ type: 'resume' }], refused.state);
    expect(resumed.effects).toEqual([
      { type: 'send', index: 1, session: 1 },
      { type: 'send', index: 0, session: 1 },
    ]);
    expect(resumed.state.results[0]).toEqual({ state: 'pending', attempts: 0 });
  });

  it('cancelling lets calls in flight finish; the untouched are not sent, a retried one failed', () => {
    const error = httpError(503);
    const cancelling = run(
      [{ type: 'start' }, failed(0, error), { type: 'cancel' }],
      initialRunState(4),
    );

    expect(cancelling.state).toMatchObject({ status: 'cancelling', failed: 1, notSent: 1 });
    expect(cancelling.effects).toContainEqual({ type: 'stopTimers' });
    expect(cancelling.state.results[0]).toEqual({ state: 'failed', attempts: 1, error });

    const cancelled = run([ok(1), ok(2)], cancelling.state);
    expect(cancelled.state).toMatchObject({ status: 'cancelled', succeeded: 2 });
    expect(cancelled.effects).toEqual([]);
    expect(cancelled.state.results.map((result) => result.state)).toEqual([
      'failed',
      'succeeded',
      'succeeded',
      'not-sent',
    ]);
  });

  it('counts as not attempted only what the server has done nothing for', () => {
    const start = initialRunState(6);
    expect(notAttemptedOf(start)).toBe(6);
    // Two in flight are attempted; a 401 leaves its item untried; a 503 makes it attempted.
    const sending = run([{ type: 'start' }], start);
    expect(notAttemptedOf(sending.state)).toBe(4);
    const answered = run([ok(0), failed(1, httpError(503)), { type: 'pause' }], sending.state);
    expect(answered.state).toMatchObject({ status: 'paused', succeeded: 1 });
    expect([...answered.state.inFlight]).toEqual([2, 3]);
    expect(notAttemptedOf(answered.state)).toBe(2);
    const refused = run([failed(2, httpError(401)), ok(3)], answered.state);
    expect(notAttemptedOf(refused.state)).toBe(3);
    // The one waiting for its retry is neither settled nor untried.
    expect(remainingOf(refused.state) - notAttemptedOf(refused.state)).toBe(1);
    // A cancel settles the untried as not sent: still counted, nothing pending left.
    const cancelled = run([{ type: 'cancel' }], refused.state);
    expect(cancelled.state).toMatchObject({ status: 'cancelled', notSent: 3, failed: 1 });
    expect(notAttemptedOf(cancelled.state)).toBe(3);
  });

  it('ends when every item is settled, and then takes no more events', () => {
    const finished = run([{ type: 'start' }, ok(0), ok(1), ok(2)]);

    expect(finished.state).toMatchObject({ status: 'finished', succeeded: 3, pauseReason: null });
    for (const event of [{ type: 'start' }, { type: 'pause' }, { type: 'cancel' }] as const) {
      expect(transition(finished.state, event, 9000, CONFIG).state).toBe(finished.state);
    }
  });

  it('an empty run ends at once', () => {
    expect(run([{ type: 'start' }], initialRunState(0)).state.status).toBe('finished');
  });

  it('pauses for an outage after failures in a row, and gives their tries back once a probe fails', () => {
    const down = run(
      [{ type: 'start' }, failed(0, offline()), failed(1, offline()), failed(2, offline())],
      initialRunState(3),
      { ...CONFIG, concurrency: 3 },
    );

    expect(down.state).toMatchObject({ status: 'paused', pauseReason: 'outage', probeAt: 8000 });
    expect(down.effects).toContainEqual({ type: 'scheduleProbe', round: 0, delayMs: 5_000 });

    const confirmed = run(
      [
        { type: 'probeDue', round: 0 },
        { type: 'probed', round: 0, ok: false, error: offline() },
      ],
      down.state,
    );
    expect(confirmed.state.results.map((result) => result.attempts)).toEqual([0, 0, 0]);
    expect(confirmed.state.pauseReason).toBe('outage');

    const back = run([{ type: 'probed', round: 0, ok: true }], confirmed.state);
    expect(back.state).toMatchObject({ status: 'running', pauseReason: null });
    expect(back.effects[0]).toEqual({ type: 'stopProbe' });
  });

  it("ignores what no longer applies: a stale probe's answer, a backoff already over", () => {
    const state = run([{ type: 'start' }]).state;

    expect(transition(state, { type: 'probed', round: 7, ok: true }, 0, CONFIG).state).toBe(state);
    expect(transition(state, { type: 'backoffOver', index: 2 }, 0, CONFIG).state).toBe(state);
    expect(transition(state, ok(2), 0, CONFIG).state).toBe(state);
  });

  it('never changes a state it was given', () => {
    const before = run([{ type: 'start' }]).state;
    const results = before.results;

    run([ok(0), failed(1, httpError(503)), { type: 'cancel' }], before);

    expect(before.results).toBe(results);
    expect(before.results.map((result) => result.state)).toEqual(['pending', 'pending', 'pending']);
    expect([...before.inFlight]).toEqual([0, 1]);
  });
});
