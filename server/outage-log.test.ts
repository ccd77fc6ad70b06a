/**
 * The database's failures logged as an outage (outage-log.ts), on a clock of the test's own: one
 * line as it begins, a summary at most every 30 s while calls go on failing, one as it ends; a
 * database that answers some calls and fails others stays one outage.
 */
import { expect, it } from 'vitest';
import { createLogger } from './log.ts';
import {
  answersNoted,
  createOutageLog,
  OUTAGE_SUMMARY_EVERY_MS,
  RECOVERED_AFTER_MS,
} from './outage-log.ts';
import { StoreUnavailableError, type Store } from './store/store.ts';
import type { LogEntry } from './testing/test-server.ts';

function outageLog() {
  const lines: LogEntry[] = [];
  let clock = Date.parse('2026-11-30T10:00:00.000Z');
  const log = createLogger((line) => lines.push(JSON.parse(line) as LogEntry));
  const outages = createOutageLog(log, { now: () => clock });
  const said = () => lines.map(({ time: _time, ...entry }) => entry);
  return { outages, said, pass: (ms: number) => (clock += ms) };
}

const request = (n: number) => ({ requestId: `r${n}`, method: 'GET', path: '/v1/classe' });

it('says the first failure with its request, then a summary at most every 30 s, then the end', () => {
  const { outages, said, pass } = outageLog();
  outages.answered();
  outages.failed('the database is restarting', request(1));
  for (let n = 2; n <= 300; n++) {
    pass(100);
    outages.failed('cannot reach the database', request(n));
  }
  // 29.9 s in: still the first line only.
  expect(said()).toEqual([
    {
      level: 'error',
      msg: 'database unavailable',
      ...request(1),
      reason: 'the database is restarting',
    },
  ]);
  pass(100);
  outages.failed('cannot reach the database', request(301));
  pass(OUTAGE_SUMMARY_EVERY_MS - 1);
  outages.failed('cannot reach the database', request(302));
  expect(said().slice(1)).toEqual([
    {
      level: 'error',
      msg: 'database still unavailable',
      reason: 'cannot reach the database',
      failures: 301,
      since: '2026-11-30T10:00:00.000Z',
      ms: 30_000,
    },
  ]);

  pass(1_000);
  outages.answered();
  expect(said()).toHaveLength(2);
  pass(RECOVERED_AFTER_MS);
  outages.answered();
  outages.answered();
  expect(said().slice(2)).toEqual([
    {
      level: 'info',
      msg: 'database available again',
      failures: 302,
      since: '2026-11-30T10:00:00.000Z',
      until: '2026-11-30T10:00:59.999Z',
      ms: 59_999,
    },
  ]);

  // A new outage is said again.
  pass(60_000);
  outages.failed('cannot reach the database', request(400));
  expect(said().slice(3)).toEqual([
    {
      level: 'error',
      msg: 'database unavailable',
      ...request(400),
      reason: 'cannot reach the database',
    },
  ]);
});

it('a database that answers some calls and fails others is one outage, not a pair of lines each', () => {
  const { outages, said, pass } = outageLog();
  for (let n = 1; n <= 100; n++) {
    outages.failed('it took too long to answer', request(n));
    pass(500);
    outages.answered();
    pass(500);
  }
  expect(said().map((entry) => entry.msg)).toEqual([
    'database unavailable',
    'database still unavailable',
    'database still unavailable',
    'database still unavailable',
  ]);
});

it('hears of every call the database answered, and of none that failed', async () => {
  let answered = 0;
  const failing = new StoreUnavailableError('cannot reach the database');
  const store = {
    check: () => Promise.resolve({}),
    listClasses: () => Promise.reject(failing),
    stats: () => ({ indexes: { turmas: {}, students: {} } }),
  } as Partial<Store> as Store;
  const noted = answersNoted(store, { answered: () => answered++, failed: () => undefined });

  expect(await noted.check()).toEqual({});
  await expect(noted.listClasses({ page: 1, pageSize: 1 })).rejects.toBe(failing);
  expect(noted.stats()).toEqual({ indexes: { turmas: {}, students: {} } });
  expect(answered).toBe(1);
});
