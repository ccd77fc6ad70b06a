/**
 * The real production entry, `server/main.ts`, as a child process: without API_TOKENS it creates
 * a token, keeps it in DATA_DIR with mode 0600 and prints it once; SIGTERM ends it cleanly; every
 * line it prints, from the start to the stop, is one JSON object.
 */
import { createHash } from 'node:crypto';
import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing/database.ts';
import { killAllMains, startMain as startMainProcess } from './testing/main-process.ts';

/** Without API_TOKENS (whatever the environment running the tests says), 3 demo turmas. */
const startMain = (env: Record<string, string | undefined> = {}) =>
  startMainProcess(database, { API_TOKENS: undefined, SEED_CLASSES: '3', ...env });
/** Another server on the same database, with a DATA_DIR of its own (its token file). */
const startMainIn = (dir: string, env: Record<string, string | undefined>) =>
  startMainProcess(database, { DATA_DIR: join(dataDir, dir), ...env });

/** The lines of `text` that are not one log object each (log.ts): what a log pipeline cannot parse. */
const unstructured = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .filter((line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        return typeof entry.level !== 'string' || typeof entry.msg !== 'string';
      } catch {
        return true;
      }
    });

/** The messages logged at `level`, in order. */
const logged = (text: string, level: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: string; msg: string } & Record<string, unknown>)
    .filter((entry) => entry.level === level);

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
    expect(logged(main.output(), 'info')).toContainEqual(
      expect.objectContaining({ msg: 'API token created, shown only now', token, file: tokenFile }),
    );

    const accepted = await listClasses(main.port, token);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ totalRecords: 3 });
    const refused = await listClasses(main.port, 'not-the-token');
    expect(refused.status).toBe(401);
    await refused.body?.cancel();

    expect(await main.terminate()).toBe(0);
    expect(unstructured(main.output())).toEqual([]);
    expect(main.errors()).toBe('');
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
    await main.waitForOutput(/"msg":"stopped"/);
    const messages = logged(main.output(), 'info').map((entry) => entry.msg);
    expect(messages).toContain('API token: the one kept in DATA_DIR');
    expect(messages).toContainEqual(expect.stringMatching(/^Turmas Admin: http:\/\/\S+ \(API: /));
    expect(messages.slice(-2)).toEqual(['shutting down', 'stopped']);
    expect(unstructured(main.output())).toEqual([]);
  });

  it('makes a token file others may read private again, and says so', async () => {
    expect(token).not.toBe('');
    const tokenFile = join(dataDir, 'api-token');
    await chmod(tokenFile, 0o640);
    const main = await startMain();

    expect((await stat(tokenFile)).mode & 0o777).toBe(0o600);
    expect(logged(main.output(), 'warn')).toContainEqual(
      expect.objectContaining({
        msg: 'API token file was readable by other users: made readable by its owner only',
        files: [`${tokenFile} (was 640)`],
      }),
    );
    const answer = await listClasses(main.port, token);
    expect(answer.status).toBe(200);
    await answer.body?.cancel();
    expect(await main.terminate()).toBe(0);
    expect(main.output()).not.toContain(token);
  });

  it('with TOKENS_FILE or API_TOKENS, says the kept token is no longer accepted, never printing it', async () => {
    expect(token).not.toBe('');
    const tokensFile = join(dataDir, 'credentials');
    const named = 'named-credential-token-0123456789abcdef';
    const digest = createHash('sha256').update(named).digest('hex');
    await writeFile(tokensFile, `secretaria write ${digest}\n`, { mode: 0o600 });
    const main = await startMain({ TOKENS_FILE: tokensFile });

    expect(logged(main.output(), 'warn')).toContainEqual(
      expect.objectContaining({
        msg: 'API token kept in DATA_DIR not accepted: the configured credentials replace it',
        file: join(dataDir, 'api-token'),
        setBy: ['TOKENS_FILE'],
      }),
    );
    const kept = await listClasses(main.port, token);
    expect(kept.status).toBe(401);
    await kept.body?.cancel();
    const answer = await listClasses(main.port, named);
    expect(answer.status).toBe(200);
    await answer.body?.cancel();
    expect(await main.terminate()).toBe(0);
    expect(main.output()).not.toContain(token);
    expect(main.output()).not.toContain(named);
    expect(unstructured(main.output())).toEqual([]);
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
    const started = startMainIn('unstarted', { API_TOKENS: 'x', TRUST_PROXY: 'yes' });
    await expect(started).rejects.toThrow(/exited with 2/);
    const stderr = String(await started.catch((error: unknown) => error)).split('stderr:\n')[1]!;
    expect(unstructured(stderr)).toEqual([]);
    expect(logged(stderr, 'error')).toEqual([
      expect.objectContaining({
        msg: 'TRUST_PROXY must be true or false, got "yes"',
        variable: 'TRUST_PROXY',
      }),
    ]);
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
    await expect(started).rejects.toThrow(/exited with 2/);
    const stderr = String(await started.catch((error: unknown) => error)).split('stderr:\n')[1]!;
    expect(logged(stderr, 'error')).toEqual([
      expect.objectContaining({
        msg:
          'CORS_ORIGINS must list origins, comma-separated: "https://console.example/" is not an ' +
          'origin as browsers send it: write "https://console.example"',
        variable: 'CORS_ORIGINS',
      }),
    ]);
  });
});

describe('server/main.ts with settings it cannot use', () => {
  /** The error lines of a start that must not happen: exit 2, and nothing but JSON on stderr. */
  const refusal = async (dir: string, env: Record<string, string>) => {
    const started = startMainIn(dir, { API_TOKENS: 'refusal-test-token-0123456789abcdef', ...env });
    await expect(started).rejects.toThrow(/exited with 2/);
    const stderr = String(await started.catch((error: unknown) => error)).split('stderr:\n')[1]!;
    expect(unstructured(stderr)).toEqual([]);
    return logged(stderr, 'error');
  };

  it.each([
    ['PORT', { PORT: '99999' }],
    ['METRICS_PORT', { METRICS_PORT: '99999' }],
  ])('%s past 65535: exit 2, naming it', async (variable, env) => {
    expect(await refusal(`unstarted-${variable}`, env)).toEqual([
      expect.objectContaining({
        msg: `${variable} must be a port, 0 to 65535 (0: any free port), got "99999"`,
        variable,
      }),
    ]);
  });

  it('METRICS_PORT equal to PORT: exit 2, naming METRICS_PORT', async () => {
    expect(await refusal('unstarted-same-port', { PORT: '4355', METRICS_PORT: '4355' })).toEqual([
      expect.objectContaining({
        msg: "METRICS_PORT must differ from PORT (4355): metrics are never served on the API's port",
        variable: 'METRICS_PORT',
      }),
    ]);
  });

  it('DATABASE_POOL_SIZE=0: exit 2 before any connection, naming it', async () => {
    // Refused before the address is used: nothing listens there.
    const env = { DATABASE_URL: 'postgres://turmas:x@127.0.0.1:1/turmas', DATABASE_POOL_SIZE: '0' };
    expect(await refusal('unstarted-pool', env)).toEqual([
      expect.objectContaining({
        msg: 'DATABASE_POOL_SIZE must be at least 1, got "0"',
        variable: 'DATABASE_POOL_SIZE',
      }),
    ]);
  });
});
