/**
 * A PostgreSQL server for tests, benchmarks and `npm run start:scaled`: a cluster made with
 * `initdb` from Debian's packaged binaries (installed with apt-get when missing and running as
 * root, as scripts/ensure-chromium.mjs does for Chromium), on 127.0.0.1 and a port of its own,
 * with a superuser whose password is random. Temporary clusters are deleted by destroy(), on
 * Ctrl-C or SIGTERM, at exit, and, if their owner was killed, by the next start.
 */
import { execFileSync, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './main-process.ts';

export interface PostgresCluster {
  /** `postgres://turmas:<password>@127.0.0.1:<port>/postgres`: a superuser, over TCP. */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** Stops the server (fast shutdown), keeping the data: "the database went away". */
  stopServer(): Promise<void>;
  /** Starts it again on the same port and data. */
  startServer(): Promise<void>;
  /** Stops the server, and deletes the cluster when it is a temporary one. Idempotent. */
  destroy(): Promise<void>;
}

export interface PostgresClusterOptions {
  /** Keep the cluster here (made when missing, reused otherwise); a temporary one by default. */
  dataDir?: string;
  /** A free port by default. */
  port?: number;
  /** Tests only: fsync, synchronous_commit and full_page_writes off. */
  unsafeFast?: boolean;
}

const USER = 'turmas';
const TEMPORARY_PREFIX = 'turmas-pg-';
const OWNER_FILE = 'owner.pid';
const PASSWORD_FILE = 'password';
const INSTALL = 'sudo apt-get update && sudo apt-get install -y postgresql';
const isRoot = process.getuid?.() === 0;

let binaries: string | undefined;

/** The bin directory of the newest PostgreSQL of version 15 or later installed here. */
export function postgresBinaries(): string {
  if (binaries) return binaries;
  const found = findBinaries();
  if (found) return (binaries = found);
  const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasAptGet) {
    throw new Error(
      `No PostgreSQL server (15 or later) is installed. Install it with:\n  ${INSTALL}`,
    );
  }
  console.log('postgres-cluster: installing Debian postgresql (apt-get install -y postgresql)');
  const install = spawnSync('sh', ['-c', 'apt-get update && apt-get install -y postgresql'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const installed = install.status === 0 ? findBinaries() : undefined;
  if (!installed) throw new Error(`apt-get could not install postgresql. Try:\n  ${INSTALL}`);
  return (binaries = installed);
}

function findBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .map(Number)
        .filter((version) => version >= 15 && existsSync(join(root, String(version), 'bin/initdb')))
        .sort((a, b) => b - a)
    : [];
  if (versions.length > 0) return join(root, String(versions[0]), 'bin');
  const bindir = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const fromConfig = bindir.status === 0 ? bindir.stdout.trim() : '';
  return fromConfig && existsSync(join(fromConfig, 'initdb')) ? fromConfig : undefined;
}

/** initdb and postgres refuse to run as root: as root, they run as Debian's `postgres` user. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (!isRoot) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  return { uid: id('-u'), gid: id('-g') };
}

function run(command: string, args: string[], options: SpawnSyncOptions = {}) {
  const result = spawnSync(join(postgresBinaries(), command), args, {
    encoding: 'utf8',
    ...serverUser(),
    ...options,
  });
  return { ok: result.status === 0, output: `${String(result.stdout)}${String(result.stderr)}` };
}

/** Temporary clusters of this process, stopped and deleted if it is interrupted. */
const live = new Set<{ pgdata: string; root: string }>();

function stopNow(pgdata: string) {
  run('pg_ctl', ['stop', '-D', pgdata, '-m', 'immediate', '-w'], { stdio: 'ignore' });
}

function cleanUpAll() {
  for (const cluster of live) {
    stopNow(cluster.pgdata);
    rmSync(cluster.root, { recursive: true, force: true });
  }
  live.clear();
}

// Installed once: on a signal, clean up, then let the signal end the process as it would have.
let handlersInstalled = false;
function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', cleanUpAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      cleanUpAll();
      process.kill(process.pid, signal);
    });
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Temporary clusters whose owner died without cleaning up (SIGKILL): stop and delete them. */
function sweepStale() {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(TEMPORARY_PREFIX)) continue;
    const root = join(tmpdir(), name);
    const owner = Number(readFileSafe(join(root, OWNER_FILE)));
    if (owner && alive(owner)) continue;
    if (existsSync(join(root, 'data', 'postmaster.pid'))) stopNow(join(root, 'data'));
    rmSync(root, { recursive: true, force: true });
  }
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

export async function startPostgresCluster(
  options: PostgresClusterOptions = {},
): Promise<PostgresCluster> {
  postgresBinaries();
  sweepStale();
  const temporary = options.dataDir === undefined;
  const root = options.dataDir ?? mkdtempSync(join(tmpdir(), TEMPORARY_PREFIX));
  mkdirSync(root, { recursive: true });
  const pgdata = join(root, 'data');
  const logFile = join(root, 'server.log');
  const user = serverUser();
  if (temporary) {
    writeFileSync(join(root, OWNER_FILE), String(process.pid));
    live.add({ pgdata, root });
    installHandlers();
  }
  if (user) chownSync(root, user.uid, user.gid);

  const passwordFile = join(root, PASSWORD_FILE);
  if (!existsSync(join(pgdata, 'PG_VERSION'))) {
    writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
    if (user) chownSync(passwordFile, user.uid, user.gid);
    const locale = spawnSync('locale', ['-a'], { encoding: 'utf8' }).stdout;
    const localeArgs = /^C\.utf-?8$/im.test(locale) ? ['--locale=C.UTF-8'] : ['--no-locale'];
    const made = run('initdb', [
      ...['-D', pgdata, '-U', USER, '-E', 'UTF8', ...localeArgs],
      ...['--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${passwordFile}`],
    ]);
    if (!made.ok) throw new Error(`initdb failed:\n${made.output}`);
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  const port = options.port ?? (await freePort());
  const settings = [
    ...['listen_addresses=127.0.0.1', `port=${port}`, `unix_socket_directories=${root}`],
    ...['max_connections=200', 'shared_buffers=256MB'],
    ...(options.unsafeFast ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] : []),
  ];
  const serverOptions = settings.map((setting) => `-c ${setting}`).join(' ');

  const startServer = async () => {
    const started = run('pg_ctl', [
      ...['start', '-D', pgdata, '-l', logFile, '-w', '-t', '60', '-o', serverOptions],
    ]);
    if (!started.ok) {
      const log = readFileSafe(logFile).split('\n').slice(-30).join('\n');
      throw new Error(`PostgreSQL did not start:\n${started.output}\n${log}`);
    }
    await Promise.resolve();
  };
  const stopServer = async () => {
    const stopped = run('pg_ctl', ['stop', '-D', pgdata, '-m', 'fast', '-w', '-t', '10']);
    if (!stopped.ok) stopNow(pgdata);
    await Promise.resolve();
  };

  try {
    await startServer();
  } catch (error) {
    if (temporary) rmSync(root, { recursive: true, force: true });
    throw error;
  }
  let destroyed = false;
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    dataDir: root,
    stopServer,
    startServer,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await stopServer();
      if (temporary) {
        rmSync(root, { recursive: true, force: true });
        for (const cluster of live) if (cluster.root === root) live.delete(cluster);
      }
    },
  };
}
