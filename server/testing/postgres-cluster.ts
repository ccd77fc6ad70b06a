/**
 * A PostgreSQL server for tests, benchmarks and `npm run start:scaled`: a cluster made with
 * `initdb` from Debian's packaged binaries (installed with apt-get when missing and running as
 * root, as scripts/ensure-chromium.mjs does for Chromium), on 127.0.0.1 and a port of its own,
 * with a superuser whose password is random. Temporary clusters are deleted by destroy(), on
 * Ctrl-C or SIGTERM, at exit, and, if their owner was killed, by the next start.
 *
 * A cluster directory holds `data/` (PGDATA), `server.log`, `password` and `owner.pid`.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { freePort } from './main-process.ts';

export interface PostgresCluster {
  /** `postgres://turmas:<password>@127.0.0.1:<port>/postgres`: a superuser, over TCP. */
  readonly url: string;
  readonly port: number;
  /** The cluster directory; PGDATA is its `data/`, the server's log its `server.log`. */
  readonly dataDir: string;
  /** Stops the server (fast shutdown, immediate after 10 s), keeping the data. No-op when stopped. */
  stopServer(): Promise<void>;
  /** Starts it again on the same port and data. No-op when running. */
  startServer(): Promise<void>;
  /** Stops the server, and deletes the cluster when it is a temporary one. Idempotent. */
  destroy(): Promise<void>;
}

export interface PostgresClusterOptions {
  /** Keep the cluster here (made when missing, reused otherwise); a temporary one by default. */
  dataDir?: string;
  /** A free port on 127.0.0.1 by default. */
  port?: number;
  /** Tests only: fsync, synchronous_commit and full_page_writes off. */
  unsafeFast?: boolean;
}

const USER = 'turmas';
const MINIMUM_VERSION = 15;
const TEMPORARY_PREFIX = 'turmas-pg-';
const OWNER_FILE = 'owner.pid';
const PASSWORD_FILE = 'password';
const LOG_FILE = 'server.log';
const INSTALL = 'sudo apt-get update && sudo apt-get install -y postgresql';
const isRoot = process.getuid?.() === 0;

let binaries: string | undefined;

/**
 * The bin directory of the newest PostgreSQL server, 15 or later, installed here; installs
 * Debian's when there is none and this process may (root, apt-get), else throws saying how.
 */
export function postgresBinaries(): string {
  binaries ??= findBinaries() ?? installBinaries();
  return binaries;
}

function findBinaries(): string | undefined {
  const debian = '/usr/lib/postgresql';
  const packaged = (existsSync(debian) ? readdirSync(debian) : [])
    .map(Number)
    .filter((version) => version >= MINIMUM_VERSION)
    .sort((a, b) => b - a)
    .map((version) => join(debian, String(version), 'bin'))
    .find(hasServer);
  if (packaged) return packaged;
  const config = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const fromConfig = config.status === 0 ? config.stdout.trim() : '';
  const onPath = (process.env.PATH ?? '').split(delimiter);
  return [fromConfig, ...onPath].find(
    (dir) => dir !== '' && hasServer(dir) && serverVersion(dir) >= MINIMUM_VERSION,
  );
}

const hasServer = (bin: string) =>
  ['initdb', 'pg_ctl', 'postgres'].every((program) => existsSync(join(bin, program)));

/** The major version `postgres --version` names ("postgres (PostgreSQL) 15.14 (Debian …)"). */
function serverVersion(bin: string): number {
  const answer = spawnSync(join(bin, 'postgres'), ['--version'], { encoding: 'utf8' });
  return Number(/\)\s*(\d+)/.exec(answer.status === 0 ? answer.stdout : '')?.[1] ?? 0);
}

function installBinaries(): string {
  const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !existsSync('/etc/debian_version') || !hasAptGet) {
    throw new Error(
      `postgres-cluster: no PostgreSQL server ${MINIMUM_VERSION} or later found ` +
        `(in /usr/lib/postgresql, pg_config --bindir or PATH). Install one:\n  ${INSTALL}`,
    );
  }
  // On stderr: stdout belongs to the caller (scripts/postgres-cluster.ts prints DATABASE_URL there).
  console.error(
    'postgres-cluster: installing Debian postgresql (apt-get update && apt-get install -y postgresql)',
  );
  const install = spawnSync('sh', ['-c', 'apt-get update && apt-get install -y postgresql'], {
    stdio: ['ignore', 2, 2],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const installed = install.status === 0 ? findBinaries() : undefined;
  if (!installed) {
    throw new Error(
      `postgres-cluster: apt-get could not install postgresql (see the output above). ` +
        `Try:\n  ${INSTALL}`,
    );
  }
  return installed;
}

let account: { uid: number; gid: number } | undefined;

/** initdb and postgres refuse to run as root: as root, they run as Debian's `postgres` user. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (!isRoot) return undefined;
  if (account) return account;
  try {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: 'pipe' }));
    return (account = { uid: id('-u'), gid: id('-g') });
  } catch {
    throw new Error(
      'postgres-cluster: PostgreSQL refuses to run as root, and there is no `postgres` user ' +
        'to run it as: run as another user, or create that one.',
    );
  }
}

/** initdb and pg_ctl runs under way: an exit kills them before deleting what they write to. */
const inFlight = new Set<ChildProcess>();

/** Runs one of PostgreSQL's programs as the server's user; rejects with what it printed. */
function run(program: string, args: string[]): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(join(postgresBinaries(), program), args, {
      // The server's user may not be allowed into our cwd, and the programs check theirs.
      cwd: '/',
      // A process group of its own: a Ctrl-C is ours to handle, and cleanUpNow kills the group
      // with the postgres processes initdb runs.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...serverUser(),
    });
    inFlight.add(child);
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', fail);
    child.on('close', (code, signal) => {
      inFlight.delete(child);
      if (code === 0) done(output.trim());
      else fail(new Error(`${program} failed (${signal ?? `exit ${code}`}): ${output.trim()}`));
    });
  });
}

/**
 * For exit and for servers left behind: synchronous, and no waiting for anyone (the WAL makes an
 * immediate shutdown safe: the next start recovers).
 */
function stopNow(pgdata: string) {
  const args = ['stop', '-D', pgdata, '-m', 'immediate', '-w', '-t', '10'];
  spawnSync(join(postgresBinaries(), 'pg_ctl'), args, {
    cwd: '/',
    stdio: 'ignore',
    ...serverUser(),
  });
}

interface Tracked {
  root: string;
  pgdata: string;
  temporary: boolean;
  running: boolean;
}
/** This process's clusters: their servers are stopped, and temporary ones deleted, if it ends. */
const tracked = new Set<Tracked>();

function cleanUpNow() {
  for (const child of inFlight) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone already
    }
  }
  for (const cluster of tracked) {
    try {
      if (cluster.running) stopNow(cluster.pgdata);
      const target = cluster.temporary ? cluster.root : join(cluster.root, OWNER_FILE);
      rmSync(target, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    } catch (error) {
      console.error(`postgres-cluster: could not clean up ${cluster.root}: ${String(error)}`);
    }
  }
  tracked.clear();
}

let handlersInstalled = false;
function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', cleanUpNow);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // Another listener owns the shutdown (and 'exit' cleans up after it); alone, we clean up
    // and re-raise the signal, so that it still ends the process as it would have.
    const onSignal = () => {
      if (process.listenerCount(signal) > 1) return;
      cleanUpNow();
      process.off(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

const firstLine = (file: string) => {
  try {
    return readFileSync(file, 'utf8').split('\n')[0]!.trim();
  } catch {
    return '';
  }
};

/** The live process whose cluster is in `root`, if any. */
function liveOwner(root: string): number | undefined {
  const owner = Number(firstLine(join(root, OWNER_FILE)));
  return isAlive(owner) ? owner : undefined;
}

/** Whether the postmaster that postmaster.pid names still runs (a killed one leaves the file). */
const serverRunning = (pgdata: string) =>
  isAlive(Number(firstLine(join(pgdata, 'postmaster.pid'))));

/** Temporary clusters whose owner died without cleaning up (SIGKILL): stop and delete them. */
function sweepAbandoned() {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(TEMPORARY_PREFIX)) continue;
    const root = join(tmpdir(), name);
    try {
      if (liveOwner(root) !== undefined) continue;
      // No owner file yet may be a cluster another process is making this very moment.
      if (!existsSync(join(root, OWNER_FILE)) && Date.now() - statSync(root).mtimeMs < 60_000) {
        continue;
      }
      if (serverRunning(join(root, 'data'))) stopNow(join(root, 'data'));
      rmSync(root, { recursive: true, force: true });
    } catch {
      // Another user's, or being swept by another process too: not a reason to fail a start.
    }
  }
}

/** The last lines the server logged from `offset` on, for an error message. */
function logTail(logFile: string, offset: number): string {
  let log: Buffer;
  try {
    log = readFileSync(logFile);
  } catch {
    return '(no server log)';
  }
  return log.subarray(offset).toString('utf8').trimEnd().split('\n').slice(-30).join('\n');
}

const fileSize = (file: string) => (existsSync(file) ? statSync(file).size : 0);

export async function startPostgresCluster(
  options: PostgresClusterOptions = {},
): Promise<PostgresCluster> {
  postgresBinaries();
  const user = serverUser();
  sweepAbandoned();
  const temporary = options.dataDir === undefined;
  const root =
    options.dataDir === undefined
      ? mkdtempSync(join(tmpdir(), TEMPORARY_PREFIX))
      : resolve(options.dataDir);
  const pgdata = join(root, 'data');
  const logFile = join(root, LOG_FILE);
  if (!temporary) {
    mkdirSync(root, { recursive: true });
    const owner = liveOwner(root);
    const ours = [...tracked].some((other) => other.root === root);
    if (ours || (owner !== undefined && owner !== process.pid)) {
      throw new Error(
        `postgres-cluster: ${root} is in use by process ${owner ?? process.pid} ` +
          `(if it is not, delete ${join(root, OWNER_FILE)}).`,
      );
    }
    // A server its owner left running when killed: it holds the data directory.
    if (serverRunning(pgdata)) stopNow(pgdata);
  }
  writeFileSync(join(root, OWNER_FILE), String(process.pid));
  const cluster: Tracked = { root, pgdata, temporary, running: false };
  tracked.add(cluster);
  installHandlers();

  let port = options.port ?? 0;
  const start = async () => {
    const socketDir = `${root}/.s.PGSQL.${port}`.length < 108 ? root : ''; // sun_path's limit
    const settings = [
      ...['listen_addresses=127.0.0.1', `port=${port}`, `unix_socket_directories=${socketDir}`],
      ...['max_connections=200', 'shared_buffers=256MB'],
      ...(options.unsafeFast
        ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']
        : []),
    ];
    // pg_ctl hands -o to /bin/sh: quote each setting for it.
    const quoted = settings.map((setting) => `-c '${setting.replaceAll("'", `'\\''`)}'`);
    const logged = fileSize(logFile);
    cluster.running = true; // from now on, for an exit or a signal while pg_ctl waits
    try {
      await run('pg_ctl', [
        ...['start', '-D', pgdata, '-l', logFile, '-w', '-t', '60', '-o', quoted.join(' ')],
      ]);
    } catch (error) {
      stopNow(pgdata); // pg_ctl gives up waiting after 60 s, not the server starting
      cluster.running = false;
      const log = logTail(logFile, logged);
      throw new Error(
        `postgres-cluster: PostgreSQL did not start on port ${port}.\n` +
          `${(error as Error).message}\nThe server's log (${logFile}):\n${log}`,
        { cause: error },
      );
    }
  };
  const stop = async (mode: 'fast' | 'immediate') => {
    if (!cluster.running) return;
    const args = ['stop', '-D', pgdata, '-w', '-t', '10', '-m'];
    // Fast waits for the clients to go, at most 10 s. A server that died by itself is stopped.
    await run('pg_ctl', [...args, mode])
      .catch(() => run('pg_ctl', [...args, 'immediate']))
      .catch((error: unknown) => {
        if (serverRunning(pgdata)) throw error;
      });
    cluster.running = false;
  };

  try {
    if (user) chownSync(root, user.uid, user.gid);
    const password = await initialise(root, pgdata, temporary || options.unsafeFast === true);
    // A free port may be taken before the server binds it: then another one, twice at most.
    for (let attempt = 1; ; attempt++) {
      if (options.port === undefined) port = await freePort();
      try {
        await start();
        break;
      } catch (error) {
        const taken = /Address already in use/.test((error as Error).message);
        if (!taken || options.port !== undefined || attempt === 3) throw error;
      }
    }
    let destroying: Promise<void> | undefined;
    return {
      url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
      port,
      dataDir: root,
      stopServer: () => stop('fast'),
      startServer: async () => {
        if (!tracked.has(cluster)) throw new Error(`postgres-cluster: ${root} was destroyed.`);
        if (!cluster.running) await start();
      },
      destroy: () =>
        (destroying ??= (async () => {
          // A temporary cluster's data has no future: no shutdown checkpoint for it.
          await stop(temporary ? 'immediate' : 'fast');
          // A kept cluster is free for the next process.
          await rm(temporary ? root : join(root, OWNER_FILE), { recursive: true, force: true });
          tracked.delete(cluster);
        })()),
    };
  } catch (error) {
    if (cluster.running) stopNow(pgdata);
    rmSync(temporary ? root : join(root, OWNER_FILE), { recursive: true, force: true });
    tracked.delete(cluster);
    throw error;
  }
}

/** initdb, unless the directory holds a cluster already; the superuser's password either way. */
async function initialise(root: string, pgdata: string, throwaway: boolean): Promise<string> {
  const passwordFile = join(root, PASSWORD_FILE);
  if (!existsSync(join(pgdata, 'PG_VERSION'))) {
    rmSync(passwordFile, { force: true });
    writeFileSync(passwordFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
    const user = serverUser();
    if (user) chownSync(passwordFile, user.uid, user.gid);
    rmSync(pgdata, { recursive: true, force: true }); // what a killed initdb left, if anything
    const locales = spawnSync('locale', ['-a'], { encoding: 'utf8' });
    const hasCUtf8 = locales.status === 0 && /^C\.utf-?8$/im.test(locales.stdout);
    await run('initdb', [
      ...['-D', pgdata, '-U', USER, '-E', 'UTF8', hasCUtf8 ? '--locale=C.UTF-8' : '--no-locale'],
      ...['--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${passwordFile}`],
      // Syncing to disk is for data that must outlive a crash of the machine.
      ...(throwaway ? ['--no-sync'] : []),
    ]);
  }
  try {
    return readFileSync(passwordFile, 'utf8').trim();
  } catch (error) {
    throw new Error(`postgres-cluster: ${pgdata} has a cluster but ${passwordFile} is missing.`, {
      cause: error,
    });
  }
}
