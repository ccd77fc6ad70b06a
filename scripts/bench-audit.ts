/**
 * The audit trail for bench:api (issue 38, decision 019): entries as a school's year of writes
 * leaves them, written straight into the database, and 1,000 reads of the trail drawn from them.
 *
 * Entries name real students and turmas of the seeded data: eight credentials, most enrolments,
 * some removals and a few undos, four in ten in runs of 20–200 (bulk runs), spread over the 400
 * days that retention keeps, oldest first as ids grow. A kept data directory is topped up to
 * `count` entries, never rewritten.
 */
import type { AuditChange, AuditResponse } from '#contract/extensions';
import { randomNumbers } from '../server/seed.ts';

const CREDENTIALS = [
  'secretaria-sede',
  'secretaria-norte',
  'coord-fund1',
  'coord-fund2',
  'coord-medio',
  'diretoria',
  'console-local',
  'token-1',
];
const DAY_MS = 86_400_000;
const SPAN_DAYS = 399;
const BATCH = 5_000;

interface Row {
  at: string;
  credential: string;
  operation: 'enrol' | 'remove' | 'undo';
  runId: string | null;
  undoes: number | null;
  studentId: number;
  email: string;
  changes: AuditChange[];
}

/** `count` entries after `first - 1` existing ones, in batches, each batch its rows in id order. */
function* entries(
  first: number,
  count: number,
  students: { id: number; email: string }[],
  turmaIds: string[],
): Generator<Row[]> {
  const next = randomNumbers(first);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const start = Date.now() - SPAN_DAYS * DAY_MS;
  const step = (SPAN_DAYS * DAY_MS) / count;
  let run: { id: string; credential: string; left: number } | undefined;
  let runs = 0;
  let batch: Row[] = [];
  for (let n = 0; n < count; n++) {
    // A run starts after ~165 lone writes and lasts ~110: four entries in ten are in runs.
    if (!run && next() < 1 / 165) {
      run = { id: `bench-run-${first}-${runs++}`, credential: pick(CREDENTIALS), left: 20 };
      run.left += Math.floor(next() * 181);
    }
    const draw = next();
    const operation = draw < 0.7 ? 'enrol' : draw < 0.95 ? 'remove' : 'undo';
    const student = pick(students);
    const turmas = 1 + Math.floor(next() * 3);
    const at = new Date(start + n * step).toISOString();
    const expiry = next() < 0.3 ? null : new Date(start + (n + 200) * step).toISOString();
    const enrolled = { enrolled: true, expirationDate: expiry, enrolledAt: at };
    const absent = { enrolled: false, expirationDate: null, enrolledAt: null };
    const changes = Array.from({ length: turmas }, () => ({
      classId: pick(turmaIds),
      before: operation === 'enrol' ? absent : enrolled,
      after: operation === 'enrol' ? enrolled : absent,
    }));
    batch.push({
      at,
      credential: run?.credential ?? pick(CREDENTIALS),
      operation,
      runId: run?.id ?? null,
      undoes:
        operation === 'undo' && first + n > 1 ? 1 + Math.floor(next() * (first + n - 1)) : null,
      studentId: student.id,
      email: student.email,
      changes: [...new Map(changes.map((change) => [change.classId, change])).values()],
    });
    if (run && --run.left === 0) run = undefined;
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Tops up DATA_DIR's SQLite audit trail to `count` entries; answers how many it wrote. */
export async function seedSqliteAudit(dataDir: string, count: number): Promise<number> {
  const { openDatabase } = await import('../server/store/sqlite-schema.ts');
  const { createSqliteAudit } = await import('../server/store/sqlite-audit.ts');
  const { db } = openDatabase(dataDir);
  try {
    // A server that ran on this directory left its newest entries in the tail, numbered after
    // the folded ones: fold them first, so the entries added here take ids after theirs.
    const { fold } = createSqliteAudit(db);
    db.transaction(() => fold(Number.MAX_SAFE_INTEGER))();
    const have = (db.prepare('SELECT count(*) AS n FROM audit').get() as { n: number }).n;
    if (have >= count) return 0;
    const students = db.prepare('SELECT id, email FROM students').all() as {
      id: number;
      email: string;
    }[];
    const turmaIds = db.prepare('SELECT id FROM classes').pluck().all() as string[];
    const insert = db.prepare(
      `INSERT INTO audit (at, credential, operation, run_id, undoes, student_id, email, changes)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    );
    const insertClass = db.prepare('INSERT INTO audit_classes (class_id, entry_id) VALUES (?, ?)');
    const write = db.transaction((rows: Row[]) => {
      for (const row of rows) {
        const { id } = insert.get(
          row.at,
          row.credential,
          row.operation,
          row.runId,
          row.undoes,
          row.studentId,
          row.email,
          JSON.stringify(row.changes),
        ) as { id: number };
        for (const change of row.changes) insertClass.run(change.classId, id);
      }
    });
    for (const rows of entries(have + 1, count - have, students, turmaIds)) write(rows);
    db.exec('ANALYZE');
    return count - have;
  } finally {
    db.close();
  }
}

/** The same on PostgreSQL (its schema migrated already, by a server that started on it). */
export async function seedPostgresAudit(url: string, count: number): Promise<number> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const have = (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM audit'))
      .rows[0]!.n;
    if (have >= count) return 0;
    const students = (
      await client.query<{ id: string; email: string }>('SELECT id, email FROM students')
    ).rows.map((row) => ({ id: Number(row.id), email: row.email }));
    const turmaIds = (await client.query<{ id: string }>('SELECT id FROM classes')).rows.map(
      (row) => row.id,
    );
    for (const rows of entries(have + 1, count - have, students, turmaIds)) {
      await client.query('BEGIN');
      const { rows: ids } = await client.query<{ id: string }>(
        `INSERT INTO audit (at, credential, operation, run_id, undoes, student_id, email, changes)
         SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::bigint[],
           $6::bigint[], $7::text[], $8::jsonb[])
         RETURNING id`,
        [
          rows.map((row) => row.at),
          rows.map((row) => row.credential),
          rows.map((row) => row.operation),
          rows.map((row) => row.runId),
          rows.map((row) => row.undoes),
          rows.map((row) => row.studentId),
          rows.map((row) => row.email),
          rows.map((row) => JSON.stringify(row.changes)),
        ],
      );
      const classIds: string[] = [];
      const entryIds: string[] = [];
      rows.forEach((row, index) => {
        for (const change of row.changes) {
          classIds.push(change.classId);
          entryIds.push(ids[index]!.id);
        }
      });
      await client.query(
        `INSERT INTO audit_classes (class_id, entry_id)
         SELECT * FROM unnest($1::text[], $2::bigint[])`,
        [classIds, entryIds],
      );
      await client.query('COMMIT');
    }
    await client.query('VACUUM ANALYZE audit');
    await client.query('VACUUM ANALYZE audit_classes');
    return count - have;
  } finally {
    await client.end();
  }
}

/**
 * 1,000 reads of the trail as staff and operators make them: the latest writes, a page further
 * back, and by student, turma, credential, run and time range, alone and combined, the first
 * page or the next; their values read from the trail itself through `getJson` (a path under /v1).
 */
export async function auditPaths(
  getJson: (path: string) => Promise<Record<string, unknown>>,
  count = 1_000,
  seed = 3838,
): Promise<string[]> {
  const get = async (path: string) => (await getJson(path)) as unknown as AuditResponse;
  const next = randomNumbers(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const latest = await get('/audit?pageSize=1');
  const newest = Number(latest.data[0]?.id ?? 0);
  if (newest === 0) throw new Error('The audit trail is empty: nothing to read.');
  // A sample of entries from all over the trail, for real e-mails, turmas, runs and times.
  const sample: AuditResponse['data'] = [];
  for (let tries = 0; sample.length < 2_000 && tries < 40; tries++) {
    const cursor = 1 + Math.floor(next() * newest);
    sample.push(...(await get(`/audit?pageSize=100&cursor=${cursor}`)).data);
  }
  const runs = sample.flatMap((entry) => (entry.runId ? [entry.runId] : []));
  const filters: [number, () => Record<string, string>][] = [
    [0.15, () => ({})],
    [0.2, () => ({ email: pick(sample).student.email })],
    [0.2, () => ({ classId: pick(pick(sample).changes).classId })],
    [0.1, () => ({ credential: pick(sample).credential })],
    [0.1, () => ({ runId: pick(runs) })],
    [0.1, () => window(pick(sample).at)],
    [0.08, () => ({ credential: pick(sample).credential, ...window(pick(sample).at) })],
    [0.07, () => ({ classId: pick(pick(sample).changes).classId, ...window(pick(sample).at) })],
  ];
  function window(at: string) {
    const days = pick([1, 7, 30, 90]);
    const end = new Date(Date.parse(at) + DAY_MS).toISOString();
    return { after: new Date(Date.parse(end) - days * DAY_MS).toISOString(), before: end };
  }
  const paths: string[] = [];
  while (paths.length < count) {
    let draw = next();
    const [, filter] = filters.find(([share]) => (draw -= share) < 0) ?? filters[0]!;
    const params = new URLSearchParams({
      ...filter(),
      pageSize: String(next() < 0.8 ? 20 : 100),
    });
    const draw2 = next();
    if (draw2 < 0.25) {
      // The next page, as "more" asks for it.
      const page = await get(`/audit?${params}`);
      if (page.next) params.set('cursor', page.next);
    } else if (draw2 < 0.35 && params.size === 1) {
      params.set('cursor', String(1 + Math.floor(next() * newest)));
    }
    paths.push(`/v1/audit?${params}`);
  }
  return paths;
}
