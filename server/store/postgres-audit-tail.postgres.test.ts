/**
 * PostgreSQL's audit tail (decision 019), as sqlite-audit-tail.sqlite.test.ts for SQLite: a write
 * commits its entry to `audit_tail` alone, folds move it into the indexed trail, and every read,
 * undo lookup and prune sees the same entries whether they are in the tail, folded, or split
 * between the two, in id order even where a tail entry's id is below a folded one's; one fold at
 * a time however many processes; a tail left by a stop is read and folded when a store opens.
 */
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditParams } from '#contract/extensions';
import { createLogger } from '../log.ts';
import { EMAILS, expected, filters, nthWrite } from '../testing/audit-trail-oracle.ts';
import { createTestDatabase, writeFixtures, type TestDatabase } from '../testing/database.ts';
import { auditQuery, changesOf } from './audit.ts';
import {
  auditEntries,
  auditListStatement,
  FOLDED,
  FOLD_LOCK,
  foldAudit,
  listAudit,
  pruneAudit,
  recordAudit,
  statesOf,
  UNDONE,
} from './postgres-audit.ts';
import type { Query } from './postgres-load.ts';
import { createPool, migrate } from './postgres-schema.ts';
import { openPostgresStore } from './postgres-store.ts';

const silent = createLogger(() => undefined);

let database: TestDatabase;
let pool: pg.Pool;
let query: Query;

beforeEach(async () => {
  database = await createTestDatabase('postgres');
  pool = createPool(database.postgres!, silent);
  await migrate(pool);
  query = (config) => pool.query(config);
});

afterEach(async () => {
  await pool.end();
  await database.drop();
});

/** `work` in a transaction of its own on `on`'s connection, committed. */
async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>, on = pool) {
  const client = await on.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/** The n-th write of the oracle's sequence, recorded on `client`. */
function recordNth(client: pg.PoolClient, n: number) {
  const { author, operation, student, classIds, before, after } = nthWrite(n);
  const { id, email } = student;
  return recordAudit(
    client,
    author,
    operation,
    { id: String(id), email },
    changesOf(classIds, before, after),
  );
}

const write = (n: number) => inTransaction((client) => recordNth(client, n));
const fold = (batch: number, on: pg.Pool | pg.PoolClient = pool) =>
  foldAudit((config) => on.query(config), batch);
const prune = (olderThan: string, batch: number) =>
  inTransaction((client) => pruneAudit(client, olderThan, batch));
const count = async (table: string) =>
  (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
const tailIds = async () =>
  (await pool.query<{ id: string }>('SELECT id::text FROM audit_tail ORDER BY id')).rows.map(
    (row) => row.id,
  );

/** Every page of a read, `pageSize` at a time, followed by its cursors. */
async function readAll(params: Omit<AuditParams, 'pageSize'>, pageSize: number) {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await listAudit(query, { ...params, pageSize, ...(cursor && { cursor }) });
    expect(page.data.length).toBeLessThanOrEqual(pageSize);
    ids.push(...page.data.map((entry) => entry.id));
    cursor = page.next ?? undefined;
  } while (cursor);
  return ids;
}

/** Every filter's reads in pages of 1, 2 and 5. */
const readsOf = (all: AuditEntry[]) =>
  Promise.all(filters(all).map((params) => Promise.all([1, 2, 5].map((n) => readAll(params, n)))));

const numbers = (ids: string[]) => ids.map(Number);
const newestFirst = (ids: string[]) => [...numbers(ids)].sort((a, b) => b - a);
const run = async (runId: string) =>
  (await inTransaction((client) => auditEntries(client, { runId }))).map((entry) => entry.id);

describe('the trail split between its tail and the folded part', () => {
  it('reads, pages and finds runs exactly as when all is folded', async () => {
    for (let n = 0; n < 10; n++) await write(n);
    expect([await count('audit'), await count('audit_tail')]).toEqual([0, 10]);
    expect(await fold(6)).toBe(6);
    for (let n = 10; n < 18; n++) await write(n);
    expect([await count('audit'), await count('audit_tail')]).toEqual([6, 12]);
    // A second apart, in id order as writes one after another are: else several share a
    // millisecond and a time range cannot fall between them.
    for (const table of ['audit', 'audit_tail']) {
      await pool.query(
        `UPDATE ${table} SET at = '2026-01-01T00:00:00Z'::timestamptz + id * interval '1 second'`,
      );
    }

    const all = (await listAudit(query, { pageSize: 100 })).data;
    expect(all.map((entry) => entry.student.email)).toEqual(
      Array.from({ length: 18 }, (_, n) => EMAILS[(17 - n) % 3]),
    );
    // Ids past 9: a merge by text would put 9 above 10.
    expect(numbers(all.map((entry) => entry.id))).toEqual(newestFirst(all.map((e) => e.id)));
    expect(new Set(all.map((entry) => entry.id)).size).toBe(18);

    const split = await readsOf(all);
    filters(all).forEach((params, i) => {
      const want = expected(all, params);
      expect(want.length).toBeGreaterThan(0);
      expect(split[i]).toEqual([want, want, want]);
    });
    expect(split.flat(2).length).toBeGreaterThan(100);

    const inRun1 = expected(all, { runId: 'r1' });
    expect(await run('r1')).toEqual(inRun1);
    const entry = (entryId: string) => inTransaction((client) => auditEntries(client, { entryId }));
    const [tailEntry, foldedEntry] = [all[0]!, all.at(-1)!];
    expect((await entry(tailEntry.id))[0]!.changes).toEqual(tailEntry.changes);
    expect((await entry(foldedEntry.id))[0]!.changes).toEqual(foldedEntry.changes);

    // The oracle: the same entries all folded, read the same ways.
    expect(await fold(100)).toBe(12);
    expect(await count('audit_tail')).toBe(0);
    expect(await count('audit_classes')).toBe(all.flatMap((each) => each.changes).length);
    expect((await listAudit(query, { pageSize: 100 })).data).toEqual(all);
    expect(await readsOf(all)).toEqual(split);
    expect(await run('r1')).toEqual(inRun1);
  });

  it('keeps id order where a tail entry has a smaller id than folded ones', async () => {
    // A write that took its id before a fold and committed after it.
    const late = await pool.connect();
    await late.query('BEGIN');
    const lateId = await recordNth(late, 0);
    for (let n = 1; n < 12; n++) await write(n);
    expect(await fold(100)).toBe(11);
    await late.query('COMMIT');
    late.release();
    expect(await tailIds()).toEqual([lateId]);

    const all = (await listAudit(query, { pageSize: 100 })).data;
    const ids = all.map((entry) => entry.id);
    expect(ids).toHaveLength(12);
    expect(numbers(ids)).toEqual(newestFirst(ids));
    expect(ids.at(-1)).toBe(lateId);
    for (const params of [{}, { runId: 'r1' }, { classId: 't1' }, { email: EMAILS[0]! }]) {
      const want = expected(all, params);
      expect(want).toContain(lateId);
      for (const size of [1, 2, 5]) expect(await readAll(params, size)).toEqual(want);
    }
    const inRun1 = await run('r1');
    expect(inRun1).toEqual(expected(all, { runId: 'r1' }));
    expect(inRun1.at(-1)).toBe(lateId);
  });

  it('prunes folded entries with their turma rows, then the tail, in batches', async () => {
    for (let n = 0; n < 7; n++) await write(n);
    await fold(4);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(await prune('2000-01-01T00:00:00.000Z', 3)).toBe(0);
    const pruned = [];
    for (let round = 0; round < 4; round++) pruned.push(await prune(future, 3));
    expect(pruned).toEqual([3, 3, 1, 0]);
    expect([await count('audit'), await count('audit_classes'), await count('audit_tail')]).toEqual(
      [0, 0, 0],
    );
  });

  it('prunes the entries a fold moves while the prune waits for it', async () => {
    for (let n = 0; n < 3; n++) await write(n);
    const folder = await pool.connect();
    try {
      await folder.query('BEGIN');
      expect(await fold(100, folder)).toBe(3);
      const future = new Date(Date.now() + 60_000).toISOString();
      const pruning = prune(future, 10);
      // The prune is seen waiting on the fold's transaction before that commits.
      await expect
        .poll(async () => {
          const { rows } = await pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return rows[0]!.n;
        })
        .toBe(1);
      await folder.query('COMMIT');
      expect(await pruning).toBe(3);
    } finally {
      folder.release();
    }
    expect([await count('audit'), await count('audit_classes'), await count('audit_tail')]).toEqual(
      [0, 0, 0],
    );
  });

  it('folds each entry once when two processes fold at once', async () => {
    const other = createPool(database.postgres!, silent);
    try {
      for (let n = 0; n < 60; n++) await write(n);
      const changes = (
        await pool.query<{ n: number }>(
          'SELECT sum(jsonb_array_length(changes))::int AS n FROM audit_tail',
        )
      ).rows[0]!.n;
      // While one holds the lock, the other folds nothing and leaves the tail as it is.
      const holder = await other.connect();
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock($1)', [FOLD_LOCK]);
      expect(await fold(100)).toBe(0);
      expect(await count('audit_tail')).toBe(60);
      await holder.query('COMMIT');
      holder.release();

      let folded = 0;
      while ((await count('audit_tail')) > 0) {
        const both = await Promise.all([fold(7), fold(7, other), fold(7), fold(7, other)]);
        folded += both.reduce((sum, n) => sum + n, 0);
      }
      expect(folded).toBe(60);
      expect(await count('audit')).toBe(60);
      expect(await count('audit_classes')).toBe(changes);
      const ids = (await listAudit(query, { pageSize: 100 })).data.map((entry) => entry.id);
      expect(new Set(ids).size).toBe(60);
    } finally {
      await other.end();
    }
  });
});

describe("a run's read with the undos of its entries", () => {
  it('answers them at every split between the tail and the folded part, in pages', async () => {
    const [ana, bia, caio] = EMAILS.map((email, n) => ({ id: String(n + 1), email }));
    const turma = (classId: string) => ({
      classId,
      before: { enrolled: false, expirationDate: null, enrolledAt: null },
      after: { enrolled: true, expirationDate: null, enrolledAt: '2026-01-01T00:00:00.000Z' },
    });
    const entry = (
      runId: string | undefined,
      student: { id: string; email: string },
      classIds: string[],
      undoes: string | null = null,
    ) =>
      inTransaction((client) =>
        recordAudit(
          client,
          { credential: undoes ? 'coord' : 'secretaria', runId },
          undoes ? 'undo' : 'enrol',
          student,
          classIds.map(turma),
          undoes,
        ),
      );
    const e1 = await entry('lote', ana!, ['t1']);
    const other = await entry(undefined, bia!, ['t2']);
    const e2 = await entry('lote', bia!, ['t1']);
    const e3 = await entry('lote', caio!, ['t1', 't2']);
    const u1 = await entry(undefined, ana!, ['t1'], e1);
    await entry('outro', ana!, ['t2']);
    await entry(undefined, bia!, ['t2'], other); // an undo outside the run: not in its read
    const u2 = await entry(undefined, ana!, ['t1'], u1); // an undo of the run's undo
    const u3 = await entry('lote', caio!, ['t1', 't2'], e3); // in the run itself: answered once
    const all = (await listAudit(query, { pageSize: 100 })).data;
    expect(all).toHaveLength(9);
    const want = [u3, u2, u1, e3, e2, e1];
    expect(expected(all, { runId: 'lote' })).toEqual(want);
    const reads: [Omit<AuditParams, 'pageSize'>, string[]][] = [
      [{ runId: 'lote' }, want],
      [{ runId: 'lote', email: ana!.email }, [u2, u1, e1]],
      [{ runId: 'lote', classId: 't2' }, [u3, e3]],
      [{ runId: 'lote', credential: 'coord' }, [u3, u2, u1]],
      [{ runId: 'lote', cursor: u1 }, [e3, e2, e1]],
    ];

    // Folds take the oldest: each split, from all in the tail to all folded.
    for (let folded = 0; folded <= all.length; folded++) {
      expect(await count('audit')).toBe(folded);
      for (const [params, ids] of reads) {
        for (const size of [1, 2, 4, 6]) {
          expect(await readAll(params, size), `${folded}`).toEqual(ids);
        }
      }
      // What the undos set back, read without them: e1's t1 was put back by u2.
      const undoneIn = async (credential: string) =>
        (await listAudit(query, { credential, pageSize: 100 })).data.map((entry) => entry.undoneIn);
      expect(await undoneIn('secretaria'), `${folded}`).toEqual([[], ['t1', 't2'], [], ['t2'], []]);
      expect(await undoneIn('coord'), `${folded}`).toEqual([[], [], [], ['t1']]);
      await fold(1);
    }
  });
});

describe('the list read on a trail of thousands with a tail of hundreds, after many folds', () => {
  it('walks the folded part newest first and stops at a page: no sort of the trail', async () => {
    await pool.query(`
      INSERT INTO audit (at, credential, operation, run_id, student_id, email, changes)
      SELECT now() - (6000 - n) * interval '1 minute', 'c' || n % 5, 'enrol', 'r' || n % 50,
        n % 300, 's' || n % 300 || '@escola.example',
        jsonb_build_array(jsonb_build_object('classId', 't' || n % 40))
      FROM generate_series(1, 6000) n;
      INSERT INTO audit_classes (class_id, entry_id)
        SELECT c->>'classId', id FROM audit, jsonb_array_elements(changes) c;
      -- Undos: of a third of run r9's entries, and of every other of those, and of others.
      INSERT INTO audit (credential, operation, student_id, email, changes, undoes)
        SELECT 'c1', 'undo', 1, 's1@escola.example', '[]', id FROM audit
        WHERE (run_id = 'r9' AND id % 3 = 0) OR id % 97 = 0 ORDER BY id;
      INSERT INTO audit (credential, operation, student_id, email, changes, undoes)
        SELECT 'c1', 'undo', 1, 's1@escola.example', '[]', id FROM audit
        WHERE operation = 'undo' AND id % 2 = 0 ORDER BY id;
      ANALYZE audit;
      ANALYZE audit_classes;`);
    // 60,000 entries written and folded since the last vacuum: the tail's pages stay, and make
    // the planner take it for a large table.
    await pool.query(`
      INSERT INTO audit_tail (credential, operation, run_id, student_id, email, changes)
        SELECT credential, operation, run_id, student_id, email, changes
        FROM audit, generate_series(1, 10);
      DELETE FROM audit_tail;`);
    for (let n = 0; n < 300; n++) await write(n);
    const middle = new Date(Date.now() - 3000 * 60_000).toISOString();
    const reads: AuditParams[] = [
      { pageSize: 50 },
      { pageSize: 50, cursor: '3000' },
      { pageSize: 50, email: 's7@escola.example' },
      { pageSize: 50, classId: 't3' },
      { pageSize: 50, credential: 'c2' },
      { pageSize: 50, runId: 'r9' },
      { pageSize: 50, after: middle },
      { pageSize: 50, before: middle },
    ];
    const planOf = async ({ text, values }: { text: string; values: unknown[] }) => {
      const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON, COSTS OFF, TIMING OFF, SUMMARY OFF) ${text}`,
        values,
      );
      return flatten(rows[0]!['QUERY PLAN'][0].Plan);
    };
    const trailScans = (nodes: PlanNode[]) =>
      nodes
        .filter((node) => /^audit(_classes)?$/.test(node['Relation Name'] ?? ''))
        .map(
          (node) => `${node['Node Type']} ${node['Scan Direction'] ?? ''} ${node['Index Name']}`,
        );
    for (const params of reads) {
      const nodes = await planOf(auditListStatement(params));
      // The folded part as the read was before the tail: the same walk of the same indexes.
      const values: unknown[] = [];
      const alone = await planOf({
        text: auditQuery(params, FOLDED, (value) => `$${values.push(value)}`),
        values,
      });
      const plan = describePlan(nodes);
      if (process.env.AUDIT_PLANS) console.log(JSON.stringify(params), plan);
      const folded = flatten(nodes.find((node) => node['Subplan Name'] === 'CTE folded')!);
      expect(trailScans(folded), plan).toEqual(trailScans(alone));
      expect(trailScans(folded).length).toBeGreaterThan(0);
      // The tail's part reads the folded trail only by its key (a run's undos' entries).
      const tailPart = nodes.filter((node) => !folded.includes(node));
      expect(
        trailScans(tailPart).filter((scan) => scan !== 'Index Scan Forward audit_pkey'),
        plan,
      ).toEqual([]);
      // A parallel worker's start alone cost ~15 ms a read.
      expect(nodes.map((node) => node['Node Type'])).not.toContain('Gather Merge');
      expect(nodes.map((node) => node['Node Type'])).not.toContain('Gather');
      for (const node of nodes.filter((each) => each['Node Type'] === 'Seq Scan')) {
        expect(node['Relation Name'], plan).toBe('audit_tail');
      }
      // A sort takes the tail's 300 or a filter's few matches, never the trail's 6,000.
      for (const sort of nodes.filter((node) => node['Node Type'] === 'Sort')) {
        const input = sort.Plans![0]!;
        expect(input['Actual Rows'] * input['Actual Loops'], plan).toBeLessThanOrEqual(300);
      }
    }
    // A run's read: its index for its entries, the undos' for theirs (decision 019).
    const runRead = await planOf(auditListStatement({ pageSize: 50, runId: 'r9' }));
    expect(runRead.map((node) => node['Index Name'])).toEqual(
      expect.arrayContaining(['audit_by_run', 'audit_by_undo']),
    );
    const latest = await planOf(auditListStatement({ pageSize: 50 }));
    expect(latest.filter((node) => node['Relation Name'] === 'audit')).toMatchObject([
      { 'Node Type': 'Index Scan', 'Scan Direction': 'Backward', 'Index Name': 'audit_pkey' },
    ]);
    const walk = latest.find((node) => node['Relation Name'] === 'audit')!;
    expect(walk['Actual Rows']).toBeLessThanOrEqual(51);

    // What the page's undos set back: the undos' index, probed per entry and per undo found.
    for (const params of [
      { pageSize: 100, runId: 'r9' },
      { pageSize: 100, cursor: '3000' },
    ]) {
      const ids = (await listAudit(query, params)).data.map((entry) => entry.id);
      const nodes = await planOf({ text: UNDONE, values: [ids] });
      const plan = describePlan(nodes);
      if (process.env.AUDIT_PLANS) console.log('undone', JSON.stringify(params), plan);
      const indexes = nodes.flatMap((node) => node['Index Name'] ?? []);
      expect(new Set(indexes), plan).toEqual(new Set(['audit_by_undo']));
      for (const node of nodes.filter((each) => each['Relation Name'] === 'audit')) {
        expect(node['Node Type'], plan).not.toBe('Seq Scan');
        // The undos found, not the trail's 6,000 entries or its ~100 undos.
        expect(node['Actual Rows'] * node['Actual Loops'], plan).toBeLessThanOrEqual(60);
      }
    }
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  'Subplan Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

const describePlan = (nodes: PlanNode[]) =>
  nodes
    .map(
      (node) =>
        `${node['Node Type']} ${node['Scan Direction'] ?? ''} ${node['Index Name'] ?? ''} ` +
        `${node['Relation Name'] ?? ''} rows=${node['Actual Rows']}x${node['Actual Loops']}` +
        (node['Rows Removed by Filter'] ? ` removed=${node['Rows Removed by Filter']}` : ''),
    )
    .join('\n');

describe('a tail left when every process stopped', () => {
  it('is read at once when a store opens, folded, and undone', async () => {
    const turma = { id: 'mat', name: 'Matemática', createdAt: '2026-01-01T00:00:00.000Z' };
    const student = { name: 'Ana', email: 'ana@escola.example' };
    await writeFixtures(database, {
      turmas: [{ ...turma, updatedAt: turma.createdAt }],
      enrolments: [{ turma: { ...turma, updatedAt: turma.createdAt }, student }],
    });
    // Committed and never folded, as a process that stopped right after its write leaves it.
    await inTransaction(async (client) => {
      const { rows } = await client.query<{ id: string }>(
        'SELECT id::text FROM students WHERE email = $1',
        [student.email],
      );
      const { rows: after } = await statesOf(client, rows[0]!.id, [turma.id]);
      expect(after).toHaveLength(1);
      await recordAudit(
        client,
        { credential: 'secretaria', runId: 'r9' },
        'enrol',
        { id: rows[0]!.id, email: student.email },
        changesOf([turma.id], [], after),
      );
    });
    const before = await listAudit(query, { classId: turma.id, pageSize: 10 });
    expect(before.data).toHaveLength(1);
    expect(await count('audit_tail')).toBe(1);

    const { store } = await openPostgresStore(database.postgres!, silent);
    try {
      expect(await store.listAudit({ classId: turma.id, pageSize: 10 })).toEqual(before);
      await expect.poll(() => count('audit_tail')).toBe(0);
      expect(await count('audit')).toBe(1);
      expect(await store.listAudit({ classId: turma.id, pageSize: 10 })).toEqual(before);
      const undone = await store.undo({ runId: 'r9' }, { credential: 'secretaria' });
      expect(undone.entries[0]!.classes).toEqual([
        { classId: turma.id, outcome: 'restored', reason: null },
      ]);
      expect(await count('enrolments')).toBe(0);
      const trail = await store.listAudit({ pageSize: 10 });
      expect(trail.data.map((entry) => [entry.operation, entry.undoes])).toEqual([
        ['undo', before.data[0]!.id],
        ['enrol', null],
      ]);
    } finally {
      await store.close();
    }
  });
});
