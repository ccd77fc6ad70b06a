/**
 * Bodies built to cost the server: nested 10,000 deep, tens of thousands of members, and other
 * 64 KiB shapes. Each is answered 400 with the Error body naming the problem, within 5 ms of CPU,
 * and /v1/health keeps answering while they arrive (issue 17; figures in decision 007).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_MAX_BYTES } from '#contract';
import { createLogger } from './log.ts';
import { createApp } from './server.ts';
import { openStore } from './store/open-store.ts';
import type { Store } from './store/store.ts';
import {
  createTestDatabase,
  storedStudents,
  type StoredStudent,
  type TestDatabase,
} from './testing/database.ts';
import { STANDARD_FIXTURES, STUDENTS, TURMAS } from './testing/fixtures.ts';
import { killAllMains, startMain, type MainProcess } from './testing/main-process.ts';
import { exchange, expectRawError } from './testing/raw-http.ts';
import {
  expectError,
  expectWriteOk,
  startTestServer,
  TEST_TOKEN,
  type TestServer,
} from './testing/test-server.ts';

const CPU_BUDGET_MS = 5;
const TRIES = 25;
const TOO_DEEP = 'body: nested deeper than 32 levels';
const TOO_MANY = 'body: holds more than 1000 values';
const NAME_TOO_LONG = 'name: must be at most 200 characters';
const NAME_TOO_LONG_WITHOUT_LETTER = `${NAME_TOO_LONG}; name: must hold at least one letter or digit`;
const EMOJI = '\\ud83d\\ude00'; // 😀 as a JSON escape pair: valid text
const student = `"name":"Dora","email":"dora@escola.example"`;

/** `unit` repeated to fill `prefix` … `suffix` up to 64 KiB (or `bytes`). */
function filled(prefix: string, unit: string, suffix: string, bytes = BODY_MAX_BYTES): string {
  const room = bytes - Buffer.byteLength(prefix) - Buffer.byteLength(suffix);
  return prefix + unit.repeat(Math.floor(room / Buffer.byteLength(unit))) + suffix;
}

/** `count` distinct field names of `length` characters each. */
const fieldNames = (count: number, length: number, from = 0) =>
  Array.from({ length: count }, (_, at) => `"${(from + at).toString(36).padStart(length, '_')}"`);

/** [what, JSON text, the Error body's message]. All at most 64 KiB. */
const SHAPES: [string, string, string][] = [
  [
    'arrays nested 10,000 deep beside an emoji pair',
    `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)},"b":"${EMOJI}"}`,
    TOO_DEEP,
  ],
  ['arrays nested 32,000 deep', `${'['.repeat(32_000)}${']'.repeat(32_000)}`, TOO_DEEP],
  ['objects nested 10,000 deep', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`, TOO_DEEP],
  ['unclosed arrays, 64 KiB of them', '['.repeat(BODY_MAX_BYTES), TOO_DEEP],
  ['arrays nested 33 deep, one past the limit', `${'['.repeat(33)}${']'.repeat(33)}`, TOO_DEEP],
  ['classes: 32,000 numbers', filled(`{${student},"classes":[`, '1,', '1]}'), TOO_MANY],
  ['classes: 5,900 references', filled(`{${student},"classes":[`, '{"id":"1"},', '{}]}'), TOO_MANY],
  ['classes: 21,000 empty arrays', filled(`{${student},"classes":[`, '[],', '[]]}'), TOO_MANY],
  ['a top-level array of 4,600 emoji pairs', filled('["', `${EMOJI}","`, '"]'), TOO_MANY],
  ['5,900 distinct field names', `{${fieldNames(5_900, 6).join(':1,')}:1}`, TOO_MANY],
  [
    '7 objects of 990 distinct field names',
    `[${Array.from({ length: 7 }, (_, at) => `{${fieldNames(990, 4, at * 990).join(':1,')}:1}`).join(',')}]`,
    TOO_MANY,
  ],
  [
    'at the limit: 990 distinct field names of 50 characters',
    `{${student},"classes":[{"id":"t1"}],${fieldNames(990, 50).join(':1,')}:1}`,
    `body: unknown fields ${fieldNames(990, 50)
      .map((name) => JSON.parse(name) as string)
      .join(', ')}`,
  ],
  [
    'at the limit: 990 field names, then a lone surrogate',
    `[{${fieldNames(990, 40).join(':1,')}:1},"\\udc00"]`,
    '1: must be Unicode text (it holds a lone surrogate)',
  ],
  [
    'at the limit: 990 emoji pairs in classes',
    `{${student},"classes":[${Array(990)
      .fill(`"${EMOJI.repeat(4)}"`)
      .join(',')}]}`,
    'classes: must name at most 100 turmas',
  ],
  [
    'a 64 KiB name',
    filled(`{"email":"dora@escola.example","classes":[{"id":"t1"}],"name":"`, 'x', '"}'),
    NAME_TOO_LONG,
  ],
  [
    'a name of 5,400 escaped emoji pairs',
    filled(`{"email":"dora@escola.example","classes":[{"id":"t1"}],"name":"`, EMOJI, '"}'),
    NAME_TOO_LONG_WITHOUT_LETTER,
  ],
  [
    'a name of brackets, which inside a string nest nothing',
    filled(`{"email":"dora@escola.example","classes":[{"id":"t1"}],"name":"`, '[[{{', '"}'),
    NAME_TOO_LONG_WITHOUT_LETTER,
  ],
  [
    'a 64 KiB e-mail address',
    filled(`{"name":"Dora","classes":[{"id":"t1"}],"email":"`, 'a.', '@escola.example"}'),
    'email: must be at most 254 characters',
  ],
  [
    'a 64 KiB expiry',
    filled(`{${student},"classes":[{"id":"t1"}],"expirationDate":"`, '2026-', '"}'),
    'expirationDate: must be an ISO 8601 date-time with an offset or Z, e.g. 2026-12-31T23:59:59Z',
  ],
];

describe('shapes of up to 64 KiB, each within 5 ms of CPU', () => {
  // The production app called in-process on a real database: the timed region holds the
  // server's work and nothing else (no socket, no client, no conformance check).
  let database: TestDatabase;
  let store: Store;
  let fetchApp: (body: string) => Promise<Response>;
  beforeAll(async () => {
    database = await createTestDatabase();
    ({ store } = await openStore(
      database,
      createLogger(() => {}),
    ));
    const app = createApp({
      store,
      tokens: [TEST_TOKEN],
      log: createLogger(() => {}),
    });
    fetchApp = async (body) =>
      app.request('http://localhost/v1/classe/add-student', {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json' },
        body,
      });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  /**
   * The least CPU (user + system, this process: vitest runs each file in a process of its own)
   * that answering `body` took over 25 tries: the least is the cost of the work itself, where a
   * busy machine or a garbage collection can only add to any one try. With 7, V8 had sometimes
   * not yet optimised the path: 5–6 ms where 1.2–1.4 is the settled figure.
   */
  async function leastCpuMs(body: string) {
    let cpuMs = Infinity;
    let answer = { status: 0, text: '' };
    for (let tryNumber = 0; tryNumber < TRIES; tryNumber++) {
      const before = process.cpuUsage();
      const response = await fetchApp(body);
      const text = await response.text();
      const used = process.cpuUsage(before);
      cpuMs = Math.min(cpuMs, (used.user + used.system) / 1000);
      answer = { status: response.status, text };
    }
    return { cpuMs, answer };
  }

  it.each(SHAPES)('%s: 400 naming the problem', async (_, body, message) => {
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(BODY_MAX_BYTES);
    const { cpuMs, answer } = await leastCpuMs(body);

    expect({ status: answer.status, body: JSON.parse(answer.text) as unknown }).toEqual({
      status: 400,
      body: { status: '400', message },
    });
    expect(cpuMs).toBeLessThanOrEqual(CPU_BUDGET_MS);
  });
});

describe('over HTTP', () => {
  let server: TestServer;
  let studentsBefore: StoredStudent[];
  beforeAll(async () => {
    server = await startTestServer({ fixtures: STANDARD_FIXTURES });
    studentsBefore = await storedStudents(server.database);
  });
  afterAll(() => server.stop());

  const post = (body: string) =>
    server.request('/classe/add-student', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });

  it.each(SHAPES)('%s: the same Error body, nothing written', async (_, body, message) => {
    expectError(await post(body), 400, message);
    expect(await storedStudents(server.database)).toEqual(studentsBefore);
  });

  const valid = (extra: string) =>
    `{"name":"Eva ${EMOJI}","email":"eva@escola.example","classes":[{"id":"${TURMAS.turmaB.id}"}]${extra}}`;

  it('nesting up to the limit is the contract’s to judge, not refused for its depth', async () => {
    const deepExtra = `,"extra":${'['.repeat(31)}${']'.repeat(31)}`;
    expectError(await post(valid(deepExtra)), 400, 'body: unknown field extra');
  });

  it('a lone surrogate is still found, and named, after the shape checks', async () => {
    const body = `{"name":"Dora","email":"dora@escola.example","classes":[{"id":"t1"},{"id":"t2\\ud83d"}]}`;
    expectError(
      await post(body),
      400,
      'classes.1.id: must be Unicode text (it holds a lone surrogate)',
    );
  });

  it('an escaped backslash before "ud800" is text, not an escape: accepted', async () => {
    expectWriteOk(await post(valid('').replace(`Eva ${EMOJI}`, 'Eva \\\\ud800')));
    expect(await storedStudents(server.database)).toContainEqual({
      email: 'eva@escola.example',
      name: 'Eva \\ud800',
    });
  });

  it('a body of 100 turmas (some 200 values) passes the shape checks', async () => {
    const turmas = Array.from({ length: 100 }, (_, at) => `{"id":"t${at + 1}"}`);
    const body = `{"name":"Ana ${EMOJI}","email":"${STUDENTS.ana.email}","classes":[${turmas.join(',')}]}`;
    // 93 of the ids name no turma: the store, past every check of the body, answers 404.
    const answer = await post(body);
    expect(answer.status, answer.text).toBe(404);
  });
});

describe('4 clients sending 10,000-deep bombs back to back to a server process', () => {
  // The server in a process of its own, as in production: what /v1/health waits for is then the
  // server's work alone, not this process's clients.
  let database: TestDatabase;
  let main: MainProcess;
  beforeAll(async () => {
    database = await createTestDatabase();
    main = await startMain(database, { API_TOKENS: TEST_TOKEN, SEED_CLASSES: '0' });
  });
  afterAll(async () => {
    await main.terminate();
    killAllMains();
    await database.drop();
  });

  const bomb = SHAPES[0]![1];
  const bombRequest = [
    'POST /v1/classe/add-student HTTP/1.1',
    'Host: x',
    `Authorization: Bearer ${TEST_TOKEN}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(bomb)}`,
    'Connection: close',
    '',
    bomb,
  ].join('\r\n');
  const healthRequest = 'GET /v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';

  /** Milliseconds from sending a health check to its answer. */
  async function health(): Promise<number> {
    const started = performance.now();
    const answer = await exchange(main.port, healthRequest);
    expect(answer?.status).toBe(200);
    return performance.now() - started;
  }

  /** The slowest health check while 4 clients send 25 bombs each, and the slowest before. */
  async function attack(): Promise<{ quiet: number; during: number }> {
    for (let warm = 0; warm < 5; warm++) await health();
    const quiet: number[] = [];
    for (let check = 0; check < 20; check++) quiet.push(await health());

    let attacking = 4;
    const attackers = Array.from({ length: attacking }, async () => {
      try {
        for (let sent = 0; sent < 25; sent++) {
          expectRawError(await exchange(main.port, bombRequest), 400, TOO_DEEP);
        }
      } finally {
        attacking--;
      }
    });
    const during: number[] = [];
    while (attacking > 0 || during.length < 10) during.push(await health());
    await Promise.all(attackers);
    return { quiet: Math.max(...quiet), during: Math.max(...during) };
  }

  it('/v1/health answers within 1 s of its quiet time, every bomb a 400', async () => {
    // Before the fix one such bomb held the process 2 s or more (a stack overflow, then a 500),
    // in every attempt. A busy machine can stall any one check (100 ms was not enough room on a
    // 2-core CI beside a browser): the best of three attempts counts.
    const attempts = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const { quiet, during } = await attack();
      attempts.push({ quiet, during });
      if (during < 1_000 + quiet) break;
    }
    expect(
      attempts.some(({ quiet, during }) => during < 1_000 + quiet),
      JSON.stringify(attempts),
    ).toBe(true);
  });
});
