/**
 * The PostgreSQL database behind the store: the connection pool, the schema, and how it is
 * migrated on start (docs/decisions/014-postgresql-store.md).
 *
 * The schema mirrors SQLite's (sqlite-schema.ts) so that both engines answer alike: text the way
 * SQLite compares it (COLLATE "C": code point order), times to the millisecond, countStudents and
 * updatedAt kept by triggers. Two additions serve several API processes on one database:
 * `class_changes`, which tells each process's index in memory which turmas other processes
 * changed, and `store_meta.generation`, which tells it to load again when turmas are added,
 * removed or renamed (a seed).
 */
import pg from 'pg';
import { foldForSearch } from '#contract';
import type { Logger } from '../log.ts';
import { OUTAGE_SUMMARY_EVERY_MS } from '../outage-log.ts';
import { StoreUnavailableError } from './store.ts';

export interface PostgresConfig {
  /** DATABASE_URL: `postgres://user:password@host:port/database`. Never logged. */
  url: string;
  /** DATABASE_POOL_SIZE: connections this process holds at most. */
  poolSize?: number | undefined;
  /**
   * DATABASE_STATEMENT_TIMEOUT_MS: the longest one statement may run; 0 for no limits at all
   * (seeding).
   */
  statementTimeoutMs?: number | undefined;
}

export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;
/**
 * How long a request waits for a connection: a new one, or in the queue for one of the pool's
 * (a burst of requests). A database that is down refuses at once; this bounds a silent one.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * 1: the tables, triggers and change log; 2: the students' folded name and e-mail, the
 * transaction that created each student; 3: each turma's roster version; 4: the index on the
 * enrolments' expiry (decision 015); 5: the change log by turma, the roster version dropped;
 * 6: the audit trail (decision 019); 7: the trail's recent tail (decision 019); 8: the index of
 * undos (decision 019); 9: the names with an ordinal or degree sign folded again (decision 013).
 * Each later version adds one entry to MIGRATIONS; a database of a newer version than this code
 * knows is refused. A new database runs every step after the first.
 */
export const POSTGRES_SCHEMA_VERSION = 9;

/** Any number, the same in every process: the advisory lock migrations run under. */
export const MIGRATION_LOCK = 7_134_021_983;

/** What times look like in answers: as JavaScript's toISOString() writes them. */
export const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** countStudents and a turma's updatedAt follow its enrolments (versions 1, and 5 again). */
const ENROLMENT_CHANGED = `
CREATE OR REPLACE FUNCTION enrolment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE classes SET count_students = count_students + 1, updated_at = now()
    WHERE id = NEW.class_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE classes SET count_students = count_students - 1, updated_at = now()
    WHERE id = OLD.class_id;
  ELSIF OLD.expiration_date IS DISTINCT FROM NEW.expiration_date THEN
    UPDATE classes SET updated_at = now() WHERE id = NEW.class_id;
  END IF;
  RETURN NULL;
END $$;
`;

const SCHEMA = `
CREATE TABLE store_meta (
  only_row       boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  schema_version integer NOT NULL,
  -- moved by a seed: every process then loads its index again
  generation     bigint  NOT NULL DEFAULT 1
);

CREATE TABLE classes (
  -- the index in memory's key for the row, as SQLite's rowid
  key            integer GENERATED ALWAYS AS IDENTITY UNIQUE,
  id             text COLLATE "C" PRIMARY KEY,
  name           text NOT NULL,
  -- lower-cased, accents and compatibility forms folded (foldForSearch): what search compares
  search_name    text COLLATE "C" NOT NULL,
  created_at     timestamptz(3) NOT NULL,
  updated_at     timestamptz(3) NOT NULL,
  count_students integer NOT NULL DEFAULT 0 CHECK (count_students >= 0)
);
CREATE INDEX classes_by_name     ON classes (search_name, id);
CREATE INDEX classes_by_created  ON classes (created_at, id);
CREATE INDEX classes_by_updated  ON classes (updated_at, id);
CREATE INDEX classes_by_students ON classes (count_students, id);

CREATE TABLE students (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email      text COLLATE "C" NOT NULL UNIQUE,  -- always stored lower-cased
  name       text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE enrolments (
  class_id        text COLLATE "C" NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  student_id      bigint NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  expiration_date timestamptz(3),  -- NULL means no expiry
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  updated_at      timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (class_id, student_id)
);
CREATE INDEX enrolments_by_student ON enrolments (student_id, class_id);

-- countStudents is kept by the database itself, and a turma's updatedAt moves whenever its
-- enrolments change, as in SQLite.
${ENROLMENT_CHANGED}
CREATE TRIGGER enrolment_changed AFTER INSERT OR DELETE OR UPDATE OF expiration_date
  ON enrolments FOR EACH ROW EXECUTE FUNCTION enrolment_changed();

-- Which turmas changed, by the transaction that changed them: a process reads the rows its
-- index's snapshot could not see (postgres-class-list.ts). Kept for a while, then pruned.
CREATE TABLE class_changes (
  xid        xid8        NOT NULL DEFAULT pg_current_xact_id(),
  changed_at timestamptz NOT NULL DEFAULT now(),
  class_key  integer     NOT NULL
);
CREATE INDEX class_changes_by_xid ON class_changes (xid);
CREATE INDEX class_changes_by_time ON class_changes (changed_at);

CREATE FUNCTION class_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO class_changes (class_key) VALUES (NEW.key);
  RETURN NULL;
END $$;
CREATE TRIGGER class_changed AFTER UPDATE OF count_students, updated_at ON classes
  FOR EACH ROW EXECUTE FUNCTION class_changed();

-- Turmas added, removed or renamed (a seed, SQL by hand): every process loads its index again.
CREATE FUNCTION classes_replaced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE store_meta SET generation = generation + 1;
  RETURN NULL;
END $$;
CREATE TRIGGER classes_replaced
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF id, name, search_name, created_at ON classes
  FOR EACH STATEMENT EXECUTE FUNCTION classes_replaced();
`;

/**
 * Version 2 (decision 015). The students' name and e-mail folded by the server (foldForSearch),
 * what the roster and the student search compare and names sort by; and the transaction that
 * created each student, so that a process's student index reads the students it has not seen yet
 * (ids are not in commit order). A student renamed or deleted (by hand: the API does neither), or
 * a seed, moves the generation: every process loads its indexes again.
 */
const STUDENT_SEARCH = `
ALTER TABLE students
  ADD COLUMN search_name  text COLLATE "C" NOT NULL DEFAULT '',
  ADD COLUMN search_email text COLLATE "C" NOT NULL DEFAULT '',
  ADD COLUMN created_xid  xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX students_by_name ON students (search_name, email);
CREATE INDEX students_by_xid  ON students (created_xid);

CREATE TRIGGER students_removed AFTER DELETE OR TRUNCATE ON students
  FOR EACH STATEMENT EXECUTE FUNCTION classes_replaced();
-- Row by row, with a condition: the enrolment's upsert touches the row without changing it.
CREATE TRIGGER student_renamed AFTER UPDATE ON students FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.search_name IS DISTINCT FROM NEW.search_name
    OR OLD.search_email IS DISTINCT FROM NEW.search_email)
  EXECUTE FUNCTION classes_replaced();
`;

/**
 * Version 3 (decision 015): `roster_version` moves with every change to a turma's enrolments, in
 * the trigger that keeps its count, so that a process may keep the turma's roster in memory and
 * ask, in each request's statement, whether it is still the one it read.
 */
const ROSTER_VERSION = `
ALTER TABLE classes ADD COLUMN roster_version bigint NOT NULL DEFAULT 0;
CREATE OR REPLACE FUNCTION enrolment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE classes SET count_students = count_students + 1, updated_at = now(),
      roster_version = roster_version + 1
    WHERE id = NEW.class_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE classes SET count_students = count_students - 1, updated_at = now(),
      roster_version = roster_version + 1
    WHERE id = OLD.class_id;
  ELSIF OLD.expiration_date IS DISTINCT FROM NEW.expiration_date THEN
    UPDATE classes SET updated_at = now(), roster_version = roster_version + 1
    WHERE id = NEW.class_id;
  END IF;
  RETURN NULL;
END $$;
`;

/**
 * Version 4 (decision 015): the enrolments by expiry, those with one only, with their key, so that
 * the expiring extension's window is a range of the index and its count an index-only scan.
 */
const EXPIRY_INDEX = `
CREATE INDEX enrolments_by_expiry ON enrolments (expiration_date) INCLUDE (class_id, student_id)
  WHERE expiration_date IS NOT NULL;
`;

/**
 * Version 5 (issue 35): a roster's catch-up asks whether one turma changed in the transactions its
 * snapshot could not see; by turma, then transaction, that is one short range of the index
 * instead of every change since the snapshot. Nothing reads `roster_version`: it goes, and the
 * trigger's function is version 1's again.
 */
const CHANGES_BY_CLASS = `
CREATE INDEX class_changes_by_class ON class_changes (class_key, xid);
${ENROLMENT_CHANGED}
ALTER TABLE classes DROP COLUMN roster_version;
`;

/**
 * Version 6 (decision 019): the audit trail, as SQLite's (sqlite-schema.ts). An entry per write,
 * its turmas' before and after as jsonb; `audit_classes` finds a turma's entries. Each index
 * serves one filter of the read, newest first; the one by time also serves retention.
 */
const AUDIT = `
CREATE TABLE audit (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at         timestamptz(3) NOT NULL DEFAULT now(),
  credential text COLLATE "C" NOT NULL,
  operation  text NOT NULL,
  run_id     text COLLATE "C",
  undoes     bigint,
  student_id bigint NOT NULL,
  email      text COLLATE "C" NOT NULL,
  changes    jsonb NOT NULL
);
CREATE INDEX audit_by_time       ON audit (at, id);
CREATE INDEX audit_by_email      ON audit (email, id);
CREATE INDEX audit_by_credential ON audit (credential, id);
CREATE INDEX audit_by_run        ON audit (run_id, id) WHERE run_id IS NOT NULL;
CREATE TABLE audit_classes (
  class_id text COLLATE "C" NOT NULL,
  entry_id bigint NOT NULL,
  PRIMARY KEY (class_id, entry_id)
);
`;

/**
 * Version 7 (decision 019): the trail's recent tail, as SQLite's. A write commits its entry here,
 * one row and no index (not even a key: the table stays small, every read of it is a scan);
 * batches move into `audit` and `audit_classes` (a fold). Its ids come from `audit`'s sequence,
 * so each id is unique across both; the columns are `audit`'s, in its order.
 */
const auditTail = (sequence: string) => `
CREATE TABLE audit_tail (
  id         bigint NOT NULL DEFAULT nextval(${sequence}::regclass),
  at         timestamptz(3) NOT NULL DEFAULT now(),
  credential text COLLATE "C" NOT NULL,
  operation  text NOT NULL,
  run_id     text COLLATE "C",
  undoes     bigint,
  student_id bigint NOT NULL,
  email      text COLLATE "C" NOT NULL,
  changes    jsonb NOT NULL
-- Never a parallel scan: its pages left by folds (until a vacuum) make the planner think it
-- large, and starting a worker cost a read ~15 ms where the scan itself takes under 1.
) WITH (parallel_workers = 0);
`;

/**
 * Version 8 (decision 019): the undos by the entry they reverse, undos only, with their id, as
 * SQLite's: a run's read finds the undos of its entries, and of those, a probe per entry.
 */
const UNDO_INDEX = `
CREATE INDEX audit_by_undo ON audit (undoes, id) WHERE undoes IS NOT NULL;
`;

type MigrationStep = (client: pg.PoolClient) => Promise<void>;

/** How many rows a migration reads and writes at once, each statement within its time limit. */
const MIGRATION_BATCH = 20_000;

/**
 * Fills the folded columns of the students `which` picks (a condition on `students`), in
 * batches, in the migration's transaction. `student_renamed` is off meanwhile and the generation
 * moved once: row by row, it moved the generation for each student, and a batch took seconds.
 */
async function foldStudents(client: pg.PoolClient, which = 'true'): Promise<void> {
  await client.query('ALTER TABLE students DISABLE TRIGGER student_renamed');
  await foldStudentBatches(client, which);
  await client.query(
    'ALTER TABLE students ENABLE TRIGGER student_renamed; ' +
      'UPDATE store_meta SET generation = generation + 1',
  );
}

async function foldStudentBatches(client: pg.PoolClient, which: string): Promise<void> {
  for (let after = 0; ;) {
    const { rows } = await client.query<{ id: string; name: string; email: string }>(
      `SELECT id::text, name, email FROM students WHERE students.id > $1 AND (${which})
       ORDER BY students.id LIMIT $2`,
      [after, MIGRATION_BATCH],
    );
    if (rows.length === 0) return;
    await client.query(
      `UPDATE students s SET search_name = f.search_name, search_email = f.search_email
       FROM unnest($1::bigint[], $2::text[], $3::text[]) AS f (id, search_name, search_email)
       WHERE s.id = f.id`,
      [
        rows.map((row) => row.id),
        rows.map((row) => foldForSearch(row.name)),
        rows.map((row) => foldForSearch(row.email)),
      ],
    );
    after = Number(rows.at(-1)!.id);
  }
}

/** The names whose fold version 9 changed: a degree sign, or an ordinal sign glued to a word. */
const ORDINAL_FOLD_CHANGED = `name ~ '°|[ºª][^[:space:]]'`;

/**
 * Version 9 (decision 013): the turmas' names foldForSearch now folds otherwise, folded again in
 * batches (the trigger on `classes` has every process load its index again); the students' too,
 * and those version 2 left unfolded (its batches went by the id as text, so past 20,000 students
 * some were skipped).
 */
async function refoldNames(client: pg.PoolClient): Promise<void> {
  for (let after = 0; ;) {
    const { rows } = await client.query<{ key: number; name: string; search_name: string }>(
      `SELECT key, name, search_name FROM classes WHERE key > $1 AND ${ORDINAL_FOLD_CHANGED}
       ORDER BY key LIMIT $2`,
      [after, MIGRATION_BATCH],
    );
    if (rows.length === 0) break;
    const changed = rows
      .map((row) => ({ key: row.key, folded: foldForSearch(row.name), was: row.search_name }))
      .filter((row) => row.folded !== row.was);
    if (changed.length > 0) {
      await client.query(
        `UPDATE classes c SET search_name = f.search_name
         FROM unnest($1::integer[], $2::text[]) AS f (key, search_name) WHERE c.key = f.key`,
        [changed.map((row) => row.key), changed.map((row) => row.folded)],
      );
    }
    after = rows.at(-1)!.key;
  }
  await foldStudents(client, `${ORDINAL_FOLD_CHANGED} OR search_name = '' OR search_email = ''`);
}

/** How a database of an older version becomes the current one, step by step. */
const MIGRATIONS: Record<number, MigrationStep> = {
  1: async (client) => {
    await client.query(STUDENT_SEARCH);
    await foldStudents(client);
  },
  2: async (client) => {
    await client.query(ROSTER_VERSION);
  },
  3: async (client) => {
    await client.query(EXPIRY_INDEX);
  },
  4: async (client) => {
    await client.query(CHANGES_BY_CLASS);
  },
  5: async (client) => {
    await client.query(AUDIT);
  },
  6: async (client) => {
    // Named once here: the default then holds the sequence itself, not a lookup per insert.
    const { rows } = await client.query<{ sequence: string }>(
      `SELECT quote_literal(pg_get_serial_sequence('audit', 'id')) AS sequence`,
    );
    await client.query(auditTail(rows[0]!.sequence));
  },
  7: async (client) => {
    await client.query(UNDO_INDEX);
  },
  8: refoldNames,
};

/** How the API's connections name themselves: a restore refuses while any is open (backup.ts). */
export const APPLICATION_NAME = 'turmas-admin';

/** A pool on DATABASE_URL, with every wait bounded. The caller ends it. */
export function createPool(config: PostgresConfig, log: Logger): pg.Pool {
  const statementTimeoutMs = config.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: config.url,
    max: config.poolSize ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    // The server stops a statement past this; the client gives up a little later, for a server
    // that went silent (a host lost without a reset).
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs > 0 ? statementTimeoutMs + 1_000 : undefined,
    // A transaction left open holds locks and keeps class_changes from being pruned.
    idle_in_transaction_session_timeout: statementTimeoutMs > 0 ? 10_000 : 0,
    keepAlive: true,
    application_name: APPLICATION_NAME,
  });
  // An idle connection that breaks (the database restarted) is an event, not a crash; the pool
  // drops it and the next request connects again. A restart breaks every idle connection at once:
  // one line for them, then at most one every OUTAGE_SUMMARY_EVERY_MS, with how many broke since
  // the last line (`alsoLost`), as the requests' failures are (outage-log.ts).
  let saidAt = -Infinity;
  let alsoLost = 0;
  pool.on('error', (error) => {
    const at = Date.now();
    if (at - saidAt < OUTAGE_SUMMARY_EVERY_MS) {
      alsoLost++;
      return;
    }
    saidAt = at;
    log.error('database connection lost', {
      reason: unavailableReason(error) ?? 'unexpected',
      ...(alsoLost > 0 ? { alsoLost } : {}),
    });
    alsoLost = 0;
  });
  return pool;
}

export interface MigratedDatabase {
  /** A new, empty database: the caller may seed it. */
  created: boolean;
  /** The schema version it had when it was older than the current one. */
  migratedFrom?: number;
}

/**
 * Creates or migrates the schema, once however many processes start together: under an advisory
 * lock, in one transaction (PostgreSQL's DDL is transactional, so a failed step leaves nothing).
 * `whenCreated` runs in that transaction (the demo seed), so other processes find the data.
 */
export async function migrate(
  pool: pg.Pool,
  whenCreated?: (client: pg.PoolClient) => Promise<void>,
): Promise<MigratedDatabase> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const found = await schemaVersion(client);
    if (
      found > POSTGRES_SCHEMA_VERSION ||
      (found > 0 && found < POSTGRES_SCHEMA_VERSION && MIGRATIONS[found] === undefined)
    ) {
      throw new Error(
        `The database has schema version ${found}; this server knows versions up to ` +
          `${POSTGRES_SCHEMA_VERSION}. Run a newer server, or point DATABASE_URL elsewhere.`,
      );
    }
    let result: MigratedDatabase = { created: false };
    if (found === 0) {
      await client.query(SCHEMA);
      for (let step = 1; step < POSTGRES_SCHEMA_VERSION; step++) await MIGRATIONS[step]!(client);
      await client.query('INSERT INTO store_meta (schema_version) VALUES ($1)', [
        POSTGRES_SCHEMA_VERSION,
      ]);
      await whenCreated?.(client);
      result = { created: true };
    } else if (found < POSTGRES_SCHEMA_VERSION) {
      for (let step = found; step < POSTGRES_SCHEMA_VERSION; step++) {
        await MIGRATIONS[step]!(client);
      }
      await client.query('UPDATE store_meta SET schema_version = $1', [POSTGRES_SCHEMA_VERSION]);
      result = { created: false, migratedFrom: found };
    }
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** 0 for a database without the schema. */
async function schemaVersion(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ version: number | null }>(
    `SELECT CASE WHEN to_regclass('store_meta') IS NULL THEN 0 END AS version`,
  );
  if (rows[0]!.version === 0) return 0;
  const meta = await client.query<{ version: number }>(
    'SELECT schema_version AS version FROM store_meta',
  );
  return meta.rows[0]?.version ?? 0;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Why an error means "the database cannot answer now", in words that hold no address or secret;
 * undefined for any other error (a bug of ours: a 500).
 */
export function unavailableReason(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return 'cannot reach the database';
    if (code.startsWith('08')) return 'the connection to the database failed';
    if (code === '57P01' || code === '57P02' || code === '57P03') {
      return 'the database is restarting';
    }
    if (code === '53300' || code === '53400') return 'the database has no free connections';
    if (code.startsWith('53')) return 'the database is out of resources';
    if (code === '57014') return 'the database took too long';
    if (code === '25P03') return 'the database took too long';
    if (code === '28P01' || code === '28000') return 'the database refused the credentials';
    if (code === '3D000') return 'the database does not exist';
    if (code === '40001' || code === '40P01') return 'the database is busy';
  }
  const message = error.message;
  if (/timeout exceeded when trying to connect/i.test(message)) return 'timed out connecting';
  if (/query read timeout/i.test(message)) return 'the database took too long';
  if (
    /connection terminated|not queryable|client has encountered a connection error/i.test(message)
  ) {
    return 'the connection to the database was lost';
  }
  return undefined;
}

/** Rethrows a database's unavailability as StoreUnavailableError, anything else as it is. */
export function asStoreError(error: unknown): unknown {
  const reason = unavailableReason(error);
  return reason === undefined ? error : new StoreUnavailableError(reason, { cause: error });
}
