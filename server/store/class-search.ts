/**
 * The turmas list's index, in memory: which turmas each search word finds, and every sort order
 * as a permutation, so that any list request (count and page, any search, any order, any page)
 * costs time in proportion to the turmas, not to SQL statements over them: at 1,000,000 turmas a
 * few milliseconds (docs/decisions/013-word-search.md). Engine-neutral: a store loads it from its
 * rows and tells it which turmas' counts and times changed; it answers with row keys (`rowid`s),
 * whose rows the store then reads, and with slots (0…size-1 in key order), for a store that
 * keeps the rest of each row beside it.
 */
import { searchWords, splitFoldedWords, type SortField } from '#contract';

/** One turma as the index loads it; `key` is the store's row key (SQLite's rowid). */
export interface IndexedClass {
  key: number;
  searchName: string;
  countStudents: number;
  updatedAt: string;
}

/** What the store reads to build the index: the rows in key order, and each order's keys. */
export interface ClassSearchSource {
  /** Every turma, in ascending `key` order. */
  classes: Iterable<IndexedClass>;
  /** Every key, ordered by (field, id) for each sort field, and by id alone. */
  keysByName: ArrayLike<number>;
  keysByCreatedAt: ArrayLike<number>;
  keysByCountStudents: ArrayLike<number>;
  keysByUpdatedAt: ArrayLike<number>;
  keysById: ArrayLike<number>;
}

export interface ClassPage {
  keys: number[];
  /** The same turmas as slots, for `countAt`. */
  slots: number[];
  totalRecords: number;
}

/**
 * What recent requests computed is kept: the turmas of this many words, and of this many queries;
 * and this many searches in one order each (up to 4 MB each at 1,000,000 turmas).
 */
const WORDS_KEPT = 64;
const SEARCHES_KEPT = 16;
const ORDERED_KEPT = 8;

type Bits = Uint32Array;
const bitsFor = (size: number): Bits => new Uint32Array((size + 31) >>> 5);
const has = (bits: Bits, slot: number) => (bits[slot >>> 5]! & (1 << (slot & 31))) !== 0;

function popcount(bits: Bits): number {
  let total = 0;
  for (let value of bits) {
    value -= (value >>> 1) & 0x55555555;
    value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
    total += (((value + (value >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}

/** A Map that forgets its oldest entry past `limit`. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number): V {
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

export class ClassSearch {
  /** Turmas are numbered 0…size-1 in key order ("slots"); every array below is by slot. */
  readonly size: number;
  private readonly keys: Float64Array;
  private readonly idRank: Int32Array;
  private readonly counts: Int32Array;
  private readonly updated: Float64Array;
  private readonly orders: Record<SortField, Int32Array>;
  /** Each folded word of any name → the slots whose name has it, ascending. */
  private readonly vocabulary = new Map<string, Int32Array>();
  private readonly commonWords = new Map<string, Bits>();
  private readonly wordSlots = new Map<string, Bits>();
  private readonly searches = new Map<string, Bits>();
  /** Searches' turmas in one order each ("field words"), for paging without walking again. */
  private readonly ordered = new Map<string, Int32Array>();

  constructor(source: ClassSearchSource) {
    const keys: number[] = [];
    const counts: number[] = [];
    const updated: number[] = [];
    const postings = new Map<string, number[]>();
    for (const turma of source.classes) {
      const slot = keys.length;
      keys.push(turma.key);
      counts.push(turma.countStudents);
      updated.push(Date.parse(turma.updatedAt));
      for (const word of new Set(splitFoldedWords(turma.searchName))) {
        let list = postings.get(word);
        if (!list) postings.set(word, (list = []));
        list.push(slot);
      }
    }
    for (const [word, slots] of postings) this.vocabulary.set(word, Int32Array.from(slots));
    this.size = keys.length;
    this.keys = Float64Array.from(keys);
    this.counts = Int32Array.from(counts);
    this.updated = Float64Array.from(updated);
    this.idRank = new Int32Array(this.size);
    const byId = this.slotsOf(source.keysById);
    byId.forEach((slot, rank) => (this.idRank[slot] = rank));
    this.orders = {
      name: this.slotsOf(source.keysByName),
      createdAt: this.slotsOf(source.keysByCreatedAt),
      countStudents: this.slotsOf(source.keysByCountStudents),
      updatedAt: this.slotsOf(source.keysByUpdatedAt),
    };
    // A word in many names is kept as a bitset too: a search for it then ORs words, not slots.
    for (const [word, slots] of this.vocabulary) {
      if (slots.length < this.size / 32) continue;
      const bits = bitsFor(this.size);
      for (const slot of slots) bits[slot >>> 5]! |= 1 << (slot & 31);
      this.commonWords.set(word, bits);
    }
  }

  /** These turmas' student counts and updatedAt changed (enrolments written). */
  update(changes: readonly Omit<IndexedClass, 'searchName'>[]): void {
    if (changes.length === 0) return;
    for (const key of [...this.ordered.keys()]) {
      if (key.startsWith('countStudents ') || key.startsWith('updatedAt '))
        this.ordered.delete(key);
    }
    for (const change of changes) {
      const slot = this.slotOf(change.key);
      if (slot < 0) continue;
      this.move(this.orders.countStudents, slot, this.counts, change.countStudents);
      this.move(this.orders.updatedAt, slot, this.updated, Date.parse(change.updatedAt));
    }
  }

  /** One page of `sortBy` (a field, or "-field" for descending), among the turmas `query` finds. */
  page(query: string | undefined, sortBy: string, page: number, pageSize: number): ClassPage {
    const descending = sortBy.startsWith('-');
    const field = (descending ? sortBy.slice(1) : sortBy) as SortField;
    const words = searchWords(query ?? '');
    const list = words.length === 0 ? this.orders[field] : this.found(words, field);
    const total = list.length;
    const keys: number[] = [];
    const slots: number[] = [];
    for (let at = (page - 1) * pageSize; at < Math.min(page * pageSize, total); at++) {
      const slot = list[descending ? total - 1 - at : at]!;
      slots.push(slot);
      keys.push(this.keys[slot]!);
    }
    return { keys, slots, totalRecords: total };
  }

  /** A turma's student count, as the index holds it. */
  countAt(slot: number): number {
    return this.counts[slot]!;
  }

  /**
   * The turmas with every one of `words`, in `field`'s order: one pass over the order, kept for
   * the next pages (the counts and times orders until the next write).
   */
  private found(words: string[], field: SortField): Int32Array {
    const search = words.toSorted().join(' ');
    const key = `${field} ${search}`;
    const kept = this.ordered.get(key);
    if (kept) return kept;
    const bits = this.matching(search, words);
    const order = this.orders[field];
    const list = new Int32Array(popcount(bits));
    let at = 0;
    for (const slot of order) if (has(bits, slot)) list[at++] = slot;
    return remember(this.ordered, key, list, ORDERED_KEPT);
  }

  /** The turmas with every one of `words`, as a bitset. */
  private matching(search: string, words: string[]): Bits {
    const kept = this.searches.get(search);
    if (kept) return kept;
    const [first, ...others] = words.map((word) => this.slotsWith(word));
    const bits = others.length === 0 ? first! : first!.slice();
    for (const other of others) for (let at = 0; at < bits.length; at++) bits[at]! &= other[at]!;
    return remember(this.searches, search, bits, SEARCHES_KEPT);
  }

  /** The turmas whose name has a word containing `word`: the vocabulary is read, not the names. */
  private slotsWith(word: string): Bits {
    const kept = this.wordSlots.get(word);
    if (kept) return kept;
    const bits = bitsFor(this.size);
    for (const [term, slots] of this.vocabulary) {
      if (!term.includes(word)) continue;
      const common = this.commonWords.get(term);
      if (common) for (let at = 0; at < bits.length; at++) bits[at]! |= common[at]!;
      else for (const slot of slots) bits[slot >>> 5]! |= 1 << (slot & 31);
    }
    return remember(this.wordSlots, word, bits, WORDS_KEPT);
  }

  /** The slot of the turma with row key `key`, or -1. */
  slotOf(key: number): number {
    let low = 0;
    let high = this.size - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.keys[middle]!;
      if (found === key) return middle;
      if (found < key) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  private slotsOf(keys: ArrayLike<number>): Int32Array {
    const slots = new Int32Array(keys.length);
    for (let at = 0; at < keys.length; at++) slots[at] = this.slotOf(keys[at]!);
    return slots;
  }

  /**
   * Gives `slot` a new value and moves it to its place in `order`, sorted by (value, id): both
   * places found by binary search, the slots between shifted by one (one memmove).
   */
  private move(order: Int32Array, slot: number, values: Int32Array | Float64Array, value: number) {
    const from = this.position(order, values, values[slot]!, this.idRank[slot]!);
    let to = this.position(order, values, value, this.idRank[slot]!);
    values[slot] = value;
    if (to > from) {
      to -= 1;
      order.copyWithin(from, from + 1, to + 1);
    } else if (to < from) {
      order.copyWithin(to + 1, to, from);
    }
    order[to] = slot;
  }

  /** Where (value, idRank) is, or would go, in `order`: the first position not before it. */
  private position(
    order: Int32Array,
    values: Int32Array | Float64Array,
    value: number,
    idRank: number,
  ): number {
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const slot = order[middle]!;
      const before =
        values[slot]! < value || (values[slot] === value && this.idRank[slot]! < idRank);
      if (before) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
