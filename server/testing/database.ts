/**
 * Test data written straight into a fresh DATA_DIR before a server starts, and read-only looks into
 * the SQLite file while (or after) it runs: what the API cannot show (students, expiry dates).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { foldForSearch } from '#contract';
import { DATABASE_FILE, openDatabase } from '../store/sqlite-schema.ts';

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
export function writeFixtures(dataDir: string, { turmas, enrolments = [] }: Fixtures): void {
  const { db } = openDatabase(dataDir);
  try {
    const insertTurma = db.prepare<[string, string, string, string, string]>(
      `INSERT INTO classes (id, name, search_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
    );
    const insertStudent = db.prepare<[string, string]>(
      `INSERT INTO students (email, name) VALUES (?, ?) ON CONFLICT (email) DO NOTHING`,
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
        insertStudent.run(student.email, student.name);
        insertEnrolment.run(turma.id, expirationDate ?? null, student.email);
      }
      // The enrolment triggers stamped "updated now": put back the timestamps the tests expect.
      for (const turma of turmas) restoreUpdatedAt.run(turma.updatedAt, turma.id);
    })();
  } finally {
    db.close();
  }
}

/** Runs `read` on a read-only connection of its own, closed afterwards. */
export function readDatabase<T>(dataDir: string, read: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

export interface StoredStudent {
  email: string;
  name: string;
}

export function storedStudents(dataDir: string): StoredStudent[] {
  return readDatabase(dataDir, (db) =>
    db.prepare<[], StoredStudent>(`SELECT email, name FROM students ORDER BY email`).all(),
  );
}

export interface StoredEnrolment {
  turmaId: string;
  email: string;
  expirationDate: string | null;
}

export function storedEnrolments(dataDir: string): StoredEnrolment[] {
  return readDatabase(dataDir, (db) =>
    db
      .prepare<[], StoredEnrolment>(
        `SELECT e.class_id AS turmaId, s.email, e.expiration_date AS expirationDate
         FROM enrolments e JOIN students s ON s.id = e.student_id
         ORDER BY e.class_id, s.email`,
      )
      .all(),
  );
}

/** Turmas whose stored count_students differs from the enrolment rows behind them. */
export function turmasWithDriftedCount(dataDir: string): string[] {
  return readDatabase(dataDir, (db) =>
    db
      .prepare<[], { id: string }>(
        `SELECT c.id FROM classes c
         WHERE c.count_students != (SELECT count(*) FROM enrolments e WHERE e.class_id = c.id)`,
      )
      .all()
      .map((row) => row.id),
  );
}

/** Turma id -> number of enrolment rows, for every turma (0 included). */
export function enrolmentRowsPerTurma(dataDir: string): Record<string, number> {
  return readDatabase(dataDir, (db) =>
    Object.fromEntries(
      db
        .prepare<[], { id: string; rows: number }>(
          `SELECT c.id, (SELECT count(*) FROM enrolments e WHERE e.class_id = c.id) AS rows
           FROM classes c`,
        )
        .all()
        .map((row) => [row.id, row.rows]),
    ),
  );
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * What must hold in any database the server wrote, whatever it was sent, as a list of broken
 * rules (empty when all hold): SQLite's own integrity and foreign keys, no orphan enrolment, every
 * count_students equal to its rows, e-mails stored trimmed and lower-cased and unique (compared as
 * JavaScript folds case, which SQLite's lower() does only for ASCII), and all text valid UTF-8.
 */
export function invariantViolations(dataDir: string): string[] {
  return readDatabase(dataDir, (db) => {
    const problems: string[] = [];
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') problems.push(`integrity_check: ${String(integrity)}`);
    const foreignKeys = db.pragma('foreign_key_check') as unknown[];
    if (foreignKeys.length > 0) problems.push(`foreign_key_check: ${JSON.stringify(foreignKeys)}`);

    const orphans = db
      .prepare<[], { classId: string; studentId: number }>(
        `SELECT class_id AS classId, student_id AS studentId FROM enrolments
         WHERE class_id NOT IN (SELECT id FROM classes)
            OR student_id NOT IN (SELECT id FROM students)`,
      )
      .all();
    if (orphans.length > 0) problems.push(`orphan enrolments: ${JSON.stringify(orphans)}`);
    const drifted = db
      .prepare<[], string>(
        `SELECT c.id FROM classes c
         WHERE c.count_students != (SELECT count(*) FROM enrolments e WHERE e.class_id = c.id)`,
      )
      .pluck()
      .all();
    if (drifted.length > 0) problems.push(`count_students drifted: ${drifted.join(', ')}`);

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
    const emails: string[] = [];
    for (const { what, bytes } of texts) {
      let text: string;
      try {
        text = strictUtf8.decode(bytes);
      } catch {
        problems.push(`${what} is not UTF-8: ${bytes.toString('hex')}`);
        continue;
      }
      if (what === 'student email') emails.push(text);
    }
    const seen = new Set<string>();
    for (const email of emails) {
      const folded = email.trim().toLowerCase();
      if (folded !== email) problems.push(`e-mail stored unfolded: ${JSON.stringify(email)}`);
      if (seen.has(folded)) problems.push(`e-mail stored twice: ${JSON.stringify(folded)}`);
      seen.add(folded);
    }
    return problems;
  });
}
