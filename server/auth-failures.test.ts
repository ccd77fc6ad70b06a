/**
 * Guessing tokens is slowed per address (auth-failures.ts, decision 007): past the limit of failed
 * authentications in a window, that address's failures get 429 with Retry-After, logged once and
 * without the token; a valid token from the same address is still served, and other addresses
 * still get their 401. Tokens shorter than 32 characters stop the start, naming API_TOKENS.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './server.ts';
import { STANDARD_FIXTURES } from './testing/fixtures.ts';
import { startTestServer, TEST_TOKEN, type TestServer } from './testing/test-server.ts';

const GUESS = 'guessed-token-that-is-not-the-right-one';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    fixtures: STANDARD_FIXTURES,
    authFailures: { failures: 3, windowMs: 60_000 },
  });
});
afterAll(() => server.stop());

/** GET /v1/classe with `token`, from `localAddress`; status, Retry-After and the body. */
function list(token: string, localAddress: string) {
  return new Promise<{ status: number; retryAfter: string | undefined; body: unknown }>(
    (resolve, reject) => {
      httpRequest(
        {
          host: '127.0.0.1',
          port: server.port,
          path: '/v1/classe',
          localAddress,
          agent: false,
          headers: { authorization: `Bearer ${token}` },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode!,
              retryAfter: response.headers['retry-after'],
              body: JSON.parse(text) as unknown,
            }),
          );
        },
      )
        .on('error', reject)
        .end();
    },
  );
}

describe('failed authentication, per address', () => {
  it('is refused with 429 past the limit, while a valid token and other addresses are served', async () => {
    for (let n = 0; n < 3; n++) expect((await list(GUESS, '127.0.0.3')).status).toBe(401);
    const from = server.logLines.length;

    const refused = await list(GUESS, '127.0.0.3');
    expect(refused).toEqual({
      status: 429,
      retryAfter: expect.stringMatching(/^(60|59)$/) as unknown,
      body: {
        status: '429',
        message: 'Too many failed authentications from this address. Try again later.',
      },
    });
    expect((await list(`${GUESS}x`, '127.0.0.3')).status).toBe(429);
    // Only failures are slowed.
    expect((await list(TEST_TOKEN, '127.0.0.3')).status).toBe(200);
    expect((await list(GUESS, '127.0.0.4')).status).toBe(401);

    const logged = server.logLines
      .slice(from)
      .filter((line) => line.includes('authentication failures over the limit'));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!)).toMatchObject({ address: '127.0.0.3', failures: 3 });
    expect(server.logLines.join('\n')).not.toContain(GUESS);
  });
});

describe('configured tokens', () => {
  it('refuses to start with a token shorter than 32 characters, naming API_TOKENS', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'turmas-tokens-'));
    try {
      await expect(
        startServer({ dataDir, tokens: [TEST_TOKEN, 'a'.repeat(31)], log: () => {} }),
      ).rejects.toThrow('API_TOKENS: 1 token(s) are shorter than 32 characters');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
