/**
 * The page's connect-src follows the console's config.js (server/console-config.ts): an
 * `apiBaseUrl` on another site is allowed there, a path keeps the page to its own origin, and an
 * edit takes effect on the next page load, with no restart.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOriginOf } from './console-config.ts';
import { exchange } from './testing/raw-http.ts';
import { startTestServer, TEST_TOKEN, type TestServer } from './testing/test-server.ts';

const config = (apiBaseUrl: string) =>
  `window.__TURMAS_CONFIG__ = { apiBaseUrl: ${JSON.stringify(apiBaseUrl)} };\n`;

describe('apiOriginOf: the origin config.js sends the console’s calls to', () => {
  it.each([
    ['the shipped default', "window.__TURMAS_CONFIG__ = { apiBaseUrl: '/v1' };", undefined],
    ['no apiBaseUrl', 'window.__TURMAS_CONFIG__ = { requestTimeoutMs: 30000 };', undefined],
    ['an empty file', '', undefined],
    ['a URL on another port', config('http://127.0.0.1:3922/v1'), 'http://127.0.0.1:3922'],
    ['a URL on another site', config('https://api.example/v1'), 'https://api.example'],
    ['with blanks and capitals', config(' HTTPS://API.Example:443/v1 '), 'https://api.example'],
    [
      'set as a global variable',
      "var __TURMAS_CONFIG__ = { apiBaseUrl: 'https://api.example:8443/v1' };",
      'https://api.example:8443',
    ],
    [
      'set through self, the same global',
      config('https://api.example/v1').replace('window', 'self'),
      'https://api.example',
    ],
    // Values the console refuses itself, with a message naming the field: nothing to allow.
    ['a number', 'window.__TURMAS_CONFIG__ = { apiBaseUrl: 42 };', undefined],
    ['another scheme', config('ftp://api.example/v1'), undefined],
    ['not a URL', config('api.example/v1'), undefined],
  ])('%s', async (_, source, origin) => {
    expect(await apiOriginOf(source)).toBe(origin);
  });

  it.each([
    ['a syntax error', 'window.__TURMAS_CONFIG__ = {', /config.js could not run: Unexpected/],
    ['a throw', "throw new Error('no')", /config.js could not run: no/],
    ['a browser-only name', config('/v1').replace('"/v1"', 'location.origin'), /location/],
    ['an endless loop', 'for (;;) {}', /config.js could not run: over 500 ms/],
    [
      'a getter that never returns',
      'window.__TURMAS_CONFIG__ = { get apiBaseUrl() { for (;;) {} } };',
      /over 500 ms/,
    ],
    [
      'a thrown object whose message never returns (not read)',
      'throw { get message() { for (;;) {} } };',
      /config.js could not run: \[object Object\]$/,
    ],
    ['a thrown string', "throw 'no';", /config.js could not run: no$/],
    [
      'a reach for Node',
      "this.constructor.constructor('return process')().exit(3)",
      /process is not defined/,
    ],
    ['an IPv6 address', config('http://[::1]:3922/v1'), /a Content-Security-Policy cannot name/],
    ['a host that would end the directive', config('http://a;b/v1'), /cannot name/],
  ])('refuses %s, without hanging or harming the server', async (_, source, message) => {
    await expect(apiOriginOf(source, { timeoutMs: 500 })).rejects.toThrow(message);
  });

  it('runs off the server’s thread: a loop in config.js does not stall it', async () => {
    const looping = apiOriginOf('for (;;) {}', { timeoutMs: 1_000 }).catch(() => 'gave up');
    const started = performance.now();
    // This thread's own timer is the measure: it fires late only if the loop runs here.
    await new Promise((resolve) => setTimeout(resolve, 10));
    // A loop on this thread would have held the timer for the whole second.
    expect(performance.now() - started).toBeLessThan(500);
    expect(await looping).toBe('gave up');
  });
});

describe('the page’s Content-Security-Policy', () => {
  let work: string;
  let dist: string;
  let server: TestServer;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'turmas-connect-src-'));
    dist = path.join(work, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Turmas Admin</title>');
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'export {};\n');
    await writeFile(path.join(dist, 'config.js'), config('http://127.0.0.1:3922/v1'));
    server = await startTestServer({ staticDir: dist });
  });
  afterAll(async () => {
    await server.stop();
    await rm(work, { recursive: true, force: true });
  });

  async function connectSrc(pathname: string): Promise<string | undefined> {
    const answer = await fetch(`${server.url}${pathname}`, {
      headers: { authorization: `Bearer ${TEST_TOKEN}` },
    });
    await answer.body?.cancel();
    expect(answer.status, pathname).toBe(200);
    const policy = answer.headers.get('content-security-policy') ?? '';
    return /(?:^|;\s*)connect-src ([^;]*)/.exec(policy)?.[1];
  }

  it('allows the API’s origin when config.js puts it on another site', async () => {
    for (const pathname of ['/', '/index.html', '/turmas?page=2', '/config.js']) {
      expect(await connectSrc(pathname), pathname).toBe("'self' http://127.0.0.1:3922");
    }
  });

  it('follows an edit at the next page load, and logs the change', async () => {
    const from = server.logLines.length;
    await writeFile(path.join(dist, 'config.js'), config('https://api.example:8443/v1'));
    expect(await connectSrc('/')).toBe("'self' https://api.example:8443");
    const logged = await server.waitForLogLine(
      (entry) => entry.msg.startsWith('console config'),
      from,
    );
    expect(logged).toMatchObject({ level: 'info', origin: 'https://api.example:8443' });

    await writeFile(path.join(dist, 'config.js'), config('/v1'));
    expect(await connectSrc('/')).toBe("'self'");
  });

  it('keeps the page to its own origin without config.js', async () => {
    await rm(path.join(dist, 'config.js'));
    expect(await connectSrc('/')).toBe("'self'");
  });

  it('keeps the page to its own origin when config.js cannot be read, and says why', async () => {
    const from = server.logLines.length;
    await writeFile(path.join(dist, 'config.js'), config('http://[::1]:3922/v1'));
    expect(await connectSrc('/')).toBe("'self'");
    const logged = await server.waitForLogLine((entry) => entry.level === 'error', from);
    expect(logged).toMatchObject({
      msg: 'console config: connect-src allows only this site',
      error: expect.stringContaining('http://[::1]:3922') as unknown,
    });
    // Once per version of the file, not once per page load.
    expect(await connectSrc('/')).toBe("'self'");
    expect(server.logLines.slice(from).filter((line) => line.includes('"error"'))).toHaveLength(1);
  });

  it('looks at the file again only for the page, not for each API call or asset', async () => {
    await writeFile(path.join(dist, 'config.js'), config('https://api.example/v1'));
    expect(await connectSrc('/v1/classe')).toBe("'self'");
    expect(await connectSrc('/assets/index-abc123.js')).toBe("'self'");
    expect(await connectSrc('/')).toBe("'self' https://api.example");
  });

  it('what Node answers itself (a malformed request) keeps the page to its own origin', async () => {
    const answer = await exchange(server.port, 'GET / HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n');
    expect(answer?.status).toBe(400);
    expect(String(answer?.headers['content-security-policy'])).toContain("connect-src 'self';");
  });
});
