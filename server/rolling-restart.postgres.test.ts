/**
 * A rolling restart: two API processes (`server/main.ts`) on one PostgreSQL database, a client
 * sending writes through both on kept-alive connections and retrying as a browser running the
 * console does; one process gets SIGTERM and is started again. Every write the client finished
 * got an answer, every acknowledged one is in the database, and every answer the stopped process
 * gave reached the client.
 */
import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  invariantViolations,
  storedEnrolments,
  writeFixtures,
  type TestDatabase,
} from './testing/database.ts';
import { killAllMains, startMain, type MainProcess } from './testing/main-process.ts';
import { TURMAS } from './testing/serial-replay.ts';
import { TEST_TOKEN } from './testing/test-server.ts';

const ENV = {
  API_TOKENS: TEST_TOKEN,
  SEED_CLASSES: '0',
  MAX_REQUESTS_PER_CLIENT: '1000',
  MAX_REQUESTS_IN_FLIGHT: '1000',
  // Not ready for a second on SIGTERM, still serving, before it stops listening (5 s by default).
  SHUTDOWN_NOT_READY_MS: '1000',
};
/** Retry-After is seconds; waiting it whole would make the test long for nothing it checks. */
const RETRY_WAIT_MAX_MS = 250;
const GIVE_UP_MS = 60_000;

let database: TestDatabase;
let processes: MainProcess[];
beforeAll(async () => {
  database = await createTestDatabase();
  await writeFixtures(database, { turmas: TURMAS });
  processes = await Promise.all([startMain(database, ENV), startMain(database, ENV)]);
}, 60_000);
afterAll(async () => {
  agent.destroy();
  killAllMains();
  await database.drop();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  email: string;
  turmaId: string;
  /** The final answer's status, or the error code of a request that got none. */
  status: number | string;
  attempts: number;
  /** The process that gave the final answer. */
  answeredBy: string;
}

/** Kept-alive connections, as a browser keeps them. */
const agent = new Agent({ keepAlive: true });

type Attempt =
  { status: number; retryAfter: string | undefined } | { error: string; reused: boolean };

/** One POST on node:http, which says whether it went out on a kept-alive connection. */
function post(url: string, body: string): Promise<Attempt> {
  return new Promise((resolve) => {
    const request = httpRequest(url, {
      method: 'POST',
      agent,
      headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json' },
    });
    request.once('response', (response) => {
      response.resume();
      response.once('end', () =>
        resolve({ status: response.statusCode!, retryAfter: response.headers['retry-after'] }),
      );
    });
    request.once('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, reused: request.reusedSocket }),
    );
    request.end(body);
  });
}

/**
 * One enrolment sent to the process `target()` names at each attempt (a load balancer's pick),
 * again after a 503 or a refused connection, as the console does, and after a kept-alive
 * connection reset before any answer, as browsers do by themselves (the server closed it as
 * idle while the request was on its way: Node's documentation of `reusedSocket`). A new
 * connection reset by a process told to stop is one the kernel had queued when the listener
 * closed, as good as refused (a load balancer sends it elsewhere); `signalled` holds their URLs.
 * Any other failure ends it without an answer. An answer lost after the request was served
 * fails the last check of the test, which counts the stopped process's acknowledged writes.
 */
async function enrol(
  target: () => string,
  signalled: ReadonlySet<string>,
  n: number,
): Promise<Outcome> {
  const write = { email: `rolling${n}@escola.example`, turmaId: TURMAS[n % TURMAS.length]!.id };
  const body = JSON.stringify({
    name: `Aluno ${n}`,
    email: write.email,
    classes: [{ id: write.turmaId }],
  });
  const started = Date.now();
  for (let attempts = 1; ; attempts++) {
    const answeredBy = target();
    const attempt = await post(`${answeredBy}/v1/classe/add-student`, body);
    const late = Date.now() - started > GIVE_UP_MS;
    if ('status' in attempt) {
      if (attempt.status !== 503 || late) {
        return { ...write, status: attempt.status, attempts, answeredBy };
      }
      const retryAfterMs = Number(attempt.retryAfter ?? 1) * 1000;
      await pause(Math.min(retryAfterMs, RETRY_WAIT_MAX_MS));
    } else {
      const resent =
        attempt.error === 'ECONNREFUSED' ||
        (attempt.error === 'ECONNRESET' && (attempt.reused || signalled.has(answeredBy)));
      if (!resent || late) return { ...write, status: attempt.error, attempts, answeredBy };
      await pause(50);
    }
  }
}

/** /v1/health of a draining process, on a new connection each time, until it stops listening. */
async function healthUntilRefused(url: string): Promise<(number | string)[]> {
  const seen: (number | string)[] = [];
  for (;;) {
    const attempt = await new Promise<Attempt>((resolve) => {
      const request = httpRequest(`${url}/v1/health`, { agent: false });
      request.once('response', (response) => {
        response.resume();
        response.once('end', () =>
          resolve({ status: response.statusCode!, retryAfter: undefined }),
        );
      });
      request.once('error', (error: NodeJS.ErrnoException) =>
        resolve({ error: error.code ?? error.message, reused: false }),
      );
      request.end();
    });
    // A connection the kernel queued just as the listener closed is reset, not refused: both
    // mean the process no longer listens.
    const seenNow =
      'status' in attempt
        ? attempt.status
        : attempt.error === 'ECONNRESET'
          ? 'ECONNREFUSED'
          : attempt.error;
    if (seen.at(-1) !== seenNow) seen.push(seenNow);
    if (!('status' in attempt)) return seen;
    await pause(50);
  }
}

describe('a rolling restart of one of two processes, under writes through both', () => {
  it('answers every write, and keeps every acknowledged one', async () => {
    const targets = processes.map((main) => main.url);
    const outcomes: Outcome[] = [];
    let sent = 0;
    let stopping = false;
    // The URLs of the processes sent SIGTERM.
    const signalled = new Set<string>();
    const client = async (writer: number) => {
      while (!stopping) {
        const n = sent++;
        outcomes.push(await enrol(() => targets[(n + writer) % 2]!, signalled, n));
      }
    };
    const acknowledged = () => outcomes.filter((outcome) => outcome.status === 200).length;
    const until = async (done: () => boolean) => {
      while (!done()) await pause(20);
    };
    const running = Promise.all([0, 1, 2, 3].map(client));

    await until(() => acknowledged() >= 20);
    const restarted = processes[1]!;
    const draining = healthUntilRefused(restarted.url);
    signalled.add(restarted.url);
    const exitCode = await restarted.terminate();
    const healthSeen = await draining;
    processes[1] = await startMain(database, ENV);
    targets[1] = processes[1].url;
    const afterRestart = acknowledged();
    await until(() => acknowledged() >= afterRestart + 20);
    stopping = true;
    await running;

    // Every write the client finished got an answer, and a 200: none was lost in the restart.
    expect(outcomes.filter((outcome) => outcome.status !== 200)).toEqual([]);
    // The restart was felt: writes sent to the stopped process were sent again.
    expect(outcomes.some((outcome) => outcome.attempts > 1)).toBe(true);
    const stored = new Set(
      (await storedEnrolments(database)).map(({ turmaId, email }) => `${turmaId} ${email}`),
    );
    expect(
      outcomes.filter((outcome) => !stored.has(`${outcome.turmaId} ${outcome.email}`)),
    ).toEqual([]);
    expect(await invariantViolations(database)).toEqual([]);
    expect(exitCode).toBe(0);
    // Not ready (503) for a moment while still serving, then no longer listening.
    expect(healthSeen.slice(-2)).toEqual([503, 'ECONNREFUSED']);
    // Each write the stopped process acknowledged reached the client: none was answered into a
    // connection already gone (a reset retried above was one the process never read).
    const acknowledgedThere = restarted
      .output()
      .split('\n')
      .filter((line) => /"msg":"request"/.test(line))
      .map((line) => JSON.parse(line) as { path: string; status: number })
      .filter((entry) => entry.path === '/v1/classe/add-student' && entry.status === 200);
    expect(acknowledgedThere).toHaveLength(
      outcomes.filter((outcome) => outcome.answeredBy === restarted.url && outcome.status === 200)
        .length,
    );
  }, 120_000);
});
