/**
 * Every answer of the production server carries the security headers, and no source map, build
 * metadata, dot-file or file outside dist is served.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectConformingAnswer } from './testing/openapi-conformance.ts';
import { exchange } from './testing/raw-http.ts';
import { startServer, type RunningServer } from './server.ts';

const TOKEN = 'headers-test-token-0123456789abcdef';
const INDEX_HTML =
  '<!doctype html><html lang="pt-BR"><title>Turmas Admin</title><div id="root"></div>';
const SCRIPT = 'export const answer = 42;\n//# sourceMappingURL=index-abc123.js.map\n';
const SOURCE_MAP = '{"version":3,"sources":["../../src/secret-source.tsx"],"mappings":"AAAA"}';
const MANIFEST = '{"index.html":{"file":"assets/index-abc123.js","isEntry":true}}';
const OUTSIDE = 'a file next to dist, never to be served';

let server: RunningServer;
let work: string;
let dataDir: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'turmas-headers-'));
  dataDir = path.join(work, 'data');
  const dist = path.join(work, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await mkdir(path.join(dist, '.vite'));
  await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
  await writeFile(path.join(dist, 'config.js'), 'window.__TURMAS_CONFIG__ = {};\n');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(path.join(dist, 'assets', 'index-abc123.js.map'), SOURCE_MAP);
  await writeFile(path.join(dist, 'assets', 'index-abc123.css'), 'body{margin:0}');
  await writeFile(path.join(dist, '.vite', 'manifest.json'), MANIFEST);
  await writeFile(path.join(dist, '.env'), 'SECRET=1');
  await writeFile(path.join(work, 'outside.txt'), OUTSIDE);
  server = await startServer({ dataDir, staticDir: dist, tokens: [TOKEN], log: () => {} });
});

afterAll(async () => {
  await server.close();
  await rm(work, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Node's http client: it sends what it is given and hides no header. */
function send(
  pathname: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${server.url}${pathname}`, { method, headers }, (response) => {
      let text = '';
      response.setEncoding('latin1');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        const answer = { status: response.statusCode!, headers: response.headers, body: text };
        expectConformingAnswer(server.url, {
          method,
          target: pathname,
          status: answer.status,
          contentType: response.headers['content-type'],
          text: method === 'HEAD' ? undefined : Buffer.from(text, 'latin1').toString('utf8'),
        }).then(() => resolve(answer), reject);
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const auth = { authorization: `Bearer ${TOKEN}` };
const json = { ...auth, 'content-type': 'application/json' };

/** The body as sent before compression (404s outside /v1 are compressed like the console). */
function decoded(answer: Answer): string {
  const bytes = Buffer.from(answer.body, 'latin1');
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(bytes).toString();
  if (encoding === 'gzip') return gunzipSync(bytes).toString();
  return bytes.toString();
}

/** Directive name -> its sources. */
function parsePolicy(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

function expectSecurityHeaders(
  headers: Record<string, string | string[] | undefined>,
  what: string,
) {
  const policy = parsePolicy(String(headers['content-security-policy'] ?? ''));
  expect(policy.get('default-src'), what).toEqual(["'self'"]);
  expect(policy.get('script-src'), what).toEqual(["'self'"]);
  expect(policy.get('script-src'), what).not.toContain("'unsafe-inline'");
  expect(policy.get('script-src'), what).not.toContain("'unsafe-eval'");
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(policy.get('base-uri'), what).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(headers['x-frame-options'], what).toBe('DENY');
  const permissions = parsePermissions(String(headers['permissions-policy'] ?? ''));
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
    expect(permissions.get(feature), `${what}: Permissions-Policy ${feature}`).toBe('()');
  }
  // Plain HTTP, no proxy trusted: HSTS would misstate how the site is served.
  expect(headers['strict-transport-security'], what).toBeUndefined();
}

/** Feature -> its allowlist, e.g. camera -> "()". */
function parsePermissions(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(',')
      .map((entry) => entry.trim().split('='))
      .filter(([feature]) => feature)
      .map(([feature, allowlist]) => [feature!, allowlist ?? '']),
  );
}

const bigBody = JSON.stringify({ name: 'x'.repeat(70_000) });

const ANSWERS: [
  what: string,
  pathname: string,
  init: Parameters<typeof send>[1],
  status: number,
][] = [
  ['API list', '/v1/classe', { headers: auth }, 200],
  ['API list, HEAD', '/v1/classe', { method: 'HEAD', headers: auth }, 200],
  ['API write', '/v1/classe/add-student', { method: 'POST', headers: json, body: '{}' }, 400],
  ['API 401', '/v1/classe', {}, 401],
  ['API 404', '/v1/nope', { headers: auth }, 404],
  ['API 413', '/v1/classe/add-student', { method: 'POST', headers: json, body: bigBody }, 413],
  [
    'API 415',
    '/v1/classe/add-student',
    { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: '{}' },
    415,
  ],
  ['health', '/v1/health', {}, 200],
  ['OpenAPI document', '/v1/openapi.json', {}, 200],
  ['index.html at /', '/', {}, 200],
  ['index.html by name', '/index.html', {}, 200],
  ['config.js', '/config.js', {}, 200],
  ['favicon', '/favicon.svg', {}, 200],
  ['hashed script', '/assets/index-abc123.js', {}, 200],
  [
    'hashed script, brotli',
    '/assets/index-abc123.js',
    { headers: { 'accept-encoding': 'br' } },
    200,
  ],
  ['hashed script, a range', '/assets/index-abc123.js', { headers: { range: 'bytes=0-5' } }, 206],
  ['hashed stylesheet', '/assets/index-abc123.css', {}, 200],
  ['SPA fallback', '/turmas/qualquer?page=2', {}, 200],
  ['404 of a POST to the console', '/', { method: 'POST', body: 'x' }, 404],
  ['404 of a source map', '/assets/index-abc123.js.map', {}, 404],
  ['404 of the build manifest', '/.vite/manifest.json', {}, 404],
];

describe('security headers', () => {
  it.each(ANSWERS)('on %s', async (what, pathname, init, status) => {
    const answer = await send(pathname, init);
    expect(answer.status, what).toBe(status);
    expectSecurityHeaders(answer.headers, what);
  });

  it('on what Node answers before the app sees a request (a NUL in a header)', async () => {
    const answer = await exchange(server.port, 'GET / HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n');
    expect(answer?.status).toBe(400);
    expectSecurityHeaders(answer!.headers, 'malformed request');
  });
});

describe('files of the build that are not served', () => {
  it.each([
    '/assets/index-abc123.js.map',
    '/assets/index-abc123.JS.MAP',
    '/assets/index-abc123.js%2emap',
    '/.vite/manifest.json',
    '/%2evite/manifest.json',
    '/%2Evite/manifest.json',
    '/.vite/',
    '/.env',
  ])('%s: 404 Error body, not the file and not the console’s page', async (pathname) => {
    for (const encoding of ['identity', 'br, gzip']) {
      const answer = await send(pathname, { headers: { 'accept-encoding': encoding } });
      expect(answer.status, pathname).toBe(404);
      const body = decoded(answer);
      expect(JSON.parse(body)).toEqual({ status: '404', message: expect.any(String) as unknown });
      expect(body).not.toContain('secret-source');
      expect(body).not.toContain('assets/index-abc123.js"');
    }
    expect((await send(pathname, { method: 'HEAD' })).status).toBe(404);
  });

  it('the script still names its map (the build’s business), the map is still not served', async () => {
    expect((await send('/assets/index-abc123.js')).body).toContain('sourceMappingURL');
    expect((await send('/assets/index-abc123.js.map')).status).toBe(404);
  });

  it.each([
    '/../outside.txt',
    '/%2e%2e/outside.txt',
    '/assets/..%2f..%2foutside.txt',
    '/assets/%2e%2e%2f%2e%2e%2foutside.txt',
    '/..%5coutside.txt',
    '/assets/..\\..\\outside.txt',
    '//outside.txt',
  ])('nothing outside dist, even asked as %s', async (target) => {
    // Raw bytes: fetch and Node's client would tidy the dot segments away before sending.
    const answer = await exchange(
      server.port,
      `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(answer, target).toBeDefined();
    expect(answer!.text, target).not.toContain(OUTSIDE);
    expectSecurityHeaders(answer!.headers, target);
  });
});

describe('Strict-Transport-Security', () => {
  const HSTS = 'max-age=15552000; includeSubDomains';

  it('is not believed from a client: X-Forwarded-Proto without TRUST_PROXY, or an https:// target', async () => {
    for (const pathname of ['/v1/health', '/v1/classe', '/']) {
      const answer = await send(pathname, { headers: { ...auth, 'x-forwarded-proto': 'https' } });
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers['strict-transport-security'], pathname).toBeUndefined();
    }
    const absolute = await exchange(
      server.port,
      'GET https://x/v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(absolute?.status).toBe(200);
    expect(absolute?.headers['strict-transport-security']).toBeUndefined();
  });

  describe('behind a trusted proxy (TRUST_PROXY)', () => {
    let proxied: RunningServer;
    beforeAll(async () => {
      proxied = await startServer({
        dataDir: path.join(work, 'data-proxied'),
        staticDir: path.join(work, 'dist'),
        tokens: [TOKEN],
        trustProxy: true,
        log: () => {},
      });
    });
    afterAll(() => proxied.close());

    const get = (pathname: string, headers: Record<string, string>) =>
      fetch(`${proxied.url}${pathname}`, { headers: { ...auth, ...headers } });

    it.each([
      ['the API', '/v1/classe', 200],
      ['an API error', '/v1/nope', 404],
      ['the console', '/turmas', 200],
      ['a hashed asset', '/assets/index-abc123.js', 200],
    ])('is sent on %s when the proxy says https', async (_, pathname, status) => {
      const answer = await get(pathname, { 'x-forwarded-proto': 'https' });
      await answer.body?.cancel();
      expect(answer.status).toBe(status);
      expect(answer.headers.get('strict-transport-security')).toBe(HSTS);
      expect(answer.headers.get('permissions-policy')).toContain('camera=()');
    });

    it.each<[string, Record<string, string>, string | null]>([
      ['no X-Forwarded-Proto', {}, null],
      ['X-Forwarded-Proto: http', { 'x-forwarded-proto': 'http' }, null],
      ['X-Forwarded-Proto: HTTPS', { 'x-forwarded-proto': 'HTTPS' }, HSTS],
      // Proxies append: the first value is the one the browser used.
      ['X-Forwarded-Proto: https, http', { 'x-forwarded-proto': 'https, http' }, HSTS],
      ['X-Forwarded-Proto: http, https', { 'x-forwarded-proto': 'http, https' }, null],
    ])('with %s', async (_, headers, expected) => {
      const answer = await get('/v1/health', headers);
      await answer.body?.cancel();
      expect(answer.headers.get('strict-transport-security')).toBe(expected);
    });
  });
});
