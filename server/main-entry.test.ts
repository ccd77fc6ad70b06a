/**
 * The real production entry, `server/main.ts`, as a child process: without API_TOKENS it creates
 * a token, keeps it in DATA_DIR with mode 0600 and prints it once; SIGTERM ends it cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const STARTED = /Turmas Admin: http:\/\/\S+/;

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  await once(probe, 'close');
  if (address === null || typeof address === 'string') throw new Error('No TCP port');
  return address.port;
}

interface MainProcess {
  child: ChildProcess;
  port: number;
  /** Everything printed on stdout so far. */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  terminate(): Promise<number | null>;
}

const children: ChildProcess[] = [];

async function startMain(dataDir: string): Promise<MainProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_CLASSES: '3',
  };
  delete env.API_TOKENS;
  delete env.HOST;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanUp();
      reject(new Error(`main.ts did not start in time.\nstdout:\n${stdout}\nstderr:\n${stderr}`));
    }, 15_000);
    const onData = () => {
      if (STARTED.test(stdout)) {
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
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout!.on('data', onData);
    child.on('exit', onExit);
  });

  return {
    child,
    port,
    output: () => stdout,
    async terminate() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = (await exited) as [number | null, NodeJS.Signals | null];
      return code;
    },
  };
}

const listClasses = (port: number, token: string) =>
  fetch(`http://127.0.0.1:${port}/v1/classe`, { headers: { authorization: `Bearer ${token}` } });

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'turmas-main-test-'));
});
afterAll(async () => {
  // Whatever happened above, no server may outlive the tests.
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('server/main.ts without API_TOKENS', () => {
  let token = '';

  it('creates a token, keeps it in DATA_DIR/api-token with mode 0600, prints it, accepts it', async () => {
    const main = await startMain(dataDir);

    const tokenFile = join(dataDir, 'api-token');
    token = (await readFile(tokenFile, 'utf8')).trim();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect((await stat(tokenFile)).mode & 0o777).toBe(0o600);
    expect(main.output()).toContain(token);

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
    const main = await startMain(dataDir);

    expect(main.output()).not.toContain(token);
    const answer = await listClasses(main.port, token);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ totalRecords: 3 });

    expect(await main.terminate()).toBe(0);
  });
});
