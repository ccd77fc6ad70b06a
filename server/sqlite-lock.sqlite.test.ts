/**
 * Another connection holding SQLite's write lock (`npm run seed`, a backup job, a script): writes
 * wait for it without freezing the server, succeed when it is let go within LOCK_WAIT_MS, and get
 * 503 with Retry-After past it, never 500; health and reads answer meanwhile, health reporting the
 * lock (store/sqlite-lock.ts).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_AFTER_SECONDS } from './app.ts';
import { LOCK_WAIT_MS } from './store/sqlite-lock.ts';
import { DATABASE_FILE } from './store/sqlite-schema.ts';
import { storedStudents } from './testing/database.ts';
import { STANDARD_FIXTURES, TURMAS } from './testing/fixtures.ts';
import {
  expectError,
  expectWriteOk,
  startTestServer,
  type Answer,
  type TestServer,
} from './testing/test-server.ts';

let server: TestServer;
let other: Database.Database;
beforeAll(async () => {
  server = await startTestServer({ fixtures: STANDARD_FIXTURES });
  other = new Database(join(server.dataDir, DATABASE_FILE));
});
afterEach(() => {
  if (other.inTransaction) other.exec('ROLLBACK');
});
afterAll(async () => {
  other.close();
  await server.stop();
});

const LOCKED_MESSAGE =
  `Service unavailable: another connection has held the database's write lock for ` +
  `${LOCK_WAIT_MS / 1000} s. Try again shortly.`;

const enrol = (email: string) =>
  server.addStudentToClass(TURMAS.fisica.id, { name: 'Dora Nunes', email });

const health = () => server.request('/health', { authorization: null });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What `answer` resolves with, and how long after now it did. */
async function timed(answer: Promise<Answer>): Promise<{ answer: Answer; ms: number }> {
  const started = performance.now();
  const settled = await answer;
  return { answer: settled, ms: performance.now() - started };
}

/** Holds the write lock from the second connection, with a write of its own in it. */
function holdLock() {
  other.exec('BEGIN IMMEDIATE');
  other.exec(`UPDATE classes SET name = name WHERE id = '${TURMAS.historia.id}'`);
}

describe('while another connection holds the write lock', () => {
  it('reports it in health and answers reads; a write waits and succeeds once it is let go', async () => {
    expect((await health()).body).toMatchObject({
      status: 'ok',
      writeLock: { held: false, writesWaiting: 0 },
    });
    holdLock();
    const write = timed(enrol('dora@escola.example'));
    let written = false;
    void write.then(() => (written = true));
    await sleep(200);

    // The write waits off the event loop: health, on a new connection, answers before it does.
    const probe = await health();
    expect({ status: probe.status, body: probe.body }).toMatchObject({
      status: 200,
      body: { status: 'ok', writeLock: { held: true, writesWaiting: 1 } },
    });
    // Reads in WAL mode need no lock.
    expect((await server.listClasses({ query: 'física' })).totalRecords).toBe(1);
    expect((await server.request(`/classe/${TURMAS.fisica.id}/students`)).status).toBe(200);
    expect((await server.request('/students?query=dora')).body).toMatchObject({
      totalRecords: 0,
    });
    expect(written).toBe(false);

    await sleep(LOCK_WAIT_MS / 3);
    other.exec('COMMIT');
    const { answer, ms } = await write;
    expectWriteOk(answer);
    expect(ms).toBeLessThan(LOCK_WAIT_MS);
    expect(await storedStudents(server.database)).toContainEqual({
      name: 'Dora Nunes',
      email: 'dora@escola.example',
    });
    expect((await health()).body).toMatchObject({
      status: 'ok',
      writeLock: { held: false, writesWaiting: 0 },
    });
  });

  it('writes get 503 with Retry-After past the bound, nothing written, and the next succeeds', async () => {
    const before = await storedStudents(server.database);
    holdLock();
    const writes = [enrol('ema@escola.example'), enrol('fabio@escola.example')].map(timed);
    const removal = timed(
      server.removeStudentFromClasses({
        email: 'ana@escola.example',
        classes: [{ id: TURMAS.historia.id }],
      }),
    );
    await sleep(200);
    expect((await health()).body).toMatchObject({
      status: 'ok',
      writeLock: { held: true, writesWaiting: 3 },
    });

    for (const { answer, ms } of await Promise.all([...writes, removal])) {
      expectError(answer, 503, LOCKED_MESSAGE);
      expect(answer.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect(ms).toBeGreaterThanOrEqual(LOCK_WAIT_MS - 50);
    }
    expect((await health()).body).toMatchObject({ writeLock: { held: true, writesWaiting: 0 } });
    other.exec('ROLLBACK');

    expect(await storedStudents(server.database)).toEqual(before);
    expectWriteOk(await enrol('ema@escola.example'));
  });
});
