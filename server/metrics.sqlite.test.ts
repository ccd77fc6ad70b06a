/**
 * /metrics on SQLite (decision 018): the reads and writes that met another connection's write
 * lock and waited are counted, and no pool series is served.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATABASE_FILE } from './store/sqlite-schema.ts';
import { STANDARD_FIXTURES, TURMAS } from './testing/fixtures.ts';
import { eventually, sample, scrape } from './testing/metrics-text.ts';
import { expectWriteOk, startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ fixtures: STANDARD_FIXTURES, metricsPort: 0 });
});
afterAll(() => server.stop());

const waits = async () => {
  const text = await scrape(server.metricsUrl);
  return {
    reads: sample(text, 'sqlite_busy_waits_total{kind="read"}'),
    writes: sample(text, 'sqlite_busy_waits_total{kind="write"}'),
    pool: /^db_pool/m.test(text),
  };
};

it('counts the writes that waited for another connection’s lock, once each', async () => {
  expect(await waits()).toEqual({ reads: 0, writes: 0, pool: false });
  const other = new Database(join(server.dataDir, DATABASE_FILE));
  try {
    other.exec('BEGIN IMMEDIATE');
    const written = ['dora@escola.example', 'ines@escola.example'].map((email) =>
      server.addStudentToClass(TURMAS.fisica.id, { name: 'Dora Nunes', email }),
    );
    await eventually(async () => expect((await waits()).writes).toBe(2));
    other.exec('ROLLBACK');
    for (const answer of await Promise.all(written)) expectWriteOk(answer);
  } finally {
    other.close();
  }
  expect(await waits()).toEqual({ reads: 0, writes: 2, pool: false });
  expectWriteOk(
    await server.addStudentToClass(TURMAS.fisica.id, { name: 'Eva', email: 'eva@escola.example' }),
  );
  expect((await waits()).writes).toBe(2);
});
