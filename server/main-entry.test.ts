/**
 * The real production entry, `server/main.ts`, as a child process: without API_TOKENS it creates
 * a token, keeps it in DATA_DIR with mode 0600 and prints it once; SIGTERM ends it cleanly.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing/database.ts';
import { killAllMains, startMain as startMainProcess } from './testing/main-process.ts';

/** Without API_TOKENS (whatever the environment running the tests says), 3 demo turmas. */
const startMain = () => startMainProcess(database, { API_TOKENS: undefined, SEED_CLASSES: '3' });
/** Another server on the same database, with a DATA_DIR of its own (its token file). */
const startMainIn = (dir: string, env: Record<string, string | undefined>) =>
  startMainProcess(database, { DATA_DIR: join(dataDir, dir), ...env });

const listClasses = (port: number, token: string) =>
  fetch(`http://127.0.0.1:${port}/v1/classe`, { headers: { authorization: `Bearer ${token}` } });

let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = database.dataDir;
});
afterAll(async () => {
  // Whatever happened above, no server may outlive the tests.
  killAllMains();
  await database.drop();
});

describe('server/main.ts without API_TOKENS', () => {
  let token = '';

  it('creates a token, keeps it in DATA_DIR/api-token with mode 0600, prints it, accepts it', async () => {
    const main = await startMain();

    const tokenFile = join(dataDir, 'api-token');
    token = (await readFile(tokenFile, 'utf8')).trim();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect((await stat(tokenFile)).mode & 0o777).toBe(0o600);
    // Printed once (the one intended print), and never on stderr.
    expect(main.output().split(token)).toHaveLength(2);
    expect(main.errors()).not.toContain(token);

    const accepted = await listClasses(main.port, token);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ totalRecords: 3 });
    const refused = await listClasses(main.port, 'not-the-token');
    expect(refused.status).toBe(401);
    await refused.body?.cancel();

    expect(await main.terminate()).toBe(0);
  });

  it('on a second start keeps the same token without printing it, and SIGTERM exits with 0', async () => {
    expect(token).not.toBe('');
    const main = await startMain();

    expect(main.output()).not.toContain(token);
    expect(main.errors()).not.toContain(token);
    const answer = await listClasses(main.port, token);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ totalRecords: 3 });

    expect(await main.terminate()).toBe(0);
  });
});

describe('server/main.ts with TRUST_PROXY', () => {
  const health = (port: number, proto: string) =>
    fetch(`http://127.0.0.1:${port}/v1/health`, { headers: { 'x-forwarded-proto': proto } });

  it('true: HSTS where the proxy says the browser came over https, not where it says http', async () => {
    const main = await startMainIn('proxied', {
      API_TOKENS: 'proxy-test-token-0123456789abcdefgh',
      SEED_CLASSES: '0',
      TRUST_PROXY: 'true',
    });

    const overHttps = await health(main.port, 'https');
    await overHttps.body?.cancel();
    expect(overHttps.headers.get('strict-transport-security')).toBe(
      'max-age=15552000; includeSubDomains',
    );
    const overHttp = await health(main.port, 'http');
    await overHttp.body?.cancel();
    expect(overHttp.headers.get('strict-transport-security')).toBeNull();

    expect(await main.terminate()).toBe(0);
  });

  it('anything but true, false, 1 or 0: the server does not start, and says why', async () => {
    await expect(startMainIn('unstarted', { API_TOKENS: 'x', TRUST_PROXY: 'yes' })).rejects.toThrow(
      /exited with 2[\s\S]*TRUST_PROXY must be true or false, got "yes"/,
    );
  });
});

describe('server/main.ts with CORS_ORIGINS', () => {
  it('answers a preflight from a listed origin, and refuses one from any other', async () => {
    const main = await startMainIn('cors', {
      API_TOKENS: 'cors-test-token-0123456789abcdefghi',
      SEED_CLASSES: '0',
      CORS_ORIGINS: 'https://console.example, http://127.0.0.1:4000',
    });
    const preflight = (origin: string) =>
      fetch(`${main.url}/v1/classe`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      });

    const listed = await preflight('http://127.0.0.1:4000');
    expect(listed.status).toBe(204);
    expect(listed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4000');
    const other = await preflight('https://elsewhere.example');
    await other.body?.cancel();
    expect(other.status).toBe(403);

    expect(await main.terminate()).toBe(0);
  });

  it('a value that is not a list of origins: the server does not start, and says why', async () => {
    const started = startMainIn('unstarted-cors', {
      API_TOKENS: 'x',
      CORS_ORIGINS: 'https://console.example/',
    });
    await expect(started).rejects.toThrow(
      /exited with 2[\s\S]*stderr:\nCORS_ORIGINS must list origins, comma-separated: "https:\/\/console.example\/" is not an origin as browsers send it: write "https:\/\/console.example"\n$/,
    );
  });
});
