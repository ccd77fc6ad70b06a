/**
 * CORS (server/cors.ts): a console on another site may call the API only from an origin listed in
 * CORS_ORIGINS, preflight included; other origins get answers without the header that would let
 * their scripts read them, and a preflight from one is refused with the Error body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './server.ts';
import { parseCorsOrigins, PREFLIGHT_MAX_AGE_S } from './cors.ts';
import { startTestServer, TEST_TOKEN, type TestServer } from './testing/test-server.ts';

const CONSOLE = 'http://console.example:8080';
const ELSEWHERE = 'https://elsewhere.example';

let server: TestServer;
/** The default: CORS_ORIGINS unset. */
let closed: TestServer;

beforeAll(async () => {
  [server, closed] = await Promise.all([
    startTestServer({ corsOrigins: [CONSOLE, 'https://turmas.example'], seedClasses: 2 }),
    startTestServer({ seedClasses: 2 }),
  ]);
});
afterAll(() => Promise.all([server.stop(), closed.stop()]));

/** What a browser sends before a call with a token and a JSON body. */
function preflight(
  on: TestServer,
  origin: string,
  method = 'POST',
  path = '/v1/classe/add-student',
): Promise<Response> {
  return fetch(`${on.url}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type',
    },
  });
}

const varyOf = (answer: Response) =>
  (answer.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase());

/** The calls the console makes, and the answers it must be able to read: errors included. */
const CALLS: [what: string, path: string, init: RequestInit, status: number][] = [
  ['a page of turmas', '/v1/classe', {}, 200],
  [
    'a refused token (the console asks to sign in again)',
    '/v1/classe',
    { headers: { authorization: 'Bearer not-the-token' } },
    401,
  ],
  ['a bad query', '/v1/classe?pageSize=0x10', {}, 400],
  [
    'a write',
    '/v1/classe/add-student',
    {
      method: 'POST',
      body: JSON.stringify({ name: 'Ana', email: 'ana@escola.test', classes: [] }),
    },
    400,
  ],
  ['an unknown route', '/v1/nope', {}, 404],
  ['the health probe', '/v1/health', {}, 200],
];

function call(on: TestServer, origin: string | undefined, [, path, init]: (typeof CALLS)[number]) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${TEST_TOKEN}`,
    'content-type': 'application/json',
    ...(init.headers as Record<string, string> | undefined),
  };
  if (origin !== undefined) headers.origin = origin;
  return fetch(`${on.url}${path}`, { ...init, headers });
}

describe('a preflight from a listed origin', () => {
  it.each([
    ['POST', '/v1/classe/add-student'],
    ['POST', '/v1/classe/c-1/add-student'],
    ['DELETE', '/v1/classe/remove-student'],
    ['GET', '/v1/classe'],
    ['HEAD', '/v1/classe'],
  ])('%s %s: 204 allowing the method, the token and the JSON body', async (method, path) => {
    const answer = await preflight(server, CONSOLE, method, path);

    expect(answer.status).toBe(204);
    expect(await answer.text()).toBe('');
    expect(answer.headers.get('access-control-allow-origin')).toBe(CONSOLE);
    expect(answer.headers.get('access-control-allow-methods')?.split(',')).toContain(method);
    expect(answer.headers.get('access-control-allow-headers')).toBe(
      'Authorization,Content-Type,X-Request-Id,X-Run-Id',
    );
    expect(answer.headers.get('access-control-max-age')).toBe(String(PREFLIGHT_MAX_AGE_S));
    expect(varyOf(answer)).toContain('origin');
    // A bearer token, never a cookie: no credentials mode to allow.
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    // The security headers too.
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('allows only the methods the API has', async () => {
    const answer = await preflight(server, CONSOLE, 'PUT');
    await answer.body?.cancel();

    expect(answer.headers.get('access-control-allow-methods')).toBe('GET,HEAD,POST,DELETE');
  });
});

describe('a preflight from an origin not listed', () => {
  it.each([
    ['another site', () => server, ELSEWHERE],
    ['the listed origin with a trailing slash', () => server, `${CONSOLE}/`],
    ['the listed origin in capitals', () => server, CONSOLE.toUpperCase()],
    ['the listed host on another port', () => server, 'http://console.example'],
    ['the listed host over https', () => server, 'https://console.example:8080'],
    ['an opaque origin', () => server, 'null'],
    ['any site, CORS_ORIGINS unset', () => closed, CONSOLE],
  ])('%s: 403 Error body naming the setting, nothing allowed', async (_, on, origin) => {
    const answer = await preflight(on(), origin);

    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({
      status: '403',
      message: `Origin ${origin} may not call this API: CORS_ORIGINS does not list it`,
    });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('access-control-allow-methods')).toBeNull();
    expect(varyOf(answer)).toContain('origin');
  });
});

describe('the calls themselves', () => {
  it.each(CALLS)('%s from a listed origin: readable there (%s)', async (...entry) => {
    const answer = await call(server, CONSOLE, entry);
    await answer.body?.cancel();

    expect(answer.status).toBe(entry[3]);
    expect(answer.headers.get('access-control-allow-origin')).toBe(CONSOLE);
    // The headers the console reads that are not CORS-safelisted: when to retry, and which
    // extensions the API offers (decision 015).
    expect(answer.headers.get('access-control-expose-headers')).toBe(
      'Retry-After,Api-Extensions,X-Request-Id',
    );
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    expect(varyOf(answer)).toContain('origin');
  });

  it.each(CALLS)('%s from another origin: answered, not readable there (%s)', async (...entry) => {
    for (const [on, origin] of [
      [server, ELSEWHERE],
      [closed, CONSOLE],
    ] as const) {
      const answer = await call(on, origin, entry);
      await answer.body?.cancel();

      // The server does not refuse the call (a form or curl needs no CORS): the browser keeps
      // the answer from the page's script.
      expect(answer.status).toBe(entry[3]);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('answers on the same origin (no Origin header) carry no CORS header', async () => {
    const answer = await call(server, undefined, CALLS[0]!);
    await answer.body?.cancel();

    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('varies by Origin, so no cache hands one origin’s answer to another', async () => {
    for (const on of [server, closed]) {
      const answer = await call(on, CONSOLE, CALLS[0]!);
      await answer.body?.cancel();
      expect(varyOf(answer)).toContain('origin');
    }
  });

  it('an OPTIONS that is not a preflight is routed as any other method: 405 Error body', async () => {
    const answer = await fetch(`${server.url}/v1/classe`, {
      method: 'OPTIONS',
      headers: { origin: CONSOLE, authorization: `Bearer ${TEST_TOKEN}` },
    });

    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, HEAD');
    expect(await answer.json()).toEqual({
      status: '405',
      message: 'Method OPTIONS not allowed on /v1/classe: use GET, HEAD',
    });
  });

  it('outside /v1 (the console’s own files) nothing is allowed', async () => {
    const answer = await fetch(`${server.url}/index.html`, { headers: { origin: CONSOLE } });
    await answer.body?.cancel();

    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(server, CONSOLE, 'GET', '/')).status).toBe(404);
  });
});

describe('CORS_ORIGINS', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['https://turmas.example', ['https://turmas.example']],
    [
      ' https://turmas.example , http://127.0.0.1:4000,,',
      ['https://turmas.example', 'http://127.0.0.1:4000'],
    ],
  ])('%j lists %j', (text, origins) => {
    expect(parseCorsOrigins(text)).toEqual(origins);
  });

  it.each([
    ['*', /"\*" is not an http\(s\) origin/],
    ['turmas.example', /"turmas.example" is not an http\(s\) origin/],
    ['ftp://turmas.example', /is not an http\(s\) origin/],
    ['https://turmas.example/', /write "https:\/\/turmas.example"/],
    ['https://turmas.example/console', /write "https:\/\/turmas.example"/],
    ['https://Turmas.Example', /write "https:\/\/turmas.example"/],
    ['https://turmas.example:443', /write "https:\/\/turmas.example"/],
    ['https://ok.example,null', /"null" is not an http\(s\) origin/],
  ])('refuses %j', (text, message) => {
    expect(() => parseCorsOrigins(text)).toThrow(message);
  });

  it('startServer refuses one that could never match, before it listens', async () => {
    await expect(
      startServer({
        dataDir: server.dataDir,
        tokens: [TEST_TOKEN],
        corsOrigins: ['https://turmas.example/'],
        log: () => {},
      }),
    ).rejects.toThrow(/write "https:\/\/turmas.example"/);
  });
});
