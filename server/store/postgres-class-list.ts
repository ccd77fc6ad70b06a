/**
 * GET /v1/classe on PostgreSQL, with several API processes on one database: the turmas' read
 * model (class-rows.ts) and its change feed here, which catches up with every process's writes
 * before a list answers, so a page is one small statement and no rows read:
 * - each write's transaction leaves its turmas' keys in `class_changes`, stamped with its
 *   transaction id (a trigger, postgres-schema.ts);
 * - the feed's version is the snapshot it last caught up to; a list reads the changes of the
 *   transactions that snapshot could not see and its own can, then reads those turmas again.
 *   Reading a turma again is idempotent, so requests that catch up concurrently, in any order,
 *   leave the model at least as new as each one's snapshot (read-model.ts);
 * - a seed, or turmas added, removed or renamed by hand, move `store_meta.generation`, and the
 *   model is loaded again: what is kept beside the index never changes otherwise.
 * `class_changes` is pruned after PRUNE_AFTER; a process that has not caught up for longer than
 * RELOAD_AFTER (it was paused, or the database was down) loads again instead.
 * docs/decisions/014-postgresql-store.md.
 */
import type pg from 'pg';
import type { ClassListParams, ClassListResponse } from '#contract';
import {
  CLASS_ROWS,
  type ClassChange,
  type ClassesLoaded,
  type LoadedClass,
} from './class-rows.ts';
import { inLoadSnapshot, long, type Query, type WithClient } from './postgres-load.ts';
import { iso } from './postgres-schema.ts';
import { Followed, type ChangeFeed } from './read-model.ts';

/** Every process catches up at least this often, busy or not, and prunes old changes. */
const REFRESH_EVERY_MS = 10_000;
const PRUNE_AFTER = '10 minutes';
/** Well inside PRUNE_AFTER, with room for the longest transaction (statement and idle timeouts). */
const RELOAD_AFTER_MS = 5 * 60_000;
/** Turmas read per statement while loading: a million rows are never objects at once. */
const LOAD_BATCH = 50_000;
interface Head {
  snapshot: string;
  generation: string;
  /** The database's clock, in ms since the epoch. */
  now: number;
  changed: ClassChange[];
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

const parseKeys = (text: string): Int32Array =>
  text === '' ? new Int32Array(0) : Int32Array.from(text.split(','), Number);

export interface PostgresClassList {
  list(params: ClassListParams): Promise<ClassListResponse>;
  /** Stops the background catching up. */
  stop(): void;
}

/** Where the feed is: the snapshot it caught up to, the generation, and when (database clock). */
interface Version {
  snapshot: string;
  generation: string;
  at: number;
}

/**
 * Loads the index (before the first request: seconds at a million turmas) and keeps it current.
 * `withClient` runs work on a pooled connection inside `begin` … COMMIT; `query` runs one
 * statement on its own; the load reads `loadBatch` turmas per statement.
 */
export async function createPostgresClassList(
  withClient: WithClient,
  query: Query,
  loadBatch = LOAD_BATCH,
): Promise<PostgresClassList> {
  const head = async (snapshot: string | null, client?: pg.PoolClient) => {
    const asked = { name: 'class-list-head', text: HEAD, values: [snapshot] };
    const { rows } = await (client ? client.query<Head>(asked) : query<Head>(asked));
    const { generation, now, changed } = rows[0]!;
    return { version: { snapshot: rows[0]!.snapshot, generation, at: now }, value: changed };
  };

  const feed: ChangeFeed<Version, ClassesLoaded, readonly ClassChange[]> = {
    // The rows and their orders, in the head's snapshot.
    load: () =>
      inLoadSnapshot(withClient, async (client) => {
        const { version } = await head(null, client);
        return { version, value: await loadClasses(client, loadBatch) };
      }),
    async since(version) {
      const changes = await head(version.snapshot);
      const { generation, at } = changes.version;
      return generation === version.generation && at - version.at <= RELOAD_AFTER_MS
        ? changes
        : undefined;
    },
  };
  const rows = new Followed(CLASS_ROWS);
  const current = () => rows.current(feed);
  await current();

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
    list: async (params) => (await current()).page(params),
    stop: () => clearInterval(refresh),
  };
}

const CLASSES_AFTER = `
SELECT key, id, name, search_name, count_students, ${iso('updated_at')}, ${iso('created_at')}
FROM classes WHERE key > $1 ORDER BY key LIMIT $2`;

/**
 * A batch of turmas as the load keeps it until the model reads it: by column, numbers in typed
 * arrays, no object per row.
 */
interface Batch {
  keys: Int32Array;
  counts: Int32Array;
  texts: string[][];
}

type ClassTuple = [number, string, string, string, number, string, string];
const TEXT_COLUMNS = [1, 2, 3, 5, 6] as const;

const byColumn = (rows: ClassTuple[]): Batch => ({
  keys: Int32Array.from(rows, (row) => row[0]),
  counts: Int32Array.from(rows, (row) => row[4]),
  texts: TEXT_COLUMNS.map((column) => rows.map((row) => row[column])),
});

function* byRow(batches: Batch[]): Generator<LoadedClass> {
  // Each batch is let go once read.
  for (let batch = batches.shift(); batch; batch = batches.shift()) {
    const [ids, names, searchNames, updatedAt, createdAt] = batch.texts as [
      string[],
      string[],
      string[],
      string[],
      string[],
    ];
    for (let at = 0; at < batch.keys.length; at++) {
      yield {
        key: batch.keys[at]!,
        id: ids[at]!,
        name: names[at]!,
        searchName: searchNames[at]!,
        countStudents: batch.counts[at]!,
        updatedAt: updatedAt[at]!,
        createdAt: createdAt[at]!,
      };
    }
  }
}

/** Every turma and each order's keys, in `client`'s snapshot. */
async function loadClasses(client: pg.PoolClient, batchSize: number): Promise<ClassesLoaded> {
  const batches: Batch[] = [];
  for (let after = -1; ;) {
    const { rows } = await client.query<ClassTuple>({
      ...long(CLASSES_AFTER),
      values: [after, batchSize],
      rowMode: 'array',
    });
    if (rows.length > 0) batches.push(byColumn(rows));
    if (rows.length < batchSize) break;
    after = rows.at(-1)![0];
  }
  const keysBy = async (columns: string) => {
    const { rows: ordered } = await client.query<{ keys: string }>(long(keysOrderedBy(columns)));
    return parseKeys(ordered[0]!.keys);
  };
  return {
    keysByName: await keysBy('search_name, id'),
    keysByCreatedAt: await keysBy('created_at, id'),
    keysByCountStudents: await keysBy('count_students, id'),
    keysByUpdatedAt: await keysBy('updated_at, id'),
    keysById: await keysBy('id'),
    classes: byRow(batches),
  };
}
