/**
 * The console's one retry policy (retryPolicy in src/api/client.ts, applied here to every query
 * and mutation): a Retry-After is honoured on every call, not only in the bulk runner (issue 33).
 * Reads and writes through the query client, failing as the API answers.
 */
import {
  MutationObserver,
  onlineManager,
  QueryObserver,
  type QueryObserverResult,
} from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { createQueryClient } from './query-client';

const answered = (status: number, retryAfterMs?: number) =>
  new ApiError('http', `The server answered ${status}`, { status, retryAfterMs });
const noAnswer = () => new ApiError('network', 'Could not reach the server');

/** A query function failing with `failures` in turn, then answering; when each call came. */
function failing(failures: ApiError[]) {
  const started = performance.now();
  const calls: number[] = [];
  return {
    calls,
    fn: () => {
      calls.push(performance.now() - started);
      const failure = failures[calls.length - 1];
      if (failure) throw failure;
      return Promise.resolve('done');
    },
  };
}

/** Watches a query as a component would, until `until` says its result will do. */
function watch(
  client: ReturnType<typeof createQueryClient>,
  queryFn: () => Promise<string>,
  until: (result: QueryObserverResult<string>) => boolean,
) {
  const observer = new QueryObserver(client, { queryKey: ['watched'], queryFn });
  return new Promise<{ result: QueryObserverResult<string>; stop: () => void }>((resolve) => {
    const stop = observer.subscribe((result) => {
      if (until(result)) resolve({ result, stop });
    });
  });
}

describe('retryPolicy through the query client', () => {
  it('sends a read again after the Retry-After of a 429, not after its own backoff', async () => {
    const client = createQueryClient(() => {});
    const query = failing([answered(429, 200)]);
    const { result, stop } = await watch(client, query.fn, (r) => r.isSuccess);
    stop();
    expect(result.data).toBe('done');
    // The backoff used when the server does not say waits 1 s before the first retry.
    expect(query.calls[1]).toBeGreaterThanOrEqual(190);
    expect(query.calls[1]).toBeLessThan(800);
  });

  it('fetches a read still on screen again once its Retry-After has passed, retries spent', async () => {
    const client = createQueryClient(() => {});
    // Six answers saying "busy, come back in 50 ms": the first and five retries.
    const query = failing(Array.from({ length: 6 }, () => answered(503, 50)));
    const failed = await watch(client, query.fn, (r) => r.isError);
    expect(query.calls).toHaveLength(6);
    failed.stop();
    const { result, stop } = await watch(client, query.fn, (r) => r.isSuccess);
    stop();
    expect(result.data).toBe('done');
  });

  it('sends a write again only when the server said when: it did nothing', async () => {
    const client = createQueryClient(() => {});
    const write = (failures: ApiError[]) => {
      const mutation = failing(failures);
      const observer = new MutationObserver(client, { mutationFn: mutation.fn });
      return observer.mutate().then(
        (data) => ({ data, calls: mutation.calls.length }),
        (error: unknown) => ({ error, calls: mutation.calls.length }),
      );
    };

    expect(await write([answered(503, 100)])).toEqual({ data: 'done', calls: 2 });
    expect(await write([answered(429, 100)])).toEqual({ data: 'done', calls: 2 });
    // No answer: it may have happened; a 503 that says nothing of when: the person decides.
    const lost = noAnswer();
    expect(await write([lost])).toEqual({ error: lost, calls: 1 });
    const failed = answered(503);
    expect(await write([failed])).toEqual({ error: failed, calls: 1 });
  });
});

describe('the online state (TanStack onlineManager)', () => {
  const browserOnline = vi.spyOn(navigator, 'onLine', 'get');
  afterEach(() => {
    browserOnline.mockReset();
    onlineManager.setOnline(true);
  });

  it('starts offline when the browser is, and a read waits for the connection unsent', async () => {
    browserOnline.mockReturnValue(false);
    const client = createQueryClient(() => {});
    expect(onlineManager.isOnline()).toBe(false);

    const queryFn = vi.fn(() => Promise.resolve('done'));
    const observer = new QueryObserver(client, { queryKey: ['offline'], queryFn });
    let stop = () => {};
    const paused = new Promise<QueryObserverResult<string>>((resolve) => {
      stop = observer.subscribe((result) => {
        if (result.fetchStatus === 'paused') resolve(result);
      });
    });
    expect((await paused).isPending).toBe(true);
    stop();
    expect(queryFn).not.toHaveBeenCalled();

    // The browser's own events, as before.
    window.dispatchEvent(new Event('online'));
    expect(onlineManager.isOnline()).toBe(true);
    window.dispatchEvent(new Event('offline'));
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('starts online when the browser is', () => {
    browserOnline.mockReturnValue(true);
    onlineManager.setOnline(false);
    createQueryClient(() => {});
    expect(onlineManager.isOnline()).toBe(true);
  });
});
