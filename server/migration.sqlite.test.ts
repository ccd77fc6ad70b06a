/**
 * A DATA_DIR made by an earlier server: schema version 1 (before the trigram search index, which
 * version 3 dropped again) is migrated in place when the server starts, keeping every row; a version this server does not
 * know is refused with a message naming both versions.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase, SCHEMA_VERSION } from './store/sqlite-schema.ts';
import { readSqlite, storedEnrolments } from './testing/database.ts';
import { names, startTestServer, type TestServer } from './testing/test-server.ts';

const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

/** Schema version 1 as store/sqlite-schema.ts once created it: tables, indexes and triggers. */
const SCHEMA_V1 = `
CREATE TABLE classes (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, search_name TEXT NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
  count_students INTEGER NOT NULL DEFAULT 0 CHECK (count_students >= 0)
);
CREATE INDEX classes_by_name     ON classes (search_name, id);
CREATE INDEX classes_by_created  ON classes (created_at, id);
CREATE INDEX classes_by_updated  ON classes (updated_at, id);
CREATE INDEX classes_by_students ON classes (count_students, id);
CREATE TABLE students (
  id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (${NOW})
);
CREATE TABLE enrolments (
  class_id TEXT NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  student_id INTEGER NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  expiration_date TEXT,
  created_at TEXT NOT NULL DEFAULT (${NOW}), updated_at TEXT NOT NULL DEFAULT (${NOW}),
  PRIMARY KEY (class_id, student_id)
) WITHOUT ROWID;
CREATE INDEX enrolments_by_student ON enrolments (student_id, class_id);
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
PRAGMA user_version = 1;
`;

const CREATED = '2024-01-01T10:00:00.000Z';

/** A version 1 database with three turmas, one student, one enrolment. */
function writeVersion1(dataDir: string) {
  const db = new Database(join(dataDir, DATABASE_FILE));
  db.exec(SCHEMA_V1);
  db.exec(`
    INSERT INTO classes (id, name, search_name, created_at, updated_at) VALUES
      ('v1', 'Matemática 9º A', 'matematica 9o a', '${CREATED}', '${CREATED}'),
      ('v2', 'História', 'historia', '${CREATED}', '${CREATED}'),
      ('v3', 'matemática avançada', 'matematica avancada', '${CREATED}', '${CREATED}');
    INSERT INTO students (email, name) VALUES ('ana@escola.example', 'Ana Souza');
    INSERT INTO enrolments (class_id, student_id, expiration_date) VALUES ('v2', 1, NULL);
  `);
  db.close();
}

describe('a DATA_DIR of schema version 1', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ prepare: writeVersion1 });
  });
  afterAll(() => server.stop());

  it('is migrated on start, and says so once in the log', async () => {
    const migrated = () =>
      server.logLines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.msg === 'migrated the database schema');

    expect(migrated()).toEqual([expect.objectContaining({ level: 'info', fromVersion: 1 })]);
    expect(readSqlite(server.dataDir, (db) => db.pragma('user_version', { simple: true }))).toBe(
      SCHEMA_VERSION,
    );

    await server.restart();
    expect(migrated()).toHaveLength(1);
  });

  it('keeps its turmas, counts and enrolments', async () => {
    // All created at the same instant: in id order.
    const turmas = await server.listAllClasses('createdAt');

    expect(turmas.map(({ id, countStudents }) => ({ id, countStudents }))).toEqual([
      { id: 'v1', countStudents: 0 },
      { id: 'v2', countStudents: 1 },
      { id: 'v3', countStudents: 0 },
    ]);
    expect(await storedEnrolments(server.database)).toEqual([
      { turmaId: 'v2', email: 'ana@escola.example', expirationDate: null },
    ]);
  });

  it('finds its turmas through the new search index, short and long terms alike', async () => {
    const search = async (query: string) => {
      const { data, totalRecords } = await server.listClasses({ query, sortBy: 'name' });
      expect(totalRecords).toBe(data.length);
      return names(data);
    };

    expect(await search('matemat')).toEqual(['Matemática 9º A', 'matemática avançada']);
    expect(await search('AVANÇ')).toEqual(['matemática avançada']);
    expect(await search('9º')).toEqual(['Matemática 9º A']);
  });

  it("finds its students and rosters by their folded names (version 4's columns)", async () => {
    const students = await server.request('/students?query=SOUZA');
    expect(students.body).toEqual({
      data: [
        {
          name: 'Ana Souza',
          email: 'ana@escola.example',
          classes: [{ id: 'v2', name: 'História', expirationDate: null }],
          countClasses: 1,
        },
      ],
      totalRecords: 1,
    });
    const roster = await server.request('/classe/v2/students?query=ana');
    expect(roster.body).toMatchObject({ data: [{ email: 'ana@escola.example' }], totalRecords: 1 });
  });

  it("lists its enrolments by expiry through version 5's index", async () => {
    const plan = readSqlite(server.dataDir, (db) =>
      db
        .prepare(`EXPLAIN QUERY PLAN SELECT count(*) FROM enrolments WHERE expiration_date >= ?`)
        .all('2026-01-01T00:00:00.000Z')
        .map((row) => (row as { detail: string }).detail),
    );
    expect(plan.join('\n')).toContain('enrolments_by_expiry');
    const enrolled = await server.addStudentToClass('v1', {
      name: 'Ana Souza',
      email: 'ana@escola.example',
      expirationDate: '2090-06-01T00:00:00Z',
    });
    expect(enrolled.status).toBe(200);
    const expiring = await server.request(
      '/enrolments/expiring?after=2090-06-01T00:00:00Z&before=2090-06-02T00:00:00Z',
    );
    expect(expiring.body).toEqual({
      data: [
        {
          student: { name: 'Ana Souza', email: 'ana@escola.example' },
          class: { id: 'v1', name: 'Matemática 9º A' },
          expirationDate: '2090-06-01T00:00:00.000Z',
        },
      ],
      totalRecords: 1,
    });
  });
});

/** Version 2 added a trigram index kept by triggers, as store/sqlite-schema.ts then created it. */
const SCHEMA_V2_STEP = `
CREATE VIRTUAL TABLE classes_search USING fts5(
  search_name, content = 'classes', content_rowid = 'rowid', tokenize = 'trigram case_sensitive 1',
  columnsize = 0
);
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
INSERT INTO classes_search (classes_search) VALUES ('rebuild');
PRAGMA user_version = 2;
`;

describe('a DATA_DIR of schema version 2', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      prepare: (dataDir) => {
        writeVersion1(dataDir);
        const db = new Database(join(dataDir, DATABASE_FILE));
        db.exec(SCHEMA_V2_STEP);
        db.close();
      },
    });
  });
  afterAll(() => server.stop());

  it('loses the trigram index and its triggers, and still finds its turmas word by word', async () => {
    const leftOver = readSqlite(server.dataDir, (db) =>
      db
        .prepare(
          `SELECT name FROM sqlite_schema WHERE name IN ('classes_search', 'class_added', 'class_removed', 'class_renamed')`,
        )
        .pluck()
        .all(),
    );
    expect(leftOver).toEqual([]);
    const { data } = await server.listClasses({ query: 'a 9º matem' });
    expect(names(data)).toEqual(['Matemática 9º A']);
  });
});

describe('a DATA_DIR of schema version 7', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      prepare: (dataDir) => {
        // Version 7 as it was: the current schema without the index of undos.
        const { db } = openDatabase(dataDir);
        db.exec(`DROP INDEX audit_by_undo; PRAGMA user_version = 7;`);
        db.close();
      },
    });
  });
  afterAll(() => server.stop());

  it("finds a run's undos through version 8's index of them", () => {
    const plan = readSqlite(server.dataDir, (db) =>
      db
        .prepare(`EXPLAIN QUERY PLAN SELECT id FROM audit WHERE undoes IN (1, 2)`)
        .all()
        .map((row) => (row as { detail: string }).detail),
    );
    expect(plan.join('\n')).toContain('audit_by_undo');
    expect(readSqlite(server.dataDir, (db) => db.pragma('user_version', { simple: true }))).toBe(
      SCHEMA_VERSION,
    );
  });
});

describe('a DATA_DIR of schema version 8', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      prepare: (dataDir) => {
        // Names with a glued ordinal or a degree sign as version 8 folded them: "8ºA" one word.
        const { db } = openDatabase(dataDir);
        db.exec(`
          INSERT INTO classes (id, name, search_name, created_at, updated_at) VALUES
            ('g1', '8ºA — Arte', '8oa — arte', '${CREATED}', '${CREATED}'),
            ('g2', '8° ano B', '8 ano b', '${CREATED}', '${CREATED}'),
            ('g3', '9º ano C', '9o ano c', '${CREATED}', '${CREATED}');
          INSERT INTO students (email, name, search_email, search_name) VALUES
            ('rui@escola.example', 'Rui 2ºB', 'rui@escola.example', 'rui 2ob');
          PRAGMA user_version = 8;`);
        db.close();
      },
    });
  });
  afterAll(() => server.stop());

  it('folds those names again: the section and the degree sign read as they are typed', async () => {
    const search = async (query: string) => names((await server.listClasses({ query })).data);
    expect(await search('8 a arte')).toEqual(['8ºA — Arte']);
    expect(await search('8º ano b')).toEqual(['8° ano B']);
    const folded = readSqlite(server.dataDir, (db) =>
      db
        .prepare(
          `SELECT search_name FROM classes UNION ALL SELECT search_name FROM students ORDER BY 1`,
        )
        .pluck()
        .all(),
    );
    expect(folded).toEqual(['8o a — arte', '8o ano b', '9o ano c', 'rui 2o b']);
  });
});

describe('a DATA_DIR of a schema version this server does not know', () => {
  it('is refused, naming both versions', async () => {
    const start = startTestServer({
      prepare: (dataDir) => {
        const db = new Database(join(dataDir, DATABASE_FILE));
        db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
        db.close();
      },
    });

    await expect(start).rejects.toThrow(
      new RegExp(
        `turmas\\.sqlite has schema version ${SCHEMA_VERSION + 1}, expected ${SCHEMA_VERSION}$`,
      ),
    );
  });
});
