/**
 * A database of its own for each test server, on the engine the test run is for, and the looks
 * into it that the API cannot give (students, expiry dates, invariants).
 *
 * The API tests run twice, with the same files (vitest.config.ts): project `api` on SQLite in a
 * temporary DATA_DIR, project `api-postgres` (TEST_ENGINE=postgres) on a new database in the
 * PostgreSQL that postgres-global-setup.ts started or TEST_DATABASE_URL names.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { foldForSearch } from '#contract';
import { createLogger } from '../log.ts';
import { createPool, migrate, type PostgresConfig } from '../store/postgres-schema.ts';
import { DATABASE_FILE, openDatabase } from '../store/sqlite-schema.ts';

export type Engine = 'sqlite' | 'postgres';

/** The engine of this test run. */
export const TEST_ENGINE: Engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  readonly engine: Engine;
  /** A new temporary directory: SQLite's file, and a generated token, live there. */
  readonly dataDir: string;
  /** On PostgreSQL, the new database's DATABASE_URL and pool settings. */
  readonly postgres: PostgresConfig | undefined;
  /** What a child `server/main.ts` needs to run on this database: DATA_DIR, DATABASE_URL. */
  readonly env: Record<string, string>;
  /** Rows of a read-only query written for both engines. */
  query<Row>(sql: string): Promise<Row[]>;
  /** Deletes the database and its directory. */
  drop(): Promise<void>;
}

/**
 * A new, empty database (the server creates its schema) on this run's engine; on PostgreSQL, in
 * the run's server or the one `serverUrl` names.
 */
export async function createTestDatabase(
  engine: Engine = TEST_ENGINE,
  serverUrl?: string,
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'turmas-test-'));
  if (engine === 'sqlite') {
    return {
      engine,
      dataDir,
      postgres: undefined,
      env: { DATA_DIR: dataDir },
      query: <Row>(sql: string) =>
        Promise.resolve(readSqlite(dataDir, (db) => db.prepare<[], Row>(sql).all())),
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `turmas_test_${randomBytes(6).toString('hex')}`;
  const server = serverUrl ?? postgresServerUrl();
  await adminQuery(server, `CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  // Short waits: a test that reaches them has failed already.
  const postgres: PostgresConfig = { url: url.href, poolSize: 4, statementTimeoutMs: 10_000 };
  let reader: pg.Pool | undefined;
  return {
    engine,
    dataDir,
    postgres,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.href },
    async query<Row>(sql: string) {
      if (!reader) {
        reader = new pg.Pool({ connectionString: url.href, max: 1 });
        reader.on('error', () => undefined); // as the admin pool's, below
      }
      return (await reader.query<Row & pg.QueryResultRow>(sql)).rows;
    },
    async drop() {
      await reader?.end();
      await dropDatabase(server, name);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The PostgreSQL server of this run (a superuser's address, on its `postgres` database). */
export function postgresServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL || inject('postgresUrl');
  if (!url) throw new Error('No PostgreSQL for the tests: run them in the api-postgres project');
  return url;
}

/**
 * A pool's end() resolves before its connections have closed on the server's side: wait for
 * them (55006, "in use") rather than end them, which the client would take for an error. Only a
 * connection left open (a server process killed) is ended, after a while.
 */
async function dropDatabase(server: string, name: string) {
  for (const started = Date.now(); Date.now() - started < 10_000;) {
    try {
      await adminQuery(server, `DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await adminQuery(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** One connection per server, for creating and dropping databases. */
const admins = new Map<string, pg.Pool>();
async function adminQuery(server: string, sql: string): Promise<void> {
  let admin = admins.get(server);
  if (!admin) {
    admins.set(server, (admin = new pg.Pool({ connectionString: server, max: 1 })));
    // An idle connection dropped by a server stopped on purpose (database-faults) is no failure.
    admin.on('error', () => undefined);
  }
  await admin.query(sql);
}

export interface TurmaFixture {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

export interface StudentFixture {
  name: string;
  email: string;
}

export interface EnrolmentFixture {
  turma: TurmaFixture;
  student: StudentFixture;
  /** UTC ISO 8601 as the server stores it; absent means no expiry. */
  expirationDate?: string;
}

export interface Fixtures {
  turmas: readonly TurmaFixture[];
  enrolments?: readonly EnrolmentFixture[];
}

/** Writes turmas, students and enrolments into a new database; the turmas keep their timestamps. */
export async function writeFixtures(database: TestDatabase, fixtures: Fixtures): Promise<void> {
  if (database.postgres) await writePostgresFixtures(database.postgres, fixtures);
  else writeSqliteFixtures(database.dataDir, fixtures);
}

/** SQLite's half of writeFixtures; also for the console's tests, which run on SQLite only. */
export function writeSqliteFixtures(dataDir: string, { turmas, enrolments = [] }: Fixtures): void {
  const { db } = openDatabase(dataDir);
  try {
    const insertTurma = db.prepare<[string, string, string, string, string]>(
      `INSERT INTO classes (id, name, search_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
    );
    const insertStudent = db.prepare<[string, string, string, string]>(
      `INSERT INTO students (email, name, search_email, search_name) VALUES (?, ?, ?, ?)
       ON CONFLICT (email) DO NOTHING`,
    );
    const insertEnrolment = db.prepare<[string, string | null, string]>(
      `INSERT INTO enrolments (class_id, student_id, expiration_date)
       SELECT ?, id, ? FROM students WHERE email = ?`,
    );
    const restoreUpdatedAt = db.prepare<[string, string]>(
      `UPDATE classes SET updated_at = ? WHERE id = ?`,
    );
    db.transaction(() => {
      for (const turma of turmas) {
        const { id, name, createdAt, updatedAt } = turma;
        insertTurma.run(id, name, foldForSearch(name), createdAt, updatedAt);
      }
      for (const { turma, student, expirationDate } of enrolments) {
        const { email, name } = student;
        insertStudent.run(email, name, foldForSearch(email), foldForSearch(name));
        insertEnrolment.run(turma.id, expirationDate ?? null, student.email);
      }
      // The enrolment triggers stamped "updated now": put back the timestamps the tests expect.
      for (const turma of turmas) restoreUpdatedAt.run(turma.updatedAt, turma.id);
    })();
  } finally {
    db.close();
  }
}

async function writePostgresFixtures(
  config: PostgresConfig,
  { turmas, enrolments = [] }: Fixtures,
): Promise<void> {
  const pool = createPool(
    config,
    createLogger(() => {}),
  );
  try {
    await migrate(pool);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO classes (id, name, search_name, created_at, updated_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $4::timestamptz[])`,
        [
          turmas.map((turma) => turma.id),
          turmas.map((turma) => turma.name),
          turmas.map((turma) => foldForSearch(turma.name)),
          turmas.map((turma) => turma.createdAt),
        ],
      );
      for (const { turma, student, expirationDate } of enrolments) {
        await client.query(
          `INSERT INTO students (email, name, search_email, search_name) VALUES ($1, $2, $3, $4)
           ON CONFLICT (email) DO NOTHING`,
          [student.email, student.name, foldForSearch(student.email), foldForSearch(student.name)],
        );
        await client.query(
          `INSERT INTO enrolments (class_id, student_id, expiration_date)
           SELECT $1, id, $2 FROM students WHERE email = $3`,
          [turma.id, expirationDate ?? null, student.email],
        );
      }
      // The enrolment triggers stamped "updated now": put back the timestamps the tests expect.
      await client.query(
        `UPDATE classes c SET updated_at = t.updated_at
         FROM unnest($1::text[], $2::timestamptz[]) AS t (id, updated_at) WHERE c.id = t.id`,
        [turmas.map((turma) => turma.id), turmas.map((turma) => turma.updatedAt)],
      );
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}

/**
 * Runs SQL written for both engines on a connection of its own, as a person with a SQL prompt (or
 * another process) would: a change the server did not make.
 */
export async function executeSql(database: TestDatabase, sql: string): Promise<void> {
  if (database.engine === 'postgres') {
    await database.query(sql);
    return;
  }
  const db = new Database(join(database.dataDir, DATABASE_FILE), { fileMustExist: true });
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

/** Runs `read` on a read-only connection of its own to DATA_DIR's SQLite file, closed after. */
export function readSqlite<T>(dataDir: string, read: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** A stored time as the API writes it (ISO 8601, milliseconds, Z), on either engine. */
const isoSql = (database: TestDatabase, column: string) =>
  database.engine === 'sqlite'
    ? column
    : `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface StoredStudent {
  email: string;
  name: string;
}

export function storedStudents(database: TestDatabase): Promise<StoredStudent[]> {
  return database.query<StoredStudent>(`SELECT email, name FROM students ORDER BY email`);
}

export interface StoredEnrolment {
  turmaId: string;
  email: string;
  expirationDate: string | null;
}

export function storedEnrolments(database: TestDatabase): Promise<StoredEnrolment[]> {
  return database.query<StoredEnrolment>(
    `SELECT e.class_id AS "turmaId", s.email,
       ${isoSql(database, 'e.expiration_date')} AS "expirationDate"
     FROM enrolments e JOIN students s ON s.id = e.student_id
     ORDER BY e.class_id, s.email`,
  );
}

/** The number of students stored. */
export async function studentCount(database: TestDatabase): Promise<number> {
  const [row] = await database.query<{ n: number | string }>('SELECT count(*) AS n FROM students');
  return Number(row!.n);
}

const DRIFTED = `SELECT c.id FROM classes c
  WHERE c.count_students != (SELECT count(*) FROM enrolments e WHERE e.class_id = c.id)
  ORDER BY c.id`;

/** Turmas whose stored count_students differs from the enrolment rows behind them. */
export async function turmasWithDriftedCount(database: TestDatabase): Promise<string[]> {
  return (await database.query<{ id: string }>(DRIFTED)).map((row) => row.id);
}

/** Turma id -> number of enrolment rows, for every turma (0 included). */
export async function enrolmentRowsPerTurma(
  database: TestDatabase,
): Promise<Record<string, number>> {
  const rows = await database.query<{ id: string; rows: number | string }>(
    `SELECT c.id, (SELECT count(*) FROM enrolments e WHERE e.class_id = c.id) AS rows
     FROM classes c`,
  );
  return Object.fromEntries(rows.map((row) => [row.id, Number(row.rows)]));
}

/**
 * Everything stored, as one text: equal before and after a request that wrote nothing, on either
 * engine. For the small databases of fixtures that tests compare it on.
 */
export async function storedContent(database: TestDatabase): Promise<string> {
  const [row] = await database.query<{ content: string | null }>(
    `SELECT
       coalesce((SELECT string_agg(id || '|' || name || '|' || count_students || '|' ||
         CAST(updated_at AS TEXT), ',' ORDER BY id) FROM classes), '') || '/' ||
       coalesce((SELECT string_agg(email || '|' || name, ',' ORDER BY email) FROM students), '')
       || '/' ||
       coalesce((SELECT string_agg(class_id || '|' || student_id || '|' ||
         coalesce(CAST(expiration_date AS TEXT), '-') || '|' || CAST(updated_at AS TEXT), ','
         ORDER BY class_id, student_id) FROM enrolments), '') AS content`,
  );
  return row!.content ?? '';
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * What must hold in any database the server wrote, whatever it was sent, as a list of broken
 * rules (empty when all hold): the engine's own integrity and foreign keys, no orphan enrolment,
 * every count_students equal to its rows, e-mails stored trimmed and lower-cased and unique
 * (compared as JavaScript folds case, which SQLite's lower() does only for ASCII), and all text
 * valid UTF-8 (PostgreSQL refuses any other in a UTF8 database; SQLite stores what it is given).
 */
export async function invariantViolations(database: TestDatabase): Promise<string[]> {
  const problems: string[] = [];
  if (database.engine === 'sqlite') problems.push(...sqliteIntegrity(database.dataDir));
  const orphans = await database.query<{ classId: string; studentId: number }>(
    `SELECT class_id AS "classId", student_id AS "studentId" FROM enrolments
     WHERE class_id NOT IN (SELECT id FROM classes)
        OR student_id NOT IN (SELECT id FROM students)`,
  );
  if (orphans.length > 0) problems.push(`orphan enrolments: ${JSON.stringify(orphans)}`);
  const drifted = await turmasWithDriftedCount(database);
  if (drifted.length > 0) problems.push(`count_students drifted: ${drifted.join(', ')}`);
  const seen = new Set<string>();
  for (const { email } of await storedStudents(database)) {
    const folded = email.trim().toLowerCase();
    if (folded !== email) problems.push(`e-mail stored unfolded: ${JSON.stringify(email)}`);
    if (seen.has(folded)) problems.push(`e-mail stored twice: ${JSON.stringify(folded)}`);
    seen.add(folded);
  }
  return problems;
}

function sqliteIntegrity(dataDir: string): string[] {
  return readSqlite(dataDir, (db) => {
    const problems: string[] = [];
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') problems.push(`integrity_check: ${String(integrity)}`);
    const foreignKeys = db.pragma('foreign_key_check') as unknown[];
    if (foreignKeys.length > 0) problems.push(`foreign_key_check: ${JSON.stringify(foreignKeys)}`);
    const texts = db
      .prepare<[], { what: string; bytes: Buffer }>(
        `SELECT 'student email' AS what, CAST(email AS BLOB) AS bytes FROM students
         UNION ALL SELECT 'student name', CAST(name AS BLOB) FROM students
         UNION ALL SELECT 'turma name', CAST(name AS BLOB) FROM classes
         UNION ALL SELECT 'turma id', CAST(id AS BLOB) FROM classes
         UNION ALL SELECT 'expiry', CAST(expiration_date AS BLOB) FROM enrolments
           WHERE expiration_date IS NOT NULL`,
      )
      .all();
    for (const { what, bytes } of texts) {
      try {
        strictUtf8.decode(bytes);
      } catch {
        problems.push(`${what} is not UTF-8: ${bytes.toString('hex')}`);
      }
    }
    return problems;
  });
}
