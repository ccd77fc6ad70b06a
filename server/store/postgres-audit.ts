/**
 * The audit trail on PostgreSQL (audit.ts, decision 019): statements run on the write's own
 * connection, inside its transaction, after its turmas are locked, so that an entry commits with
 * its write or not at all and no other write of those turmas comes between its before and after.
 */
import type pg from 'pg';
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
  entryValues,
  planUndo,
  type Operation,
  type AuditRow,
  type EnrolmentRow,
  type StoredEntry,
} from './audit.ts';
import type { Query } from './postgres-load.ts';
import { iso } from './postgres-schema.ts';
import { AuditEntryNotFoundError, type WriteAuthor } from './store.ts';

/** Enrolment rows (class_id, expiration_date, created_at) as a JSON array of EnrolmentRow. */
export const ENROLMENT_STATES = `coalesce(json_agg(json_build_object('classId', class_id,
  'expirationDate', ${iso('expiration_date')}, 'enrolledAt', ${iso('created_at')})), '[]')`;

/** The student's enrolments in these turmas, and the transaction's time as a new row's start. */
const statesSelect = (studentId: string, classIds: string) => `
SELECT ${iso('now()::timestamptz(3)')} AS now, (SELECT ${ENROLMENT_STATES} FROM enrolments
  WHERE student_id = ${studentId} AND class_id = ANY(${classIds}::text[])) AS rows`;
const STATES = statesSelect('$1', '$2');
/** The same with an enrolment's parameters: $1 the turmas, $2 the student. */
export const STATES_BEFORE = statesSelect('$2', '$1');

export interface StatesBefore {
  now: string;
  rows: EnrolmentRow[];
}

const RECORD = `
WITH entry AS (
  INSERT INTO audit (credential, operation, run_id, undoes, student_id, email, changes)
  VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id)
INSERT INTO audit_classes (class_id, entry_id) SELECT unnest($8::text[]), id FROM entry
RETURNING entry_id::text AS id`;

const ENTRY_COLUMNS = `id::text, student_id::text AS "studentId", email, changes`;

const SET_PRESENT = `
INSERT INTO enrolments (class_id, student_id, expiration_date, created_at) VALUES ($1, $2, $3, $4)
ON CONFLICT (class_id, student_id) DO UPDATE
SET expiration_date = excluded.expiration_date, created_at = excluded.created_at,
  updated_at = now()
WHERE enrolments.expiration_date IS DISTINCT FROM excluded.expiration_date
  OR enrolments.created_at IS DISTINCT FROM excluded.created_at`;

const PRUNE = `
WITH gone AS (
  DELETE FROM audit WHERE id IN (
    SELECT id FROM audit WHERE at < $1 ORDER BY at, id LIMIT $2)
  RETURNING id, changes),
turmas AS (
  DELETE FROM audit_classes c
  USING (SELECT id, jsonb_array_elements(changes)->>'classId' AS class_id FROM gone) g
  WHERE c.class_id = g.class_id AND c.entry_id = g.id)
SELECT count(*)::int AS n FROM gone`;

export async function statesOf(client: pg.PoolClient, studentId: string, classIds: string[]) {
  const { rows } = await client.query<StatesBefore>({
    name: 'audit-states',
    text: STATES,
    values: [studentId, classIds],
  });
  return rows[0]!;
}

export async function recordAudit(
  client: pg.PoolClient,
  by: WriteAuthor,
  operation: Operation,
  student: { id: string; email: string },
  changes: AuditChange[],
  undoes: string | null = null,
): Promise<string> {
  const { rows } = await client.query<{ id: string }>({
    name: 'audit-record',
    text: RECORD,
    values: [
      ...entryValues(by, operation, student, changes, undoes),
      changes.map((change) => change.classId),
    ],
  });
  return rows[0]!.id;
}

export async function listAudit(query: Query, params: AuditParams): Promise<AuditResponse> {
  const values: unknown[] = [];
  // An expression, not the column: else a day's window of 2,500 entries is read through the
  // index by time and sorted (20 ms), where the id range's walk newest first stops at a page.
  const columns = { id: 'a.id::text', at: iso('a.at'), atFilter: "(a.at + interval '0')" };
  const text = auditQuery(params, columns, (value) => {
    values.push(value);
    return `$${values.length}`;
  });
  const { rows } = await query<AuditRow & pg.QueryResultRow>({ text, values });
  return auditPage(rows, params.pageSize);
}

/** The entries an undo reverses, newest first; AuditEntryNotFoundError when none. */
export async function auditEntries(
  client: pg.PoolClient,
  target: UndoBody,
): Promise<StoredEntry[]> {
  const { rows } = await client.query<StoredEntry>(
    'entryId' in target
      ? { text: `SELECT ${ENTRY_COLUMNS} FROM audit WHERE id = $1`, values: [target.entryId] }
      : {
          text: `SELECT ${ENTRY_COLUMNS} FROM audit WHERE run_id = $1 ORDER BY id DESC`,
          values: [target.runId],
        },
  );
  if (rows.length === 0) throw new AuditEntryNotFoundError(target);
  return rows;
}

/** Undoes `entries` in the caller's transaction; `existing` are their turmas, locked. */
export async function undoEntries(
  client: pg.PoolClient,
  entries: readonly StoredEntry[],
  existing: ReadonlySet<string>,
  by: WriteAuthor,
): Promise<UndoResponse> {
  const answer: UndoResponse = { entries: [] };
  for (const entry of entries) {
    const classIds = entry.changes.map((change) => change.classId);
    const current = await statesOf(client, entry.studentId, classIds);
    const plan = planUndo(entry, current.rows, existing);
    for (const { classId, after } of plan.changes) {
      await client.query(
        after.enrolled
          ? {
              name: 'audit-set-present',
              text: SET_PRESENT,
              values: [classId, entry.studentId, after.expirationDate, after.enrolledAt],
            }
          : {
              name: 'audit-set-absent',
              text: 'DELETE FROM enrolments WHERE student_id = $1 AND class_id = $2',
              values: [entry.studentId, classId],
            },
      );
    }
    const student = { id: entry.studentId, email: entry.email };
    answer.entries.push({
      entryId: entry.id,
      undoEntryId:
        plan.changes.length === 0
          ? null
          : await recordAudit(client, by, 'undo', student, plan.changes, entry.id),
      classes: plan.outcome,
    });
  }
  return answer;
}

export async function pruneAudit(query: Query, olderThan: string, batch: number) {
  const { rows } = await query<{ n: number }>({
    name: 'audit-prune',
    text: PRUNE,
    values: [olderThan, batch],
  });
  return rows[0]!.n;
}
