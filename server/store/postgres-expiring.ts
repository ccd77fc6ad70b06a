/**
 * The expiring extension on PostgreSQL (expiring.ts): the index in memory (expiring-index.ts),
 * loaded in one statement and caught up before each read, as new as a catch-up that started after
 * the request arrived (read-model.ts). A catch-up is one statement: the turmas whose changes the
 * index's snapshot could not see (`class_changes`, as the turma list reads it,
 * postgres-class-list.ts) and their enrolments with an expiry. A seed or a rename by hand moves
 * `store_meta.generation`, and a version older than RELOAD_AFTER_MS (`class_changes` is pruned)
 * loads it again.
 */
import type pg from 'pg';
import type { ExpiringResponse } from '#contract/extensions';
import type { ExpiringWindow } from './expiring.ts';
import { EXPIRING, type ExpiringChanges, type ExpiringSourceRow } from './expiring-index.ts';
import { long, type Query } from './postgres-load.ts';
import { iso } from './postgres-schema.ts';
import { Followed, type ChangeFeed } from './read-model.ts';

/** As the turma list's (postgres-class-list.ts): well inside the pruning of `class_changes`. */
const RELOAD_AFTER_MS = 5 * 60_000;
/** As inLoadSnapshot's (postgres-load.ts): seconds at 500,000 enrolments on a busy machine. */
const LOAD_TIMEOUT_MS = 120_000;

const HEAD_COLUMNS = `pg_current_snapshot()::text AS snapshot, generation::text AS generation,
  (extract(epoch FROM now()) * 1000)::float8 AS at`;
/** A row's columns, in ExpiringSourceRow's order (rowMode array: no object per row in pg). */
const ROW_COLUMNS = `e.class_id, c.name, c.search_name, e.student_id::float8, s.name, s.email,
  s.search_name, ${iso('e.expiration_date')}`;
const JOINED = `enrolments e JOIN students s ON s.id = e.student_id
  JOIN classes c ON c.id = e.class_id`;

/**
 * Everything in one statement, one snapshot: the head (its snapshot, generation and clock) as
 * one row whose first column is null, among the rows in any order.
 */
const LOAD = `SET LOCAL statement_timeout = ${String(LOAD_TIMEOUT_MS)};
SELECT NULL AS class_id, NULL, NULL, NULL::float8, NULL, NULL, NULL, NULL, ${HEAD_COLUMNS}
FROM store_meta
UNION ALL
SELECT ${ROW_COLUMNS}, NULL, NULL, NULL FROM ${JOINED} WHERE e.expiration_date IS NOT NULL`;

/** The turmas changed since snapshot $1, and their enrolments with an expiry now. */
const SINCE = `
WITH changed AS (
  SELECT c.id FROM classes c WHERE c.key IN (
    SELECT class_key FROM class_changes
    WHERE xid >= pg_snapshot_xmin($1::pg_snapshot)
      AND NOT pg_visible_in_snapshot(xid, $1::pg_snapshot)))
SELECT ${HEAD_COLUMNS},
  (SELECT coalesce(json_agg(id), '[]'::json) FROM changed) AS "classIds",
  (SELECT coalesce(json_agg(json_build_array(${ROW_COLUMNS})), '[]'::json)
    FROM changed x JOIN ${JOINED.replace('enrolments e', 'enrolments e ON e.class_id = x.id')}
    WHERE e.expiration_date IS NOT NULL) AS rows
FROM store_meta`;

interface Version {
  snapshot: string;
  generation: string;
  at: number;
}

type RowArray = [string, string, string, number, string, string, string, string];

const sourceRow = (row: RowArray): ExpiringSourceRow => ({
  classId: row[0],
  className: row[1],
  classSearchName: row[2],
  studentId: row[3],
  studentName: row[4],
  email: row[5],
  studentSearchName: row[6],
  expirationDate: row[7],
});

function* sourceRows(rows: readonly unknown[][]): Generator<ExpiringSourceRow> {
  for (const row of rows) if (row[0] !== null) yield sourceRow(row as RowArray);
}

export function createPostgresExpiringReads(query: Query) {
  const feed: ChangeFeed<Version, Iterable<ExpiringSourceRow>, ExpiringChanges> = {
    async load() {
      const config: pg.QueryArrayConfig = { ...long(LOAD), rowMode: 'array' };
      // Two statements answer two results; the SET's is the first.
      const results = (await query(config as pg.QueryConfig)) as unknown as pg.QueryResult<
        unknown[]
      >[];
      const rows = results[1]!.rows;
      const head = rows.find((row) => row[0] === null)!;
      const version = {
        snapshot: head[8] as string,
        generation: head[9] as string,
        at: head[10] as number,
      };
      return { version, value: sourceRows(rows) };
    },
    async since(from) {
      const { rows } = await query<Version & { classIds: string[]; rows: RowArray[] }>({
        name: 'expiring-since',
        text: SINCE,
        values: [from.snapshot],
      });
      const { snapshot, generation, at, classIds, rows: changed } = rows[0]!;
      if (generation !== from.generation || at - from.at > RELOAD_AFTER_MS) return undefined;
      return {
        version: { snapshot, generation, at },
        value: { classIds, rows: changed.map(sourceRow) },
      };
    },
  };
  const index = new Followed(EXPIRING);

  return async (window: ExpiringWindow): Promise<ExpiringResponse> =>
    (await index.current(feed)).page(window);
}
