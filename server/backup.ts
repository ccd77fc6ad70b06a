/**
 * Backups of a running server's data, and restores into an empty store (README, "Backups";
 * docs/decisions/018-operations.md). The engine is the server's: PostgreSQL when DATABASE_URL is
 * set, DATA_DIR's SQLite file otherwise.
 *
 * - SQLite: `VACUUM INTO` from a read-only connection. In WAL mode it reads one snapshot and
 *   never blocks the server's writes; the online backup API restarts whenever the server writes,
 *   and under a write burst did not finish (decision 018).
 * - PostgreSQL: `pg_dump` in the custom format, which reads one snapshot too; restored with
 *   `pg_restore` in one transaction.
 *
 * A backup is written as FILE.partial, with mode 0600, and renamed to FILE once complete, so a
 * file under the name asked for is always whole. FILE.partial is created exclusively: it is the
 * claim on FILE, and a second backup to the same FILE meanwhile is refused at once.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import {
  APPLICATION_NAME,
  MIGRATION_LOCK,
  POSTGRES_SCHEMA_VERSION,
  unavailableReason,
} from './store/postgres-schema.ts';
import {
  createPrivateDatabaseFile,
  DATABASE_FILE,
  SCHEMA_VERSION,
  openDatabase,
} from './store/sqlite-schema.ts';

/** A refusal or failure worth one line to the operator, without a stack trace. */
export class BackupError extends Error {}

export type BackupEngine = 'sqlite' | 'postgres';

const SQLITE_MAGIC = 'SQLite format 3\0';
const PG_DUMP_MAGIC = 'PGDMP';

/** Where the data is: DATABASE_URL's database, or DATA_DIR's SQLite file. */
export type StoreLocation =
  { engine: 'sqlite'; dataDir: string } | { engine: 'postgres'; url: string };

/** Which engine wrote `file`, from its first bytes; undefined when neither did. */
export async function backupEngine(file: string): Promise<BackupEngine | undefined> {
  let head: Buffer;
  try {
    const handle = await open(file, 'r');
    try {
      head = Buffer.alloc(SQLITE_MAGIC.length);
      await handle.read(head, 0, head.length, 0);
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`${file}: no such file`);
    if (code === 'EISDIR') throw new BackupError(`${file} is a directory, not a backup`);
    throw new BackupError(`${file} cannot be read (${code ?? String(error)})`);
  }
  if (head.toString('latin1') === SQLITE_MAGIC) return 'sqlite';
  if (head.subarray(0, PG_DUMP_MAGIC.length).toString('latin1') === PG_DUMP_MAGIC)
    return 'postgres';
  return undefined;
}

const ENGINE_NAMES: Record<BackupEngine, string> = {
  sqlite: 'SQLite (DATA_DIR)',
  postgres: 'PostgreSQL (DATABASE_URL)',
};

/**
 * Writes a consistent copy of the store into `to`, which must not exist yet, nor its `.partial`:
 * that is another backup writing it (or one killed before its end, which a failure's cleanup
 * never leaves: only its operator knows it is not running).
 */
export async function backUp(store: StoreLocation, to: string): Promise<void> {
  if (existsSync(to)) throw new BackupError(`${to} exists already: choose a new name`);
  const partial = `${to}.partial`;
  await claimPartial(partial, to);
  try {
    if (store.engine === 'sqlite') vacuumInto(store.dataDir, partial);
    else await pgDump(store.url, partial);
    const handle = await open(partial, 'r');
    await handle.sync().finally(() => handle.close());
    await rename(partial, to);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * A new, empty file only its owner can read, created exclusively: what VACUUM INTO and pg_dump
 * then fill. Whoever creates it owns the backup to `to`; it exists already while another backup
 * writes it.
 */
async function claimPartial(partial: string, to: string): Promise<void> {
  try {
    await (await open(partial, 'wx', 0o600)).close();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      throw new BackupError(
        `${partial} exists: another backup is writing ${to} now (if none is running, ` +
          `one was stopped before its end: delete ${partial})`,
      );
    }
    throw new BackupError(`${partial} cannot be created (${code})`);
  }
}

function vacuumInto(dataDir: string, file: string): void {
  const source = join(dataDir, DATABASE_FILE);
  if (!existsSync(source)) throw new BackupError(`${source}: no database to back up`);
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('VACUUM INTO ?').run(file);
  } finally {
    db.close();
  }
}

/**
 * pg_dump and pg_restore get the address without its password, and the password through the
 * environment: a command line is visible to every user of the machine.
 */
function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.href,
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** The newest of Debian's PostgreSQL client programs (pg_dump must be as new as the server). */
function pgProgram(name: 'pg_dump' | 'pg_restore'): string {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian).map(Number).filter(Boolean) : [];
  for (const version of versions.sort((a, b) => b - a)) {
    const program = join(debian, String(version), 'bin', name);
    if (existsSync(program)) return program;
  }
  return name; // from PATH
}

/** Runs a PostgreSQL client program; its stdout goes to `stdoutFile` when given. */
async function runPgProgram(
  name: 'pg_dump' | 'pg_restore',
  args: string[],
  env: NodeJS.ProcessEnv,
  stdoutFile?: string,
): Promise<void> {
  const child = spawn(pgProgram(name), args, {
    env,
    stdio: ['ignore', stdoutFile ? 'pipe' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const written = stdoutFile
    ? once(child.stdout!.pipe(createWriteStream(stdoutFile, { flags: 'r+' })), 'finish')
    : Promise.resolve();
  const [code] = (await Promise.race([
    once(child, 'exit'),
    once(child, 'error').then(([error]) => {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      throw new BackupError(
        missing
          ? `${name} not found: install PostgreSQL's client programs (apt-get install postgresql-client)`
          : `${name} could not run: ${(error as Error).message}`,
      );
    }),
  ])) as [number | null];
  await written;
  if (code !== 0) {
    const said = stderr.trim().split('\n').slice(-3).join(' ').replace(/\s+/g, ' ');
    throw new BackupError(`${name} failed: ${said || `exit code ${String(code)}`}`);
  }
}

/** A connection to DATABASE_URL, or a one-line reason it cannot be had. */
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined); // a failure during a query rejects the query itself
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    const reason = unavailableReason(error) ?? (error as Error).message;
    throw new BackupError(`Cannot use the database in DATABASE_URL: ${reason}`);
  }
}

async function pgDump(url: string, file: string): Promise<void> {
  await (await connect(url)).end(); // a clear reason when the database cannot be reached
  const { dbname, env } = pgConnection(url);
  // class_changes only tells running processes what changed lately: a restored database starts
  // processes that load everything (decision 014).
  const args = ['--format=custom', '--exclude-table-data=class_changes', `--dbname=${dbname}`];
  await runPgProgram('pg_dump', args, env, file);
}

export interface RestoreOptions {
  /** Replace the data that is there. */
  force?: boolean;
  /** PostgreSQL: runs once the checks have passed, before pg_restore (a test's way in there). */
  checked?: () => Promise<void>;
}

/** Loads `file` into the store, which must be empty unless `force`. */
export async function restore(
  store: StoreLocation,
  file: string,
  options: RestoreOptions = {},
): Promise<void> {
  const engine = await backupEngine(file);
  if (engine === undefined) {
    throw new BackupError(`${file} is not a backup (neither a SQLite file nor a pg_dump archive)`);
  }
  if (engine !== store.engine) {
    throw new BackupError(
      `${file} is a ${ENGINE_NAMES[engine]} backup, but the store here is ${ENGINE_NAMES[store.engine]}` +
        (engine === 'sqlite'
          ? ': unset DATABASE_URL to restore it'
          : ': set DATABASE_URL to restore it'),
    );
  }
  if (store.engine === 'sqlite') await restoreSqlite(store.dataDir, file, options);
  else await restorePostgres(store.url, file, options);
}

async function restoreSqlite(dataDir: string, file: string, { force }: RestoreOptions) {
  const target = join(dataDir, DATABASE_FILE);
  if (!force && existsSync(target) && statSync(target).size > 0) {
    throw new BackupError(
      `${target} holds data already: restore into an empty DATA_DIR, or add --force`,
    );
  }
  let source: Database.Database;
  try {
    source = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened: ${(error as Error).message}`);
  }
  try {
    const problem = sqliteBackupProblem(source);
    if (problem) throw new BackupError(`${file} ${problem}`);
    mkdirSync(dataDir, { recursive: true });
    // A log left by a deleted database would be replayed into the restored one.
    if (!existsSync(target)) {
      for (const suffix of ['-wal', '-shm']) await rm(`${target}${suffix}`, { force: true });
      createPrivateDatabaseFile(target);
    }
    // The backup API takes the target's locks: a forced restore under a running server waits.
    await source.backup(target);
  } finally {
    source.close();
  }
  // Brings an older backup to the current schema, as a start would.
  openDatabase(dataDir).db.close();
}

/** The problems quick_check reports at most (SQLite's default). */
const QUICK_CHECK_MAX = 100;

/** Why a SQLite file cannot be restored: corrupt, not ours, or newer than this code. */
function sqliteBackupProblem(db: Database.Database): string | undefined {
  try {
    // One row per problem, or several in one row (a tree's, one a line), up to QUICK_CHECK_MAX;
    // the operator gets one line: how many, and the first.
    const rows = db.pragma(`quick_check(${QUICK_CHECK_MAX})`, { simple: false }) as Record<
      string,
      unknown
    >[];
    const problems = rows
      .flatMap((row) => String(Object.values(row)[0]).split('\n'))
      .map((line) => line.trim())
      .filter(
        (line) => line !== '' && line !== 'ok' && !/^\*\*\* in database \w+ \*\*\*$/.test(line),
      );
    if (problems.length > 0) {
      const count =
        problems.length >= QUICK_CHECK_MAX
          ? `${QUICK_CHECK_MAX} problems or more`
          : `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`;
      return `is damaged (quick_check found ${count}; the first: ${problems[0]})`;
    }
  } catch (error) {
    return `is damaged (${(error as Error).message})`;
  }
  const version = db.pragma('user_version', { simple: true }) as number;
  const tables = db.prepare(`SELECT count(*) AS n FROM sqlite_schema WHERE name = 'classes'`);
  if (version === 0 || (tables.get() as { n: number }).n === 0) {
    return 'is a SQLite file, but not a Turmas Admin backup';
  }
  if (version > SCHEMA_VERSION) {
    return `has schema version ${version}, newer than this server's ${SCHEMA_VERSION}: restore it with a newer version`;
  }
  return undefined;
}

async function restorePostgres(url: string, file: string, { force, checked }: RestoreOptions) {
  const client = await connect(url);
  try {
    // The lock every API process takes to migrate at start, held from the checks to the end, so a
    // process starting meanwhile waits, then loads what was restored. Session-level: released when
    // this connection ends, however the restore ends.
    const { rows: lock } = await client.query<{ taken: boolean }>(
      'SELECT pg_try_advisory_lock($1) AS taken',
      [MIGRATION_LOCK],
    );
    if (!lock[0]!.taken) {
      throw new BackupError(
        'The database in DATABASE_URL is being migrated by an API process that is starting, or ' +
          'restored by another restore: stop every API process first',
      );
    }
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p', 'v', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
         AND n.nspname NOT LIKE 'pg\\_%'`,
    );
    if (!force && Number(rows[0]!.n) > 0) {
      throw new BackupError(
        'The database in DATABASE_URL holds tables already: restore into an empty database, or add --force',
      );
    }
    // A process that stays connected goes on serving the indexes it holds in memory, and its
    // feeds cannot tell what the restore replaced (README, "Backups").
    const { rows: api } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid()`,
      [APPLICATION_NAME],
    );
    const connected = api[0]!.n;
    if (connected > 0) {
      throw new BackupError(
        `The database in DATABASE_URL has ${connected} ${connected === 1 ? 'connection' : 'connections'} ` +
          `of the API (application_name ${APPLICATION_NAME}): stop every API process first`,
      );
    }
    await checked?.();
    const { dbname, env } = pgConnection(url);
    // One transaction: a restore that fails half-way leaves the database as it was.
    const args = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error'];
    if (force) args.push('--clean', '--if-exists');
    await runPgProgram('pg_restore', [...args, `--dbname=${dbname}`, file], env);
    const { rows: found } = await client.query<{ ours: boolean; xids: boolean }>(
      `SELECT to_regclass('store_meta') IS NOT NULL AS ours, EXISTS (SELECT FROM information_schema.columns
         WHERE table_name = 'students' AND column_name = 'created_xid') AS xids`,
    );
    if (!found[0]!.ours) {
      throw new BackupError(
        `Restored ${file}, but it is not a Turmas Admin backup (no store_meta)`,
      );
    }
    // Transaction ids belong to the cluster that wrote them: from another one they may lie in
    // this one's future, where each process's student index would take them for new students at
    // every search (postgres-roster.ts). Those are made older than any snapshot.
    if (found[0]!.xids)
      await client.query(
        `UPDATE students SET created_xid = '1'::xid8
       WHERE created_xid >= pg_snapshot_xmin(pg_current_snapshot())`,
      );
    await client.query('ANALYZE');
    const meta = await client.query<{ version: number }>(
      `SELECT schema_version AS version FROM store_meta`,
    );
    const version = meta.rows[0]?.version ?? 0;
    if (version > POSTGRES_SCHEMA_VERSION) {
      throw new BackupError(
        `Restored, but the backup has schema version ${version}: only a server that knows it (newer than this one, ${POSTGRES_SCHEMA_VERSION}) will start on it`,
      );
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const reason = unavailableReason(error);
    throw new BackupError(`The restore failed: ${reason ?? (error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The store a server started here would use: DATABASE_URL's database, else DATA_DIR's file. */
export function storeFromEnvironment(environment = process.env): StoreLocation {
  const url = environment.DATABASE_URL?.trim();
  if (!url) return { engine: 'sqlite', dataDir: environment.DATA_DIR || './data' };
  if (!/^postgres(ql)?:\/\//i.test(url) || !URL.canParse(url)) {
    throw new BackupError(
      'DATABASE_URL must be a postgres:// address (postgres://user:password@host/db)',
    );
  }
  return { engine: 'postgres', url };
}
