/**
 * What the API benchmarks share: the data they seed (bench:api, bench:flood) and autocannon's
 * programmatic API, typed (the package ships no types).
 */
import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';

/**
 * At least 200,000 students and 500,000 enrolments (the roster extension's target at 100,000
 * turmas); a million turmas keep that population, as the figures before the extension had it.
 */
export function benchDataSize(classes: number) {
  return {
    classes,
    students: Math.max(200_000, Math.ceil(classes / 5)),
    enrolments: Math.max(500_000, Math.ceil(classes / 2)),
  };
}
export type BenchDataSize = ReturnType<typeof benchDataSize>;

/** Students put in one turma besides the seed, for the roster scenarios: a big turma. */
export const BIG_TURMA_STUDENTS = 2_000;
const bigTurmaEvery = (size: BenchDataSize) =>
  Math.max(1, Math.floor(size.students / BIG_TURMA_STUDENTS));

/** Demo data of `size` in DATA_DIR's SQLite file, and the big turma. */
export async function seedSqliteBenchData(dataDir: string, size: BenchDataSize) {
  const [{ openDatabase }, { seed }] = await Promise.all([
    import('../server/store/sqlite-schema.ts'),
    import('../server/seed.ts'),
  ]);
  const { db } = openDatabase(dataDir);
  seed(db, size);
  // The big turma: every n-th student, a third without expiry.
  db.prepare(
    `INSERT OR IGNORE INTO enrolments (class_id, student_id, expiration_date)
     SELECT (SELECT id FROM classes ORDER BY rowid LIMIT 1), id, CASE WHEN id % 3 = 0 THEN NULL
       ELSE '2027-' || printf('%02d', 1 + id % 12) || '-01T00:00:00.000Z' END
     FROM students WHERE id % ? = 0`,
  ).run(bigTurmaEvery(size));
  db.close();
}

/** The same in the PostgreSQL database at `url`. */
export async function seedPostgresBenchData(url: string, size: BenchDataSize) {
  const [{ seedPostgresDatabase }, { default: pg }] = await Promise.all([
    import('../server/store/postgres-store.ts'),
    import('pg'),
  ]);
  await seedPostgresDatabase(url, size);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO enrolments (class_id, student_id, expiration_date)
       SELECT (SELECT id FROM classes ORDER BY key LIMIT 1), id, CASE WHEN id % 3 = 0 THEN NULL
         ELSE make_timestamptz(2027, (1 + id % 12)::int, 1, 0, 0, 0, 'UTC') END
       FROM students WHERE id % $1 = 0 ON CONFLICT DO NOTHING`,
      [bigTurmaEvery(size)],
    );
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

/** The part of autocannon's programmatic API the benchmarks use. */
export interface LoadRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: LoadRequest) => LoadRequest;
}
export interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: LoadRequest[];
}
export interface LoadResult {
  non2xx: number;
  errors: number;
  timeouts: number;
  start: Date;
  finish: Date;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (
  options: LoadOptions,
  done: (error: Error | null, result: LoadResult) => void,
) => EventEmitter;
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
