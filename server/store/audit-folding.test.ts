/**
 * When the trail's tail is folded (startAuditFolding, decision 019): after writes here, at start
 * on a tail, again after a failure, and never while the process is idle, which would otherwise
 * ask the database for nothing every second and hold a connection while it does.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FOLD_AFTER, FOLD_BATCH, startAuditFolding } from './audit.ts';

/** A tail of `length` entries, folded by the calls it records. */
function tailOf(length: number) {
  const tail = { length, folds: 0, failNext: false };
  const fold = (batch: number) => {
    tail.folds += 1;
    if (tail.failNext) {
      tail.failNext = false;
      return Promise.reject(new Error('the database is away'));
    }
    const folded = Math.min(batch, tail.length);
    tail.length -= folded;
    return Promise.resolve(folded);
  };
  return { tail, fold };
}

let stop: (() => void) | undefined;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  stop?.();
  vi.useRealTimers();
});

describe('folding the audit tail', () => {
  it('asks for nothing while the process is idle', async () => {
    const { tail, fold } = tailOf(0);
    stop = startAuditFolding(fold, 0).stop;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tail.folds).toBe(0);
  });

  it('folds what this process wrote on the next turn, then rests again', async () => {
    const { tail, fold } = tailOf(0);
    const folding = startAuditFolding(fold, 0);
    stop = folding.stop;
    tail.length = 3;
    for (let i = 0; i < 3; i++) folding.wrote();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(tail).toMatchObject({ length: 0, folds: 1 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tail.folds).toBe(1);
  });

  it('folds at once after FOLD_AFTER entries, without waiting for the turn', async () => {
    const { tail, fold } = tailOf(0);
    const folding = startAuditFolding(fold, 0);
    stop = folding.stop;
    tail.length = FOLD_AFTER;
    for (let i = 0; i < FOLD_AFTER; i++) folding.wrote();
    await vi.advanceTimersByTimeAsync(0);
    expect(tail).toMatchObject({ length: 0, folds: 1 });
  });

  it('folds a tail found at start in batches, until it is gone', async () => {
    const { tail, fold } = tailOf(FOLD_BATCH * 2 + 5);
    stop = startAuditFolding(fold, tail.length).stop;
    // Before the first turn: a turn of the event loop between batches, no more.
    await vi.advanceTimersByTimeAsync(100);
    expect(tail).toMatchObject({ length: 0, folds: 3 });
  });

  it('tries again on the next turn after a failed fold', async () => {
    const { tail, fold } = tailOf(0);
    const folding = startAuditFolding(fold, 0);
    stop = folding.stop;
    tail.length = 1;
    tail.failNext = true;
    folding.wrote();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(tail).toMatchObject({ length: 1, folds: 1 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(tail).toMatchObject({ length: 0, folds: 2 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(tail.folds).toBe(2);
  });
});
