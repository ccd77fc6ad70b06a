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
} from '../src/api/contract.ts';

export type Db = Database.Database;

export const DATABASE_FILE = 'turmas.sqlite';

const SCHEMA_VERSION = 1;

/** SQLite's own clock, in the same ISO 8601 shape JavaScript's toISOString() produces. */
const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

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

export function openDatabase(dataDir: string): { db: Db; created: boolean } {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DATABASE_FILE));
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across process crashes in WAL mode (only an OS crash can lose the tail).
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // `npm run seed` may write while a server holds the file.
  db.pragma('busy_timeout = 5000');
  const version = db.pragma('user_version', { simple: true }) as number;
  const created = version === 0;
  if (created) {
    db.transaction(() => {
      db.exec(SCHEMA);
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
  } else if (version !== SCHEMA_VERSION) {
    throw new Error(
      `${join(dataDir, DATABASE_FILE)} has schema version ${version}, expected ${SCHEMA_VERSION}`,
    );
  }
  return { db, created };
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

interface ClassRow {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  countStudents: number;
}

/** The four operations the API needs, as prepared statements over one connection. */
export function createStore(db: Db) {
  const classColumns = `id, name, created_at AS createdAt, updated_at AS updatedAt,
    count_students AS countStudents`;
  // `\` escapes LIKE's own wildcards so a search for "100%" means the text "100%".
  const filter = `WHERE (@query IS NULL OR search_name LIKE '%' || @query || '%' ESCAPE '\\')`;
  const countClasses = db.prepare<{ query: string | null }, { total: number }>(
    `SELECT count(*) AS total FROM classes ${filter}`,
  );
  const pageStatements = new Map<string, Database.Statement<PageParams, ClassRow>>();
  for (const [field, column] of Object.entries(SORT_COLUMNS)) {
    for (const direction of ['ASC', 'DESC']) {
      pageStatements.set(
        `${field} ${direction}`,
        db.prepare(
          `SELECT ${classColumns} FROM classes ${filter}
           ORDER BY ${column} ${direction}, id ${direction} LIMIT @limit OFFSET @offset`,
        ),
      );
    }
  }

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
    listClasses(params: ClassListParams): ClassListResponse {
      const descending = params.sortBy.startsWith('-');
      const field = (descending ? params.sortBy.slice(1) : params.sortBy) as SortField;
      const folded = params.query ? foldForSearch(params.query).replace(/[\\%_]/g, '\\$&') : null;
      const statement = pageStatements.get(`${field} ${descending ? 'DESC' : 'ASC'}`)!;
      const offset = (params.page - 1) * params.pageSize;
      const { total } = countClasses.get({ query: folded })!;
      // Past the end there is nothing to read: skip the scan, keep the true total.
      const data: Class[] =
        offset >= total ? [] : statement.all({ query: folded, limit: params.pageSize, offset });
      return { data, totalRecords: total };
    },

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

interface PageParams {
  query: string | null;
  limit: number;
  offset: number;
}
