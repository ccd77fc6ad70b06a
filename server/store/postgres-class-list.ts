/**
 * GET /v1/classe on PostgreSQL, with several API processes on one database. Each process keeps
 * the index in memory (class-search.ts) that SQLite's store keeps, and catches up with every
 * process's writes before it answers, in the same snapshot as the page's rows:
 * - each write's transaction leaves its turmas' keys in `class_changes`, stamped with its
 *   transaction id (a trigger, postgres-schema.ts);
 * - the index remembers the snapshot it last caught up to; a list reads the changes of the
 *   transactions that snapshot could not see and its own can, then reads those turmas again.
 *   Reading a turma again is idempotent, so requests that catch up concurrently, in any order,
 *   leave the index at least as new as each one's snapshot;
 * - a seed moves `store_meta.generation`, and the index is loaded again.
 * `class_changes` is pruned after PRUNE_AFTER; a process that has not caught up for longer than
 * RELOAD_AFTER (it was paused, or the database was down) loads again instead.
 * docs/decisions/014-postgresql-store.md.
 */
import type pg from 'pg';
import type { Class, ClassListParams, ClassListResponse } from '#contract';
import { ClassSearch, type IndexedClass } from './class-search.ts';
import { iso } from './postgres-schema.ts';

/** Every process catches up at least this often, busy or not, and prunes old changes. */
const REFRESH_EVERY_MS = 10_000;
const PRUNE_AFTER = '10 minutes';
/** Well inside PRUNE_AFTER, with room for the longest transaction (statement and idle timeouts). */
const RELOAD_AFTER_MS = 5 * 60_000;

interface Head {
  snapshot: string;
  generation: string;
  /** The database's clock, in ms since the epoch. */
  now: number;
  changed: Omit<IndexedClass, 'searchName'>[];
}

const HEAD = `
SELECT pg_current_snapshot()::text AS snapshot, generation::text AS generation,
  (extract(epoch FROM now()) * 1000)::float8 AS now,
  CASE WHEN $1::text IS NULL THEN '[]'::json ELSE (
    SELECT coalesce(json_agg(json_build_object('key', c.key, 'countStudents', c.count_students,
      'updatedAt', ${iso('c.updated_at')})), '[]'::json)
    FROM classes c WHERE c.key IN (
      SELECT class_key FROM class_changes
      WHERE xid >= pg_snapshot_xmin($1::pg_snapshot)
        AND NOT pg_visible_in_snapshot(xid, $1::pg_snapshot))
  ) END AS changed
FROM store_meta`;

const keysOrderedBy = (columns: string) =>
  `SELECT coalesce(string_agg(key::text, ',' ORDER BY ${columns}), '') AS keys FROM classes`;

/**
 * A page in one statement, so in one snapshot and one round trip: the changes since the index's
 * snapshot, and the rows of the page the index answered before them (`list` checks the page).
 */
const PAGE = `
SELECT pg_current_snapshot()::text AS snapshot, generation::text AS generation,
  (extract(epoch FROM now()) * 1000)::float8 AS now,
  (SELECT coalesce(json_agg(json_build_object('key', c.key, 'countStudents', c.count_students,
      'updatedAt', ${iso('c.updated_at')})), '[]'::json)
    FROM classes c WHERE c.key IN (
      SELECT class_key FROM class_changes
      WHERE xid >= pg_snapshot_xmin($1::pg_snapshot)
        AND NOT pg_visible_in_snapshot(xid, $1::pg_snapshot))
  ) AS changed,
  (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name,
      'createdAt', ${iso('c.created_at')}, 'updatedAt', ${iso('c.updated_at')},
      'countStudents', c.count_students) ORDER BY k.n), '[]')
    FROM unnest($2::int[]) WITH ORDINALITY AS k (key, n) JOIN classes c ON c.key = k.key
  )::text AS rows
FROM store_meta`;

/** Pages asked again because writes moved them while they were read, before a transaction. */
const PAGE_ATTEMPTS = 3;

const ROWS = `
SELECT key, id, name, ${iso('created_at')} AS "createdAt", ${iso('updated_at')} AS "updatedAt",
  count_students AS "countStudents"
FROM classes WHERE key = ANY($1::int[])`;

const READ_SNAPSHOT = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';

const parseKeys = (text: string): Int32Array =>
  text === '' ? new Int32Array(0) : Int32Array.from(text.split(','), Number);

interface PageRow {
  snapshot: string;
  generation: string;
  now: number;
  changed: Omit<IndexedClass, 'searchName'>[];
  /** The page's turmas in the order asked, as JSON. */
  rows: string;
}

export interface PostgresClassList {
  list(params: ClassListParams): Promise<ClassListResponse>;
  /** Stops the background catching up. */
  stop(): void;
}

/**
 * Loads the index (before the first request: seconds at a million turmas) and keeps it current.
 * `withClient` runs work on a pooled connection inside `begin` … COMMIT; `query` runs one
 * statement on its own.
 */
export async function createPostgresClassList(
  withClient: <T>(begin: string, work: (client: pg.PoolClient) => Promise<T>) => Promise<T>,
  query: <R extends pg.QueryResultRow>(config: pg.QueryConfig) => Promise<pg.QueryResult<R>>,
): Promise<PostgresClassList> {
  let index: ClassSearch | undefined;
  let snapshot: string | undefined;
  let generation = '';
  let caughtUpAt = 0;
  let loading: Promise<void> | undefined;

  async function load(client: pg.PoolClient, head: Head) {
    const everyClass = await client.query<IndexedClass>(
      `SELECT key, search_name AS "searchName", count_students AS "countStudents",
         ${iso('updated_at')} AS "updatedAt"
       FROM classes ORDER BY key`,
    );
    const orders: Int32Array[] = [];
    for (const columns of [
      'search_name, id',
      'created_at, id',
      'count_students, id',
      'updated_at, id',
      'id',
    ]) {
      const { rows } = await client.query<{ keys: string }>(keysOrderedBy(columns));
      orders.push(parseKeys(rows[0]!.keys));
    }
    const [byName, byCreatedAt, byCountStudents, byUpdatedAt, byId] = orders as [
      Int32Array,
      Int32Array,
      Int32Array,
      Int32Array,
      Int32Array,
    ];
    index = new ClassSearch({
      classes: everyClass.rows,
      keysByName: byName,
      keysByCreatedAt: byCreatedAt,
      keysByCountStudents: byCountStudents,
      keysByUpdatedAt: byUpdatedAt,
      keysById: byId,
    });
    snapshot = head.snapshot;
    generation = head.generation;
    caughtUpAt = head.now;
  }

  /** Brings the index up to this transaction's snapshot (at least), and returns it. */
  async function catchUp(client: pg.PoolClient): Promise<ClassSearch> {
    for (;;) {
      const before = index;
      const { rows } = await client.query<Head>({
        name: 'class-list-head',
        text: HEAD,
        values: [snapshot ?? null],
      });
      const head = rows[0]!;
      // Another request loaded the index while this one read: read again, relative to it.
      if (index !== before || loading) {
        await loading;
        continue;
      }
      if (!index || head.generation !== generation || head.now - caughtUpAt > RELOAD_AFTER_MS) {
        loading = load(client, head).finally(() => (loading = undefined));
        await loading;
        return index!;
      }
      index.update(head.changed);
      snapshot = head.snapshot;
      caughtUpAt = head.now;
      return index;
    }
  }

  await withClient(READ_SNAPSHOT, catchUp);

  let refreshing = false;
  const refresh = setInterval(() => {
    if (refreshing) return;
    refreshing = true;
    withClient('BEGIN', async (client) => {
      await client.query(
        `DELETE FROM class_changes WHERE changed_at < now() - interval '${PRUNE_AFTER}'`,
      );
    })
      .then(() => withClient(READ_SNAPSHOT, catchUp))
      // The requests say when the database is away; nothing to add here.
      .catch(() => undefined)
      .finally(() => (refreshing = false));
  }, REFRESH_EVERY_MS);
  refresh.unref();

  /**
   * The common case, one round trip: the page the index answers now, read with the changes since
   * its snapshot. When those changes move the page, it is asked again with the new keys.
   */
  async function pageInOneStatement(params: ClassListParams): Promise<ClassListResponse | null> {
    for (let attempt = 1; attempt <= PAGE_ATTEMPTS; attempt++) {
      await loading;
      const before = index!;
      const asked = before.page(params.query, params.sortBy, params.page, params.pageSize).keys;
      const { rows } = await query<PageRow>({
        name: 'class-list-page',
        text: PAGE,
        values: [snapshot, asked],
      });
      const head = rows[0]!;
      if (index !== before || loading) continue;
      if (head.generation !== generation || head.now - caughtUpAt > RELOAD_AFTER_MS) {
        await withClient(READ_SNAPSHOT, catchUp);
        continue;
      }
      before.update(head.changed);
      snapshot = head.snapshot;
      caughtUpAt = head.now;
      const { keys, totalRecords } = before.page(
        params.query,
        params.sortBy,
        params.page,
        params.pageSize,
      );
      const data = JSON.parse(head.rows) as Class[];
      if (data.length === keys.length && keys.every((key, at) => key === asked[at]))
        return { data, totalRecords };
    }
    return null;
  }

  /** Under a steady stream of writes: the catch-up, then the rows, in one snapshot. */
  const pageInSnapshot = (params: ClassListParams) =>
    withClient(READ_SNAPSHOT, async (client) => {
      const { keys, totalRecords } = (await catchUp(client)).page(
        params.query,
        params.sortBy,
        params.page,
        params.pageSize,
      );
      if (keys.length === 0) return { data: [], totalRecords };
      const { rows } = await client.query<Class & { key: number }>({
        name: 'class-list-rows',
        text: ROWS,
        values: [keys],
      });
      const byKey = new Map(rows.map((row) => [row.key, row]));
      const data = keys.map((key) => {
        const row = byKey.get(key);
        // Only a seed between this snapshot and a newer load can take a key away: ask again.
        if (!row) throw new StaleIndexError();
        const { key: _key, ...turma } = row;
        return turma;
      });
      return { data, totalRecords };
    });

  return {
    async list(params) {
      const answered = await pageInOneStatement(params);
      if (answered) return answered;
      try {
        return await pageInSnapshot(params);
      } catch (error) {
        if (!(error instanceof StaleIndexError)) throw error;
        return pageInSnapshot(params);
      }
    },
    stop: () => clearInterval(refresh),
  };
}

/** The index was loaded from a newer snapshot whose turmas this one does not have. */
class StaleIndexError extends Error {}
