/**
 * /metrics on PostgreSQL (decision 018): the pool's connections in use and the calls waiting for
 * one, seen while writes wait behind a turma another connection has locked; no SQLite series.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore, type OpenedStore } from './store/open-store.ts';
import { STANDARD_FIXTURES, TURMAS } from './testing/fixtures.ts';
import { eventually, sample, scrape } from './testing/metrics-text.ts';
import {
  expectWriteOk,
  startTestServer,
  TEST_TOKEN,
  type TestServer,
} from './testing/test-server.ts';

const OTHER_TOKEN = 'other-token-0123456789abcdefghijklmnop';

let server: TestServer;
let opened!: OpenedStore;
beforeAll(async () => {
  server = await startTestServer({
    fixtures: STANDARD_FIXTURES,
    metricsPort: 0,
    tokens: [TEST_TOKEN, OTHER_TOKEN],
    openStore: async (...args) => (opened = await openStore(...args)),
  });
});
afterAll(() => server.stop());

const pool = async () => {
  const text = await scrape(server.metricsUrl);
  return {
    max: sample(text, 'db_pool{state="max"}'),
    inUse: sample(text, 'db_pool{state="in_use"}'),
    waiting: sample(text, 'db_pool{state="waiting"}'),
    sqlite: /^sqlite_/m.test(text),
  };
};

/** Runs `use` on a connection of its own, outside the server's pool. */
async function withOtherConnection<T>(use: (other: pg.Client) => Promise<T>): Promise<T> {
  const other = new pg.Client({ connectionString: server.database.postgres!.url });
  await other.connect();
  try {
    return await use(other);
  } finally {
    await other.end();
  }
}

/** Runs `writes` while another connection holds the row of Física, then lets it go. */
function whileFisicaLocked<T>(writes: () => Promise<T>[], seen: () => Promise<void>) {
  return withOtherConnection(async (other) => {
    await other.query('BEGIN');
    await other.query(`SELECT 1 FROM classes WHERE id = $1 FOR UPDATE`, [TURMAS.fisica.id]);
    const written = writes();
    await eventually(seen);
    await other.query('COMMIT');
    return Promise.all(written);
  });
}

const enrolment = (n: number) => ({ name: 'Dora', email: `d${n}@escola.example` });

it('shows the connections lent to requests, bounded by admission below the pool', async () => {
  const max = server.database.postgres!.poolSize!;
  // The fold of the fixtures' entries (decision 019) may hold a connection for a moment.
  await eventually(async () =>
    expect(await pool()).toMatchObject({ max, inUse: 0, waiting: 0, sqlite: false }),
  );
  // Admission runs max - 2 requests at once, one per client: two clients fill them.
  const answers = await whileFisicaLocked(
    () =>
      [TEST_TOKEN, TEST_TOKEN, OTHER_TOKEN, OTHER_TOKEN].map((token, n) =>
        server.request(`/classe/${TURMAS.fisica.id}/add-student`, {
          method: 'POST',
          json: enrolment(n),
          authorization: `Bearer ${token}`,
        }),
      ),
    async () => expect(await pool()).toMatchObject({ inUse: max - 2, waiting: 0 }),
  );
  for (const answer of answers) expectWriteOk(answer);
  await eventually(async () => expect(await pool()).toMatchObject({ inUse: 0, waiting: 0 }));
});

/** The audit tail is empty: the fold the writes before asked for has run (decision 019). */
function tailFolded() {
  return withOtherConnection((other) =>
    eventually(async () => {
      const { rows } = await other.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM audit_tail',
      );
      expect(rows[0]!.n).toBe(0);
    }),
  );
}

it('shows the calls waiting for a connection when the pool is all taken', async () => {
  const max = server.database.postgres!.poolSize!;
  // An idle process folds nothing: once the last test's entries are folded, no fold can take a
  // place in the queue while the pool is held.
  await tailFolded();
  // Straight to the store, past admission, as several busy paths at once would.
  await whileFisicaLocked(
    () =>
      Array.from({ length: max + 2 }, (_, n) =>
        opened.store.enrol({ ...enrolment(10 + n), classIds: [TURMAS.fisica.id] }),
      ),
    async () => expect(await pool()).toMatchObject({ inUse: max, waiting: 2 }),
  );
  await eventually(async () => expect(await pool()).toMatchObject({ inUse: 0, waiting: 0 }));
});

it('waits at most 1 s for the database, however many of its reads wait', async () => {
  // The catch-ups of both indexes read store_meta: held, neither answers until it is let go.
  const took = await withOtherConnection(async (other) => {
    await other.query('BEGIN');
    await other.query('LOCK TABLE store_meta IN ACCESS EXCLUSIVE MODE');
    const started = performance.now();
    const text = await scrape(server.metricsUrl);
    const ms = performance.now() - started;
    await other.query('COMMIT');
    expect(text).not.toMatch(/^turmas_index_entries\{/m);
    return ms;
  });
  // Two waits one after the other took 2 s.
  expect(took).toBeGreaterThanOrEqual(900);
  expect(took).toBeLessThan(1_800);
  await eventually(async () =>
    expect(sample(await scrape(server.metricsUrl), 'turmas_index_entries{index="turmas"}')).toBe(
      Object.keys(TURMAS).length,
    ),
  );
});
