/**
 * GET /v1/classe on PostgreSQL, with several API processes on one database. Each process keeps
 * the index in memory (class-search.ts) that SQLite's store keeps, with each turma's id, name and
 * creation time beside it, and catches up with every process's writes before it answers, so a
 * page is one small statement and no rows read:
 * - each write's transaction leaves its turmas' keys in `class_changes`, stamped with its
 *   transaction id (a trigger, postgres-schema.ts);
 * - the index remembers the snapshot it last caught up to; a list reads the changes of the
 *   transactions that snapshot could not see and its own can, then reads those turmas again.
 *   Reading a turma again is idempotent, so requests that catch up concurrently, in any order,
 *   leave the index at least as new as each one's snapshot;
 * - a seed, or turmas added, removed or renamed by hand, move `store_meta.generation`, and the
 *   index is loaded again: what is kept beside it never changes otherwise.
 * `class_changes` is pruned after PRUNE_AFTER; a process that has not caught up for longer than
 * RELOAD_AFTER (it was paused, or the database was down) loads again instead.
 * docs/decisions/014-postgresql-store.md.
 */
import type pg from 'pg';
import type { ClassListParams, ClassListResponse } from '#contract';
import { ClassSearch, type IndexedClass } from './class-search.ts';
import { iso } from './postgres-schema.ts';

/** Every process catches up at least this often, busy or not, and prunes old changes. */
const REFRESH_EVERY_MS = 10_000;
const PRUNE_AFTER = '10 minutes';
/** Well inside PRUNE_AFTER, with room for the longest transaction (statement and idle timeouts). */
const RELOAD_AFTER_MS = 5 * 60_000;
/**
 * Reading every turma takes seconds at a million (more on a busy machine), past a request's
 * statement limit: the load has its own.
 */
const LOAD_TIMEOUT_MS = 120_000;

/** node-postgres reads `query_timeout` on a query too (lib/client.js); its types only on a pool. */
const long = (text: string): pg.QueryConfig => {
  const config: pg.QueryConfig & { query_timeout: number } = {
    text,
    query_timeout: LOAD_TIMEOUT_MS + 1_000,
  };
  return config;
};

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

const READ_SNAPSHOT = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';

const parseKeys = (text: string): Int32Array =>
  text === '' ? new Int32Array(0) : Int32Array.from(text.split(','), Number);

/**
 * The index, and by slot what it does not hold of each turma. Times are kept as the ISO text a
 * page sends: formatting two dates a row cost more than the rest of building it (decision 014).
 */
interface Loaded {
  search: ClassSearch;
  ids: PackedStrings;
  names: PackedStrings;
  createdAt: PackedStrings;
  /** As loaded; `updatedSince` holds the turmas that writes changed since. */
  updatedAt: PackedStrings;
  updatedSince: Map<number, string>;
}

/**
 * Many strings kept as one, with where each ends: a million turmas' ids and names as two strings
 * instead of two million, which every garbage collection would otherwise walk (decision 014).
 */
class PackedStrings {
  private readonly text: string;
  private readonly ends: Uint32Array;

  constructor(strings: readonly string[]) {
    this.text = strings.join('');
    this.ends = new Uint32Array(strings.length);
    let end = 0;
    strings.forEach((string, at) => (this.ends[at] = end += string.length));
  }

  at(index: number): string {
    return this.text.slice(index === 0 ? 0 : this.ends[index - 1], this.ends[index]);
  }
}

type LoadedClass = IndexedClass & { id: string; name: string; createdAt: string };

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
  let loaded: Loaded | undefined;
  let snapshot: string | undefined;
  let generation = '';
  let caughtUpAt = 0;
  let loading: Promise<void> | undefined;

  async function load(client: pg.PoolClient, head: Head) {
    // The rows are indexed inside the transaction too: seconds at a million turmas, idle for
    // PostgreSQL, which ends an idle transaction after 10 s (postgres-schema.ts).
    await client.query(
      `SET LOCAL statement_timeout = ${LOAD_TIMEOUT_MS}; ` +
        `SET LOCAL idle_in_transaction_session_timeout = ${LOAD_TIMEOUT_MS}`,
    );
    const { rows } = await client.query<LoadedClass>(
      long(`SELECT key, id, name, search_name AS "searchName", count_students AS "countStudents",
         ${iso('updated_at')} AS "updatedAt", ${iso('created_at')} AS "createdAt"
       FROM classes ORDER BY key`),
    );
    const orders: Int32Array[] = [];
    for (const columns of [
      'search_name, id',
      'created_at, id',
      'count_students, id',
      'updated_at, id',
      'id',
    ]) {
      const { rows: ordered } = await client.query<{ keys: string }>(long(keysOrderedBy(columns)));
      orders.push(parseKeys(ordered[0]!.keys));
    }
    const [byName, byCreatedAt, byCountStudents, byUpdatedAt, byId] = orders as [
      Int32Array,
      Int32Array,
      Int32Array,
      Int32Array,
      Int32Array,
    ];
    loaded = {
      search: new ClassSearch({
        classes: rows,
        keysByName: byName,
        keysByCreatedAt: byCreatedAt,
        keysByCountStudents: byCountStudents,
        keysByUpdatedAt: byUpdatedAt,
        keysById: byId,
      }),
      ids: new PackedStrings(rows.map((row) => row.id)),
      names: new PackedStrings(rows.map((row) => row.name)),
      createdAt: new PackedStrings(rows.map((row) => row.createdAt)),
      updatedAt: new PackedStrings(rows.map((row) => row.updatedAt)),
      updatedSince: new Map(),
    };
    snapshot = head.snapshot;
    generation = head.generation;
    caughtUpAt = head.now;
  }

  /**
   * Brings the index up to this statement's snapshot (at least), and returns it: one statement
   * on its own, or in `client`'s transaction when the index must be loaded.
   */
  async function catchUp(client?: pg.PoolClient): Promise<Loaded> {
    for (;;) {
      const before = loaded;
      const asked = { name: 'class-list-head', text: HEAD, values: [snapshot ?? null] };
      const { rows } = await (client ? client.query<Head>(asked) : query<Head>(asked));
      const head = rows[0]!;
      // Another request loaded the index while this one read: read again, relative to it.
      if (loaded !== before || loading) {
        await loading;
        continue;
      }
      if (!loaded || head.generation !== generation || head.now - caughtUpAt > RELOAD_AFTER_MS) {
        // The rows and their orders, in the head's snapshot.
        if (!client) return withClient(READ_SNAPSHOT, catchUp);
        loading = load(client, head).finally(() => (loading = undefined));
        await loading;
        return loaded!;
      }
      loaded.search.update(head.changed);
      for (const change of head.changed) {
        const slot = loaded.search.slotOf(change.key);
        if (slot >= 0) loaded.updatedSince.set(slot, change.updatedAt);
      }
      snapshot = head.snapshot;
      caughtUpAt = head.now;
      return loaded;
    }
  }

  await withClient(READ_SNAPSHOT, catchUp);

  /**
   * The index as new as a catch-up that started after this call: requests that arrive while one
   * is reading share the next one, so ten concurrent lists cost two statements, not ten, and
   * each still sees every write acknowledged before it arrived.
   */
  let reading: Promise<Loaded> | undefined;
  let queued: Promise<Loaded> | undefined;
  function current(): Promise<Loaded> {
    if (!reading) {
      reading = catchUp().finally(() => (reading = undefined));
      return reading;
    }
    queued ??= reading
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return current();
      });
    return queued;
  }

  let refreshing = false;
  const refresh = setInterval(() => {
    if (refreshing) return;
    refreshing = true;
    withClient('BEGIN', async (client) => {
      await client.query(
        `DELETE FROM class_changes WHERE changed_at < now() - interval '${PRUNE_AFTER}'`,
      );
    })
      .then(() => current())
      // The requests say when the database is away; nothing to add here.
      .catch(() => undefined)
      .finally(() => (refreshing = false));
  }, REFRESH_EVERY_MS);
  refresh.unref();

  return {
    async list(params) {
      const { search, ids, names, createdAt, updatedAt, updatedSince } = await current();
      // Built at once, before another catch-up can move the index.
      const { slots, totalRecords } = search.page(
        params.query,
        params.sortBy,
        params.page,
        params.pageSize,
      );
      const data = slots.map((slot) => ({
        id: ids.at(slot),
        name: names.at(slot),
        createdAt: createdAt.at(slot),
        updatedAt: updatedSince.get(slot) ?? updatedAt.at(slot),
        countStudents: search.countAt(slot),
      }));
      return { data, totalRecords };
    },
    stop: () => clearInterval(refresh),
  };
}
