/**
 * The turmas list's read model, the same on both engines: the index (class-search.ts) and, by
 * slot, the rest of each row, so that a page is built from memory and reads no rows
 * (docs/decisions/017-read-model.md). Ids, names and creation times change only through a new
 * load; a change feed brings each changed turma's count and `updatedAt`.
 */
import type { ClassListParams, ClassListResponse } from '#contract';
import { ClassSearch, type ClassSearchSource, type IndexedClass } from './class-search.ts';
import type { Model } from './read-model.ts';

/** One turma as a store loads it: what the index holds, and the rest of its row. */
export type LoadedClass = IndexedClass & { id: string; name: string; createdAt: string };

/** A turma whose enrolments were written: its count and time now. */
export type ClassChange = Omit<IndexedClass, 'searchName'>;

export type ClassesLoaded = ClassSearchSource & { classes: readonly LoadedClass[] };

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

/**
 * Times are kept as the ISO text a page sends: formatting two dates a row cost more than the rest
 * of building it (decision 014).
 */
export class ClassRows {
  private readonly search: ClassSearch;
  private readonly ids: PackedStrings;
  private readonly names: PackedStrings;
  private readonly createdAt: PackedStrings;
  /** As loaded; `updatedSince` holds the turmas that writes changed since. */
  private readonly updatedAt: PackedStrings;
  private readonly updatedSince = new Map<number, string>();

  constructor(loaded: ClassesLoaded) {
    this.search = new ClassSearch(loaded);
    const { classes } = loaded;
    this.ids = new PackedStrings(classes.map((row) => row.id));
    this.names = new PackedStrings(classes.map((row) => row.name));
    this.createdAt = new PackedStrings(classes.map((row) => row.createdAt));
    this.updatedAt = new PackedStrings(classes.map((row) => row.updatedAt));
  }

  /** Reading a turma's change again is harmless: the feeds may repeat one. */
  update(changes: readonly ClassChange[]): void {
    this.search.update(changes);
    for (const change of changes) {
      const slot = this.search.slotOf(change.key);
      if (slot >= 0) this.updatedSince.set(slot, change.updatedAt);
    }
  }

  page(params: ClassListParams): ClassListResponse {
    const { search } = this;
    const { slots, totalRecords } = search.page(
      params.query,
      params.sortBy,
      params.page,
      params.pageSize,
    );
    const data = slots.map((slot) => ({
      id: this.ids.at(slot),
      name: this.names.at(slot),
      createdAt: this.createdAt.at(slot),
      updatedAt: this.updatedSince.get(slot) ?? this.updatedAt.at(slot),
      countStudents: search.countAt(slot),
    }));
    return { data, totalRecords };
  }
}

export const CLASS_ROWS: Model<ClassesLoaded, readonly ClassChange[], ClassRows> = {
  build: (loaded) => new ClassRows(loaded),
  apply: (rows, changes) => rows.update(changes),
};
