/**
 * Admission control (admission.ts, decision 007): a client flooding the server gets 429s at once
 * and never a 5xx, while /v1/health, on new connections, and another client are answered; past
 * the bound of all clients together, 503s. Both carry Retry-After and the Error body (checked
 * against the served document). Health reports the load in its body and stays a 200. A smaller
 * version of `npm run bench:flood`, without its latency targets.
 *
 * Each burst is written on open connections in one go, so that the server reads it all before
 * it starts any: the flood's requests arrive together, as they do at a busy server.
 */
import { request as httpRequest } from 'node:http';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdmission, type AdmissionLimits } from './admission.ts';
import { errorBody } from './app.ts';
import { STANDARD_FIXTURES } from './testing/fixtures.ts';
import { RawConnection, type RawAnswer } from './testing/raw-http.ts';
import { startTestServer, TEST_TOKEN, type TestServer } from './testing/test-server.ts';

const LIMITS: AdmissionLimits = { perClient: 4, inFlight: 10, running: 2 };
const OTHER_TOKENS = ['other-client-0123456789abcdefghijk', 'third-client-0123456789abcdefghijk'];
const ROUNDS = 15;

let server: TestServer | undefined;
const opened: RawConnection[] = [];
afterEach(async () => {
  for (const connection of opened.splice(0)) connection.destroy();
  await server?.stop();
  server = undefined;
});

const search = (token: string) =>
  'GET /v1/students?query=a&pageSize=100 HTTP/1.1\r\nHost: x\r\n' +
  `Authorization: Bearer ${token}\r\n\r\n`;

/** `rounds` bursts of one request per token given, each burst written at once. */
async function flood(running: TestServer, tokens: string[], rounds: number): Promise<RawAnswer[]> {
  const connections = await Promise.all(tokens.map(() => RawConnection.open(running.port)));
  opened.push(...connections);
  // Each connection accepted and answering first: a burst on connections the server has not
  // accepted yet would arrive in pieces.
  for (const connection of connections)
    connection.write('GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n');
  for (const connection of connections) await connection.nextAnswer();
  const answers: RawAnswer[] = [];
  for (let round = 0; round < rounds; round++) {
    connections.forEach((connection, at) => connection.write(search(tokens[at]!)));
    for (const connection of connections) {
      const answer = await connection.nextAnswer();
      expect(answer, 'an answer to every request').toBeDefined();
      answers.push(answer!);
    }
    // Pauses the probes' turns need: a burst answered, the next written at once.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return answers;
}

/** Asks `ask` again as soon as it is answered, until `until`. */
async function meanwhile<T>(ask: () => Promise<T>, until: Promise<unknown>): Promise<T[]> {
  const answers: T[] = [];
  const state = { done: false };
  void until.finally(() => (state.done = true));
  while (!state.done) answers.push(await ask());
  return answers;
}

/** GET /v1/health over a connection of its own, as a load balancer's probe. */
function health(url: string): Promise<{ status: number; body: { admission: unknown } }> {
  return new Promise((resolve, reject) => {
    httpRequest(`${url}/v1/health`, { agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, body: JSON.parse(text) as { admission: unknown } }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const statusesOf = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>((count, { status }) => {
    count[status] = (count[status] ?? 0) + 1;
    return count;
  }, {});

const errorOf = (answer: RawAnswer) => JSON.parse(answer.text) as unknown;

describe('admission control', () => {
  it('answers a flooding client 429 at once, and health and another client meanwhile', async () => {
    server = await startTestServer({
      fixtures: STANDARD_FIXTURES,
      tokens: [TEST_TOKEN, ...OTHER_TOKENS],
      admission: LIMITS,
    });
    const running = server;
    const flooding = flood(running, Array<string>(24).fill(TEST_TOKEN), ROUNDS);
    const [flooded, probes, other] = await Promise.all([
      flooding,
      meanwhile(() => health(running.url), flooding),
      meanwhile(
        () => running.request('/classe', { authorization: `Bearer ${OTHER_TOKENS[0]}` }),
        flooding,
      ),
    ]);

    // Four of each burst of 24 run; the other twenty are refused at once.
    expect(statusesOf(flooded)).toEqual({ 200: 4 * ROUNDS, 429: 20 * ROUNDS });
    const refused = flooded.find((answer) => answer.status === 429)!;
    expect(refused.headers['retry-after']).toBe('1');
    expect(errorOf(refused)).toEqual({
      status: '429',
      message: 'Too many requests at once: at most 4 in flight per client. Try again shortly.',
    });
    expect(probes.length).toBeGreaterThan(0);
    expect(statusesOf(probes)).toEqual({ 200: probes.length });
    expect(probes.map((probe) => probe.body.admission)).toContainEqual(
      expect.objectContaining({ saturated: false }),
    );
    expect(other.length).toBeGreaterThan(0);
    expect(statusesOf(other)).toEqual({ 200: other.length });
  });

  it('refuses a write of a client at its limit at once, without waiting for its body', async () => {
    server = await startTestServer({
      fixtures: STANDARD_FIXTURES,
      tokens: [TEST_TOKEN],
      admission: LIMITS,
    });
    const reads = await Promise.all(
      Array.from({ length: 4 }, () => RawConnection.open(server!.port)),
    );
    const writer = await RawConnection.open(server.port);
    opened.push(...reads, writer);
    for (const connection of [...reads, writer]) {
      connection.write('GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n');
      await connection.nextAnswer();
    }
    // Four reads fill the client's places; the write behind them declares a body it never sends.
    for (const read of reads) read.write(search(TEST_TOKEN));
    writer.write(
      'POST /v1/classe/add-student HTTP/1.1\r\nHost: x\r\n' +
        `Authorization: Bearer ${TEST_TOKEN}\r\nContent-Type: application/json\r\n` +
        'Content-Length: 1000\r\n\r\n{',
    );
    const refused = await writer.nextAnswer();
    expect(refused?.status).toBe(429);
    for (const read of reads) expect((await read.nextAnswer())?.status).toBe(200);
  });

  it('answers 503 past the bound of all clients together, and health says saturated', async () => {
    server = await startTestServer({
      fixtures: STANDARD_FIXTURES,
      tokens: [TEST_TOKEN, ...OTHER_TOKENS],
      admission: { ...LIMITS, inFlight: 6 },
    });
    const running = server;
    // Five from each of three clients at once: four of the first run and its fifth is a 429;
    // two of the second fill the six all may have, and everything after is a 503.
    const tokens = [TEST_TOKEN, ...OTHER_TOKENS].flatMap((token) => Array<string>(5).fill(token));
    const flooding = flood(running, tokens, ROUNDS);
    const [answers, probes] = await Promise.all([
      flooding,
      meanwhile(() => health(running.url), flooding),
    ]);

    expect(statusesOf(answers)).toEqual({ 200: 6 * ROUNDS, 429: ROUNDS, 503: 8 * ROUNDS });
    const busy = answers.find((answer) => answer.status === 503)!;
    expect(busy.headers['retry-after']).toBe('2');
    expect(errorOf(busy)).toEqual({
      status: '503',
      message: 'Service unavailable: the server is busy. Try again shortly.',
    });
    expect(statusesOf(probes)).toEqual({ 200: probes.length });
    expect(probes.map((probe) => probe.body.admission)).toContainEqual(
      expect.objectContaining({ saturated: true }),
    );
  });
});

describe('the order admitted requests run in', () => {
  it('lets no client hold more than half the running places: another one finds a place', async () => {
    const admission = createAdmission({ perClient: 10, inFlight: 20, running: 4 }, errorBody);
    const started: string[] = [];
    const releases: (() => void)[] = [];
    const app = new Hono()
      .use(admission.admit((c) => c.req.header('x-client') ?? ''))
      .get('/', async (c) => {
        started.push(c.req.header('x-client')!);
        // Held, as requests waiting on each other's row locks hold their places.
        await new Promise<void>((resolve) => releases.push(resolve));
        return c.body(null);
      });
    const send = async (client: string) => app.request('/', { headers: { 'x-client': client } });
    const flood = Array.from({ length: 6 }, () => send('flood'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The flood's requests run while they hold their places: two of them; the rest wait.
    expect(started).toEqual(['flood', 'flood']);
    const answers = [...flood, send('other')];
    await new Promise((resolve) => setTimeout(resolve, 50));

    // Another client's request finds a place at once.
    expect(started).toEqual(['flood', 'flood', 'other']);
    expect(admission.state()).toEqual({ inFlight: 7, waiting: 4, saturated: false });
    for (const release of releases.splice(0)) release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toHaveLength(5);
    while (releases.length > 0) {
      for (const release of releases.splice(0)) release();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await Promise.all(answers)).map((answer) => answer.status)).toEqual(
      Array<number>(7).fill(200),
    );
  });
});
