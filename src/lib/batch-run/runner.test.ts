import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { isOutageFailure, MAX_RETRY_AFTER_MS } from './run-machine';
import { createRunner, PROBE_INTERVAL_MS, type RunnerOptions } from './runner';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const T0 = Date.parse('2026-03-01T12:00:00Z');

const httpError = (status: number, retryAfterMs?: number) =>
  new ApiError('http', `The server answered ${status}`, { status, retryAfterMs });

/** What the fake API answers for one call: undefined for success, or the error to throw. */
type Script = (item: number, call: number) => Error | undefined;

/**
 * A fake API that answers each call after `latencyMs` (per item when a function) as `script`
 * says, counting the calls per item and the most calls in flight at once.
 */
function fakeApi(
  script: Script = () => undefined,
  latencyMs: number | ((item: number) => number) = 100,
) {
  const calls: number[] = [];
  const callsPerItem = new Map<number, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  const send = vi.fn((item: number) => {
    const call = (callsPerItem.get(item) ?? 0) + 1;
    callsPerItem.set(item, call);
    calls.push(item);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const latency = typeof latencyMs === 'function' ? latencyMs(item) : latencyMs;
    return new Promise<void>((resolve, reject) =>
      setTimeout(() => {
        inFlight--;
        const error = script(item, call);
        if (error === undefined) resolve();
        else reject(error);
      }, latency),
    );
  });
  return {
    send,
    calls,
    callsOf: (item: number) => callsPerItem.get(item) ?? 0,
    get maxInFlight() {
      return maxInFlight;
    },
  };
}

const range = (n: number) => Array.from({ length: n }, (_, index) => index);

function runner(
  items: number[],
  send: (item: number) => Promise<unknown>,
  options: Partial<RunnerOptions<number>> = {},
) {
  // Outage pauses are off unless a test asks: the other tests look at one mechanism at a time.
  return createRunner({
    items,
    send,
    random: () => 1,
    outageThreshold: Number.POSITIVE_INFINITY,
    ...options,
  });
}

describe('concurrency', () => {
  it.each([
    [1, 1],
    [3, 3],
    [undefined, 4],
  ])(
    'with concurrency %s keeps at most %i calls in flight, and reaches it',
    async (concurrency, expected) => {
      const api = fakeApi(undefined, (item) => 50 + ((item * 37) % 100));
      const run = runner(range(30), api.send, { concurrency });
      let maxSeen = 0;
      run.subscribe(() => (maxSeen = Math.max(maxSeen, run.getSnapshot().inFlight)));

      run.start();
      await vi.runAllTimersAsync();

      expect(api.maxInFlight).toBe(expected);
      expect(maxSeen).toBeLessThanOrEqual(expected);
      expect(run.getSnapshot()).toMatchObject({ status: 'finished', succeeded: 30, remaining: 0 });
      expect(range(30).map(api.callsOf)).toEqual(range(30).map(() => 1));
    },
  );

  it('sends the items in order', async () => {
    const api = fakeApi();
    const run = runner(range(10), api.send, { concurrency: 2 });

    run.start();
    await vi.runAllTimersAsync();

    expect(api.calls).toEqual(range(10));
  });
});

describe('retries', () => {
  it('backs off exponentially with jitter on a 503, then succeeds', async () => {
    const api = fakeApi((item, call) => (item === 0 && call <= 2 ? httpError(503) : undefined));
    const run = runner([0], api.send, { random: () => 0.5 });

    run.start();
    await vi.advanceTimersByTimeAsync(100); // the first call fails
    expect(run.getSnapshot().results[0]).toMatchObject({ state: 'pending', attempts: 1 });
    await vi.advanceTimersByTimeAsync(249); // 0.5 × 500
    expect(api.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(100 + 499); // fails again; waits 0.5 × 1000
    expect(api.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(100);

    expect(run.getSnapshot()).toMatchObject({ status: 'finished', succeeded: 1, failed: 0 });
    expect(run.getSnapshot().results[0]).toEqual({ state: 'succeeded', attempts: 3 });
  });

  it('caps the wait at maxMs', async () => {
    const sentAt: number[] = [];
    const run = runner(
      [0],
      () => {
        sentAt.push(Date.now() - T0);
        return Promise.reject(httpError(500));
      },
      { backoff: { baseMs: 100, maxMs: 300 }, maxAttempts: 5 },
    );

    run.start();
    await vi.runAllTimersAsync();

    expect(sentAt).toEqual([0, 100, 300, 600, 900]);
  });

  it.each([
    ['a network error', new ApiError('network', 'Could not reach the server')],
    ['a timeout', new ApiError('timeout', 'The server did not answer within 15 s')],
    ['a 429', httpError(429)],
    ['a 500', httpError(500)],
    ['a 502', httpError(502)],
  ])('tries again after %s', async (_name, error) => {
    const api = fakeApi((_item, call) => (call === 1 ? error : undefined));
    const run = runner([0], api.send);

    run.start();
    await vi.runAllTimersAsync();

    expect(api.calls).toHaveLength(2);
    expect(run.getSnapshot().results[0]).toEqual({ state: 'succeeded', attempts: 2 });
  });

  it.each([
    ['a 400', httpError(400)],
    ['a 404', httpError(404)],
    ['a 409', httpError(409)],
    ['a contract error', new ApiError('contract', 'The request did not match the API contract')],
    ['an abort', new ApiError('aborted', 'The request was cancelled')],
    ['something that is not an ApiError', new TypeError('x is not a function')],
  ])('fails the item at once, never retried, on %s', async (_name, error) => {
    const api = fakeApi(() => error);
    const run = runner([0, 1], api.send);

    run.start();
    await vi.runAllTimersAsync();

    expect(api.calls).toEqual([0, 1]);
    expect(run.getSnapshot()).toMatchObject({ status: 'finished', failed: 2, remaining: 0 });
    expect(run.getSnapshot().results[0]).toEqual({ state: 'failed', attempts: 1, error });
  });

  it('fails an item when send throws instead of rejecting', async () => {
    const error = new Error('boom');
    const run = runner([0], () => {
      throw error;
    });

    run.start();
    await vi.runAllTimersAsync();

    expect(run.getSnapshot().results[0]).toEqual({ state: 'failed', attempts: 1, error });
  });

  it('gives up after maxAttempts tries in all, with the last error', async () => {
    const errors = range(3).map(() => httpError(503));
    const api = fakeApi((_item, call) => errors[call - 1]);
    const run = runner([0, 1], api.send, { maxAttempts: 3 });

    run.start();
    await vi.runAllTimersAsync();

    expect(api.callsOf(0)).toBe(3);
    expect(run.getSnapshot()).toMatchObject({ status: 'finished', failed: 2, succeeded: 0 });
    expect(run.getSnapshot().results[0]).toEqual({
      state: 'failed',
      attempts: 3,
      error: errors[2],
    });
  });

  it('tries 5 times by default', async () => {
    const api = fakeApi(() => httpError(503));
    const run = runner([0], api.send);

    run.start();
    await vi.runAllTimersAsync();

    expect(api.calls).toHaveLength(5);
  });
});

describe('Retry-After', () => {
  it('holds every send, not only the retried item, until it elapses', async () => {
    const api = fakeApi((item, call) =>
      item === 0 && call === 1 ? httpError(429, 5000) : undefined,
    );
    const run = runner(range(4), api.send, { concurrency: 2 });

    run.start();
    await vi.advanceTimersByTimeAsync(100); // item 0: 429, item 1: success, both at t=100
    expect(run.getSnapshot()).toMatchObject({ holdUntil: T0 + 5100, succeeded: 1, inFlight: 0 });

    await vi.advanceTimersByTimeAsync(4999);
    expect(api.calls).toEqual([0, 1]);

    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls).toEqual([0, 1, 0, 2]);
    expect(run.getSnapshot().holdUntil).toBeNull();

    await vi.runAllTimersAsync();
    expect(run.getSnapshot()).toMatchObject({ status: 'finished', succeeded: 4 });
    expect(run.getSnapshot().results[0]).toEqual({ state: 'succeeded', attempts: 2 });
  });

  it('replaces the backoff: the wait is the one the server asked for', async () => {
    const api = fakeApi((_item, call) => (call === 1 ? httpError(503, 40_000) : undefined));
    const run = runner([0], api.send, { backoff: { baseMs: 10, maxMs: 10 } });

    run.start();
    await vi.advanceTimersByTimeAsync(100 + 39_999);
    expect(api.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls).toHaveLength(2);
  });

  it(`caps a Retry-After at ${MAX_RETRY_AFTER_MS} ms`, async () => {
    const api = fakeApi((_item, call) => (call === 1 ? httpError(503, 86_400_000) : undefined));
    const run = runner([0], api.send);

    run.start();
    await vi.advanceTimersByTimeAsync(100);

    expect(run.getSnapshot().holdUntil).toBe(T0 + 100 + MAX_RETRY_AFTER_MS);
  });

  it('extends a hold, never shortens it', async () => {
    const api = fakeApi(
      (item, call) => (call === 1 ? httpError(503, item === 0 ? 9000 : 3000) : undefined),
      (item) => (item === 0 ? 100 : 200),
    );
    const run = runner([0, 1], api.send);

    run.start();
    await vi.advanceTimersByTimeAsync(200);

    expect(run.getSnapshot().holdUntil).toBe(T0 + 9100);
  });

  it('still holds the others when the item that got it has no try left', async () => {
    const api = fakeApi((item) => (item === 0 ? httpError(429, 2000) : undefined));
    const run = runner(range(3), api.send, { concurrency: 1, maxAttempts: 1 });

    run.start();
    await vi.advanceTimersByTimeAsync(100);

    expect(run.getSnapshot().results[0]).toMatchObject({ state: 'failed', attempts: 1 });
    expect(run.getSnapshot().holdUntil).toBe(T0 + 2100);
    await vi.advanceTimersByTimeAsync(1999);
    expect(api.calls).toEqual([0]);
  });
});

describe('pause and resume', () => {
  it('stops new sends, lets the calls in flight finish and records them, then goes on', async () => {
    const api = fakeApi();
    const run = runner(range(6), api.send, { concurrency: 2 });

    run.start();
    await vi.advanceTimersByTimeAsync(50);
    run.pause();
    expect(run.getSnapshot()).toMatchObject({ status: 'paused', pauseReason: 'user', inFlight: 2 });

    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.calls).toEqual([0, 1]);
    expect(run.getSnapshot()).toMatchObject({ status: 'paused', succeeded: 2, inFlight: 0 });

    run.resume();
    expect(run.getSnapshot()).toMatchObject({ status: 'running', pauseReason: null, inFlight: 2 });
    await vi.runAllTimersAsync();
    expect(run.getSnapshot()).toMatchObject({ status: 'finished', succeeded: 6 });
    expect(api.calls).toEqual(range(6));
  });

  it('keeps an item waiting for its backoff queued, and sends it on resume', async () => {
    const api = fakeApi((_item, call) => (call === 1 ? httpError(503) : undefined));
    const run = runner([0], api.send);

    run.start();
    await vi.advanceTimersByTimeAsync(150); // failed at t=100, waits 500
    run.pause();
    await vi.advanceTimersByTimeAsync(5000);
    expect(api.calls).toHaveLength(1);

    run.resume();
    expect(api.calls).toHaveLength(2);
    await vi.runAllTimersAsync();
    expect(run.getSnapshot().status).toBe('finished');
  });

  it('finishes while paused when the last call in flight settles', async () => {
    const api = fakeApi();
    const run = runner([0], api.send);

    run.start();
    run.pause();
    await vi.runAllTimersAsync();

    expect(run.getSnapshot()).toMatchObject({ status: 'finished', pauseReason: null });
  });
});

describe('cancel', () => {
  it('lets the calls in flight finish and marks everything else not sent', async () => {
    const api = fakeApi();
    const run = runner(range(6), api.send, { concurrency: 2 });

    run.start();
    await vi.advanceTimersByTimeAsync(50);
    run.cancel();
    expect(run.getSnapshot()).toMatchObject({
      status: 'cancelling',
      inFlight: 2,
      notSent: 4,
      remaining: 2,
    });

    await vi.runAllTimersAsync();
    const snapshot = run.getSnapshot();
    expect(snapshot).toMatchObject({ status: 'cancelled', succeeded: 2, notSent: 4, remaining: 0 });
    expect(snapshot.results.map((result) => result.state)).toEqual([
      'succeeded',
      'succeeded',
      'not-sent',
      'not-sent',
      'not-sent',
      'not-sent',
    ]);
    expect(api.calls).toEqual([0, 1]);
  });

  it('records what comes out while cancelling: a transient failure is failed, a 401 not sent', async () => {
    const errors = [httpError(400), httpError(503), new ApiError('timeout', 't'), httpError(401)];
    const api = fakeApi((item) => errors[item]);
    const run = runner(range(5), api.send);

    run.start();
    run.cancel();
    await vi.runAllTimersAsync();

    expect(run.getSnapshot().results).toEqual([
      { state: 'failed', attempts: 1, error: errors[0] },
      { state: 'failed', attempts: 1, error: errors[1] },
      { state: 'failed', attempts: 1, error: errors[2] },
      { state: 'not-sent', attempts: 0 },
      { state: 'not-sent', attempts: 0 },
    ]);
    expect(run.getSnapshot()).toMatchObject({ status: 'cancelled', failed: 3, notSent: 2 });
  });

  it('fails an item waiting for a retry with its last error, as that try may have landed', async () => {
    const error = new ApiError('timeout', 't');
    const api = fakeApi(() => error);
    const run = runner([0, 1], api.send, { concurrency: 1 });

    run.start();
    await vi.advanceTimersByTimeAsync(150); // item 0 waits for a retry, item 1 in flight
    run.cancel();
    await vi.runAllTimersAsync();

    expect(run.getSnapshot().results).toEqual([
      { state: 'failed', attempts: 1, error },
      { state: 'failed', attempts: 1, error },
    ]);
    expect(api.calls).toEqual([0, 1]);
  });

  it('cancels at once when nothing is in flight, also while paused or before the start', async () => {
    const api = fakeApi();
    const paused = runner(range(3), api.send, { concurrency: 1 });
    paused.start();
    paused.pause();
    await vi.runAllTimersAsync();
    paused.cancel();
    const idle = runner(range(3), api.send);
    idle.cancel();

    expect(paused.getSnapshot()).toMatchObject({ status: 'cancelled', succeeded: 1, notSent: 2 });
    expect(idle.getSnapshot()).toMatchObject({ status: 'cancelled', notSent: 3 });
    idle.start();
    expect(idle.getSnapshot().status).toBe('cancelled');
  });

  it('drops a Retry-After hold and pending retry timers', async () => {
    const api = fakeApi(() => httpError(503, 60_000));
    const run = runner([0], api.send);

    run.start();
    await vi.advanceTimersByTimeAsync(100);
    run.cancel();

    expect(run.getSnapshot()).toMatchObject({ status: 'cancelled', holdUntil: null, failed: 1 });
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('401', () => {
  it('pauses, asks for sign-in once, and on resume re-sends only what was refused', async () => {
    const onUnauthorized = vi.fn();
    // Items 1 and 2 are refused on their first call; item 0 and 3 succeed while that happens.
    const api = fakeApi(
      (item, call) => ((item === 1 || item === 2) && call === 1 ? httpError(401) : undefined),
      (item) => [300, 100, 200, 250][item] ?? 100,
    );
    const run = runner(range(8), api.send, { concurrency: 4, onUnauthorized });

    run.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(run.getSnapshot()).toMatchObject({ status: 'paused', pauseReason: 'unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledOnce();

    await vi.advanceTimersByTimeAsync(10_000);
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(api.calls).toEqual([0, 1, 2, 3]);
    expect(run.getSnapshot()).toMatchObject({ succeeded: 2, inFlight: 0, remaining: 6 });
    expect(run.getSnapshot().results[1]).toEqual({ state: 'pending', attempts: 0 });

    run.resume();
    await vi.runAllTimersAsync();

    expect(run.getSnapshot()).toMatchObject({ status: 'finished', succeeded: 8 });
    expect(range(8).map(api.callsOf)).toEqual([1, 2, 2, 1, 1, 1, 1, 1]);
    expect(run.getSnapshot().results[1]).toEqual({ state: 'succeeded', attempts: 1 });
  });

  it('no double send after 401: an item that succeeded is never sent again', async () => {
    let signedIn = true;
    const succeeded = new Set<number>();
    const sentAfterSuccess: number[] = [];
    let sends = 0;
    let successesWhilePaused = 0;
    const run = runner(
      range(50),
      (item) => {
        sends++;
        if (succeeded.has(item)) sentAfterSuccess.push(item);
        // The token is judged as the request arrives: calls sent before it expired still
        // succeed, after the run has paused on another call's 401.
        const authorised = signedIn;
        return new Promise((resolve, reject) =>
          setTimeout(
            () => {
              if (!authorised) {
                reject(httpError(401));
                return;
              }
              if (run.getSnapshot().status === 'paused') successesWhilePaused++;
              succeeded.add(item);
              resolve(undefined);
            },
            10 + (item % 7) * 5,
          ),
        );
      },
      {
        concurrency: 5,
        // A new token arrives a while after each sign-in gate.
        onUnauthorized: () =>
          setTimeout(() => {
            signedIn = true;
            run.resume();
          }, 1000),
      },
    );
    // The token expires twice during the run, with calls in flight each time.
    setTimeout(() => (signedIn = false), 40);
    setTimeout(() => (signedIn = false), 1100);

    run.start();
    await vi.runAllTimersAsync();

    expect(run.getSnapshot()).toMatchObject({ status: 'finished', succeeded: 50 });
    expect(sentAfterSuccess).toEqual([]);
    expect(successesWhilePaused).toBeGreaterThan(0);
    expect(sends).toBeGreaterThan(50);
  });

  it('does not pause again for a 401 to a call sent before the last sign-in', async () => {
    const onUnauthorized = vi.fn();
    // Both first calls go out with the old token; the slow one is refused after the resume.
    const api = fakeApi(
      (_item, call) => (call === 1 ? httpError(401) : undefined),
      (item) => (item === 0 ? 100 : 1000),
    );
    const run = runner([0, 1], api.send, { onUnauthorized });

    run.start();
    await vi.advanceTimersByTimeAsync(100);
    run.resume();
    await vi.advanceTimersByTimeAsync(900);
    expect(run.getSnapshot()).toMatchObject({ status: 'running', pauseReason: null });
    await vi.runAllTimersAsync();

    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(run.getSnapshot()).toMatchObject({ status: 'finished', succeeded: 2 });
    expect(api.calls).toEqual([0, 1, 0, 1]);
  });

  it('asks again on a later pause, once per pause', async () => {
    const onUnauthorized = vi.fn();
    const api = fakeApi((item, call) =>
      (item === 0 || item === 1) && call === 1 ? httpError(401) : undefined,
    );
    const run = runner(range(3), api.send, { concurrency: 1, onUnauthorized });

    run.start();
    await vi.runAllTimersAsync();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    run.resume(); // item 0 passes, then item 1 is refused
    await vi.runAllTimersAsync();
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
    run.resume();
    await vi.runAllTimersAsync();

    expect(run.getSnapshot()).toMatchObject({ status: 'finished', succeeded: 3 });
  });

  it("turns a user's pause into a sign-in pause", async () => {
    const onUnauthorized = vi.fn();
    const api = fakeApi(() => httpError(401));
    const run = runner([0], api.send, { onUnauthorized });

    run.start();
    run.pause();
    await vi.runAllTimersAsync();

    expect(run.getSnapshot()).toMatchObject({ status: 'paused', pauseReason: 'unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('does not count the refused try towards maxAttempts', async () => {
    const api = fakeApi((_item, call) => (call === 1 ? httpError(401) : httpError(503)));
    const run = runner([0], api.send, { maxAttempts: 2 });

    run.start();
    await vi.runAllTimersAsync();
    run.resume();
    await vi.runAllTimersAsync();

    expect(api.calls).toHaveLength(3);
    expect(run.getSnapshot().results[0]).toMatchObject({ state: 'failed', attempts: 2 });
  });
});

describe('eta', () => {
  it('is null until a few items settle, then remaining / throughput over active time', async () => {
    const api = fakeApi();
    const run = runner(range(20), api.send, { concurrency: 1 });

    expect(run.getSnapshot().etaMs).toBeNull();
    run.start();
    await vi.advanceTimersByTimeAsync(400);
    expect(run.getSnapshot()).toMatchObject({ succeeded: 4, etaMs: null });

    await vi.advanceTimersByTimeAsync(100);
    expect(run.getSnapshot().etaMs).toBe(1500); // 15 left at 5 per 500 ms

    run.pause(); // t=500; item 5 still in flight settles while paused, at t=600
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run.getSnapshot().etaMs).toBe(Math.round((14 * 500) / 6));

    run.resume();
    await vi.runAllTimersAsync();
    expect(run.getSnapshot()).toMatchObject({ status: 'finished', etaMs: null });
  });
});

describe('snapshot and notifications', () => {
  it('returns the same snapshot until something changes, and never changes one handed out', async () => {
    const api = fakeApi();
    const run = runner(range(3), api.send);
    // Unbound, as useSyncExternalStore calls them.
    const { getSnapshot, subscribe } = run;
    subscribe(() => {});

    const idle = getSnapshot();
    expect(getSnapshot()).toBe(idle);
    run.start();
    const started = getSnapshot();
    expect(started).not.toBe(idle);
    expect(getSnapshot()).toBe(started);

    await vi.runAllTimersAsync();
    const finished = getSnapshot();
    expect(finished.results.every((result) => result.state === 'succeeded')).toBe(true);
    expect(started.results.every((result) => result.state === 'pending')).toBe(true);
    expect(idle).toMatchObject({ status: 'idle', remaining: 3, succeeded: 0 });
    run.start();
    run.pause();
    run.resume();
    run.cancel();
    expect(getSnapshot()).toBe(finished);
  });

  it('notifies once for a burst of settles in one macrotask', async () => {
    const run = runner(range(100), () => Promise.resolve(), { concurrency: 10 });
    const listener = vi.fn();
    const unsubscribe = run.subscribe(listener);

    run.start();
    await vi.advanceTimersByTimeAsync(0);

    expect(run.getSnapshot()).toMatchObject({ status: 'finished', succeeded: 100 });
    expect(listener).toHaveBeenCalledOnce();

    unsubscribe();
    run.cancel();
    await vi.advanceTimersByTimeAsync(0);
    expect(listener).toHaveBeenCalledOnce();
  });

  it('finishes an empty run at once', () => {
    const run = runner([], () => Promise.resolve());
    run.start();
    expect(run.getSnapshot()).toMatchObject({ status: 'finished', total: 0, remaining: 0 });
  });

  it('runs 10,000 items within the test timeout, with coalesced notifications', async () => {
    const api = fakeApi(
      (item, call) => (item % 100 === 0 && call === 1 ? httpError(503) : undefined),
      (item) => 20 + (item % 13),
    );
    const run = runner(range(10_000), api.send, { concurrency: 8 });
    let notifications = 0;
    run.subscribe(() => {
      notifications++;
      run.getSnapshot();
    });

    run.start();
    // runAllTimersAsync would stop at its 10,000-timer guard.
    await vi.advanceTimersByTimeAsync(60 * 60_000);

    expect(run.getSnapshot()).toMatchObject({ status: 'finished', succeeded: 10_000 });
    expect(api.calls).toHaveLength(10_100);
    expect(notifications).toBeLessThan(10_000);
    expect(api.maxInFlight).toBe(8);
  });
});

describe('outage', () => {
  const offline = () => new ApiError('network', 'Could not reach the server');

  /**
   * A server that goes down and comes back when the test says: every call (and probe) meets a
   * network error while it is down.
   */
  function flakyServer() {
    const server = { down: false };
    const api = fakeApi(() => (server.down ? offline() : undefined));
    const probe = vi.fn(() => (server.down ? Promise.reject(offline()) : Promise.resolve()));
    return { server, api, probe };
  }

  it.each([
    ['a network error', offline(), true],
    ['a timeout', new ApiError('timeout', 'No answer in time'), true],
    ['a 500', httpError(500), true],
    ['a 503', httpError(503), true],
    ['a 503 with Retry-After (the server is up and says when)', httpError(503, 1000), false],
    ['a 429', httpError(429), false],
    ['a 404', httpError(404), false],
    ['a bug', new Error('boom'), false],
  ])('counts %s as an outage: %s', (_name, error, expected) => {
    expect(isOutageFailure(error)).toBe(expected);
  });

  it('pauses after 3 failures in a row, probes every 5 s, goes on by itself, and fails no row', async () => {
    const { server, api, probe } = flakyServer();
    const run = runner(range(12), api.send, { concurrency: 1, outageThreshold: 3, probe });

    run.start();
    await vi.advanceTimersByTimeAsync(500); // items 0–4 succeed
    expect(run.getSnapshot()).toMatchObject({ succeeded: 5, status: 'running' });
    server.down = true;
    await vi.advanceTimersByTimeAsync(300); // items 5, 6 and 7 fail, one after the other

    const paused = run.getSnapshot();
    expect(paused).toMatchObject({
      status: 'paused',
      pauseReason: 'outage',
      failed: 0,
      probeAt: Date.now() + PROBE_INTERVAL_MS,
    });
    expect(paused.etaMs).not.toBeNull();
    expect(api.calls).toHaveLength(8);

    // Down for a while: the probes fail, nothing is sent, the estimate stands still.
    await vi.advanceTimersByTimeAsync(3 * PROBE_INTERVAL_MS);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(api.calls).toHaveLength(8);
    expect(run.getSnapshot()).toMatchObject({ status: 'paused', pauseReason: 'outage', failed: 0 });
    expect(run.getSnapshot().etaMs).toBe(paused.etaMs);
    // The outage is confirmed: the tries it cost are given back.
    expect(
      run
        .getSnapshot()
        .results.slice(5, 8)
        .map((result) => result.attempts),
    ).toEqual([0, 0, 0]);

    server.down = false;
    await vi.runAllTimersAsync();

    expect(probe).toHaveBeenCalledTimes(4);
    expect(run.getSnapshot()).toMatchObject({
      status: 'finished',
      succeeded: 12,
      failed: 0,
      pauseReason: null,
      probeAt: null,
    });
    expect(run.getSnapshot().results.map((result) => result.attempts)).toEqual(
      range(12).map(() => 1),
    );
  });

  it('never fails a row that runs out of tries while the server is down', async () => {
    const { server, api, probe } = flakyServer();
    server.down = true;
    // Two tries and a quick retry: item 0 fails twice (out of tries) before the third failure.
    const run = runner(range(4), api.send, {
      concurrency: 1,
      maxAttempts: 2,
      backoff: { baseMs: 10, maxMs: 10 },
      outageThreshold: 3,
      probe,
    });

    run.start();
    await vi.advanceTimersByTimeAsync(300);
    expect(api.calls).toEqual([0, 1, 0]);
    expect(run.getSnapshot()).toMatchObject({ status: 'paused', pauseReason: 'outage', failed: 0 });
    await vi.advanceTimersByTimeAsync(2 * PROBE_INTERVAL_MS);
    expect(run.getSnapshot().results[0]).toMatchObject({ state: 'pending', attempts: 0 });

    server.down = false;
    await vi.runAllTimersAsync();
    expect(run.getSnapshot()).toMatchObject({ status: 'finished', succeeded: 4, failed: 0 });
  });

  it('resumes at once when a call still in flight succeeds', async () => {
    let down = true;
    const probe = vi.fn(() => Promise.reject(offline()));
    // Item 3 is slow and reaches the server once it is back.
    const api = fakeApi(
      (item) => (down && item !== 3 ? offline() : undefined),
      (item) => (item === 3 ? 1_000 : 100),
    );
    const run = runner(range(6), api.send, { concurrency: 4, outageThreshold: 3, probe });

    run.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(run.getSnapshot()).toMatchObject({ status: 'paused', pauseReason: 'outage' });
    down = false;
    await vi.advanceTimersByTimeAsync(900);

    // Well before the first probe (PROBE_INTERVAL_MS): item 3's answer ended the pause.
    expect(run.getSnapshot().status).not.toBe('paused');
    await vi.runAllTimersAsync();
    expect(run.getSnapshot()).toMatchObject({ status: 'finished', succeeded: 6, failed: 0 });
    expect(probe).not.toHaveBeenCalled();
  });

  it('fails a row the server keeps refusing with a 500 while answering its health', async () => {
    const api = fakeApi((item) => (item === 1 ? httpError(500) : undefined));
    const probe = vi.fn(() => Promise.resolve());
    const run = runner(range(3), api.send, {
      concurrency: 1,
      maxAttempts: 5,
      outageThreshold: 3,
      probe,
    });

    run.start();
    await vi.runAllTimersAsync();

    expect(run.getSnapshot()).toMatchObject({ status: 'finished', succeeded: 2, failed: 1 });
    expect(run.getSnapshot().results[1]).toMatchObject({ state: 'failed', attempts: 5 });
    expect(api.callsOf(1)).toBe(5);
  });

  it('takes a 404 as the server answering: no pause', async () => {
    const api = fakeApi((item) => (item % 2 === 0 ? httpError(404) : offline()));
    const run = runner(range(6), api.send, { concurrency: 1, maxAttempts: 1, outageThreshold: 3 });

    run.start();
    await vi.runAllTimersAsync();

    expect(run.getSnapshot()).toMatchObject({ status: 'finished', failed: 6 });
  });

  it('a probe answered with a 404 (a platform without /health) ends the pause', async () => {
    let down = true;
    const api = fakeApi(() => (down ? offline() : undefined));
    const probe = vi.fn(() => {
      down = false;
      return Promise.reject(httpError(404));
    });
    const run = runner(range(3), api.send, { concurrency: 1, outageThreshold: 3, probe });

    run.start();
    await vi.runAllTimersAsync();

    expect(probe).toHaveBeenCalledOnce();
    expect(run.getSnapshot()).toMatchObject({ status: 'finished', succeeded: 3, failed: 0 });
  });

  it('"Continuar" tries at once; a pause of one\'s own stops the probing; cancel ends it', async () => {
    const { server, api, probe } = flakyServer();
    server.down = true;
    const run = runner(range(4), api.send, { concurrency: 1, outageThreshold: 3, probe });

    run.start();
    await vi.advanceTimersByTimeAsync(300);
    expect(run.getSnapshot()).toMatchObject({ pauseReason: 'outage' });

    run.pause();
    expect(run.getSnapshot()).toMatchObject({
      status: 'paused',
      pauseReason: 'user',
      probeAt: null,
    });
    await vi.advanceTimersByTimeAsync(3 * PROBE_INTERVAL_MS);
    expect(probe).not.toHaveBeenCalled();

    server.down = false;
    run.resume();
    await vi.runAllTimersAsync();
    expect(run.getSnapshot()).toMatchObject({ status: 'finished', succeeded: 4, failed: 0 });

    const again = flakyServer();
    again.server.down = true;
    const cancelled = runner(range(4), again.api.send, {
      concurrency: 1,
      outageThreshold: 3,
      probe: again.probe,
    });
    cancelled.start();
    await vi.advanceTimersByTimeAsync(300);
    cancelled.cancel();
    await vi.advanceTimersByTimeAsync(3 * PROBE_INTERVAL_MS);
    expect(again.probe).not.toHaveBeenCalled();
    expect(cancelled.getSnapshot()).toMatchObject({ status: 'cancelled', probeAt: null });
  });
});
