/**
 * Test data written straight into a fresh DATA_DIR before a server starts, and read-only looks into
 * the SQLite file while (or after) it runs: what the API cannot show (students, expiry dates).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { foldForSearch } from '../../src/api/contract.ts';
import { DATABASE_FILE, openDatabase } from '../db.ts';

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
