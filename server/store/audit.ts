/**
 * The audit trail's engine-neutral parts (docs/decisions/019-accountable-writes.md): a write's
 * before and after per turma, what an undo may restore, the read's SQL, and the retention loop.
 * sqlite-audit.ts and postgres-audit.ts run them on their engine, in the write's transaction.
 */
import {
  restoredTurmas,
  type AuditChange,
  type AuditEntry,
  type AuditParams,
  type AuditResponse,
  type EnrolmentState,
  type UndoOf,
  type UndoResponse,
} from '#contract/extensions';
import type { Logger } from '../log.ts';
import { StoreUnavailableError, type WriteAuthor } from './store.ts';

export const NOT_ENROLLED: EnrolmentState = {
  enrolled: false,
  expirationDate: null,
  enrolledAt: null,
};

/** An enrolment row as both engines read it for the trail: ISO times, as answers write them. */
export interface EnrolmentRow {
  classId: string;
  expirationDate: string | null;
  enrolledAt: string;
}

export const stateOf = (row: EnrolmentRow | undefined): EnrolmentState =>
  row === undefined
    ? NOT_ENROLLED
    : { enrolled: true, expirationDate: row.expirationDate, enrolledAt: row.enrolledAt };

const byClass = (rows: readonly EnrolmentRow[]) => new Map(rows.map((row) => [row.classId, row]));

/** Each turma of the write, once, in the order asked, with its state before and after. */
export function changesOf(
  classIds: readonly string[],
  before: readonly EnrolmentRow[],
  after: readonly EnrolmentRow[],
): AuditChange[] {
  const was = byClass(before);
  const is = byClass(after);
  return [...new Set(classIds)].map((classId) => ({
    classId,
    before: stateOf(was.get(classId)),
    after: stateOf(is.get(classId)),
  }));
}

export type Operation = AuditEntry['operation'];

/** An entry's columns, in the order both engines insert them. */
export const entryValues = (
  by: WriteAuthor,
  operation: Operation,
  student: { id: number | string; email: string },
  changes: AuditChange[],
  undoes: string | null,
) =>
  [
    by.credential,
    operation,
    by.runId ?? null,
    undoes,
    student.id,
    student.email,
    JSON.stringify(changes),
  ] as const;

const sameState = (a: EnrolmentState, b: EnrolmentState) =>
  a.enrolled === b.enrolled &&
  a.expirationDate === b.expirationDate &&
  a.enrolledAt === b.enrolledAt;

/** An entry as an undo reads it back. */
export interface StoredEntry {
  id: string;
  studentId: string;
  email: string;
  changes: AuditChange[];
}

export interface UndoPlan {
  outcome: UndoResponse['entries'][number]['classes'];
  /** The turmas to set back, each to its `after` (the entry's before). */
  changes: AuditChange[];
}

/**
 * What undoing `entry` does, given the student's state now in its turmas (`current`) and which of
 * them still exist. A turma whose state is not what the entry left is refused, never overwritten:
 * whoever wrote since decided something the undo cannot see.
 */
export function planUndo(
  entry: StoredEntry,
  current: readonly EnrolmentRow[],
  existing: ReadonlySet<string>,
): UndoPlan {
  const now = byClass(current);
  const plan: UndoPlan = { outcome: [], changes: [] };
  for (const change of entry.changes) {
    const { classId } = change;
    const state = stateOf(now.get(classId));
    let reason: string | null = null;
    if (!existing.has(classId)) reason = 'The turma no longer exists.';
    else if (!sameState(state, change.after)) {
      reason =
        'The student’s enrolment in this turma changed after this entry ' +
        `(now ${describe(state)}, the entry left ${describe(change.after)}).`;
    }
    if (reason !== null) plan.outcome.push({ classId, outcome: 'refused', reason });
    else if (sameState(change.before, change.after)) {
      plan.outcome.push({ classId, outcome: 'unchanged', reason: null });
    } else {
      plan.outcome.push({ classId, outcome: 'restored', reason: null });
      plan.changes.push({ classId, before: state, after: change.before });
    }
  }
  return plan;
}

const describe = (state: EnrolmentState) =>
  state.enrolled
    ? `enrolled since ${state.enrolledAt}, ${state.expirationDate === null ? 'no expiry' : `expiring ${state.expirationDate}`}`
    : 'not enrolled';

/** The columns a read of the trail selects, as each engine writes them. */
export interface AuditColumns {
  /** `a.at` as an ISO text. */
  at: string;
  /** `a.id` as text. */
  id: string;
  /** `a.at` as a time range's filter compares it (the id range does the index's work). */
  atFilter: string;
  /**
   * The ids of the undos of `entries` (a statement answering ids), through the index of undos, a
   * probe per entry; `and` narrows them (`id < …`).
   */
  undosOf: (entries: string, and?: string) => string;
}

/** What a read of the trail selects of an entry beside its id and time, in both parts. */
const ENTRY_COLUMNS = `a.credential, a.operation, a.run_id AS "runId", a.undoes,
    a.student_id AS "studentId", a.email, a.changes`;

/**
 * The filters on an entry's own columns, the same over the folded trail and its tail; `inRun`
 * writes the run's (by default, the run's own entries).
 */
function entryFilters(
  params: AuditParams,
  placeholder: (value: unknown) => string,
  inRun = (runId: string) => `a.run_id = ${placeholder(runId)}`,
): string[] {
  const where: string[] = [];
  if (params.email) where.push(`a.email = ${placeholder(params.email)}`);
  if (params.credential) where.push(`a.credential = ${placeholder(params.credential)}`);
  if (params.runId) where.push(inRun(params.runId));
  return where;
}

/**
 * The read's statement: newest first (by id, which follows commit order closely), each filter an
 * index's range (decision 019). A time range is also turned into a range of ids through the
 * index by time, so that with another filter the planner walks that filter's index only.
 *
 * A run's read also answers the undos of the run's entries, and the undos of those undos (two
 * levels: enough for History to tell what is undone now), whatever their own run: History marks
 * an entry undone from the undos on its loaded pages. The run's entries are a walk of its index
 * that stops at a page, as before; the undos come from the index of undos, one probe per entry of
 * the run below the cursor (an undo is newer than what it reverses), and their rows are read by
 * id. Both parts are a page at most, merged newest first: an undo is on its entry's page or an
 * earlier one. Folded undos reverse folded entries only: a fold takes the oldest entries, and an
 * undo's id is taken after the entry it reverses was committed.
 */
export function auditQuery(
  params: AuditParams,
  columns: AuditColumns,
  placeholder: (value: unknown) => string,
): string {
  const { runId, cursor } = params;
  if (!runId) return foldedQuery(params, columns, placeholder);
  // Placeholders in the text's order: SQLite's are positional.
  const below = () => (cursor ? ` AND id < ${placeholder(cursor)}` : '');
  // MATERIALIZED: read once, where each of its two uses would probe the run's entries again.
  const undone = `WITH undone AS MATERIALIZED (${columns.undosOf(
    `SELECT id FROM audit WHERE run_id = ${placeholder(runId)}${below()}`,
    below(),
  )})`;
  const entries = foldedQuery(params, columns, placeholder);
  const undos = foldedQuery(
    params,
    columns,
    placeholder,
    (id) => `a.id IN (SELECT id FROM undone UNION ALL ${columns.undosOf('SELECT id FROM undone')})
    AND (a.run_id IS NULL OR a.run_id <> ${placeholder(id)})`,
  );
  return `${undone}
  SELECT * FROM (${entries}) AS run_entries UNION ALL SELECT * FROM (${undos}) AS run_undos
  ORDER BY id DESC LIMIT ${placeholder(params.pageSize + 1)}`;
}

/** auditQuery's statement over the folded trail, with `inRun` as the run's filter. */
function foldedQuery(
  params: AuditParams,
  columns: AuditColumns,
  placeholder: (value: unknown) => string,
  inRun?: (runId: string) => string,
): string {
  const where: string[] = [];
  const from = params.classId ? `audit_classes t JOIN audit a ON a.id = t.entry_id` : `audit a`;
  const idColumn = params.classId ? 't.entry_id' : 'a.id';
  if (params.classId) where.push(`t.class_id = ${placeholder(params.classId)}`);
  where.push(...entryFilters(params, placeholder, inRun));
  if (params.cursor) where.push(`${idColumn} < ${placeholder(params.cursor)}`);
  // Each use its own placeholder: SQLite's are positional.
  if (params.after) {
    where.push(
      `${columns.atFilter} >= ${placeholder(params.after)}`,
      `${idColumn} >= coalesce((SELECT id FROM audit WHERE at >= ${placeholder(params.after)} ORDER BY at, id LIMIT 1), 0)`,
    );
  }
  if (params.before) {
    where.push(
      `${columns.atFilter} < ${placeholder(params.before)}`,
      `${idColumn} <= coalesce((SELECT id FROM audit WHERE at < ${placeholder(params.before)} ORDER BY at DESC, id DESC LIMIT 1), 0)`,
    );
  }
  return `SELECT ${columns.id} AS id, ${columns.at} AS at, ${ENTRY_COLUMNS}
  FROM ${from} ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
  ORDER BY ${idColumn} DESC LIMIT ${placeholder(params.pageSize + 1)}`;
}

/** How an engine reads the tail: `a.at` as an ISO text, and "entry `a` changed this turma". */
export interface TailColumns {
  at: string;
  changedClass: (classId: string) => string;
}

/**
 * The read's filters over the tail (no index: a scan of a few hundred rows), newest first, a page
 * and one more at most; the same columns as auditQuery's. A run's read takes the undos as
 * auditQuery does; the tail's undos may reverse entries of either part, so an undo's entry is
 * looked for among the tail's (one scan, read once) and by the folded part's key (a probe per
 * undo; a folded undo's own entry is folded too, see auditQuery).
 */
export function tailQuery(
  params: AuditParams,
  columns: TailColumns,
  placeholder: (value: unknown) => string,
): string {
  const where: string[] = [];
  if (params.classId) where.push(columns.changedClass(placeholder(params.classId)));
  where.push(...entryFilters(params, placeholder, (runId) => tailInRun(runId, placeholder)));
  if (params.cursor) where.push(`a.id < ${placeholder(params.cursor)}`);
  if (params.after) where.push(`a.at >= ${placeholder(params.after)}`);
  if (params.before) where.push(`a.at < ${placeholder(params.before)}`);
  return `SELECT a.id AS id, ${columns.at} AS at, ${ENTRY_COLUMNS}
  FROM audit_tail a ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
  ORDER BY a.id DESC LIMIT ${placeholder(params.pageSize + 1)}`;
}

/**
 * A tail entry `a` of the run, an undo of one (level 1) or an undo of such an undo (level 2):
 * its entry in the tail among the run's and their undos there (one scan, read once), or folded:
 * of the run, or an undo of a folded entry of it. The folded ones are probes of the key, as
 * scalar subqueries: an EXISTS may be planned as one read of every undo in the trail instead.
 * Placeholders in the text's order.
 */
function tailInRun(runId: string, placeholder: (value: unknown) => string): string {
  const run = () => placeholder(runId);
  const foldedRun = (id: string) => `(SELECT x.run_id FROM audit x WHERE x.id = ${id})`;
  return `(a.run_id = ${run()} OR (a.undoes IS NOT NULL AND (
    a.undoes IN (SELECT t.id FROM audit_tail t WHERE t.run_id = ${run()} OR (t.undoes IS NOT NULL
      AND (t.undoes IN (SELECT id FROM audit_tail WHERE run_id = ${run()})
        OR ${foldedRun('t.undoes')} = ${run()})))
    OR ${foldedRun('a.undoes')} = ${run()}
    OR ${foldedRun('(SELECT u.undoes FROM audit u WHERE u.id = a.undoes)')} = ${run()})))`;
}

export interface AuditRow {
  id: string | number;
  at: string;
  credential: string;
  operation: AuditEntry['operation'];
  runId: string | null;
  undoes: string | number | null;
  studentId: string | number;
  email: string;
  /** JSON text on SQLite, parsed already on PostgreSQL (jsonb). */
  changes: string | AuditChange[];
}

const parsedChanges = (changes: string | AuditChange[]) =>
  typeof changes === 'string' ? (JSON.parse(changes) as AuditChange[]) : changes;

/** A page of the trail from the statement's rows (one more than the page, to know of a next). */
export function auditPage(rows: readonly AuditRow[], pageSize: number): AuditResponse {
  const data = rows.slice(0, pageSize).map((row): AuditEntry => ({
    id: String(row.id),
    at: row.at,
    credential: row.credential,
    operation: row.operation,
    runId: row.runId,
    undoes: row.undoes === null ? null : String(row.undoes),
    student: { id: String(row.studentId), email: row.email },
    changes: parsedChanges(row.changes),
  }));
  return { data, next: rows.length > pageSize ? data.at(-1)!.id : null };
}

/**
 * An undo below a page's entries (of one of them, of such an undo, and so on), each once: the
 * statements that find them (UNDONE in each engine's file) walk the index of undos down from the
 * page, one probe per entry and per undo found, and the tail's undos.
 */
export interface UndoRow {
  id: string | number;
  undoes: string | number;
  /** JSON text on SQLite, parsed already on PostgreSQL (jsonb). */
  changes: string | AuditChange[];
}

/** A turma whose enrolment or expiry the change moved (as History counts a change). */
const moved = ({ before, after }: AuditChange) =>
  before.enrolled !== after.enrolled || before.expirationDate !== after.expirationDate;

const NONE: ReadonlySet<string> = new Set();

/**
 * Sets each entry's `undoneIn` (the page's own entries, fresh from auditPage: no copy of each),
 * from every undo below them (`undos`, whatever the read's filters), by the contract's rule
 * (`restoredTurmas`): an entry undone, re-applied and undone again reads as undone.
 */
export function markUndone(page: AuditResponse, undos: readonly UndoRow[]): void {
  const undosOf = new Map<string, UndoOf[]>();
  for (const undo of undos) {
    const of = String(undo.undoes);
    const turmas = parsedChanges(undo.changes)
      .filter(moved)
      .map((change) => change.classId);
    undosOf.set(of, [...(undosOf.get(of) ?? []), { id: String(undo.id), turmas }]);
  }
  const restoredOf = restoredTurmas(undosOf);
  for (const entry of page.data) {
    const turmas = undosOf.has(entry.id) ? restoredOf(entry.id) : NONE;
    entry.undoneIn = entry.changes.flatMap(({ classId }) => (turmas.has(classId) ? [classId] : []));
  }
}

/** Entries written since the last fold that make the next one start (decision 019). */
export const FOLD_AFTER = 256;
/** Entries folded per transaction: a tail left by a crash is folded in several short ones. */
export const FOLD_BATCH = 2_000;
const FOLD_EVERY_MS = 1_000;

/**
 * Folds the trail's recent tail into its indexes off the request path: once FOLD_AFTER entries
 * were written here (`wrote`), every FOLD_EVERY_MS while this process's entries may wait, and at
 * once when the store opens on a tail. An idle process asks the database for nothing. `fold`
 * answers how many it folded; a full batch is followed by another. A failed fold waits for the
 * next turn: reads cover the tail meanwhile. A tail a crashed process left is folded by the next
 * fold anywhere (folds take the oldest entries) or the next start.
 */
export function startAuditFolding(fold: (batch: number) => Promise<number>, tail: number) {
  let pending = tail > 0;
  let written = 0;
  let running = false;
  let queued = false;
  let stopped = false;
  const run = async () => {
    queued = false;
    if (running || !pending) return;
    running = true;
    pending = false;
    written = 0;
    try {
      while (!stopped && (await fold(FOLD_BATCH)) === FOLD_BATCH) {
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch {
      pending = true; // the next turn tries again
    } finally {
      running = false;
    }
  };
  const soon = () => {
    queued = true;
    setImmediate(() => void run()).unref();
  };
  const every = setInterval(() => void run(), FOLD_EVERY_MS);
  every.unref();
  if (pending) soon();
  return {
    wrote: () => {
      pending = true;
      if (++written >= FOLD_AFTER && !queued && !running) soon();
    },
    stop: () => {
      stopped = true;
      clearInterval(every);
    },
  };
}

/** AUDIT_RETENTION_DAYS: how long entries are kept (decision 019). */
export const AUDIT_RETENTION_DAYS_DEFAULT = 400;
/** Entries deleted per statement: short transactions, so that writes wait for none. */
export const PRUNE_BATCH = 500;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const PRUNE_FIRST_AFTER_MS = 60 * 1000;

export function auditRetentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.AUDIT_RETENTION_DAYS;
  if (text === undefined || text === '') return AUDIT_RETENTION_DAYS_DEFAULT;
  const days = Number(text);
  if (!/^[0-9]+$/.test(text) || days < 1) {
    throw new Error(`AUDIT_RETENTION_DAYS must be a whole number of days, 1 or more: ${text}`);
  }
  return days;
}

/**
 * Prunes entries older than `days`, in batches of PRUNE_BATCH with a turn of the event loop
 * between them, a minute after the start and then hourly. A failed round (the database away)
 * waits for the next. A round that pruned, and every failure, is logged: entries leave the trail
 * for good. The answer stops it.
 */
export function startAuditRetention(
  prune: (olderThan: string, batch: number) => Promise<number>,
  days: number,
  log: Logger,
): () => void {
  let stopped = false;
  const round = async () => {
    const olderThan = new Date(Date.now() - days * 86_400_000).toISOString();
    let entries = 0;
    try {
      while (!stopped) {
        const pruned = await prune(olderThan, PRUNE_BATCH);
        entries += pruned;
        if (pruned < PRUNE_BATCH) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (entries > 0) log.info('audit entries pruned', { entries, olderThan });
    } catch (error) {
      // The next round tries again; `entries` were pruned before the failure.
      log.error('audit pruning failed', {
        entries,
        olderThan,
        ...(error instanceof StoreUnavailableError ? { reason: error.reason } : { error }),
      });
    }
  };
  const first = setTimeout(() => void round(), PRUNE_FIRST_AFTER_MS);
  const every = setInterval(() => void round(), PRUNE_EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
  };
}
