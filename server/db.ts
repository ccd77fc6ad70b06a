/**
 * The embedded store: one SQLite file in DATA_DIR, opened through better-sqlite3 in WAL mode.
 *
 * better-sqlite3 is synchronous and the server holds one connection, so every call below runs to
 * completion before the next request is served: a transaction here is never interleaved with
 * another request's writes. Multi-turma writes are one transaction each (all turmas or none).
 */
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  foldForSearch,
  type Class,
  type ClassListParams,
  type ClassListResponse,
  type SortField,
} from '#contract';

export type Db = Database.Database;

export const DATABASE_FILE = 'turmas.sqlite';

/** 2 added the trigram index `classes_search` (docs/decisions/004-api-performance.md). */
const SCHEMA_VERSION = 2;

/** SQLite's own clock, in the same ISO 8601 shape JavaScript's toISOString() produces. */
const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

/**
 * Search: every 3-character substring of the folded name, so a term of 3 or more characters is
 * found through the index instead of a LIKE scan of every name. `case_sensitive 1` keeps the
 * tokenizer from folding on its own: search_name's fold alone decides what matches;
 * `columnsize = 0` drops the per-row token counts that only ranking uses. The index points at
 * classes by rowid (external content) and triggers keep it in step; turmas are only ever
 * inserted (seeding) or deleted, never given another rowid (SQLite's VACUUM keeps rowids too).
 */
const SEARCH_TABLE = `
CREATE VIRTUAL TABLE classes_search USING fts5(
  search_name, content = 'classes', content_rowid = 'rowid', tokenize = 'trigram case_sensitive 1',
  columnsize = 0
);
`;
const SEARCH_TRIGGERS = `
CREATE TRIGGER class_added AFTER INSERT ON classes BEGIN
  INSERT INTO classes_search (rowid, search_name) VALUES (NEW.rowid, NEW.search_name);
END;
CREATE TRIGGER class_removed AFTER DELETE ON classes BEGIN
  INSERT INTO classes_search (classes_search, rowid, search_name)
  VALUES ('delete', OLD.rowid, OLD.search_name);
END;
CREATE TRIGGER class_renamed AFTER UPDATE OF search_name ON classes BEGIN
  INSERT INTO classes_search (classes_search, rowid, search_name)
  VALUES ('delete', OLD.rowid, OLD.search_name);
  INSERT INTO classes_search (rowid, search_name) VALUES (NEW.rowid, NEW.search_name);
END;
`;
/** Rebuilt in one pass, then merged into one segment: a long term reads one b-tree per trigram. */
const REBUILD_SEARCH_INDEX = `
INSERT INTO classes_search (classes_search) VALUES ('rebuild');
INSERT INTO classes_search (classes_search) VALUES ('optimize');
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
${SEARCH_TABLE}
${SEARCH_TRIGGERS}
CREATE TABLE students (
  id         INTEGER PRIMARY KEY,
  email      TEXT NOT NULL UNIQUE,   -- always stored lower-cased: compared case-insensitively
  name       TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (${NOW})
);

CREATE TABLE enrolments (
  class_id        TEXT    NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  student_id      INTEGER NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  expiration_date TEXT,              -- UTC ISO 8601; NULL means no expiry
  created_at      TEXT    NOT NULL DEFAULT (${NOW}),
  updated_at      TEXT    NOT NULL DEFAULT (${NOW}),
  PRIMARY KEY (class_id, student_id)
) WITHOUT ROWID;
CREATE INDEX enrolments_by_student ON enrolments (student_id, class_id);

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
  1: SEARCH_TABLE + SEARCH_TRIGGERS + REBUILD_SEARCH_INDEX,
};

export interface OpenedDatabase {
  db: Db;
  /** A new, empty database: the caller may seed it. */
  created: boolean;
  /** The schema version it had when it was older than the current one. */
  migratedFrom?: number;
}

export function openDatabase(dataDir: string): OpenedDatabase {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DATABASE_FILE));
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across process crashes in WAL mode (only an OS crash can lose the tail).
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // `npm run seed` may write while a server holds the file.
  db.pragma('busy_timeout = 5000');
  const version = () => db.pragma('user_version', { simple: true }) as number;
  // The usual case reads only: a reader never waits for a writer (say, `npm run seed`) in WAL.
  if (version() === SCHEMA_VERSION) return { db, created: false };
  // Creating or migrating: under the write lock (IMMEDIATE) and checked again, so that two
  // processes opening one file do it once; in one transaction, so a migration that fails
  // half-way leaves the file as it was.
  const prepare = db.transaction((): OpenedDatabase => {
    const found = version();
    if (found === SCHEMA_VERSION) return { db, created: false };
    if (found > SCHEMA_VERSION || (found > 0 && !MIGRATIONS[found])) {
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

/**
 * Runs `write`, which replaces many turmas, with the search index's triggers off, then rebuilds
 * the index in one pass: seeding 100,000 turmas took 12 s indexed row by row, 7 s this way.
 * Inside the caller's transaction, so a failure rolls the triggers back too.
 */
export function withSearchIndexRebuilt(db: Db, write: () => void): void {
  db.exec('DROP TRIGGER class_added; DROP TRIGGER class_removed; DROP TRIGGER class_renamed;');
  write();
  db.exec(SEARCH_TRIGGERS + REBUILD_SEARCH_INDEX);
}

export function newClassId(): string {
  return randomBytes(8).toString('base64url');
}

const SORT_COLUMNS: Record<SortField, string> = {
  name: 'search_name',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  countStudents: 'count_students',
};

export class UnknownClassesError extends Error {
  readonly ids: string[];
  constructor(ids: string[]) {
    super(`No class with id ${ids.join(', ')}`);
    this.ids = ids;
  }
}

export class UnknownStudentError extends Error {
  constructor() {
    super('Student not found');
  }
}

export interface Enrolment {
  name: string;
  email: string;
  expirationDate?: string | undefined;
  classIds: string[];
}

export interface Removal {
  email: string;
  classIds: string[];
}

/** The four operations the API needs, as prepared statements over one connection. */
export function createStore(db: Db) {
  const unknownClassIds = db.prepare<[string], { id: string }>(
    `SELECT value AS id FROM json_each(?) WHERE value NOT IN (SELECT id FROM classes)`,
  );
  const upsertStudent = db.prepare<[string, string], { id: number }>(
    // DO UPDATE with an unchanged value makes RETURNING answer for an existing row too;
    // an existing student keeps their name (DESIGN.md: enrolment does not rename).
    `INSERT INTO students (email, name) VALUES (?, ?)
     ON CONFLICT (email) DO UPDATE SET email = excluded.email RETURNING id`,
  );
  const findStudent = db.prepare<[string], { id: number }>(
    `SELECT id FROM students WHERE email = ?`,
  );
  const enrol = db.prepare<[string, number, string | null]>(
    `INSERT INTO enrolments (class_id, student_id, expiration_date) VALUES (?, ?, ?)
     ON CONFLICT (class_id, student_id)
     DO UPDATE SET expiration_date = excluded.expiration_date, updated_at = ${NOW}
     WHERE expiration_date IS NOT excluded.expiration_date`,
  );
  const unenrol = db.prepare<[number, string]>(
    `DELETE FROM enrolments WHERE student_id = ? AND class_id IN (SELECT value FROM json_each(?))`,
  );

  function assertClassesExist(classIds: string[]) {
    const unknown = unknownClassIds.all(JSON.stringify(classIds)).map((row) => row.id);
    if (unknown.length > 0) throw new UnknownClassesError(unknown);
  }

  return {
    listClasses: createClassList(db),

    /** Creates the student when the e-mail is new; re-enrolling sets the new expiry. */
    enrol: db.transaction((enrolment: Enrolment) => {
      assertClassesExist(enrolment.classIds);
      const student = upsertStudent.get(enrolment.email, enrolment.name)!;
      const expiry = enrolment.expirationDate
        ? new Date(enrolment.expirationDate).toISOString()
        : null;
      for (const classId of enrolment.classIds) enrol.run(classId, student.id, expiry);
    }),

    /** Idempotent for turmas the student is not in; atomic across the listed turmas. */
    remove: db.transaction((removal: Removal) => {
      assertClassesExist(removal.classIds);
      const student = findStudent.get(removal.email);
      if (!student) throw new UnknownStudentError();
      unenrol.run(student.id, JSON.stringify(removal.classIds));
    }),
  };
}

export type Store = ReturnType<typeof createStore>;

/** A term this short has no trigram: the search index cannot answer it, a scan of names can. */
const TRIGRAM_LENGTH = 3;

/**
 * What walking an order's index costs per row visited, relative to sorting the matches per match
 * (~1 µs each at 100,000 turmas): in name order the index holds the folded name (~0.07 µs a row);
 * in the other orders each row visited is read from the table to test its name (~1.3 µs).
 */
const WALK_COST: Record<SortField, number> = {
  name: 0.1,
  createdAt: 1,
  updatedAt: 1,
  countStudents: 1,
};

type Filter = 'all' | 'like' | 'match';

/** What this many terms match is kept at most; which rows, only for this many rows or fewer. */
const TERMS_KEPT = 1000;
const ROWIDS_KEPT = 2000;

/** What a folded term matches, kept until the next write. */
interface Matches {
  total: number;
  /** The rowids the trigram index found, as a JSON array: read once, when first sorted. */
  rowids?: string;
}

/**
 * getClasses. At 100,000 turmas a page takes 0.05–0.5 ms once its total is known, except for terms
 * shorter than a trigram (a scan of the names, up to ~10 ms):
 *
 * - totalRecords comes from the cheapest exact count: the table's (no query), the trigram
 *   index's (3+ characters) or a scan of the folded names (shorter terms); and is kept until the
 *   next write.
 * - A page is read by walking the order's `(column, id)` index, or, when few names match, by
 *   sorting the matches the trigram index found (also kept). The walk reads only the index while
 *   it skips rows, then the page's rows from the table; a page nearer the end is walked from the
 *   end. The walk tests names with LIKE, which finds what the trigram index finds (search.test.ts).
 * - Count and page read one snapshot, so they agree even while `npm run seed` writes.
 */
function createClassList(db: Db) {
  // `\` escapes LIKE's own wildcards so a search for "100%" means the text "100%".
  const like = `WHERE search_name LIKE '%' || @term || '%' ESCAPE '\\'`;
  const count: Record<Filter, Database.Statement<TermParams, { total: number }>> = {
    all: db.prepare(`SELECT count(*) AS total FROM classes`),
    like: db.prepare(`SELECT count(*) AS total FROM classes ${like}`),
    match: db.prepare(
      `SELECT count(*) AS total FROM classes_search WHERE classes_search MATCH @term`,
    ),
  };
  const matchingRowids = db
    .prepare<TermParams, number>(
      `SELECT rowid FROM classes_search WHERE classes_search MATCH @term`,
    )
    .pluck();
  // What a term matches only changes when turmas are added, removed or renamed, which the API
  // never does, and asking the trigram index costs 0.3–3 ms (a short term's scan ~10 ms). So it is
  // kept per folded term until anything at all is written: by this connection (total_changes) or
  // by another one, such as `npm run seed` (data_version).
  const generation = db
    .prepare<[], string>(`SELECT data_version || ':' || total_changes() FROM pragma_data_version`)
    .pluck();
  let keptGeneration = '';
  const kept = new Map<string, Matches>();
  const matchesOf = (filter: Filter, folded: string, params: TermParams): Matches => {
    const now = generation.get()!;
    if (now !== keptGeneration || kept.size >= TERMS_KEPT) {
      kept.clear();
      keptGeneration = now;
    }
    let matches = kept.get(folded);
    if (!matches) {
      matches = { total: count[filter].get(params)!.total };
      kept.set(folded, matches);
    }
    return matches;
  };

  type Page = Database.Statement<TermParams & PageParams, Class>;
  const walk = new Map<string, Record<'all' | 'like', Page>>();
  const sortMatches = new Map<string, Database.Statement<{ rowids: string } & PageParams, Class>>();
  for (const [field, column] of Object.entries(SORT_COLUMNS)) {
    for (const direction of ['ASC', 'DESC']) {
      // The subquery skips rows in the index alone (it holds the column, id and rowid); the
      // join then reads only the page's rows, in the subquery's order (no sort of its own).
      const walkPage = (filter: 'all' | 'like'): Page =>
        db.prepare(
          `SELECT c.id, c.name, c.created_at AS createdAt, c.updated_at AS updatedAt,
             c.count_students AS countStudents
           FROM (
             SELECT rowid, ${column} AS k, id FROM classes ${filter === 'like' ? like : ''}
             ORDER BY k ${direction}, id ${direction} LIMIT @limit OFFSET @offset
           ) AS p CROSS JOIN classes AS c ON c.rowid = p.rowid
           ORDER BY p.k ${direction}, p.id ${direction}`,
        );
      walk.set(`${field} ${direction}`, { all: walkPage('all'), like: walkPage('like') });
      sortMatches.set(
        `${field} ${direction}`,
        db.prepare(
          `SELECT id, name, created_at AS createdAt, updated_at AS updatedAt,
             count_students AS countStudents
           FROM classes WHERE rowid IN (SELECT value FROM json_each(@rowids))
           ORDER BY ${column} ${direction}, id ${direction} LIMIT @limit OFFSET @offset`,
        ),
      );
    }
  }

  return db.transaction((params: ClassListParams): ClassListResponse => {
    const descending = params.sortBy.startsWith('-');
    const field = (descending ? params.sortBy.slice(1) : params.sortBy) as SortField;
    const folded = params.query ? foldForSearch(params.query) : '';
    // SQLite ends LIKE patterns and FTS5 queries at a NUL (matching everything, or failing), and
    // no turma name holds one: such a term matches nothing.
    if (folded.includes('\0')) return { data: [], totalRecords: 0 };
    // Code points, as the trigram tokenizer counts them.
    const length = [...folded].length;
    const filter: Filter = length === 0 ? 'all' : length < TRIGRAM_LENGTH ? 'like' : 'match';
    const likeTerm = { term: folded.replace(/[\\%_]/g, '\\$&') };
    // A quoted FTS5 string: trigrams in a row, so exactly the names that contain the term.
    const match = { term: `"${folded.replaceAll('"', '""')}"` };
    const matches = matchesOf(
      filter,
      folded,
      filter === 'all' ? {} : filter === 'like' ? likeTerm : match,
    );
    const total = matches.total;
    const offset = (params.page - 1) * params.pageSize;
    // Past the end there is nothing to read: skip the scan, keep the true total.
    if (offset >= total) return { data: [], totalRecords: total };

    const end = Math.min(offset + params.pageSize, total);
    const fromEnd = total - end < offset;
    if (filter === 'match') {
      // Rows walked to reach the page (one match every all/total rows) vs sorting every match.
      const visited = (fromEnd ? total - offset : end) * (matchesOf('all', '', {}).total / total);
      if (visited * WALK_COST[field] > total) {
        const rowids = matches.rowids ?? JSON.stringify(matchingRowids.all(match));
        if (total <= ROWIDS_KEPT) matches.rowids = rowids;
        const sorted = sortMatches.get(`${field} ${descending ? 'DESC' : 'ASC'}`)!;
        return {
          data: sorted.all({ rowids, limit: params.pageSize, offset }),
          totalRecords: total,
        };
      }
    }
    // Walking from the end reads the opposite order (ties by id reversed too), turned back.
    const direction = descending !== fromEnd ? 'DESC' : 'ASC';
    const statement = walk.get(`${field} ${direction}`)![filter === 'all' ? 'all' : 'like'];
    const filtered = filter === 'all' ? {} : likeTerm;
    const data = fromEnd
      ? statement.all({ ...filtered, limit: end - offset, offset: total - end }).reverse()
      : statement.all({ ...filtered, limit: params.pageSize, offset });
    return { data, totalRecords: total };
  });
}

interface TermParams {
  term?: string;
}

interface PageParams {
  limit: number;
  offset: number;
}
