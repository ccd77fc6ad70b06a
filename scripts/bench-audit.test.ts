import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/store/sqlite-schema.ts';
import { seedSqliteAudit } from './bench-audit.ts';
import { seedSqliteBenchData } from './bench-data.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('seedSqliteAudit', () => {
  it('tops up a trail a server has written to: its tail first, the entries added after it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'bench-audit-'));
    await seedSqliteBenchData(dir, { classes: 200, students: 300, enrolments: 600 });
    expect(await seedSqliteAudit(dir, 100)).toBe(100);

    // A write of a server's, as sqlite-audit.ts records it: in the tail, numbered after the rest.
    const { db } = openDatabase(dir);
    db.prepare(
      `INSERT INTO audit_tail (id, credential, operation, run_id, undoes, student_id, email, changes)
       SELECT (SELECT max(id) FROM audit) + 1, credential, operation, run_id, undoes, student_id,
         email, changes
       FROM audit ORDER BY id DESC LIMIT 1`,
    ).run();
    db.close();

    expect(await seedSqliteAudit(dir, 200)).toBe(99);
    const reopened = openDatabase(dir).db;
    const ids = reopened.prepare('SELECT id FROM audit ORDER BY id').pluck().all();
    const tail = reopened.prepare('SELECT count(*) FROM audit_tail').pluck().get();
    reopened.close();
    expect(tail).toBe(0);
    expect(ids).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
  });
});
