/**
 * SQLite's audit tail (decision 019): a write commits its entry to `audit_tail` alone, folds move
 * it into the indexed trail, and every read, undo lookup and prune sees the same entries whether
 * they are in the tail, folded, or split between the two; a tail left by a stop is folded when the
 * store opens again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditParams } from '#contract/extensions';
import { createLogger } from '../log.ts';
import { EMAILS, expected, filters, nthWrite } from '../testing/audit-trail-oracle.ts';
import { openStore } from './open-store.ts';
import { auditQuery, type EnrolmentRow } from './audit.ts';
import { createSqliteAudit, ENROLMENT_STATE, FOLDED, UNDONE } from './sqlite-audit.ts';
import { openDatabase, type Db } from './sqlite-schema.ts';

let dataDir: string;
let db: Db;
let audit: ReturnType<typeof createSqliteAudit>;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'audit-tail-'));
  db = openDatabase(dataDir).db;
  audit = createSqliteAudit(db);
});

afterEach(() => {
  if (db.open) db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The n-th write of the oracle's sequence, committed. */
function write(n: number) {
  const { author, operation, student, classIds, before, after } = nthWrite(n);
  db.transaction(() =>
    audit.recordWrite(author, operation, student, classIds, before, after),
  ).immediate();
}

const fold = (batch: number) => db.transaction(() => audit.fold(batch)).immediate();
const count = (table: string) =>
  (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

/** Every page of a read, `pageSize` at a time, followed by its cursors. */
function readAll(params: Omit<AuditParams, 'pageSize'>, pageSize: number): string[] {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = audit.list({ ...params, pageSize, ...(cursor && { cursor }) });
    expect(page.data.length).toBeLessThanOrEqual(pageSize);
    ids.push(...page.data.map((entry) => entry.id));
    cursor = page.next ?? undefined;
  } while (cursor);
  return ids;
}

describe('the trail split between its tail and the folded part', () => {
  it('reads, pages and finds runs exactly as when all is in one part', () => {
    for (let n = 0; n < 10; n++) write(n);
    expect(count('audit_tail')).toBe(10);
    expect(count('audit')).toBe(0);
    expect(fold(6)).toBe(6);
    for (let n = 10; n < 18; n++) write(n);
    expect([count('audit'), count('audit_tail')]).toEqual([6, 12]);

    const all = audit.list({ pageSize: 100 }).data;
    expect(all.map((entry) => entry.student.email)).toEqual(
      Array.from({ length: 18 }, (_, n) => EMAILS[(17 - n) % 3]),
    );
    const ids = all.map((entry) => Number(entry.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(18);

    const split = filters(all).map((params) => [1, 2, 5].map((size) => readAll(params, size)));
    filters(all).forEach((params, i) => {
      const want = expected(all, params);
      expect(split[i]).toEqual([want, want, want]);
    });
    expect(split.flat(2).length).toBeGreaterThan(100);

    const run = (runId: string) => audit.entries({ runId }).map((entry) => entry.id);
    const inRun1 = expected(all, { runId: 'r1' });
    expect(run('r1')).toEqual(inRun1);
    const [tailEntry, foldedEntry] = [all[0]!.id, all.at(-1)!.id];
    expect(audit.entries({ entryId: tailEntry })[0]!.changes).toEqual(all[0]!.changes);
    expect(audit.entries({ entryId: foldedEntry })[0]!.changes).toEqual(all.at(-1)!.changes);

    expect(fold(100)).toBe(12);
    expect(count('audit_tail')).toBe(0);
    expect(count('audit_classes')).toBe(all.flatMap((entry) => entry.changes).length);
    expect(audit.list({ pageSize: 100 }).data).toEqual(all);
    expect(filters(all).map((params) => [1, 2, 5].map((size) => readAll(params, size)))).toEqual(
      split,
    );
    expect(run('r1')).toEqual(inRun1);
  });

  it('gives a new entry an id above every folded one, even with the tail empty', () => {
    for (let n = 0; n < 3; n++) write(n);
    fold(100);
    write(3);
    const [newest, ...older] = audit.list({ pageSize: 10 }).data.map((entry) => Number(entry.id));
    expect(older).toHaveLength(3);
    expect(newest).toBeGreaterThan(Math.max(...older));
  });

  it('prunes folded entries with their turma rows, then the tail, in batches', () => {
    for (let n = 0; n < 7; n++) write(n);
    fold(4);
    const future = new Date(Date.now() + 60_000).toISOString();
    const prune = () => db.transaction(() => audit.prune(future, 3)).immediate();
    expect(audit.prune('2000-01-01T00:00:00.000Z', 3)).toBe(0);
    expect([prune(), prune(), prune(), prune()]).toEqual([3, 3, 1, 0]);
    expect([count('audit'), count('audit_classes'), count('audit_tail')]).toEqual([0, 0, 0]);
  });
});

describe("a run's read with the undos of its entries", () => {
  it('answers them at every split between the tail and the folded part, in pages', () => {
    db.exec(`INSERT INTO classes (id, name, search_name, created_at, updated_at) VALUES
      ('t1', 'T1', 't1', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'),
      ('t2', 'T2', 't2', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`);
    const addStudent = db.prepare<[string], { id: number; email: string }>(
      `INSERT INTO students (email, name) VALUES (?, 'Aluno') RETURNING id, email`,
    );
    const [ana, bia, caio] = EMAILS.map((email) => addStudent.get(email)!);
    const addEnrolment = db.prepare<[string, number], EnrolmentRow>(
      `INSERT INTO enrolments (class_id, student_id) VALUES (?, ?) RETURNING ${ENROLMENT_STATE}`,
    );
    const newest = () => audit.list({ pageSize: 1 }).data[0]!.id;
    const enrol = (student: { id: number; email: string }, classIds: string[], runId?: string) => {
      db.transaction(() => {
        const after = classIds.map((classId) => addEnrolment.get(classId, student.id)!);
        audit.recordWrite(
          { credential: 'secretaria', runId },
          'enrol',
          student,
          classIds,
          [],
          after,
        );
      }).immediate();
      return newest();
    };
    const undo = (entryId: string, runId?: string) =>
      db
        .transaction(() => audit.undo(audit.entries({ entryId }), { credential: 'coord', runId }))
        .immediate().entries[0]!.undoEntryId!;

    const e1 = enrol(ana!, ['t1'], 'lote');
    const other = enrol(bia!, ['t2']);
    const e2 = enrol(bia!, ['t1'], 'lote');
    const e3 = enrol(caio!, ['t1', 't2'], 'lote');
    const u1 = undo(e1);
    enrol(ana!, ['t2'], 'outro');
    undo(other); // an undo of an entry outside the run: not in its read
    const u2 = undo(u1); // an undo of an undo of the run's entry
    const u3 = undo(e3, 'lote'); // whole, and in the run itself: answered once
    const all = audit.list({ pageSize: 100 }).data;
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
      expect(count('audit')).toBe(folded);
      for (const [params, ids] of reads) {
        expect(
          expected(all, params).filter((id) => !params.cursor || +id < +params.cursor),
        ).toEqual(ids);
        for (const size of [1, 2, 4, 6]) expect(readAll(params, size), `${folded}`).toEqual(ids);
      }
      // What the undos set back, read without them: e1's t1 was put back by u2.
      const undoneIn = (credential: string) =>
        audit.list({ credential, pageSize: 100 }).data.map((entry) => entry.undoneIn);
      expect(undoneIn('secretaria'), `${folded}`).toEqual([[], ['t1', 't2'], [], ['t2'], []]);
      expect(undoneIn('coord'), `${folded}`).toEqual([[], [], [], ['t1']]);
      fold(1);
    }
  });

  it("reads the run's index and the undos' index, never the whole trail", () => {
    const plan = (sql: string, values: unknown[]) =>
      db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...values)
        .map((row) => (row as { detail: string }).detail);
    for (const params of [
      { runId: 'lote', pageSize: 20 },
      { runId: 'lote', pageSize: 20, cursor: '500' },
      { runId: 'lote', pageSize: 20, email: EMAILS[0]! },
    ]) {
      const values: unknown[] = [];
      const folded = plan(
        auditQuery(params, FOLDED, (value) => {
          values.push(value);
          return '?';
        }),
        values,
      );
      const text = folded.join('\n');
      expect(text).toContain('audit_by_run');
      expect(text).toContain('audit_by_undo');
      expect(
        folded.filter((step) => /^SCAN (a|audit)\b/.test(step)),
        text,
      ).toEqual([]);
    }
  });
});

describe('what undos set back, whatever the filter', () => {
  it("walks the undos' index down from the page's entries, never the whole trail", () => {
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${UNDONE}`)
      .all('[1, 2, 3]')
      .map((row) => (row as { detail: string }).detail);
    const text = plan.join('\n');
    expect(
      plan.filter((step) => /^SEARCH (a|audit)\b/.test(step)),
      text,
    ).toEqual([
      'SEARCH audit USING INDEX audit_by_undo (undoes=?)',
      'SEARCH a USING INDEX audit_by_undo (undoes=?)',
    ]);
    expect(
      plan.filter((step) => /^SCAN (a|audit)\b/.test(step)),
      text,
    ).toEqual([]);
  });
});

describe('a tail left when the store stopped', () => {
  it('is read at once when the store opens again, folded, and undone', async () => {
    const turma = 'mat';
    db.exec(`INSERT INTO classes (id, name, search_name, created_at, updated_at)
      VALUES ('${turma}', 'Matemática', 'matematica', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`);
    const student = db
      .prepare(`INSERT INTO students (email, name) VALUES (?, ?) RETURNING id, email`)
      .get('ana@escola.example', 'Ana') as { id: number; email: string };
    // Committed and never folded, as a process that stopped right after its writes leaves it.
    db.transaction(() => {
      const row = db
        .prepare(
          `INSERT INTO enrolments (class_id, student_id) VALUES (?, ?) ON CONFLICT DO NOTHING
           RETURNING ${ENROLMENT_STATE}`,
        )
        .get(turma, student.id) as EnrolmentRow | undefined;
      expect(row).toBeDefined();
      audit.recordWrite(
        { credential: 'secretaria', runId: 'r9' },
        'enrol',
        student,
        [turma],
        [],
        [row!],
      );
    }).immediate();
    const before = audit.list({ classId: turma, pageSize: 10 });
    expect(before.data).toHaveLength(1);
    expect(count('audit_tail')).toBe(1);

    const { store } = await openStore(
      { dataDir },
      createLogger(() => undefined),
    );
    try {
      expect(await store.listAudit({ classId: turma, pageSize: 10 })).toEqual(before);
      await expect.poll(() => count('audit_tail')).toBe(0);
      expect(await store.listAudit({ classId: turma, pageSize: 10 })).toEqual(before);
      const undone = await store.undo({ runId: 'r9' }, { credential: 'secretaria' });
      expect(undone.entries[0]!.classes).toEqual([
        { classId: turma, outcome: 'restored', reason: null },
      ]);
      expect(count('audit_tail')).toBe(1);
    } finally {
      await store.close();
    }
  });
});
