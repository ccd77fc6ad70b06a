/**
 * What the audit's retention (startAuditRetention, decision 019) tells the operator: entries
 * leave the trail for good, so a round that pruned says how many and older than what, and a
 * failed round says why, with what it pruned before failing. A round with nothing to prune is
 * silent: hourly lines saying nothing would bury the ones that matter.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createLogger, type LogFields } from '../log.ts';
import { PRUNE_BATCH, startAuditRetention } from './audit.ts';
import { StoreUnavailableError } from './store.ts';

const DAYS = 400;
const HOUR = 60 * 60 * 1000;

/** `old` entries past the cut, pruned by the calls; a call that `failAt` names fails. */
function trailOf(old: number) {
  const trail = { old, calls: 0, failAt: -1 };
  const prune = (_olderThan: string, batch: number) => {
    if (trail.calls++ === trail.failAt) {
      return Promise.reject(new StoreUnavailableError('cannot reach the database'));
    }
    const pruned = Math.min(batch, trail.old);
    trail.old -= pruned;
    return Promise.resolve(pruned);
  };
  return { trail, prune };
}

let lines: LogFields[];
const log = createLogger((line) => lines.push(JSON.parse(line) as LogFields));
/** The cut of a round started now: DAYS before. */
const cut = () => new Date(Date.now() - DAYS * 86_400_000).toISOString();

let stop: (() => void) | undefined;
beforeEach(() => {
  lines = [];
  vi.useFakeTimers({ now: new Date('2027-03-01T12:00:00.000Z') });
});
afterEach(() => {
  stop?.();
  vi.useRealTimers();
});

it('logs a round that pruned, once, with how many and older than what', async () => {
  const { trail, prune } = trailOf(PRUNE_BATCH * 2 + 7);
  stop = startAuditRetention(prune, DAYS, log);
  await vi.advanceTimersByTimeAsync(60_000 - 1);
  expect(trail.calls).toBe(0);
  await vi.advanceTimersByTimeAsync(1);
  const olderThan = cut();
  await vi.advanceTimersByTimeAsync(100);
  expect(trail).toMatchObject({ old: 0, calls: 3 });
  expect(lines).toEqual([
    expect.objectContaining({
      level: 'info',
      msg: 'audit entries pruned',
      entries: PRUNE_BATCH * 2 + 7,
      olderThan,
    }),
  ]);
  // Nothing older since: the next round says nothing.
  await vi.advanceTimersByTimeAsync(HOUR);
  expect(trail.calls).toBe(4);
  expect(lines).toHaveLength(1);
});

it('logs every failed round, with what it pruned before, and the next round that prunes', async () => {
  const { trail, prune } = trailOf(PRUNE_BATCH + 3);
  trail.failAt = 1;
  stop = startAuditRetention(prune, DAYS, log);
  await vi.advanceTimersByTimeAsync(60_000);
  const olderThan = cut();
  await vi.advanceTimersByTimeAsync(100);
  expect(lines).toEqual([
    expect.objectContaining({
      level: 'error',
      msg: 'audit pruning failed',
      entries: PRUNE_BATCH,
      olderThan,
      reason: 'cannot reach the database',
    }),
  ]);
  await vi.advanceTimersByTimeAsync(HOUR);
  expect(lines.slice(1)).toEqual([
    expect.objectContaining({ level: 'info', msg: 'audit entries pruned', entries: 3 }),
  ]);
});
