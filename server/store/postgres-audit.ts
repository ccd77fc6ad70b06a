/**
 * The audit trail on PostgreSQL (audit.ts, decision 019): statements run on the write's own
 * connection, inside its transaction, after its turmas are locked, so that an entry commits with
 * its write or not at all and no other write of those turmas comes between its before and after.
 *
 * As on SQLite, a write adds one row to `audit_tail` (no index); `foldAudit` moves the tail's
 * oldest into `audit` and `audit_classes` with their indexes, and every read covers both in one
 * statement. Ids come from one sequence and are taken before commit, so a tail entry may have a
 * smaller id than a folded one: reads merge the two parts by id.
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
  tailQuery,
  NOT_ENROLLED,
  entryValues,
  planUndo,
  type Operation,
  type AuditRow,
  type EnrolmentRow,
  type StoredEntry,
  type UndoRow,
  markUndone,
} from './audit.ts';
import type { Query } from './postgres-load.ts';
import { iso } from './postgres-schema.ts';
import { AuditEntryNotFoundError, type WriteAuthor } from './store.ts';

/** Enrolment rows (class_id, expiration_date, created_at) as a JSON array of EnrolmentRow. */
const ENROLMENT_STATES = `coalesce(json_agg(json_build_object('classId', class_id,
  'expirationDate', ${iso('expiration_date')}, 'enrolledAt', ${iso('created_at')})), '[]')`;

/** The student's enrolments in these turmas, and the transaction's time as a new row's start. */
const statesSelect = (studentId: string, classIds: string) => `
SELECT ${iso('now()::timestamptz(3)')} AS now, (SELECT ${ENROLMENT_STATES} FROM enrolments
  WHERE student_id = ${studentId} AND class_id = ANY(${classIds}::text[])) AS rows`;
const STATES = statesSelect('$1', '$2');
/** The same with an enrolment's parameters: $1 the turmas, $2 the student. */
export const STATES_BEFORE = statesSelect('$2', '$1');

/**
 * A removal's entry, written by the removal's own statement (postgres-store.ts) rather than in a
 * round trip of its own (decision 019): `student` and `gone` are its CTEs, $1 the e-mail, $2 the
 * turmas asked, $3–$5 removalEntryValues'. Each turma once, in the order asked, as changesOf does.
 */
export const REMOVAL_ENTRY = `
INSERT INTO audit_tail (credential, operation, run_id, student_id, email, changes)
SELECT $3, 'remove', $4, s.id, $1, (
  SELECT jsonb_agg(jsonb_build_object('classId', c.id, 'after', $5::jsonb, 'before',
    CASE WHEN g.class_id IS NULL THEN $5::jsonb ELSE jsonb_build_object('enrolled', true,
      'expirationDate', ${iso('g.expiration_date')}, 'enrolledAt', ${iso('g.created_at')}) END)
    ORDER BY c.n)
  FROM (SELECT id, min(n) AS n FROM unnest($2::text[]) WITH ORDINALITY AS asked (id, n)
    GROUP BY id) c
  LEFT JOIN gone g ON g.class_id = c.id)
FROM student s`;

/** REMOVAL_ENTRY's $3–$5: who removes, in which run, and the state a removal leaves. */
export const removalEntryValues = (by: WriteAuthor) =>
  [by.credential, by.runId ?? null, JSON.stringify(NOT_ENROLLED)] as const;

export interface StatesBefore {
  now: string;
  rows: EnrolmentRow[];
}

const RECORD = `
INSERT INTO audit_tail (credential, operation, run_id, undoes, student_id, email, changes)
VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text`;

/** Any number, the same in every process: one fold at a time (migrations hold 7_134_021_983). */
export const FOLD_LOCK = 7_134_021_019;

/**
 * The tail's oldest `$1` entries into the indexed trail, in one statement: the delete and both
 * inserts commit together, so a read's snapshot sees each entry in exactly one part. The lock
 * ($2) is taken once, before any row is deleted, and held to the statement's end: while another
 * process folds, nothing.
 */
const FOLD = `
WITH moved AS (
  DELETE FROM audit_tail
  WHERE id IN (SELECT id FROM audit_tail ORDER BY id LIMIT $1)
    AND (SELECT pg_try_advisory_xact_lock($2))
  RETURNING *),
entries AS (
  INSERT INTO audit (id, at, credential, operation, run_id, undoes, student_id, email, changes)
  OVERRIDING SYSTEM VALUE
  SELECT id, at, credential, operation, run_id, undoes, student_id, email, changes FROM moved),
turmas AS (
  INSERT INTO audit_classes (class_id, entry_id)
  SELECT DISTINCT c->>'classId', m.id FROM moved m, jsonb_array_elements(m.changes) c)
SELECT count(*)::int AS n FROM moved`;

/** An undo's entries from both parts, newest first by the number (`e.id`, not the text). */
const storedEntries = (where: string) => `
SELECT id::text, student_id::text AS "studentId", email, changes FROM (
  SELECT id, student_id, email, changes FROM audit_tail WHERE ${where}
  UNION ALL SELECT id, student_id, email, changes FROM audit WHERE ${where}) e
ORDER BY e.id DESC`;

const SET_PRESENT = `
INSERT INTO enrolments (class_id, student_id, expiration_date, created_at) VALUES ($1, $2, $3, $4)
ON CONFLICT (class_id, student_id) DO UPDATE
SET expiration_date = excluded.expiration_date, created_at = excluded.created_at,
  updated_at = now()
WHERE enrolments.expiration_date IS DISTINCT FROM excluded.expiration_date
  OR enrolments.created_at IS DISTINCT FROM excluded.created_at`;

const PRUNE_LOCK = 'SELECT pg_advisory_xact_lock($1)';

// The tail's old entries too when the batch is not full: a tail left unfolded for long (every
// process down since) has no index rows yet.
const PRUNE = `
WITH gone AS (
  DELETE FROM audit WHERE id IN (
    SELECT id FROM audit WHERE at < $1 ORDER BY at, id LIMIT $2)
  RETURNING id, changes),
turmas AS (
  DELETE FROM audit_classes c
  USING (SELECT id, jsonb_array_elements(changes)->>'classId' AS class_id FROM gone) g
  WHERE c.class_id = g.class_id AND c.entry_id = g.id),
tail AS (
  DELETE FROM audit_tail WHERE id IN (
    SELECT id FROM audit_tail WHERE at < $1 ORDER BY id
    LIMIT greatest($2 - (SELECT count(*) FROM gone), 0))
  RETURNING id)
SELECT ((SELECT count(*) FROM gone) + (SELECT count(*) FROM tail))::int AS n`;

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
    values: [...entryValues(by, operation, student, changes, undoes)],
  });
  return rows[0]!.id;
}

/** How many entries wait in the tail. */
export async function tailLength(query: Query): Promise<number> {
  const { rows } = await query<{ n: number }>({
    text: 'SELECT count(*)::int AS n FROM audit_tail',
  });
  return rows[0]!.n;
}

/**
 * Folds up to `batch` of the tail's oldest entries, a transaction of its own; answers how many,
 * 0 when another process is folding.
 */
export async function foldAudit(query: Query, batch: number): Promise<number> {
  const { rows } = await query<{ n: number }>({
    name: 'audit-fold',
    text: FOLD,
    values: [batch, FOLD_LOCK],
  });
  return rows[0]!.n;
}

/**
 * The folded part's columns for auditQuery: the id a number, for the merge's order. The time
 * filter an expression, not the column: else a day's window of 2,500 entries is read through the
 * index by time and sorted (20 ms), where the id range's walk newest first stops at a page.
 */
export const FOLDED = {
  id: 'a.id',
  at: iso('a.at'),
  atFilter: "(a.at + interval '0')",
  // An array, not `IN (…)`: with a join to choose, the planner merged the run's entries with
  // the whole index of undos, as many entries read as the trail has undos.
  undosOf: (entries: string, and = '') =>
    `SELECT id FROM audit WHERE undoes = ANY (ARRAY(${entries}))${and}`,
};

/**
 * A page: the tail's and the folded part's newest matches, each a page at most, merged by id in
 * one statement (one snapshot: a fold between two would show an entry twice or not at all).
 */
export async function listAudit(query: Query, params: AuditParams): Promise<AuditResponse> {
  // PostgreSQL's text cannot hold U+0000, so no entry names such a turma or credential: asked,
  // it refuses the statement (a 500), where the answer is simply none.
  if (params.classId?.includes('\0') || params.credential?.includes('\0')) {
    return auditPage([], params.pageSize);
  }
  const { rows } = await query<AuditRow & pg.QueryResultRow>(
    auditListStatement(withinTimestamps(params)),
  );
  const page = auditPage(rows, params.pageSize);
  if (page.data.length === 0) return page;
  // A statement of its own, so another snapshot: an undo committed since the page's read is
  // told too, which is what History needs to know before it offers an undo.
  const { rows: undos } = await query<UndoRow & pg.QueryResultRow>({
    name: 'audit-undone',
    text: UNDONE,
    values: [page.data.map((entry) => entry.id)],
  });
  markUndone(page, undos);
  return page;
}

/**
 * The undos below the entries `$1` (an array of ids), as markUndone takes them: the index of
 * undos probed per entry and per undo found, and the tail's undos (no index: read once, a few of
 * its few hundred rows). UNION: an undo of an undo both on the page is reached twice.
 */
export const UNDONE = `WITH RECURSIVE
  tail_undos AS MATERIALIZED (SELECT id, undoes, changes FROM audit_tail WHERE undoes IS NOT NULL),
  below AS (
    SELECT id, undoes, changes FROM audit WHERE undoes = ANY ($1::bigint[])
    UNION SELECT id, undoes, changes FROM tail_undos WHERE undoes = ANY ($1::bigint[])
    UNION SELECT u.id, u.undoes, u.changes FROM below b CROSS JOIN LATERAL (
      SELECT id, undoes, changes FROM audit WHERE undoes = b.id
      UNION ALL SELECT id, undoes, changes FROM tail_undos WHERE undoes = b.id) u)
SELECT id::text, undoes::text, changes FROM below`;

/** The first instant a timestamptz can be written as ISO 8601: it has no year 0 (1 BC). */
const TIMESTAMP_MIN = '0001-01-01T00:00:00.000Z';

/**
 * The contract's window runs from year 0, which PostgreSQL refuses to read ("out of range").
 * No entry is that old, so a bound in year 0 keeps the same entries moved to year 1: `after`
 * still all of them, `before` still none. Both are toISOString()'s text, which sorts as time.
 */
function withinTimestamps(params: AuditParams): AuditParams {
  const clamp = (at: string | undefined) =>
    at !== undefined && at < TIMESTAMP_MIN ? TIMESTAMP_MIN : at;
  return { ...params, after: clamp(params.after), before: clamp(params.before) };
}

/** listAudit's statement and its values (also for a look at its plan). */
export function auditListStatement(params: AuditParams): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const placeholder = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const tail = tailQuery(params, TAIL, placeholder);
  const folded = auditQuery(params, FOLDED, placeholder);
  // MATERIALIZED: the folded part planned as it was alone (decision 019's plans at 1M). Inside a
  // merge the planner prefers a path that starts soonest, e.g. a walk of the whole key index
  // filtering by run, where alone it reads the run's index and sorts its matches.
  const text = `WITH folded AS MATERIALIZED (${folded})
  SELECT id::text AS id, at, credential, operation, "runId", undoes, "studentId", email, changes
  FROM ((${tail}) UNION ALL (SELECT * FROM folded)) e
  ORDER BY e.id DESC LIMIT ${placeholder(params.pageSize + 1)}`;
  return { text, values };
}

/** The tail's columns for tailQuery. */
const TAIL = {
  at: iso('a.at'),
  changedClass: (classId: string) =>
    `a.changes @> jsonb_build_array(jsonb_build_object('classId', ${classId}::text))`,
};

/** The entries an undo reverses, newest first; AuditEntryNotFoundError when none. */
export async function auditEntries(
  client: pg.PoolClient,
  target: UndoBody,
): Promise<StoredEntry[]> {
  const { rows } = await client.query<StoredEntry>(
    'entryId' in target
      ? { name: 'audit-entry', text: storedEntries('id = $1'), values: [target.entryId] }
      : { name: 'audit-run', text: storedEntries('run_id = $1'), values: [target.runId] },
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
      email: entry.email,
      undoEntryId:
        plan.changes.length === 0
          ? null
          : await recordAudit(client, by, 'undo', student, plan.changes, entry.id),
      classes: plan.outcome,
    });
  }
  return answer;
}

/**
 * Prunes up to `batch` entries older than `olderThan`, on `client` inside its transaction. The
 * fold's lock is taken first, in a statement of its own: a fold committing while the prune ran
 * would move entries out of the tail it reads into a trail its snapshot predates, and both
 * deletes would miss them.
 */
export async function pruneAudit(client: pg.PoolClient, olderThan: string, batch: number) {
  await client.query({ name: 'audit-prune-lock', text: PRUNE_LOCK, values: [FOLD_LOCK] });
  const { rows } = await client.query<{ n: number }>({
    name: 'audit-prune',
    text: PRUNE,
    values: [olderThan, batch],
  });
  return rows[0]!.n;
}
