/**
 * PostgreSQL going away under an API process: while it is down, every call that needs it answers
 * 503 with the Error body and Retry-After, quickly, and /v1/health says why; once it is back the
 * same process answers again by itself. DATABASE_URL's password never reaches the output.
 * A cluster of this file's own (server/testing/postgres-cluster.ts): stopping the shared one
 * would fail the other files.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { killAllMains, startMain, type MainProcess } from './testing/main-process.ts';
import { startPostgresCluster, type PostgresCluster } from './testing/postgres-cluster.ts';
import { TURMAS } from './testing/serial-replay.ts';
import { createTestDatabase, writeFixtures, type TestDatabase } from './testing/database.ts';
import { apiAt, TEST_TOKEN, type Answer, type LogEntry } from './testing/test-server.ts';

const ENV = { API_TOKENS: TEST_TOKEN, SEED_CLASSES: '0' };

let cluster: PostgresCluster;
let database: TestDatabase;
let main: MainProcess;
let password: string;
beforeAll(async () => {
  cluster = await startPostgresCluster({ unsafeFast: true });
  password = decodeURIComponent(new URL(cluster.url).password);
  database = await createTestDatabase('postgres', cluster.url);
  await writeFixtures(database, { turmas: TURMAS });
  main = await startMain(database, ENV);
}, 120_000);
afterAll(async () => {
  killAllMains();
  await database.drop();
  await cluster.destroy();
});

const api = () => apiAt(main.url);
const list = () => api()('/classe?pageSize=5', {});
const enrol = (n: number) =>
  api()('/classe/add-student', {
    method: 'POST',
    json: { name: `Aluno ${n}`, email: `aluno${n}@escola.example`, classes: [{ id: 'c01' }] },
  });
const health = () => api()('/health', { authorization: null });

const expectUnavailable = (answer: Answer) => {
  expect(answer.status, answer.text).toBe(503);
  expect(answer.body).toEqual({
    status: '503',
    message: expect.stringMatching(/^Service unavailable: .+\. Try again shortly\.$/) as string,
  });
};

describe('the database stopped and started again under load', () => {
  it('503 with Retry-After while it is down, success after, the same process', async () => {
    expect((await list()).status).toBe(200);
    expect((await enrol(1)).status).toBe(200);
    expect((await health()).body).toMatchObject({ status: 'ok' });

    // Load that keeps going across the outage: every answer is a 200 or a 503, none hangs.
    const outage = new AbortController();
    const statuses = new Set<number>();
    const load = (async () => {
      for (let n = 100; !outage.signal.aborted; n++) {
        const [listed, written] = await Promise.all([list(), enrol(n)]);
        statuses.add(listed.status).add(written.status);
      }
    })();

    await cluster.stopServer();
    for (const call of [list, () => enrol(2), health]) {
      const started = Date.now();
      const answer = await call();
      expect(Date.now() - started, 'answered before the request timeout').toBeLessThan(10_000);
      expectUnavailable(answer);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }

    await cluster.startServer();
    // The pool connects again on the first request after the database is back.
    await vi.waitFor(async () => expect((await health()).body).toMatchObject({ status: 'ok' }), {
      timeout: 30_000,
      interval: 100,
    });
    outage.abort();
    await load;
    expect([...statuses].toSorted()).toEqual([200, 503]);

    expect((await enrol(3)).status).toBe(200);
    const listed = await list();
    expect(listed.status).toBe(200);
    expect(main.child.exitCode).toBeNull();
    expect(password.length).toBeGreaterThan(8);
    expect(main.output() + main.errors()).not.toContain(password);
  }, 90_000);
});

describe('the log while the database is away', () => {
  /** The lines main.ts printed from `from` (a length of its output) on, parsed. */
  const linesFrom = (from: number) =>
    main
      .output()
      .slice(from)
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as LogEntry);
  const messages = (from: number) => {
    const count: Record<string, number> = {};
    for (const { msg, status } of linesFrom(from)) {
      const key = msg === 'request' ? `request ${String(status)}` : msg;
      count[key] = (count[key] ?? 0) + 1;
    }
    return count;
  };

  /** Until every outage said so far is said to be over: health's answers end one. */
  const outagesOver = () =>
    vi.waitFor(
      async () => {
        await health();
        const count = messages(0);
        expect(count['database available again'] ?? 0).toBe(count['database unavailable'] ?? 0);
      },
      { timeout: 30_000, interval: 200 },
    );

  it('says the outage once, not once per failed request, and once that it is over', async () => {
    // The one above, if it ran, is over first: this one begins with a line of its own.
    await outagesOver();
    // From after this request's line: stdout comes in after the answer.
    const marker = `before-the-outage-${Date.now()}`;
    const ready = await api()('/health', {
      authorization: null,
      headers: { 'X-Request-Id': marker },
    });
    expect(ready.body).toMatchObject({ status: 'ok' });
    await main.waitForOutput(new RegExp(`"requestId":"${marker}"`));
    const from = main.output().length;
    await cluster.stopServer();
    let stopped = true;
    try {
      const failures = 40;
      for (let n = 0; n < failures / 2; n++) {
        const answers = await Promise.all([list(), enrol(1000 + n)]);
        for (const answer of answers) expectUnavailable(answer);
      }
      // Each request keeps its own line (on stdout after its answer); the outage is one line,
      // whatever the reason it gave, and the pool's idle connections the stop broke one at most
      // (none when none was idle, or when the outage above said so within 30 s).
      await vi.waitFor(() => expect(messages(from)['request 503']).toBe(failures), {
        timeout: 10_000,
      });
      const { 'database connection lost': lost = 0, ...count } = messages(from);
      expect(count).toEqual({ 'request 503': failures, 'database unavailable': 1 });
      expect(lost).toBeLessThanOrEqual(1);
      expect(linesFrom(from).find((entry) => entry.msg === 'database unavailable')).toMatchObject({
        level: 'error',
        requestId: expect.any(String) as string,
        reason: expect.any(String) as string,
      });

      await cluster.startServer();
      stopped = false;
      // Over once the database answers and nothing has failed for a while (outage-log.ts).
      await outagesOver();
      const over = linesFrom(from).filter((entry) => entry.msg === 'database available again');
      expect(over).toEqual([
        expect.objectContaining({ level: 'info', failures: expect.any(Number) as number }),
      ]);
      // Its own requests' failures, and health's while the pool connected again.
      expect(over[0]!.failures).toBeGreaterThanOrEqual(failures);
      expect(messages(from)['database unavailable']).toBe(1);
    } finally {
      // For the tests after it, and the database's drop, whatever failed.
      if (stopped) await cluster.startServer();
    }
  }, 90_000);
});

describe('DATABASE_URL with a password', () => {
  it('never shows it, whatever fails', async () => {
    const wrong = new URL(cluster.url);
    wrong.password = `${password}-wrong`;
    const closed = new URL(cluster.url);
    closed.port = '1';
    for (const url of [wrong.href, closed.href]) {
      const secret = decodeURIComponent(new URL(url).password);
      const failed = startMain(database, { ...ENV, DATABASE_URL: url });
      await expect(failed).rejects.toThrow(/Turmas Admin could not start: Database unavailable/);
      const message = await failed.catch((error: unknown) => String(error));
      expect(message).not.toContain(secret);
    }
  });
});
