/**
 * A stop asked for while the server starts (SIGTERM or SIGINT before it is ready: seconds of
 * index loading on a large database) ends it as a stop after the start does: one line saying so,
 * the store closed, exit 0 (decision 018). Its handlers were registered once ready, so such a
 * signal ended the process with no line at all, and SQLite's file left open.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from './log.ts';
import { openStore } from './store/open-store.ts';
import { DATABASE_FILE } from './store/sqlite-schema.ts';
import { createTestDatabase, type TestDatabase } from './testing/database.ts';
import { killAllMains, spawnMain, startMain, type MainProcess } from './testing/main-process.ts';
import { startTestServer, TEST_TOKEN, type LogEntry } from './testing/test-server.ts';

/** Enough turmas and students that loading the indexes takes a second or more (start-gives-way). */
const ROWS = 30_000;
const ENV = { API_TOKENS: TEST_TOKEN, SEED_CLASSES: '0' };

let database: TestDatabase;
beforeAll(async () => {
  // The answers are checked against the served document (setup.ts), which a starting server does
  // not serve yet: a started one serves it first.
  const served = await startTestServer({ seedClasses: 1 });
  await served.request('/live');
  await served.stop();
  database = await createTestDatabase();
  const quiet = createLogger(() => undefined);
  const size = { classes: ROWS, students: ROWS, enrolments: 0 };
  const { store } = await openStore(
    { dataDir: database.dataDir, postgres: database.postgres },
    quiet,
    size,
  );
  await store.close();
}, 120_000);
afterAll(async () => {
  // Whatever happened above, no server may outlive the tests.
  killAllMains();
  await database.drop();
});

const entries = (main: MainProcess) =>
  main
    .output()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as LogEntry);

/**
 * Resolves once the process listens and answers liveness 200 and readiness 503 while starting.
 * From `listening` on it answers as soon as its event loop has a turn, and the indexes' builds
 * give it turns.
 */
async function starting(main: MainProcess): Promise<void> {
  await main.waitForOutput(/"msg":"listening"/);
  const [live, health] = await Promise.all([
    fetch(`${main.url}/v1/live`),
    fetch(`${main.url}/v1/health`),
  ]);
  await live.body?.cancel();
  expect(live.status).toBe(200);
  const { message } = (await health.json()) as { message: string };
  // Ready already would mean the start was too quick to test here: more ROWS.
  expect([health.status, message]).toEqual([503, expect.stringMatching(/^Not ready: starting: /)]);
}

it.each(['SIGTERM', 'SIGINT'] as const)(
  '%s while the indexes load: one line, the store closed, exit 0; the next start is whole',
  async (signal) => {
    const main = await spawnMain(database, ENV);
    await starting(main);
    main.child.kill(signal);

    expect(await main.exited()).toBe(0);
    const lines = entries(main);
    expect(lines.at(-1)).toEqual({
      time: expect.any(String) as string,
      level: 'info',
      msg: 'stopped while starting',
      signal,
      // What /v1/health said, as the process stopped.
      step: expect.stringMatching(
        /^(migrating the schema and loading the turma index|loading the student index)$/,
      ) as string,
    });
    expect(lines.map((entry) => entry.msg)).not.toContain('ready');
    expect(lines.filter((entry) => entry.msg === 'stopped while starting')).toHaveLength(1);
    expect(main.errors()).toBe('');
    // SQLite removes its write-ahead log when the last connection closes: it was closed.
    const walLeft =
      database.engine === 'sqlite' && existsSync(join(database.dataDir, `${DATABASE_FILE}-wal`));
    expect(walLeft).toBe(false);

    const again = await startMain(database, ENV);
    const answer = await fetch(`${again.url}/v1/classe?pageSize=1`, {
      headers: { authorization: `Bearer ${TEST_TOKEN}` },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ totalRecords: ROWS });
    expect(await again.terminate()).toBe(0);
  },
  120_000,
);
