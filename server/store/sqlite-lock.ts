/**
 * SQLite's one write lock, held by another connection (`npm run seed`, a backup, a script), met
 * without freezing the server: better-sqlite3 waits for a lock synchronously, so the connection
 * waits BUSY_TIMEOUT_MS at most, and the rest of the wait is timers between attempts. Writes that
 * find the lock held queue in arrival order behind one attempt at a time (many waiting writes
 * would otherwise each spend the busy timeout on the event loop); after LOCK_WAIT_MS a write gives
 * up with StoreUnavailableError (503 + Retry-After). Reads do not need that lock in WAL mode; one
 * that is told "busy" all the same is retried the same way, on its own.
 * Why these numbers: docs/decisions/007-server-reliability-and-security.md.
 */
import Database from 'better-sqlite3';
import type { Db } from './sqlite-schema.ts';
import { StoreUnavailableError, type WriteLockState } from './store.ts';

/** How long one attempt may hold the event loop waiting for the lock (`PRAGMA busy_timeout`). */
export const BUSY_TIMEOUT_MS = 20;
/** How long a request waits for the lock in all before its 503. */
export const LOCK_WAIT_MS = 3_000;
/** The pauses between attempts; the last one repeats. */
const BACKOFF_MS = [10, 20, 40, 80, 160, 250];

const LOCKED_REASON = `another connection has held the database's write lock for ${
  LOCK_WAIT_MS / 1000
} s`;

export interface LockWaits {
  /** Runs a write transaction (begun IMMEDIATE) now, or once the lock is ours and the writes before it ran. */
  write<T>(run: () => T): Promise<T>;
  /**
   * Background work's write (the audit's fold and pruning): now, if no write waits and the lock is
   * free; otherwise it fails at once and the work's next round tries again. It never waits in the
   * queue, so health's `writesWaiting` counts requests only and no request waits behind it.
   */
  writeIfFree<T>(run: () => T): Promise<T>;
  /** Runs a read, again after a pause should the database say it is busy. */
  read<T>(run: () => T): Promise<T>;
  /** Whether another connection holds the write lock, asked without waiting for it. */
  state(): WriteLockState;
  /** Reads and writes that found the database busy and waited, since the start (/metrics). */
  readonly busyWaits: { reads: number; writes: number };
}

const isBusy = (error: unknown) =>
  error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY');

const pause = (attempt: number) => BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;

interface Waiting {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  giveUpAt: number;
}

export function createLockWaits(db: Db): LockWaits {
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const queue: Waiting[] = [];
  let attempt = 0;
  let scheduled = false;
  const busyWaits = { reads: 0, writes: 0 };

  /** Runs the queued writes in order, one per turn of the event loop, while the lock is free. */
  function drain() {
    scheduled = false;
    const head = queue[0];
    if (!head) return;
    try {
      const value = head.run();
      queue.shift();
      attempt = 0;
      head.resolve(value);
    } catch (error) {
      if (!isBusy(error)) {
        queue.shift();
        head.reject(error);
      } else {
        // Queued in arrival order with one wait each: those past it are at the front.
        const now = performance.now();
        while (queue[0] && queue[0].giveUpAt <= now) {
          queue.shift()!.reject(new StoreUnavailableError(LOCKED_REASON, { cause: error }));
        }
        if (queue[0]) {
          schedule(Math.min(pause(attempt++), Math.max(0, queue[0].giveUpAt - now)));
        }
        return;
      }
    }
    if (queue.length > 0) schedule(0);
  }

  function schedule(delay: number) {
    if (scheduled) return;
    scheduled = true;
    if (delay === 0) setImmediate(drain);
    else setTimeout(drain, delay);
  }

  return {
    busyWaits,

    async write<T>(run: () => T) {
      const giveUpAt = performance.now() + LOCK_WAIT_MS;
      if (queue.length === 0) {
        try {
          return run();
        } catch (error) {
          if (!isBusy(error)) throw error;
          attempt = 0;
        }
      }
      busyWaits.writes++;
      return new Promise<T>((resolve, reject) => {
        queue.push({ run, resolve: resolve as (value: unknown) => void, reject, giveUpAt });
        if (queue.length === 1) schedule(pause(attempt++));
      });
    },

    writeIfFree<T>(run: () => T) {
      // Runs at once: the executor is synchronous, and what it throws rejects.
      return new Promise<T>((resolve) => {
        if (queue.length > 0) throw new StoreUnavailableError('writes are waiting for the lock');
        resolve(run());
      });
    },

    async read<T>(run: () => T) {
      const giveUpAt = performance.now() + LOCK_WAIT_MS;
      for (let tries = 0; ; tries++) {
        try {
          return run();
        } catch (error) {
          const left = giveUpAt - performance.now();
          if (!isBusy(error)) throw error;
          if (tries === 0) busyWaits.reads++;
          if (left <= 0) throw new StoreUnavailableError(LOCKED_REASON, { cause: error });
          await new Promise((resolve) => setTimeout(resolve, Math.min(pause(tries), left)));
        }
      }
    },

    state() {
      if (queue.length > 0) return { held: true, writesWaiting: queue.length };
      // Taking the lock and letting it go writes nothing; with no busy timeout, it never waits.
      db.pragma('busy_timeout = 0');
      try {
        db.exec('BEGIN IMMEDIATE');
        db.exec('ROLLBACK');
        return { held: false, writesWaiting: 0 };
      } catch (error) {
        if (isBusy(error)) return { held: true, writesWaiting: 0 };
        throw error;
      } finally {
        db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
    },
  };
}
