/**
 * The audit trail on SQLite (audit.ts, decision 019): prepared statements, each run inside the
 * caller's transaction, so that an entry commits with its write or not at all.
 */
import type {
  AuditChange,
  AuditParams,
  AuditResponse,
  UndoBody,
  UndoResponse,
} from '#contract/extensions';
import {
  auditPage,
  auditQuery,
  changesOf,
  entryValues,
  planUndo,
  type AuditRow,
  type EnrolmentRow,
  type Operation,
  type StoredEntry,
} from './audit.ts';
import type { Statement } from 'better-sqlite3';
import { NOW, type Db } from './sqlite-schema.ts';
import { AuditEntryNotFoundError, type WriteAuthor } from './store.ts';

/** An enrolment's columns as the trail keeps its state (EnrolmentRow). */
export const ENROLMENT_STATE =
  'class_id AS classId, expiration_date AS expirationDate, created_at AS enrolledAt';

export function createSqliteAudit(db: Db) {
  const enrolments = db.prepare<[number, string], EnrolmentRow>(
    `SELECT ${ENROLMENT_STATE}
     FROM enrolments WHERE student_id = ? AND class_id IN (SELECT value FROM json_each(?))`,
  );
  const existing = db.prepare<[string], { id: string }>(
    `SELECT id FROM classes WHERE id IN (SELECT value FROM json_each(?))`,
  );
  const insertEntry = db.prepare<
    [string, Operation, string | null, string | null, number | string, string, string],
    { id: number }
  >(
    `INSERT INTO audit (credential, operation, run_id, undoes, student_id, email, changes)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const insertClasses = db.prepare<[number, string]>(
    `INSERT INTO audit_classes (class_id, entry_id) SELECT value, ? FROM json_each(?)`,
  );
  const entryById = db.prepare<[string], StoredRow>(
    `SELECT id, student_id AS studentId, email, changes FROM audit WHERE id = ?`,
  );
  const entriesOfRun = db.prepare<[string], StoredRow>(
    `SELECT id, student_id AS studentId, email, changes FROM audit WHERE run_id = ?
     ORDER BY id DESC`,
  );
  const setAbsent = db.prepare<[number | string, string]>(
    `DELETE FROM enrolments WHERE student_id = ? AND class_id = ?`,
  );
  const setPresent = db.prepare<[string, number | string, string | null, string]>(
    `INSERT INTO enrolments (class_id, student_id, expiration_date, created_at)
     VALUES (?, ?, ?, ?)
     ON CONFLICT (class_id, student_id) DO UPDATE
     SET expiration_date = excluded.expiration_date, created_at = excluded.created_at,
       updated_at = ${NOW}
     WHERE expiration_date IS NOT excluded.expiration_date
       OR created_at IS NOT excluded.created_at`,
  );
  const prune = db.prepare<[string, number], { id: number; changes: string }>(
    `DELETE FROM audit WHERE id IN (SELECT id FROM audit WHERE at < ? ORDER BY at LIMIT ?)
     RETURNING id, changes`,
  );
  const pruneClasses = db.prepare<[string, number]>(
    `DELETE FROM audit_classes WHERE class_id = ? AND entry_id = ?`,
  );

  // One statement per combination of filters (a few dozen): compiled once, not per read.
  const reads = new Map<string, Statement<unknown[], AuditRow>>();

  const statesOf = (studentId: number | string, classIds: readonly string[]) =>
    enrolments.all(Number(studentId), JSON.stringify(classIds));

  function record(
    by: WriteAuthor,
    operation: Operation,
    student: { id: number | string; email: string },
    changes: AuditChange[],
    undoes: string | null = null,
  ): number {
    const { id } = insertEntry.get(...entryValues(by, operation, student, changes, undoes))!;
    insertClasses.run(id, JSON.stringify(changes.map((change) => change.classId)));
    return id;
  }

  return {
    statesOf,
    /** Records a write of `classIds` whose states were `before` and are `after`. */
    recordWrite(
      by: WriteAuthor,
      operation: 'enrol' | 'remove',
      student: { id: number; email: string },
      classIds: readonly string[],
      before: readonly EnrolmentRow[],
      after: readonly EnrolmentRow[],
    ) {
      record(by, operation, student, changesOf(classIds, before, after));
    },

    list(params: AuditParams): AuditResponse {
      const values: unknown[] = [];
      const sql = auditQuery(params, { id: 'a.id', at: 'a.at', atFilter: 'a.at' }, (value) => {
        values.push(value);
        return '?';
      });
      let statement = reads.get(sql);
      if (!statement) reads.set(sql, (statement = db.prepare<unknown[], AuditRow>(sql)));
      return auditPage(statement.all(...values), params.pageSize);
    },

    /** The entries an undo reverses, newest first. */
    entries(target: UndoBody): StoredEntry[] {
      const rows =
        'entryId' in target ? entryById.all(target.entryId) : entriesOfRun.all(target.runId);
      if (rows.length === 0) throw new AuditEntryNotFoundError(target);
      return rows.map((row) => ({
        id: String(row.id),
        studentId: String(row.studentId),
        email: row.email,
        changes: JSON.parse(row.changes) as AuditChange[],
      }));
    },

    /** Undoes `entries` in the caller's transaction. */
    undo(entries: readonly StoredEntry[], by: WriteAuthor): UndoResponse {
      return {
        entries: entries.map((entry) => {
          const classIds = entry.changes.map((change) => change.classId);
          const plan = planUndo(
            entry,
            statesOf(entry.studentId, classIds),
            new Set(existing.all(JSON.stringify(classIds)).map((row) => row.id)),
          );
          for (const { classId, after } of plan.changes) {
            if (after.enrolled) {
              setPresent.run(classId, entry.studentId, after.expirationDate, after.enrolledAt!);
            } else setAbsent.run(entry.studentId, classId);
          }
          const undoEntryId =
            plan.changes.length === 0
              ? null
              : String(
                  record(
                    by,
                    'undo',
                    { id: entry.studentId, email: entry.email },
                    plan.changes,
                    entry.id,
                  ),
                );
          return { entryId: entry.id, undoEntryId, classes: plan.outcome };
        }),
      };
    },

    /** Deletes up to `batch` entries older than `olderThan`, with their turmas' rows. */
    prune(olderThan: string, batch: number): number {
      const deleted = prune.all(olderThan, batch);
      for (const row of deleted) {
        for (const change of JSON.parse(row.changes) as AuditChange[]) {
          pruneClasses.run(change.classId, row.id);
        }
      }
      return deleted.length;
    },
  };
}

interface StoredRow {
  id: number;
  studentId: number;
  email: string;
  changes: string;
}
