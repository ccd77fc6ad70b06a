/**
 * What one address may hold of the server (http-server.ts, decision 007): open connections up to
 * a cap, past which a new one is answered 429 and closed (after a short hold), while other
 * addresses are served; request bodies still arriving, past whose memory bound a request with a
 * body is answered 503 at once, its connection kept; and answers it does not read, held for a
 * while, then its connection reset. Linux's loopback answers from any of 127.0.0.0/8, so the
 * addresses here are real, distinct source addresses.
 */
import { IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PIPELINED_MAX } from './http-server.ts';
import type { Fixtures } from './testing/database.ts';
import { STANDARD_FIXTURES, TURMAS } from './testing/fixtures.ts';
import { sample, scrape } from './testing/metrics-text.ts';
import { expectRawError, RawConnection } from './testing/raw-http.ts';
import {
  startTestServer,
  TEST_TOKEN,
  type LogEntry,
  type TestServer,
} from './testing/test-server.ts';

let server: TestServer | undefined;
const connections: RawConnection[] = [];
afterEach(async () => {
  for (const connection of connections.splice(0)) connection.destroy();
  await server?.stop();
  server = undefined;
});

async function open(running: TestServer, from: string) {
  const connection = await RawConnection.open(running.port, '127.0.0.1', from);
  connections.push(connection);
  return connection;
}

const HEALTH = 'GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n';

/** How many answers of `status` for `reason` the metrics counted as written before the app. */
async function countedApart(running: TestServer, status: number, reason: string) {
  const series = `http_requests_answered_apart_total{status="${status}",reason="${reason}"}`;
  return sample(await scrape(running.metricsUrl), series);
}

/** The lines logged with this request id, once a later request (`then`, an id) was logged. */
async function linesOf(running: TestServer, id: string, then: string) {
  await running.waitForLogLine((entry) => entry.requestId === then);
  return running.logLines
    .map((line) => JSON.parse(line) as LogEntry)
    .filter((entry) => entry.requestId === id);
}
const withId = (request: string, id: string) =>
  request.replace('Host: x\r\n', `Host: x\r\nX-Request-Id: ${id}\r\n`);
const enrolment = (body: string, length = body.length) =>
  'POST /v1/classe/add-student HTTP/1.1\r\nHost: x\r\n' +
  `Authorization: Bearer ${TEST_TOKEN}\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${length}\r\n\r\n${body}`;

describe('open connections per address', () => {
  it('past the cap, a 429 and the connection closed; other addresses served meanwhile', async () => {
    server = await startTestServer({
      fixtures: STANDARD_FIXTURES,
      connectionsPerAddress: 3,
      metricsPort: 0,
    });
    const held = [];
    for (let n = 0; n < 3; n++) held.push(await open(server, '127.0.0.1'));

    const refused = await open(server, '127.0.0.1');
    refused.write(HEALTH);
    const refusal = await refused.nextAnswer();
    expectRawError(refusal, 429, 'Too many connections from this address: at most 3 open at once');
    await refused.closed();

    const elsewhere = await open(server, '127.0.0.2');
    elsewhere.write(withId(HEALTH, 'elsewhere-1'));
    expect((await elsewhere.nextAnswer())?.status).toBe(200);
    // Its id is in the one line about it.
    expect(await linesOf(server, refusal!.headers['x-request-id']!, 'elsewhere-1')).toEqual([
      expect.objectContaining({ msg: 'connection refused', status: 429 }),
    ]);
    // The app never saw it: the metrics count it apart.
    expect(await countedApart(server, 429, 'connections')).toBe(1);
    // One of the three closes: the address may open another (once the server has seen it close).
    held[0]!.destroy();
    await held[0]!.closed();
    const running = server;
    await vi.waitFor(
      async () => {
        const again = await open(running, '127.0.0.1');
        again.write(HEALTH);
        expect((await again.nextAnswer())?.status).toBe(200);
      },
      { timeout: 15_000 },
    );
  });
});

describe('request bodies still arriving', () => {
  it('past their memory bound, a request with a body gets 503 at once', async () => {
    server = await startTestServer({ fixtures: STANDARD_FIXTURES, metricsPort: 0 });
    // 64 KiB declared, one byte sent: each holds its share (with the request's own cost) until
    // it arrives or times out; one address may hold a quarter of the bound, 96 such bodies.
    const slowBody = enrolment('{', 65_536);
    for (let n = 0; n < 96; n++) (await open(server, '127.0.0.1')).write(slowBody);

    const refused = await open(server, '127.0.0.1');
    refused.write(withId(slowBody, 'over-budget-1'));
    const answer = await refused.nextAnswer();
    expectRawError(
      answer,
      503,
      'Service unavailable: too many request bodies arriving at once. Try again shortly.',
    );
    expect(answer!.headers['retry-after']).toBe('2');
    expect(answer!.headers['x-request-id']).toBe('over-budget-1');
    // Not closed: a client reconnecting at once would be refused thousands of times a second.
    // The rest of its body is read and dropped, and the connection serves the next request.
    refused.write(' '.repeat(65_535));
    refused.write(withId(HEALTH, 'over-budget-then'));
    expect((await refused.nextAnswer())?.status).toBe(200);
    // The refusal has its request line, like every request.
    expect(await linesOf(server, 'over-budget-1', 'over-budget-then')).toEqual([
      expect.objectContaining({
        msg: 'request',
        method: 'POST',
        path: '/v1/classe/add-student',
        status: 503,
      }),
    ]);
    expect(await countedApart(server, 503, 'bodies')).toBe(1);

    // Another address still sends a body, and a request without one is served.
    const elsewhere = await open(server, '127.0.0.2');
    elsewhere.write(
      enrolment(
        JSON.stringify({
          name: 'Dora Nunes',
          email: 'dora@escola.example',
          classes: [{ id: TURMAS.turmaB.id }],
        }),
      ),
    );
    expect((await elsewhere.nextAnswer())?.status).toBe(200);
    const other = await open(server, '127.0.0.1');
    other.write(HEALTH);
    expect((await other.nextAnswer())?.status).toBe(200);
  });

  it('the 503 is the only answer: when the body does not come in time, the connection closes', async () => {
    // Short limits, well above the time the 97 connections below take to open.
    server = await startTestServer({
      fixtures: STANDARD_FIXTURES,
      timeouts: { headersMs: 4_000, requestMs: 8_000 },
    });
    const slowBody = enrolment('{', 65_536);
    for (let n = 0; n < 96; n++) (await open(server, '127.0.0.1')).write(slowBody);
    const refused = await open(server, '127.0.0.1');
    refused.write(slowBody);
    expect((await refused.nextAnswer())?.status).toBe(503);
    // Node reads and drops the rest of the body, sent a byte at a time (so that the connection is
    // not idle), until the request limit; that must not be answered too (a 408 would read as the
    // answer to the next request).
    const drip = setInterval(() => refused.write(' '), 250);
    try {
      expect(await refused.nextAnswer()).toBeUndefined();
    } finally {
      clearInterval(drip);
    }
  });
});

describe('requests pipelined on one connection', () => {
  const list = `GET /v1/classe HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TEST_TOKEN}\r\n\r\n`;

  it('past the cap, a 429 in its turn and the connection closed; the rest dropped', async () => {
    server = await startTestServer({ fixtures: STANDARD_FIXTURES, metricsPort: 0 });
    const connection = await open(server, '127.0.0.1');
    // In one packet, as a flood sends them: Node parses them all at once.
    connection.write(
      Array.from({ length: PIPELINED_MAX + 5 }, (_, n) => withId(list, `pipe-${n}`)).join(''),
    );
    for (let n = 0; n < PIPELINED_MAX; n++) {
      expect((await connection.nextAnswer())?.status).toBe(200);
    }
    const refused = await connection.nextAnswer();
    expectRawError(
      refused,
      429,
      `Too many requests on one connection: at most ${PIPELINED_MAX} waiting for their answers`,
    );
    expect(refused!.headers.connection).toBe('close');
    expect(refused!.headers['x-request-id']).toBe(`pipe-${PIPELINED_MAX}`);
    expect(await connection.nextAnswer()).toBeUndefined();
    // The 429 has its request line, like every request; those dropped after it, never answered,
    // have none.
    const after = await open(server, '127.0.0.2');
    after.write(withId(HEALTH, 'pipe-after'));
    expect((await after.nextAnswer())?.status).toBe(200);
    expect(await linesOf(server, `pipe-${PIPELINED_MAX}`, 'pipe-after')).toEqual([
      expect.objectContaining({ msg: 'request', path: '/v1/classe', status: 429 }),
    ]);
    expect(await linesOf(server, `pipe-${PIPELINED_MAX + 1}`, 'pipe-after')).toEqual([]);
    expect(await countedApart(server, 429, 'pipelined')).toBe(1);

    // A connection that keeps within the cap is served throughout.
    const polite = await open(server, '127.0.0.1');
    for (let round = 0; round < 2; round++) {
      polite.write(list.repeat(PIPELINED_MAX));
      for (let n = 0; n < PIPELINED_MAX; n++) {
        expect((await polite.nextAnswer())?.status).toBe(200);
      }
    }
  });

  it('a flood: each request past the cap dropped as it comes, not aborted when the connection goes', async () => {
    server = await startTestServer({ fixtures: STANDARD_FIXTURES });
    const from = server.logLines.length;
    // When a connection closes, Node aborts every request on it still unanswered, each with an
    // error whose stack it formats: 20 µs each, most of what a flood cost (decision 007). Those
    // already destroyed are skipped, and so never reach _destroy again.
    const destroyed = vi.spyOn(IncomingMessage.prototype, '_destroy');
    const aborted = () => destroyed.mock.calls.filter(([error]) => error instanceof Error).length;
    try {
      const connection = await open(server, '127.0.0.1');
      // In one write: Node parses a read's worth (64 KiB, ~600 of them) at once.
      connection.write(list.repeat(1_000));
      await connection.closed();
      // Those it was serving and those it answered 429 or dropped within the cap are aborted.
      await vi.waitFor(() => expect(aborted()).toBeGreaterThanOrEqual(PIPELINED_MAX));
      expect(aborted()).toBeLessThanOrEqual(2 * PIPELINED_MAX + 1);
      // And none of them ran but the first (behind no other): those behind another start a turn
      // later, when the connection is gone. A request sent afterwards runs after them.
      const after = await open(server, '127.0.0.2');
      after.write(HEALTH.replace('/v1/health', '/v1/openapi.json'));
      expect((await after.nextAnswer())?.status).toBe(200);
      await server.waitForLogLine(
        (entry) => entry.msg === 'request' && entry.path === '/v1/openapi.json',
        from,
      );
      const ran = server.logLines
        .slice(from)
        .map((line) => JSON.parse(line) as LogEntry)
        .filter((entry) => entry.msg === 'request' && entry.path === '/v1/classe');
      // The one 429 is logged too, like every answer.
      expect(ran.filter((entry) => entry.status === 429)).toHaveLength(1);
      expect(ran.filter((entry) => entry.status !== 429).length).toBeLessThanOrEqual(1);
    } finally {
      destroyed.mockRestore();
    }
  });

  it('a flood: nothing of it is kept once its connection is gone', async () => {
    server = await startTestServer({ fixtures: STANDARD_FIXTURES });
    // Every request Node aborts as the connection goes, followed without being held.
    const aborted: WeakRef<IncomingMessage>[] = [];
    const prototype = IncomingMessage.prototype;
    const descriptor = Object.getOwnPropertyDescriptor(prototype, '_destroy')!;
    const destroy = descriptor.value as (this: IncomingMessage, ...args: unknown[]) => void;
    prototype._destroy = function (this: IncomingMessage, ...args: unknown[]) {
      aborted.push(new WeakRef(this));
      destroy.apply(this, args);
    };
    try {
      const connection = await open(server, '127.0.0.1');
      connection.write(list.repeat(1_000));
      await connection.closed();
      // Among them those being served: the answers queued behind the first one were kept for
      // good (1.3 MB a connection), as they never close.
      await vi.waitFor(() => expect(aborted.length).toBeGreaterThanOrEqual(PIPELINED_MAX));
    } finally {
      Object.defineProperty(prototype, '_destroy', descriptor);
    }
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    await vi.waitFor(
      () => {
        gc();
        expect(aborted.filter((request) => request.deref() !== undefined)).toHaveLength(0);
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});

describe('answers the client does not read', () => {
  /** A page of 100 students holding 40 turmas of long names each: about 0.9 MB. */
  const turmas = Array.from({ length: 40 }, (_, n) => ({
    id: `t${String(n).padStart(3, '0')}`,
    name: `${'Turma de nome comprido '.repeat(8)}${n}`,
    createdAt: '2024-01-01T10:00:00.000Z',
    updatedAt: '2024-01-01T10:00:00.000Z',
  }));
  const BIG_PAGES: Fixtures = {
    turmas,
    enrolments: Array.from({ length: 100 }, (_, n) => ({
      name: `Aluno ${n}`,
      email: `aluno${n}@escola.example`,
    })).flatMap((student) => turmas.map((turma) => ({ turma, student }))),
  };
  const PAGE = `GET /v1/students?pageSize=100 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TEST_TOKEN}\r\n\r\n`;
  /** Twelve of them: more than the kernel's buffers take (up to about 4 MB on loopback). */
  const PAGES = PAGE.repeat(12);
  const STALL_MS = 3_000;

  const sockets: Socket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });
  async function rawSocket(port: number): Promise<Socket> {
    const socket = connect({ port, host: '127.0.0.1' });
    sockets.push(socket);
    socket.pause();
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return socket;
  }

  // Its own time limit: 4,000 enrolments to write first, slower on PostgreSQL.
  it('are held at most the stall limit, then the connection is reset; a slow reader is served', async () => {
    server = await startTestServer({
      fixtures: BIG_PAGES,
      timeouts: { headersMs: 10_000, requestMs: 30_000, answerStallMs: STALL_MS },
    });
    const from = server.logLines.length;
    const unread = await rawSocket(server.port);
    const started = performance.now();
    unread.write(PAGES);
    const reset = await server.waitForLogLine((entry) => entry.msg === 'connection reset', from);
    expect(performance.now() - started).toBeGreaterThanOrEqual(STALL_MS);
    expect(reset).toMatchObject({ reason: 'its answers are not read' });
    // Its client finds out once it reads: what its kernel had taken in, then the end.
    unread.on('error', () => {});
    const closed = new Promise((resolve) => unread.once('close', resolve));
    unread.resume();
    await closed;

    // A client that reads, however slowly (a pause after every chunk, longer than the stall
    // limit in all), is served every answer.
    const slow = await rawSocket(server.port);
    const statuses: string[] = [];
    let tail = '';
    slow.on('data', (chunk: Buffer) => {
      const text = tail + chunk.toString('latin1');
      statuses.push(...[...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1]!));
      tail = text.slice(-16);
      slow.pause();
      // The scenario's pace, not a wait for something to happen.
      setTimeout(() => slow.resume(), 20);
    });
    const ended = new Promise<void>((resolve, reject) => {
      slow.once('error', reject);
      slow.once('end', resolve);
    });
    const reading = performance.now();
    slow.write(`${PAGES}GET /v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    slow.resume();
    await ended;
    expect(statuses).toEqual(Array<string>(13).fill('200'));
    expect(performance.now() - reading).toBeGreaterThan(STALL_MS);
    // The unread one had been sent a small part of it.
    expect(unread.bytesRead).toBeLessThan(slow.bytesRead / 4);
  }, 60_000);
});
