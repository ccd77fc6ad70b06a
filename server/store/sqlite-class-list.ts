/**
 * GET /v1/classe on SQLite: the turmas' read model (class-rows.ts), and its change feed here.
 * SQLite says when the model must catch up:
 * - the store's own writes name the turmas they may change (`changing`), whose counts and times
 *   are read again before the next list;
 * - any other change (another connection such as `npm run seed`, or SQL outside the store) shows
 *   in `data_version` and `total_changes()`, and the model is loaded again.
 * The check and the catching up are read in one transaction: one snapshot.
 */
import type { ClassListParams, ClassListResponse } from '#contract';
import {
  CLASS_ROWS,
  type ClassChange,
  type ClassesLoaded,
  type LoadedClass,
} from './class-rows.ts';
import { Followed, type ChangeFeedNow } from './read-model.ts';
import { inSnapshot, type Db } from './sqlite-schema.ts';

export interface ClassList {
  list: (params: ClassListParams) => ClassListResponse;
  /**
   * Runs one write of the store, inside its transaction, which may change these turmas' counts
   * and times: the model reads them again before the next list.
   */
  changing: <T>(classIds: readonly string[], write: () => T) => T;
  /**
   * The model's first load, giving the event loop turns while it builds (`loadGivingWay`); it ends
   * at the next turn once `stop` is aborted.
   */
  load: (stop?: AbortSignal) => Promise<void>;
}

/** The connection's settings while the model loads: no map, 2 MiB of pages. */
const LOAD_SETTINGS = [
  ['mmap_size', 0],
  ['cache_size', -2048],
] as const;

export function createClassList(db: Db): ClassList {
  const generation = db
    .prepare<[], string>(`SELECT data_version || ':' || total_changes() FROM pragma_data_version`)
    .pluck();
  const everyClass = db.prepare<[], LoadedClass>(
    `SELECT rowid AS key, id, name, search_name AS searchName, count_students AS countStudents,
       created_at AS createdAt, updated_at AS updatedAt
     FROM classes ORDER BY rowid`,
  );
  const keysOrderedBy = (columns: string) =>
    db.prepare<[], number>(`SELECT rowid FROM classes ORDER BY ${columns}`).pluck();
  const byName = keysOrderedBy('search_name, id');
  const byCreatedAt = keysOrderedBy('created_at, id');
  const byCountStudents = keysOrderedBy('count_students, id');
  const byUpdatedAt = keysOrderedBy('updated_at, id');
  const byId = keysOrderedBy('id');
  const changedClasses = db.prepare<[string], ClassChange>(
    `SELECT rowid AS key, count_students AS countStudents, updated_at AS updatedAt
     FROM classes WHERE id IN (SELECT value FROM json_each(?))`,
  );

  /**
   * The generation the model is at, moved past the store's own writes, whose turmas wait in
   * `pending`: the version is this connection's, so the feed keeps it.
   */
  let followed: string | undefined;
  const pending = new Set<string>();
  const feed: ChangeFeedNow<string, ClassesLoaded, readonly ClassChange[]> = {
    *load() {
      followed = generation.get()!;
      pending.clear();
      // Read through a small page cache, not the file's map: mapped, reading every row would
      // leave most of the file resident in this process, and a full cache would stay full
      // (decision 013, memory).
      const settings = LOAD_SETTINGS.map(
        ([name]) => [name, db.pragma(name, { simple: true }) as number] as const,
      );
      for (const [name, value] of LOAD_SETTINGS) db.pragma(`${name} = ${value}`);
      const restore = () => {
        for (const [name, value] of settings) db.pragma(`${name} = ${value}`);
      };
      // An order's keys a step: a quarter of a second each at a million turmas.
      const keys = (ordered: typeof byName) => Int32Array.from(ordered.all());
      try {
        const keysByName = keys(byName);
        yield;
        const keysByCreatedAt = keys(byCreatedAt);
        yield;
        const keysByCountStudents = keys(byCountStudents);
        yield;
        const keysByUpdatedAt = keys(byUpdatedAt);
        yield;
        const value = {
          keysByName,
          keysByCreatedAt,
          keysByCountStudents,
          keysByUpdatedAt,
          keysById: keys(byId),
          // Streamed: the model reads each row once, and a million are never objects at once.
          classes: (function* () {
            try {
              yield* everyClass.iterate();
            } finally {
              restore();
            }
          })(),
        };
        return { version: followed, value };
      } catch (error) {
        restore();
        throw error;
      }
    },
    since() {
      const now = generation.get()!;
      if (now !== followed) return undefined;
      const value = pending.size > 0 ? changedClasses.all(JSON.stringify([...pending])) : [];
      pending.clear();
      return { version: now, value };
    },
  };
  const rows = new Followed(CLASS_ROWS);
  const current = db.transaction(() => rows.now(feed));

  return {
    list: (params) => current().page(params),
    load: (stop) => inSnapshot(db, () => rows.loadGivingWay(feed, stop)),

    changing(classIds, write) {
      // The model matched this transaction's snapshot: after the write, only these turmas
      // differ, even when it failed part-way (total_changes() counts what was rolled back).
      const current = followed !== undefined && generation.get() === followed;
      try {
        return write();
      } finally {
        if (current) {
          for (const id of classIds) pending.add(id);
          followed = generation.get()!;
        }
      }
    },
  };
}
