/**
 * The turmas list's read model, the same on both engines: the index (class-search.ts) and, by
 * slot, the rest of each row, so that a page is built from memory and reads no rows
 * (docs/decisions/017-read-model.md). Ids, names and creation times change only through a new
 * load; a change feed brings each changed turma's count and `updatedAt`.
 */
import type { ClassListParams, ClassListResponse } from '#contract';
import { ClassSearch, type ClassSearchSource, type IndexedClass } from './class-search.ts';
import { GrowingArray } from './growing-array.ts';
import type { Building, Model } from './read-model.ts';
import { Utf8Strings } from './utf8-strings.ts';

/** One turma as a store loads it: what the index holds, and the rest of its row. */
export type LoadedClass = IndexedClass & { id: string; name: string; createdAt: string };

/** A turma whose enrolments were written: its count and time now. */
export type ClassChange = Omit<IndexedClass, 'searchName'>;

/**
 * `classes` is read once, row by row: a store may stream it (SQLite does), so that a million rows
 * are never objects at once.
 */
export type ClassesLoaded = ClassSearchSource & { classes: Iterable<LoadedClass> };

/** Strings joined this many at a time while they are added, so few are alive at once. */
const CHUNK = 4096;

/**
 * Many strings kept as one, with where each ends: a million turmas' ids as one string, not a
 * million, which every garbage collection would otherwise walk (decision 014).
 */
class PackedStrings {
  private text = '';
  private readonly ends = new GrowingArray((length) => new Uint32Array(length));
  private readonly chunks: string[] = [];
  private readonly pending: string[] = [];

  /** Adds the next string; `done` ends the adding. */
  add(string: string): void {
    const { ends } = this;
    ends.push((ends.length === 0 ? 0 : ends.values[ends.length - 1]!) + string.length);
    this.pending.push(string);
    if (this.pending.length === CHUNK) this.chunks.push(this.pending.splice(0).join(''));
  }

  done(): void {
    this.chunks.push(this.pending.splice(0).join(''));
    this.text = this.chunks.splice(0).join('');
    this.ends.trim();
  }

  at(index: number): string {
    const ends = this.ends.values;
    return this.text.slice(index === 0 ? 0 : ends[index - 1], ends[index]);
  }
}

/** A time as both engines store it, which `toISOString` writes back the same. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Times kept as numbers (8 bytes a turma, not 28 as ISO text), written as ISO text for the rows
 * of a page only: 40 `toISOString` calls a page of 20, ~14 µs, against ~48 MB at 1,000,000
 * turmas (decision 017, memory). A text that would not come back the same is kept as it is.
 */
class Times {
  private readonly unusual = new Map<number, string>();

  /** The number to keep for `text` at `slot`. */
  read(slot: number, text: string): number {
    if (ISO_TIME.test(text)) {
      this.unusual.delete(slot);
      return Date.parse(text);
    }
    this.unusual.set(slot, text);
    return Number.NaN;
  }

  text(slot: number, time: number): string {
    return this.unusual.get(slot) ?? new Date(time).toISOString();
  }
}

/** Names are UTF-8 (utf8-strings.ts): joined, one "—" made a million names a two-byte string. */
export class ClassRows {
  private readonly search: ClassSearch;
  private readonly ids: PackedStrings;
  private readonly names: Utf8Strings;
  private readonly createdAt: Float64Array;
  private readonly createdTimes: Times;
  /** `updatedAt` is the index's (`ClassSearch.updatedAt`), which writes move. */
  private readonly updatedTimes: Times;

  /** The model of `loaded`'s turmas, built a row at a time (read-model.ts). */
  static *building(loaded: ClassesLoaded): Building<ClassRows> {
    const [ids, names] = [new PackedStrings(), new Utf8Strings()];
    const [createdTimes, updatedTimes] = [new Times(), new Times()];
    const createdAt = new GrowingArray((length) => new Float64Array(length));
    // One pass: the index reads each row as the rest of it is packed here.
    function* rows() {
      for (const row of loaded.classes) {
        const slot = createdAt.length;
        ids.add(row.id);
        names.add(row.name);
        createdAt.push(createdTimes.read(slot, row.createdAt));
        updatedTimes.read(slot, row.updatedAt);
        yield row;
      }
    }
    const search = yield* ClassSearch.building({ ...loaded, classes: rows() });
    ids.done();
    names.trim();
    return new ClassRows(search, ids, names, createdAt.trim(), createdTimes, updatedTimes);
  }

  private constructor(
    search: ClassSearch,
    ids: PackedStrings,
    names: Utf8Strings,
    createdAt: Float64Array,
    createdTimes: Times,
    updatedTimes: Times,
  ) {
    this.search = search;
    this.ids = ids;
    this.names = names;
    this.createdAt = createdAt;
    this.createdTimes = createdTimes;
    this.updatedTimes = updatedTimes;
  }

  /** Reading a turma's change again is harmless: the feeds may repeat one. */
  update(changes: readonly ClassChange[]): void {
    this.search.update(changes);
    for (const change of changes) {
      const slot = this.search.slotOf(change.key);
      if (slot >= 0) this.updatedTimes.read(slot, change.updatedAt);
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
      createdAt: this.createdTimes.text(slot, this.createdAt[slot]!),
      updatedAt: this.updatedTimes.text(slot, search.updatedAt(slot)),
      countStudents: search.countAt(slot),
    }));
    return { data, totalRecords };
  }
}

export const CLASS_ROWS: Model<ClassesLoaded, readonly ClassChange[], ClassRows> = {
  build: (loaded) => ClassRows.building(loaded),
  apply: (rows, changes) => rows.update(changes),
};
