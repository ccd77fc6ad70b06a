/**
 * A rolling restart: two API processes (`server/main.ts`) on one PostgreSQL database, a client
 * sending writes through both and retrying on 503 and on a refused connection, as the console
 * does; one process gets SIGTERM and is started again. Every write the client finished got an
 * answer, and every acknowledged one is in the database.
 */
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
  killAllMains();
  await database.drop();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The code of a fetch that got no answer: ECONNREFUSED when nothing listens. */
const causeCode = (error: unknown): string => {
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' ? code : (error as Error).message;
};

interface Outcome {
  email: string;
  turmaId: string;
  /** The final answer's status, or why there was none. */
  status: number | string;
  attempts: number;
}

/**
 * One enrolment sent to the process `target()` names at each attempt (a load balancer's pick),
 * again after a 503 or a refused connection; any other failure ends it without an answer.
 */
async function enrol(target: () => string, n: number): Promise<Outcome> {
  const write = { email: `rolling${n}@escola.example`, turmaId: TURMAS[n % TURMAS.length]!.id };
  const started = Date.now();
  for (let attempts = 1; ; attempts++) {
    try {
      const response = await fetch(`${target()}/v1/classe/add-student`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Aluno ${n}`,
          email: write.email,
          classes: [{ id: write.turmaId }],
        }),
      });
      await response.text();
      if (response.status !== 503 || Date.now() - started > GIVE_UP_MS) {
        return { ...write, status: response.status, attempts };
      }
      const retryAfter = Number(response.headers.get('retry-after') ?? 1) * 1000;
      await pause(Math.min(retryAfter, RETRY_WAIT_MAX_MS));
    } catch (error) {
      const code = causeCode(error);
      if (code !== 'ECONNREFUSED' || Date.now() - started > GIVE_UP_MS) {
        return { ...write, status: code, attempts };
      }
      await pause(50);
    }
  }
}

describe('a rolling restart of one of two processes, under writes through both', () => {
  it('answers every write, and keeps every acknowledged one', async () => {
    const targets = processes.map((main) => main.url);
    const outcomes: Outcome[] = [];
    let sent = 0;
    let stopping = false;
    const client = async (writer: number) => {
      while (!stopping) {
        const n = sent++;
        outcomes.push(await enrol(() => targets[(n + writer) % 2]!, n));
      }
    };
    const acknowledged = () => outcomes.filter((outcome) => outcome.status === 200).length;
    const until = async (done: () => boolean) => {
      while (!done()) await pause(20);
    };
    const running = Promise.all([0, 1, 2, 3].map(client));

    await until(() => acknowledged() >= 20);
    const restarted = processes[1]!;
    const exitCode = await restarted.terminate();
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
  }, 120_000);
});
