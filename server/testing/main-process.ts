/**
 * The real production entry, `server/main.ts`, as a child process on a free port: for what only
 * the whole process shows (the token it prints, signals, a crash and a restart on the same file).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ALLOCATOR_ENV } from '../allocator-env.ts';
import type { TestDatabase } from './database.ts';
import { fetchServedDocument, useServedDocument } from './openapi-conformance.ts';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STARTED = /Turmas Admin: http:\/\/\S+/;

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  await once(probe, 'close');
  if (address === null || typeof address === 'string') throw new Error('No TCP port');
  return address.port;
}

export interface MainProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything printed on stdout so far. */
  output(): string;
  /** Everything printed on stderr so far. */
  errors(): string;
  /** Resolves once stdout holds a match for `pattern`. */
  waitForOutput(pattern: RegExp): Promise<void>;
  /** Resolves with the exit code (null when a signal ended it) once the process has exited. */
  exited(): Promise<number | null>;
  /** Sends SIGTERM and resolves with the exit code. */
  terminate(): Promise<number | null>;
}

/** Every child started, so that `killAllMains` can make sure none outlives the tests. */
const children: ChildProcess[] = [];

/**
 * Starts `server/main.ts` on `database` (its DATA_DIR, and DATABASE_URL on PostgreSQL), or on
 * SQLite in the DATA_DIR given; `env` adds to (or, with undefined, removes from) the environment.
 * Resolves once it is ready (its `Turmas Admin: <url>` line).
 */
export async function startMain(
  database: TestDatabase | string,
  env: Record<string, string | undefined> = {},
): Promise<MainProcess> {
  const main = await spawnMain(database, env);
  await main.waitForOutput(STARTED);
  await useServedDocument(() => fetchServedDocument(main.url));
  return main;
}

/** As startMain, but resolves as soon as the process is spawned: for what happens as it starts. */
export async function spawnMain(
  database: TestDatabase | string,
  env: Record<string, string | undefined> = {},
): Promise<MainProcess> {
  const port = await freePort();
  const databaseEnv = typeof database === 'string' ? { DATA_DIR: database } : database.env;
  // No not-ready moment on SIGTERM unless a test asks for one: it would slow every stop by 5 s.
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...ALLOCATOR_ENV,
    PORT: String(port),
    SHUTDOWN_NOT_READY_MS: '0',
  };
  delete childEnv.HOST;
  delete childEnv.DATABASE_URL;
  Object.assign(childEnv, databaseEnv);
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) Reflect.deleteProperty(childEnv, name);
    else childEnv[name] = value;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

  // tsx compiles main.ts at each start: seconds on a busy 2-core machine, more with several at once.
  const waitForOutput = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanUp();
        reject(new Error(`main.ts printed no ${pattern}.\nstdout:\n${stdout}\nstderr:\n${stderr}`));
      }, timeoutMs);
      const onData = () => {
        if (pattern.test(stdout)) {
          cleanUp();
          resolve();
        }
      };
      const onExit = (code: number | null) => {
        cleanUp();
        reject(new Error(`main.ts exited with ${code}.\nstdout:\n${stdout}\nstderr:\n${stderr}`));
      };
      const cleanUp = () => {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.off('exit', onExit);
      };
      child.stdout.on('data', onData);
      child.once('exit', onExit);
      onData();
    });

  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => stdout,
    errors: () => stderr,
    waitForOutput,
    exited: () => exit,
    async terminate() {
      child.kill('SIGTERM');
      return exit;
    },
  };
}

/** SIGKILLs every child still running: for afterAll, whatever happened in the tests. */
export function killAllMains(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
