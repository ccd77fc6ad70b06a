/**
 * `npm run seed` on SQLite replaces the audit trail with the rest, as on PostgreSQL
 * (postgres-store.ts truncates it): the new students take the old ones' ids from 1, so an entry
 * kept would name another student.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createLogger } from './log.ts';
import { demoSize, seed } from './seed.ts';
import { openStore } from './store/open-store.ts';
import { openDatabase } from './store/sqlite-schema.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'turmas-seed-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const AUDIT_TABLES = ['audit', 'audit_classes', 'audit_tail'];

it('empties the audit trail, folded and not, with the data it describes', async () => {
  const opened = await openStore(
    { dataDir },
    createLogger(() => undefined),
    demoSize(3),
  );
  const [turma] = (await opened.store.listClasses({ page: 1, pageSize: 1 })).data;
  await opened.store.enrol({
    name: 'Ana Prado',
    email: 'ana@escola.example',
    classIds: [turma!.id],
  });
  await opened.store.close();

  const { db } = openDatabase(dataDir);
  try {
    // An entry folded already, beside the one in the tail (the fold runs in the background).
    db.exec(`INSERT INTO audit SELECT id + 1000, at, credential, operation, run_id, undoes,
      student_id, email, changes FROM audit_tail`);
    db.prepare('INSERT INTO audit_classes (class_id, entry_id) VALUES (?, 1001)').run(turma!.id);
    const count = (table: string) =>
      (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(AUDIT_TABLES.map(count)).toEqual([1, 1, 1]);

    seed(db, demoSize(3));

    expect(AUDIT_TABLES.map(count)).toEqual([0, 0, 0]);
    expect(count('classes')).toBe(3);
  } finally {
    db.close();
  }
});
