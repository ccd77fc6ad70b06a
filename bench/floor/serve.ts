/**
 * A built page served the way `npm start` serves the console: server/main.ts, its own entry, in
 * a process of its own, on a new DATA_DIR with the demo turmas of a first start. The console's
 * `dist/` and the floor's `dist-floor/` (bench/floor) go through the same server path this way,
 * brotli copies included (decision 005).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALLOCATOR_ENV } from '../../server/allocator-env.ts';

export interface BuildServer {
  url: string;
  stop(): Promise<void>;
}

const MAIN = path.resolve(import.meta.dirname, '../../server/main.ts');
// Resolved here, not by name: the server runs in a directory of its own, outside the project.
const TSX = import.meta.resolve('tsx');

/**
 * Runs server/main.ts with `staticDir` (relative to the project) as its `dist/`: main.ts serves
 * `dist` from its working directory, so it runs in a temporary one holding a `dist` link, and a
 * `data` directory for its database. PORT=0 picks a free port; main.ts prints the URL it got.
 * `node --import tsx` is one process, so the child's pid is the server's own, and it has an
 * event loop of its own, not one shared with the browser driver that measures it.
 */
export async function serveBuild(
  staticDir: string,
  token: string,
  env: NodeJS.ProcessEnv = {},
): Promise<BuildServer> {
  const cwd = await mkdtemp(path.join(tmpdir(), 'turmas-serve-build-'));
  await symlink(path.resolve(staticDir), path.join(cwd, 'dist'), 'dir');
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...ALLOCATOR_ENV,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(cwd, 'data'),
    API_TOKENS: token,
    ...env,
  };
  if (!('SEED_CLASSES' in env)) delete childEnv.SEED_CLASSES; // what a first `npm start` seeds
  const child = spawn(process.execPath, ['--import', TSX, MAIN], {
    cwd,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept for the error message, and read to the end: a full pipe would stall the server's logging.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const cleanUp = () => rm(cwd, { recursive: true, force: true });

  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => fail('did not print its URL within 120 s'), 120_000);
      const fail = (why: string) => {
        clearTimeout(timer);
        child.kill();
        reject(new Error(`server/main.ts on ${staticDir} ${why}:\n${output}`));
      };
      child.stdout.on('data', () => {
        const match = /Turmas Admin: (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.once('exit', (code) => fail(`exited (code ${code})`));
    });
    return { url, stop: () => stopProcess(child).then(cleanUp) };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM'); // main.ts closes the server and the database, then exits
  });
}
