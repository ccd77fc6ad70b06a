/**
 * GET /v1/classe on SQLite. The index in memory (class-search.ts) decides which turmas make the
 * page; SQLite holds the rows and says when the index must catch up:
 * - the store's own writes name the turmas they may change (`changing`), whose counts and times
 *   are read again before the next list;
 * - any other change (another connection such as `npm run seed`, or SQL outside the store) shows
 *   in `data_version` and `total_changes()`, and the index is loaded again.
 * The check, the catching up and the page's rows are read in one transaction: one snapshot.
 */
import type Database from 'better-sqlite3';
import type { Class, ClassListParams, ClassListResponse } from '#contract';
import { ClassSearch, type IndexedClass } from './class-search.ts';
import type { Db } from './sqlite-schema.ts';

export interface ClassList {
  list: (params: ClassListParams) => ClassListResponse;
  /**
   * Runs one write of the store, inside its transaction, which may change these turmas' counts
   * and times: the index reads them again before the next list.
   */
  changing: <T>(classIds: readonly string[], write: () => T) => T;
}

type KeyedClass = Class & { key: number };

export function createClassList(db: Db): ClassList {
  const generation = db
    .prepare<[], string>(`SELECT data_version || ':' || total_changes() FROM pragma_data_version`)
    .pluck();
  const everyClass = db.prepare<[], IndexedClass>(
    `SELECT rowid AS key, search_name AS searchName, count_students AS countStudents,
       updated_at AS updatedAt
     FROM classes ORDER BY rowid`,
  );
  const keysOrderedBy = (columns: string) =>
    db.prepare<[], number>(`SELECT rowid FROM classes ORDER BY ${columns}`).pluck();
  const byName = keysOrderedBy('search_name, id');
  const byCreatedAt = keysOrderedBy('created_at, id');
  const byCountStudents = keysOrderedBy('count_students, id');
  const byUpdatedAt = keysOrderedBy('updated_at, id');
  const byId = keysOrderedBy('id');
  const changedClasses = db.prepare<[string], Omit<IndexedClass, 'searchName'>>(
    `SELECT rowid AS key, count_students AS countStudents, updated_at AS updatedAt
     FROM classes WHERE id IN (SELECT value FROM json_each(?))`,
  );
  const rowsOf: Database.Statement<[string], KeyedClass> = db.prepare(
    `SELECT rowid AS key, id, name, created_at AS createdAt, updated_at AS updatedAt,
       count_students AS countStudents
     FROM classes WHERE rowid IN (SELECT value FROM json_each(?))`,
  );

  let index: ClassSearch | null = null;
  let indexedGeneration = '';
  const pending = new Set<string>();

  const load = () =>
    new ClassSearch({
      classes: everyClass.iterate(),
      keysByName: byName.all(),
      keysByCreatedAt: byCreatedAt.all(),
      keysByCountStudents: byCountStudents.all(),
      keysByUpdatedAt: byUpdatedAt.all(),
      keysById: byId.all(),
    });

  const current = (): ClassSearch => {
    const now = generation.get()!;
    if (!index || now !== indexedGeneration) {
      index = load();
      pending.clear();
    } else if (pending.size > 0) {
      index.update(changedClasses.all(JSON.stringify([...pending])));
      pending.clear();
    }
    indexedGeneration = now;
    return index;
  };

  // Loaded before the first request, which would otherwise wait for it (seconds at a million).
  db.transaction(current)();

  return {
    list: db.transaction((params: ClassListParams): ClassListResponse => {
      const { keys, totalRecords } = current().page(
        params.query,
        params.sortBy,
        params.page,
        params.pageSize,
      );
      if (keys.length === 0) return { data: [], totalRecords };
      const rows = new Map(rowsOf.all(JSON.stringify(keys)).map((row) => [row.key, row]));
      const data = keys.map((key) => {
        const { key: _key, ...turma } = rows.get(key)!;
        return turma;
      });
      return { data, totalRecords };
    }),

    changing(classIds, write) {
      // The index matched this transaction's snapshot: after the write, only these turmas
      // differ, even when it failed part-way (total_changes() counts what was rolled back).
      const current = index !== null && generation.get() === indexedGeneration;
      try {
        return write();
      } finally {
        if (current) {
          for (const id of classIds) pending.add(id);
          indexedGeneration = generation.get()!;
        }
      }
    },
  };
}
