/**
 * What one address may hold of the server (http-server.ts, decision 007): open connections up to
 * a cap, past which a new one is answered 429 and closed (after a short hold), while other
 * addresses are served; and request bodies still arriving, past whose memory bound a request with
 * a body is answered 503 at once, its connection kept. Linux's loopback answers from any of 127.0.0.0/8, so the
 * addresses here are real, distinct source addresses.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PIPELINED_MAX } from './http-server.ts';
import { STANDARD_FIXTURES, TURMAS } from './testing/fixtures.ts';
import { expectRawError, RawConnection } from './testing/raw-http.ts';
import { startTestServer, TEST_TOKEN, type TestServer } from './testing/test-server.ts';

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
const enrolment = (body: string, length = body.length) =>
  'POST /v1/classe/add-student HTTP/1.1\r\nHost: x\r\n' +
  `Authorization: Bearer ${TEST_TOKEN}\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${length}\r\n\r\n${body}`;

describe('open connections per address', () => {
  it('past the cap, a 429 and the connection closed; other addresses served meanwhile', async () => {
    server = await startTestServer({ fixtures: STANDARD_FIXTURES, connectionsPerAddress: 3 });
    const held = [];
    for (let n = 0; n < 3; n++) held.push(await open(server, '127.0.0.1'));

    const refused = await open(server, '127.0.0.1');
    refused.write(HEALTH);
    expectRawError(
      await refused.nextAnswer(),
      429,
      'Too many connections from this address: at most 3 open at once',
    );
    await refused.closed();

    const elsewhere = await open(server, '127.0.0.2');
    elsewhere.write(HEALTH);
    expect((await elsewhere.nextAnswer())?.status).toBe(200);
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
    server = await startTestServer({ fixtures: STANDARD_FIXTURES });
    // 64 KiB declared, one byte sent: each holds its share (with the request's own cost) until
    // it arrives or times out; one address may hold a quarter of the bound, 96 such bodies.
    const slowBody = enrolment('{', 65_536);
    for (let n = 0; n < 96; n++) (await open(server, '127.0.0.1')).write(slowBody);

    const refused = await open(server, '127.0.0.1');
    refused.write(slowBody);
    const answer = await refused.nextAnswer();
    expectRawError(
      answer,
      503,
      'Service unavailable: too many request bodies arriving at once. Try again shortly.',
    );
    expect(answer!.headers['retry-after']).toBe('2');
    // Not closed: a client reconnecting at once would be refused thousands of times a second.
    // The rest of its body is read and dropped, and the connection serves the next request.
    refused.write(' '.repeat(65_535));
    refused.write(HEALTH);
    expect((await refused.nextAnswer())?.status).toBe(200);

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
});

describe('requests pipelined on one connection', () => {
  it('past the cap, a 429 in its turn and the connection closed; the rest dropped', async () => {
    server = await startTestServer({ fixtures: STANDARD_FIXTURES });
    const list = `GET /v1/classe HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TEST_TOKEN}\r\n\r\n`;
    const connection = await open(server, '127.0.0.1');
    // In one packet, as a flood sends them: Node parses them all at once.
    connection.write(list.repeat(PIPELINED_MAX + 5));
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
    expect(await connection.nextAnswer()).toBeUndefined();

    // A connection that keeps within the cap is served throughout.
    const polite = await open(server, '127.0.0.1');
    for (let round = 0; round < 2; round++) {
      polite.write(list.repeat(PIPELINED_MAX));
      for (let n = 0; n < PIPELINED_MAX; n++) {
        expect((await polite.nextAnswer())?.status).toBe(200);
      }
    }
  });
});
