/**
 * `npm run restore` on PostgreSQL refuses while API processes are connected, but a process can
 * start after that check and before pg_restore. The restore holds the lock processes migrate
 * under from its checks to its end: such a process waits, then loads what was restored.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { backUp, restore, type StoreLocation } from './backup.ts';
import { createTestDatabase, writeFixtures, type TestDatabase } from './testing/database.ts';
import { killAllMains, startMain, type MainProcess } from './testing/main-process.ts';
import { TURMAS } from './testing/serial-replay.ts';
import { apiAt, TEST_TOKEN } from './testing/test-server.ts';

let source: TestDatabase;
let target: TestDatabase;
let backups: string;
beforeAll(async () => {
  backups = mkdtempSync(join(tmpdir(), 'turmas-restore-lock-'));
  [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await writeFixtures(source, { turmas: TURMAS });
});
afterAll(async () => {
  killAllMains();
  await Promise.all([source.drop(), target.drop()]);
  rmSync(backups, { recursive: true, force: true });
});

const location = (database: TestDatabase): StoreLocation => ({
  engine: 'postgres',
  url: database.postgres!.url,
});

/** Whether an API process's connection waits for a lock (its migration's, here). */
async function apiWaitingForLock(database: TestDatabase): Promise<boolean> {
  const [row] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND application_name = 'turmas-admin'
       AND wait_event_type = 'Lock' AND wait_event = 'advisory'`,
  );
  return row!.n > 0;
}

it('holds back an API process that starts between its checks and pg_restore', async () => {
  const file = join(backups, 'turmas.backup');
  await backUp(location(source), file);

  let started: Promise<MainProcess> | undefined;
  let ready = false;
  await restore(location(target), file, {
    // The moment the check left open: the database is empty and no API process is connected.
    checked: async () => {
      started = startMain(target, {
        API_TOKENS: TEST_TOKEN,
        SEED_CLASSES: '0',
        // Long enough to wait for the restore, whatever the machine's load.
        DATABASE_STATEMENT_TIMEOUT_MS: '60000',
      });
      void started.then(() => (ready = true)).catch(() => undefined);
      // Either it waits for the restore, or (the gap open) it is serving already.
      await vi.waitFor(async () => expect(ready || (await apiWaitingForLock(target))).toBe(true), {
        timeout: 30_000,
        interval: 50,
      });
    },
  });

  // It migrated and loaded after the restore, so it serves what was restored.
  const main = await started!;
  const listed = await apiAt(main.url)('/classe?pageSize=100', {});
  expect(listed.status, listed.text).toBe(200);
  expect(listed.body).toMatchObject({ totalRecords: TURMAS.length });
  expect(await main.terminate()).toBe(0);
}, 60_000);

it('lets API processes start again once a restore is refused or fails', async () => {
  const file = join(backups, 'turmas.backup');
  // The database holds the restored tables now: refused after the lock was taken.
  await expect(restore(location(target), file)).rejects.toThrow(/holds tables already/);

  const main = await startMain(target, { API_TOKENS: TEST_TOKEN, SEED_CLASSES: '0' });
  expect(await main.terminate()).toBe(0);
});
