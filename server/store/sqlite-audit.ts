/**
 * The audit trail on SQLite (audit.ts, decision 019): prepared statements, each run inside the
 * caller's transaction, so that an entry commits with its write or not at all. A write adds one
 * row to `audit_tail`; `fold` moves the tail's oldest into `audit` and `audit_classes` with their
 * indexes, and every read covers both: the tail's ids are above every folded one.
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
  tailQuery,
  changesOf,
  entryValues,
  planUndo,
  type AuditRow,
  type EnrolmentRow,
  type Operation,
  type StoredEntry,
  startAuditFolding,
  markUndone,
  type UndoRow,
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
    `INSERT INTO audit_tail (id, credential, operation, run_id, undoes, student_id, email, changes)
     VALUES (coalesce((SELECT max(id) FROM audit_tail), (SELECT max(id) FROM audit), 0) + 1,
       ?, ?, ?, ?, ?, ?, ?)
     RETURNING id`,
  );
  const tail = createTailFolds(db);
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
  const pruneTail = db.prepare<[string, number]>(
    `DELETE FROM audit_tail WHERE id IN (SELECT id FROM audit_tail WHERE at < ? ORDER BY id LIMIT ?)`,
  );
  const pruneClasses = db.prepare<[string, number]>(
    `DELETE FROM audit_classes WHERE class_id = ? AND entry_id = ?`,
  );

  let folding: ReturnType<typeof startAuditFolding> | undefined;

  const readPage = createPageReads(db);

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
    // Its fold is a transaction of its own, begun after this one (setImmediate).
    folding?.wrote();
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

    list: readPage.list,

    fold: tail.fold,

    /** Folds the tail from now on through `fold`, the caller's transaction of this `fold`. */
    startFolding(fold: (batch: number) => Promise<number>): () => void {
      folding = startAuditFolding(fold, tail.length());
      return folding.stop;
    },

    /** The entries an undo reverses, newest first. */
    entries(target: UndoBody): StoredEntry[] {
      const rows =
        'entryId' in target
          ? readPage.entryById.all(target.entryId, target.entryId)
          : readPage.entriesOfRun.all(target.runId, target.runId);
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
          return { entryId: entry.id, email: entry.email, undoEntryId, classes: plan.outcome };
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
      // A tail left unfolded for long (a store down since) has no index rows yet.
      const left = batch - deleted.length;
      return deleted.length + (left > 0 ? pruneTail.run(olderThan, left).changes : 0);
    },
  };
}

/**
 * The reads of the tail and the folded trail together: a page (one statement per combination of
 * filters, a few dozen, compiled once, not per read), and an undo's entries.
 */
function createPageReads(db: Db) {
  const reads = new Map<string, Statement<unknown[], AuditRow>>();
  const rowsOf = (query: (placeholder: (value: unknown) => string) => string) => {
    const values: unknown[] = [];
    const sql = query((value) => {
      values.push(value);
      return '?';
    });
    let statement = reads.get(sql);
    if (!statement) reads.set(sql, (statement = db.prepare<unknown[], AuditRow>(sql)));
    return statement.all(...values);
  };
  const stored = `id, student_id AS studentId, email, changes`;
  const undone = db.prepare<[string], UndoRow>(UNDONE);
  return {
    // In one snapshot: a fold between the two would show an entry twice. The tail's entries are
    // the newest, so the folded part only completes a page. The undos below the page's entries
    // in the same snapshot: what they set back is told whatever the filters.
    list: db.transaction((params: AuditParams): AuditResponse => {
      const tail = rowsOf((placeholder) => tailQuery(params, TAIL, placeholder));
      const rows =
        tail.length > params.pageSize
          ? tail
          : [...tail, ...rowsOf((placeholder) => auditQuery(params, FOLDED, placeholder))];
      const page = auditPage(rows, params.pageSize);
      if (page.data.length === 0) return page;
      markUndone(page, undone.all(JSON.stringify(page.data.map((entry) => Number(entry.id)))));
      return page;
    }),
    entryById: db.prepare<[string, string], StoredRow>(
      `SELECT ${stored} FROM audit_tail WHERE id = ? UNION ALL SELECT ${stored} FROM audit WHERE id = ?`,
    ),
    entriesOfRun: db.prepare<[string, string], StoredRow>(
      `SELECT ${stored} FROM audit_tail WHERE run_id = ?
       UNION ALL SELECT ${stored} FROM audit WHERE run_id = ?
       ORDER BY id DESC`,
    ),
  };
}

/** The tail's length, and its fold: one statement per table, whatever the batch's size. */
function createTailFolds(db: Db) {
  const length = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM audit_tail`);
  const foldUpTo = db.prepare<[number], { last: number | null }>(
    `SELECT max(id) AS last FROM (SELECT id FROM audit_tail ORDER BY id LIMIT ?)`,
  );
  const foldEntries = db.prepare<[number]>(
    `INSERT INTO audit (id, at, credential, operation, run_id, undoes, student_id, email, changes)
     SELECT id, at, credential, operation, run_id, undoes, student_id, email, changes
     FROM audit_tail WHERE id <= ? ORDER BY id`,
  );
  const foldClasses = db.prepare<[number]>(
    `INSERT INTO audit_classes (class_id, entry_id)
     SELECT DISTINCT json_extract(c.value, '$.classId'), t.id
     FROM audit_tail t, json_each(t.changes) c WHERE t.id <= ?`,
  );
  const dropFolded = db.prepare<[number]>(`DELETE FROM audit_tail WHERE id <= ?`);
  return {
    /** How many entries wait in the tail. */
    length: () => length.get()!.n,
    /** Moves the tail's oldest `batch` entries into the indexed trail; answers how many. */
    fold: (batch: number): number => {
      const { last } = foldUpTo.get(batch)!;
      if (last === null) return 0;
      foldEntries.run(last);
      foldClasses.run(last);
      return dropFolded.run(last).changes;
    },
  };
}

/** The folded trail's columns for auditQuery; SQLite probes the undos' index per id of an IN. */
export const FOLDED = {
  id: 'a.id',
  at: 'a.at',
  atFilter: 'a.at',
  undosOf: (entries: string, and = '') => `SELECT id FROM audit WHERE undoes IN (${entries})${and}`,
};

/**
 * The undos below the entries `?` (a JSON array of ids), as markUndone takes them: the index of
 * undos probed per entry and per undo found, and the tail's undos (no index: read once, a few
 * of its few hundred rows). UNION: an undo of an undo both on the page is reached twice.
 */
export const UNDONE = `WITH RECURSIVE
  page (id) AS (SELECT value FROM json_each(?)),
  tail_undos AS MATERIALIZED (SELECT id, undoes, changes FROM audit_tail WHERE undoes IS NOT NULL),
  below (id, undoes, changes) AS (
    SELECT id, undoes, changes FROM audit WHERE undoes IN (SELECT id FROM page)
    UNION SELECT id, undoes, changes FROM tail_undos WHERE undoes IN (SELECT id FROM page)
    UNION SELECT a.id, a.undoes, a.changes FROM below b JOIN audit a ON a.undoes = b.id
    UNION SELECT t.id, t.undoes, t.changes FROM below b JOIN tail_undos t ON t.undoes = b.id)
SELECT id, undoes, changes FROM below`;

/** The tail's columns for tailQuery. */
const TAIL = {
  at: 'a.at',
  changedClass: (classId: string) =>
    `EXISTS (SELECT 1 FROM json_each(a.changes) c WHERE json_extract(c.value, '$.classId') = ${classId})`,
};

interface StoredRow {
  id: number;
  studentId: number;
  email: string;
  changes: string;
}
