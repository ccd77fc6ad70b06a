/**
 * `npm run start:scaled` as an operator runs it, on DATABASE_URL's database (TEST_DATABASE_URL's
 * server, or a throwaway cluster): it uses that database rather than starting its own, every
 * line it prints is one JSON object naming the process it came from, and a process that dies
 * afterwards is named in a line of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../server/testing/postgres-cluster.ts';
import { freePort } from '../server/testing/main-process.ts';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const TOKEN = 'start-scaled-test-token-0123456789abcdef';

type Entry = { level: string; msg: string } & Record<string, unknown>;

let cluster: PostgresCluster | undefined;
let serverUrl: string;
let databaseUrl: string;
let dataDir: string;
let script: ChildProcess | undefined;

const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
};
const name = `turmas_scaled_${randomBytes(6).toString('hex')}`;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) serverUrl = process.env.TEST_DATABASE_URL;
  else {
    cluster = await startPostgresCluster({ unsafeFast: true });
    serverUrl = cluster.url;
  }
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.href;
  dataDir = mkdtempSync(join(tmpdir(), 'turmas-scaled-'));
}, 120_000);

afterAll(async () => {
  // SIGTERM, not SIGKILL, whatever happened: the script then stops its processes (and a cluster
  // it would have started).
  if (script && script.exitCode === null && script.signalCode === null) {
    script.kill('SIGTERM');
    await once(script, 'exit');
  }
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await cluster?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** Two ports in a row that nobody listens on (the script takes PORT and PORT+1). */
async function twoFreePorts(): Promise<number> {
  for (;;) {
    const port = await freePort();
    const next = createServer();
    const free = await new Promise<boolean>((resolve) => {
      next.once('error', () => resolve(false));
      next.listen(port + 1, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      next.close();
      await once(next, 'close');
      return port;
    }
  }
}

it('uses DATABASE_URL, prints JSON lines naming each process, and says when one dies', async () => {
  const port = await twoFreePorts();
  script = spawn(process.execPath, ['--import', 'tsx', 'scripts/start-scaled.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      PROCESSES: '2',
      API_TOKENS: TOKEN,
      SEED_CLASSES: '2',
      SHUTDOWN_NOT_READY_MS: '0',
      METRICS_PORT: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  script.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  script.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const entries = (text: string) =>
    text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Entry);
  /** Resolves with the first line of `text()` that `matches`, once it is printed. */
  const printed = (text: () => string, matches: (entry: Entry) => boolean) =>
    new Promise<Entry>((resolve, reject) => {
      const check = () => {
        const found = entries(text().slice(0, text().lastIndexOf('\n') + 1)).find(matches);
        if (found) {
          script!.stdout!.off('data', check);
          script!.stderr!.off('data', check);
          resolve(found);
        }
      };
      script!.stdout!.on('data', check);
      script!.stderr!.on('data', check);
      script!.once('exit', (code) =>
        reject(new Error(`start-scaled exited with ${code}\n${stdout}\n${stderr}`)),
      );
      check();
    });

  await printed(
    () => stdout,
    (entry) => entry.msg.startsWith('2 API processes on one PostgreSQL'),
  );
  for (const each of [port, port + 1]) {
    const answer = await fetch(`http://127.0.0.1:${each}/v1/classe`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ totalRecords: 2 });
  }
  // DATABASE_URL's database holds the data, and no cluster was made in DATA_DIR.
  expect((await admin(`SELECT 1 FROM pg_database WHERE datname = '${name}'`)).rowCount).toBe(1);
  expect(existsSync(join(dataDir, 'postgres'))).toBe(false);
  await printed(
    () => stdout,
    (entry) => entry.msg === 'request' && entry.port === port + 1,
  );

  const second = entries(stdout).find(
    (entry) => entry.msg === 'API process started' && entry.port === port + 1,
  );
  process.kill(second!.pid as number, 'SIGKILL');
  expect(
    await printed(
      () => stderr,
      (entry) => entry.msg === 'API process exited',
    ),
  ).toMatchObject({ level: 'error', port: port + 1, code: null, signal: 'SIGKILL' });

  script.kill('SIGTERM');
  const [code] = (await once(script, 'exit')) as [number | null];
  expect(code).toBe(0);
  const lines = entries(stdout);
  expect(lines.every((entry) => typeof entry.level === 'string')).toBe(true);
  expect(lines).toContainEqual(
    expect.objectContaining({
      msg: 'PostgreSQL: the database DATABASE_URL names (no local cluster started)',
    }),
  );
  expect(stdout).not.toContain(databaseUrl);
  for (const each of [port, port + 1]) {
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'ready', port: each }));
  }
  expect(lines.filter((entry) => entry.msg === 'stopped').map((entry) => entry.port)).toEqual([
    port,
  ]);
}, 120_000);
