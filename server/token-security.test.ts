/**
 * The bearer token is compared in constant time, read only from the Authorization header, and never
 * logged. The test pins the mechanism (one timingSafeEqual of SHA-256 digests per token) instead of
 * timing it.
 */
import crypto, { createHash } from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storedStudents } from './testing/database.ts';
import { STANDARD_FIXTURES, STUDENTS, TURMAS } from './testing/fixtures.ts';
import { startTestApp, type TestApp } from './testing/test-app.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

// A spy on the built-in itself, not vi.mock: the server's modules may be loaded already by another
// file of the same worker (isolation is off, vitest.config.ts), and a mock would not reach them.
const timingSafeEqual = vi.spyOn(crypto, 'timingSafeEqual');
syncBuiltinESMExports();
afterAll(() => {
  timingSafeEqual.mockRestore();
  syncBuiltinESMExports();
});

const TOKEN = 'Tk.0123456789-abcdefghijklmnop_ABCDEF~xyz';
const SECOND_TOKEN = 'second+token/with/0123456789abcdefgh=';
const TOKEN68 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~+/';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Wrong tokens, all well-formed (so they reach the comparison): of every length, and near misses. */
function wrongTokens(): string[] {
  const wrong = new Set<string>();
  for (let length = 1; length <= TOKEN.length * 2; length++) {
    wrong.add(
      Array.from({ length }, (_, i) => TOKEN68[(i * 7 + length) % TOKEN68.length]).join(''),
    );
  }
  for (let length = 1; length < TOKEN.length; length++) wrong.add(TOKEN.slice(0, length));
  for (const char of ['A', '-', '~', '+']) wrong.add(`${TOKEN}${char}`);
  for (let at = 0; at < TOKEN.length; at++) {
    const other = TOKEN[at] === 'a' ? 'b' : 'a';
    wrong.add(`${TOKEN.slice(0, at)}${other}${TOKEN.slice(at + 1)}`);
  }
  wrong.add(TOKEN.toUpperCase());
  wrong.add(TOKEN.toLowerCase());
  wrong.add(SECOND_TOKEN.slice(0, -1));
  wrong.add(`${TOKEN}${SECOND_TOKEN}`);
  wrong.delete(TOKEN);
  wrong.delete(SECOND_TOKEN);
  return [...wrong];
}

describe('the token comparison', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ fixtures: STANDARD_FIXTURES, tokens: [TOKEN, SECOND_TOKEN] });
  });
  afterAll(() => app.stop());
  // A block, not an arrow returning the mock: Vitest would call a returned function as a teardown.
  beforeEach(() => {
    timingSafeEqual.mockClear();
  });

  const list = (authorization: string) => app.request('/v1/classe', { headers: { authorization } });

  /** One timing-safe compare per configured token, of 32-byte digests, one being the candidate's. */
  function expectConstantTimeComparison(candidate: string) {
    const calls = timingSafeEqual.mock.calls;
    expect(calls, candidate).toHaveLength(2);
    const candidateDigest = sha256(candidate);
    for (const [expected, actual] of calls) {
      expect(Buffer.from(expected as Uint8Array).byteLength, candidate).toBe(32);
      expect(Buffer.from(actual as Uint8Array).equals(candidateDigest), candidate).toBe(true);
    }
  }

  const wrong = wrongTokens();

  it(`refuses ${wrong.length} wrong tokens, every one compared the same way`, async () => {
    for (const candidate of wrong) {
      timingSafeEqual.mockClear();
      const response = await list(`Bearer ${candidate}`);
      expect(response.status, candidate).toBe(401);
      expect(await response.json()).toEqual({ status: '401', message: 'Invalid or expired token' });
      expectConstantTimeComparison(candidate);
    }
  });

  it.each([TOKEN, SECOND_TOKEN])(
    'accepts %s after comparing it with every token, not only up to its match',
    async (token) => {
      const response = await list(`Bearer ${token}`);
      expect(response.status).toBe(200);
      expectConstantTimeComparison(token);
    },
  );
});

describe('tokens outside the Authorization header', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ fixtures: STANDARD_FIXTURES, tokens: [TOKEN] });
  });
  afterAll(() => app.stop());

  const encoded = encodeURIComponent(TOKEN);

  it.each([
    `access_token=${encoded}`,
    `token=${encoded}`,
    `bearer=${encoded}`,
    `api_key=${encoded}`,
    `authorization=${encodeURIComponent(`Bearer ${TOKEN}`)}`,
  ])('a token in the query string (?%s) is refused: 401', async (query) => {
    const response = await app.request(`/v1/classe?${query}`);
    expect(response.status).toBe(401);
  });

  it('nor does a write with the token in its URL or in a cookie get through', async () => {
    const body = JSON.stringify({
      name: 'Dora Nunes',
      email: 'dora@escola.example',
      classes: [{ id: TURMAS.turmaB.id }],
    });
    for (const [query, headers] of [
      [`?access_token=${encoded}`, {}],
      ['', { cookie: `token=${TOKEN}; authorization=Bearer ${TOKEN}` }],
      ['', { 'x-api-key': TOKEN, 'x-access-token': TOKEN }],
    ] as const) {
      const response = await app.request(`/v1/classe/add-student${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      expect(response.status).toBe(401);
    }
    expect((await storedStudents(app.database)).map((student) => student.email)).toEqual([
      STUDENTS.ana.email,
      STUDENTS.bruno.email,
      STUDENTS.carla.email,
    ]);
  });
});

describe('logs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ fixtures: STANDARD_FIXTURES, tokens: [TOKEN, SECOND_TOKEN] });
  });
  afterAll(() => server.stop());

  it('hold no token, from start-up to every kind of answer, right or wrong token', async () => {
    const near = `${TOKEN.slice(0, -1)}x`;
    const authorizations = [TOKEN, SECOND_TOKEN, near, 'short'].flatMap((token) => [
      `Bearer ${token}`,
      `Basic ${token}`,
      token,
    ]);
    const student = { name: 'Dora Nunes', email: 'dora@escola.example' };
    for (const authorization of authorizations) {
      await server.request('/classe', { authorization });
      await server.request(`/classe?access_token=${encodeURIComponent(TOKEN)}`, { authorization });
      await server.request('/classe?pageSize=0', { authorization });
      await server.request('/nope', { authorization });
      await server.request('/classe/add-student', {
        method: 'POST',
        json: { ...student, classes: [{ id: TURMAS.turmaB.id }] },
        authorization,
      });
      await server.request('/classe/ghost/add-student', {
        method: 'POST',
        json: student,
        authorization,
      });
      await server.request('/classe/remove-student', {
        method: 'DELETE',
        body: 'x'.repeat(70_000),
        headers: { 'content-type': 'application/json' },
        authorization,
      });
      await server.request('/classe/remove-student', {
        method: 'DELETE',
        body: '{',
        authorization,
      });
    }

    const lines = server.logLines.join('\n');
    expect(lines).toContain('"status":200');
    for (const status of [400, 401, 404, 413, 415]) expect(lines).toContain(`"status":${status}`);
    for (const secret of [TOKEN, SECOND_TOKEN, near, encodeURIComponent(TOKEN)]) {
      expect(lines).not.toContain(secret);
    }
    // Not even in part: the longest piece of the token any line holds is short.
    for (let at = 0; at + 8 <= TOKEN.length; at++) {
      expect(lines).not.toContain(TOKEN.slice(at, at + 8));
    }
  });
});
