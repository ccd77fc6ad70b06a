/**
 * The SQLite file behind the store: where it lives, its schema, and how an older file is migrated
 * to the current version on open (docs/decisions/002-sqlite-store.md, 004-api-performance.md).
 *
 * One file in DATA_DIR, opened through better-sqlite3 in WAL mode. better-sqlite3 is synchronous
 * and the server holds one connection, so every statement runs to completion before the next
 * request is served.
 */
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { foldForSearch } from '#contract';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';

export type Db = Database.Database;

export const DATABASE_FILE = 'turmas.sqlite';

/**
 * Work that gives the event loop turns, read in one snapshot: a transaction held open across
 * them (a read model's first load, its rows streamed). Nothing else may use the connection
 * until it ends: a statement meanwhile fails as busy.
 */
export async function inSnapshot(db: Db, work: () => Promise<void>): Promise<void> {
  db.exec('BEGIN');
  try {
    await work();
  } finally {
    db.exec('COMMIT');
  }
}
const WAL_PAGES_MAX = 10_000;

/**
 * 2 added a trigram index (decision 004); 3 dropped it for the index in memory, which finds words
 * of any length in any order (decision 013); 4 added the students' folded name and e-mail
 * (decision 015); 5 the index on the enrolments' expiry (the expiring extension, decision 015);
 * 6 the audit trail (decision 019); 7 its recent tail, folded into the indexes in batches; 8 the
 * index of undos (a run's read answers the undos of its entries); 9 folded again the names with
 * a degree sign or a glued ordinal sign ("8ºA" is two words since; decision 013).
 */
export const SCHEMA_VERSION = 9;

/** SQLite's own clock, in the same ISO 8601 shape JavaScript's toISOString() produces. */
export const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

/** Version 2's trigram index: search has been answered by the index in memory since 3. */
const DROP_SEARCH_TABLE = `
DROP TRIGGER IF EXISTS class_added;
DROP TRIGGER IF EXISTS class_removed;
DROP TRIGGER IF EXISTS class_renamed;
DROP TABLE IF EXISTS classes_search;
`;

/** The SQL function migrations fold existing rows with: the contract's foldForSearch. */
const FOLD_FUNCTION = 'fold_for_search';

/** Version 4: the students' folded name and e-mail, filled in for every student, and the indexes. */
const ADD_STUDENT_SEARCH = `
ALTER TABLE students ADD COLUMN search_name  TEXT NOT NULL DEFAULT '';
ALTER TABLE students ADD COLUMN search_email TEXT NOT NULL DEFAULT '';
UPDATE students SET search_name = ${FOLD_FUNCTION}(name), search_email = ${FOLD_FUNCTION}(email);
CREATE INDEX students_by_name ON students (search_name, email);
`;

/**
 * Version 9 (decision 013): the names whose fold changed (a degree sign, or an ordinal sign
 * glued to a word: "8ºA" is two words since) folded again; their search words and order change.
 */
const REFOLD_NAMES = ['classes', 'students']
  .map(
    (table) => `UPDATE ${table} SET search_name = ${FOLD_FUNCTION}(name)
WHERE (instr(name, '°') > 0 OR name GLOB '*[ºª][^ ]*') AND search_name <> ${FOLD_FUNCTION}(name);`,
  )
  .join('\n');

/**
 * Version 5: the enrolments by expiry, those with one only; its entries carry the primary key
 * (WITHOUT ROWID), so a window's count reads the index alone.
 */
const EXPIRY_INDEX = `
CREATE INDEX enrolments_by_expiry ON enrolments (expiration_date)
  WHERE expiration_date IS NOT NULL;
`;

/**
 * Version 6: the audit trail (decision 019). An entry per write, its turmas' before and after as
 * JSON; `audit_classes` finds a turma's entries. Each index serves one filter of the read, newest
 * first; the one by time also serves retention.
 */
const AUDIT = `
CREATE TABLE audit (
  id         INTEGER PRIMARY KEY,
  at         TEXT    NOT NULL DEFAULT (${NOW}),
  credential TEXT    NOT NULL,
  operation  TEXT    NOT NULL,
  run_id     TEXT,
  undoes     INTEGER,
  student_id INTEGER NOT NULL,
  email      TEXT    NOT NULL,
  changes    TEXT    NOT NULL
);
CREATE INDEX audit_by_time       ON audit (at);
CREATE INDEX audit_by_email      ON audit (email);
CREATE INDEX audit_by_credential ON audit (credential);
CREATE INDEX audit_by_run        ON audit (run_id) WHERE run_id IS NOT NULL;
CREATE TABLE audit_classes (
  class_id TEXT    NOT NULL,
  entry_id INTEGER NOT NULL,
  PRIMARY KEY (class_id, entry_id)
) WITHOUT ROWID;
`;

/**
 * Version 7: the trail's recent tail (decision 019). A write commits its entry here, one row and
 * no index; batches of it move into `audit` and `audit_classes` (a fold), and reads scan what
 * is left. The columns are `audit`'s, in its order; an id follows both tables' highest.
 */
const AUDIT_TAIL = `
CREATE TABLE audit_tail (
  id         INTEGER PRIMARY KEY,
  at         TEXT    NOT NULL DEFAULT (${NOW}),
  credential TEXT    NOT NULL,
  operation  TEXT    NOT NULL,
  run_id     TEXT,
  undoes     INTEGER,
  student_id INTEGER NOT NULL,
  email      TEXT    NOT NULL,
  changes    TEXT    NOT NULL
);
`;

/**
 * Version 8: the undos by the entry they reverse, undos only (decision 019): a run's read finds
 * the undos of its entries, and of those, a probe per entry.
 */
const UNDO_INDEX = `
CREATE INDEX audit_by_undo ON audit (undoes) WHERE undoes IS NOT NULL;
`;

const SCHEMA = `
CREATE TABLE classes (
  id             TEXT PRIMARY KEY,
  name           TEXT NOT NULL,
  -- lower-cased, accents and compatibility forms folded: what search and name sorting compare
  search_name    TEXT NOT NULL,
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL,
  count_students INTEGER NOT NULL DEFAULT 0 CHECK (count_students >= 0)
);
CREATE INDEX classes_by_name       ON classes (search_name, id);
CREATE INDEX classes_by_created    ON classes (created_at, id);
CREATE INDEX classes_by_updated    ON classes (updated_at, id);
CREATE INDEX classes_by_students   ON classes (count_students, id);
CREATE TABLE students (
  id           INTEGER PRIMARY KEY,
  email        TEXT NOT NULL UNIQUE,   -- always stored lower-cased: compared case-insensitively
  name         TEXT NOT NULL,
  created_at   TEXT NOT NULL DEFAULT (${NOW}),
  -- name and e-mail folded as turma names are (foldForSearch), written by the server: what the
  -- roster and the student search compare, and what names sort by
  search_name  TEXT NOT NULL DEFAULT '',
  search_email TEXT NOT NULL DEFAULT ''
);
CREATE INDEX students_by_name ON students (search_name, email);

CREATE TABLE enrolments (
  class_id        TEXT    NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  student_id      INTEGER NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  expiration_date TEXT,              -- UTC ISO 8601; NULL means no expiry
  created_at      TEXT    NOT NULL DEFAULT (${NOW}),
  updated_at      TEXT    NOT NULL DEFAULT (${NOW}),
  PRIMARY KEY (class_id, student_id)
) WITHOUT ROWID;
CREATE INDEX enrolments_by_student ON enrolments (student_id, class_id);
${EXPIRY_INDEX}
${AUDIT}
${AUDIT_TAIL}
${UNDO_INDEX}
-- countStudents is kept by the database itself, so it can never drift from the rows behind it,
-- and a turma's updatedAt moves whenever its enrolments change.
CREATE TRIGGER enrolment_added AFTER INSERT ON enrolments BEGIN
  UPDATE classes SET count_students = count_students + 1, updated_at = ${NOW}
  WHERE id = NEW.class_id;
END;
CREATE TRIGGER enrolment_removed AFTER DELETE ON enrolments BEGIN
  UPDATE classes SET count_students = count_students - 1, updated_at = ${NOW}
  WHERE id = OLD.class_id;
END;
CREATE TRIGGER enrolment_changed AFTER UPDATE OF expiration_date ON enrolments
WHEN OLD.expiration_date IS NOT NEW.expiration_date BEGIN
  UPDATE classes SET updated_at = ${NOW} WHERE id = NEW.class_id;
END;
`;

/** How a database of an older version becomes the current one, step by step. */
const MIGRATIONS: Record<number, string> = {
  // Version 2's index would only be dropped again by the next step.
  1: '',
  2: DROP_SEARCH_TABLE,
  3: ADD_STUDENT_SEARCH,
  4: EXPIRY_INDEX,
  5: AUDIT,
  6: AUDIT_TAIL,
  7: UNDO_INDEX,
  8: REFOLD_NAMES,
};

export interface OpenedDatabase {
  db: Db;
  /** A new, empty database: the caller may seed it. */
  created: boolean;
  /** The schema version it had when it was older than the current one. */
  migratedFrom?: number;
}

/**
 * Creates `file` empty, readable by its owner only, unless it exists: it holds every student's
 * name and e-mail, and SQLite would create it 0644 (less the umask). Its -wal and -shm take its
 * mode.
 */
export function createPrivateDatabaseFile(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
}

/** Opens (creating or migrating when needed) `DATA_DIR/turmas.sqlite`; the caller closes it. */
export function openDatabase(dataDir: string): OpenedDatabase {
  mkdirSync(dataDir, { recursive: true });
  createPrivateDatabaseFile(join(dataDir, DATABASE_FILE));
  const db = new Database(join(dataDir, DATABASE_FILE));
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across process crashes in WAL mode (only an OS crash can lose the tail).
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // Pages are read into SQLite's own cache (16 MiB; the default is 2), not through a map of the
  // file: each page a read touched through a map would stay in this process's resident memory,
  // up to the map's size (decision 017, memory).
  db.pragma('mmap_size = 0');
  db.pragma('cache_size = -16384');
  // A server checkpoints from a thread of its own (sqlite-checkpoints.ts); past this many pages
  // (40 MiB) of log, the connection that commits does it, as SQLite does past 1,000 by default.
  db.pragma(`wal_autocheckpoint = ${WAL_PAGES_MAX}`);
  // Opening (a migration) and `npm run seed` may wait for a running server's writes; the
  // server's own store then waits without blocking (sqlite-lock.ts).
  db.pragma('busy_timeout = 5000');
  db.function(FOLD_FUNCTION, { deterministic: true }, (text) => foldForSearch(String(text)));
  const version = () => db.pragma('user_version', { simple: true }) as number;
  // The usual case reads only: a reader never waits for a writer (say, `npm run seed`) in WAL.
  if (version() === SCHEMA_VERSION) return { db, created: false };
  // Creating or migrating: under the write lock (IMMEDIATE) and checked again, so that two
  // processes opening one file do it once; in one transaction, so a migration that fails
  // half-way leaves the file as it was.
  const prepare = db.transaction((): OpenedDatabase => {
    const found = version();
    if (found === SCHEMA_VERSION) return { db, created: false };
    if (found > SCHEMA_VERSION || (found > 0 && MIGRATIONS[found] === undefined)) {
      throw new Error(
        `${join(dataDir, DATABASE_FILE)} has schema version ${found}, expected ${SCHEMA_VERSION}`,
      );
    }
    if (found === 0) db.exec(SCHEMA);
    else for (let step = found; step < SCHEMA_VERSION; step++) db.exec(MIGRATIONS[step]!);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
    return found === 0 ? { db, created: true } : { db, created: false, migratedFrom: found };
  });
  try {
    return prepare.immediate();
  } catch (error) {
    db.close();
    throw error;
  }
}

/** A new turma's `classes.id`: 8 random bytes, URL-safe. */
export function newClassId(): string {
  return randomBytes(8).toString('base64url');
}
