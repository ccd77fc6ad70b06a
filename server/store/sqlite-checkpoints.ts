/**
 * The write-ahead log copied back into the database file off the event loop (decision 007).
 * SQLite does it itself after a commit that finds the log over 1,000 pages: on the connection
 * that committed, synchronously, with an fsync; better-sqlite3 waits for it, and every request
 * and /v1/health with it. A flood of the largest writes (100 turmas each) checkpointed every few
 * writes, for tens of milliseconds each. Here a worker thread with a connection of its own
 * checkpoints every CHECKPOINT_EVERY_MS, PASSIVE (it neither waits for nor blocks readers and the
 * writer, and, unlike a TRUNCATE, leaves `data_version` as it is: the indexes are not loaded
 * again); the server's connection checkpoints itself only past WAL_PAGES_MAX (sqlite-schema.ts),
 * should the worker fall behind.
 */
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const CHECKPOINT_EVERY_MS = 500;

/** Plain JavaScript: the worker runs it as it is, without tsx. */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true });
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy, or the file is going away: the next turn, or the server's own checkpoint, does it.
  }
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpoints {
  /** Stops the worker and closes its connection; before the server's own connection closes. */
  stop(): Promise<void>;
}

/** Checkpoints the database `file` (in WAL mode) from a worker thread until stopped. */
export function startCheckpoints(file: string): Checkpoints {
  const worker = new Worker(CHECKPOINTER, {
    eval: true,
    workerData: {
      file,
      module: createRequire(import.meta.url).resolve('better-sqlite3'),
      everyMs: CHECKPOINT_EVERY_MS,
    },
  });
  // A worker that cannot start leaves the checkpoints to the server's connection.
  worker.on('error', () => {});
  worker.unref();
  const exited = once(worker, 'exit');
  return {
    async stop() {
      worker.postMessage('stop');
      const timeout = setTimeout(() => void worker.terminate(), 2_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}
