/**
 * The turmas list's index, in memory: which turmas each search word finds, and every sort order
 * as a permutation, so that any list request (count and page, any search, any order, any page)
 * costs time in proportion to the turmas, not to SQL statements over them: at 1,000,000 turmas a
 * few milliseconds (docs/decisions/013-word-search.md). Engine-neutral, part of the read model
 * (class-rows.ts, which loads it and tells it which turmas' counts and times changed): it answers
 * with slots (0…size-1 in key order), by which the model keeps the rest of each row, and with
 * the rows' keys.
 */
import {
  foldedWords,
  matchWord,
  searchWords,
  splitFoldedWords,
  type SortBy,
  type SortField,
} from '#contract';
import { remember } from './kept.ts';
import { naturalSortKey } from './natural-sort-key.ts';
import { compareCodePoints } from './student-search.ts';
import { GrowingArray } from './growing-array.ts';
import type { Building } from './read-model.ts';

/** A surrogate: UTF-16's order of a text with one is not its code point order. */
const PAST_BMP = /[\uD800-\uDFFF]/;
const compareCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

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
  /**
   * Every key, ordered by (field, id) for each sort field, and by id alone. By name, the folded
   * names' code point order (the database's index): the index sorts it into natural order.
   */
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
 * and this many searches of a few turmas in one order each.
 */
const WORDS_KEPT = 64;
const SEARCHES_KEPT = 16;
const ORDERED_KEPT = 8;
const WALKED_DEEP_KEPT = 64;
/** Query words' bitsets for rankings, up to 5 bitsets each (0.6 MB at 1,000,000). */
const WORD_BITS_KEPT = 24;
/** Searches of many turmas by place, 2 bytes a turma each (2 MB at 1,000,000). */
const RANKINGS_KEPT = 8;
/**
 * Bitsets of the turmas that the caches let go of, kept for the next ones (up to 4 MB at
 * 1,000,000): new memory costs page faults when first touched, more than filling it.
 */
const SPARE_KEPT = 32;

/** Where the index changes method; other values only let tests reach each method on small data. */
export interface ClassSearchLimits {
  /**
   * A search (or the places of a ranking that hold a page) with fewer than this share of the
   * turmas is sorted: at most 15,625 numbers at 1,000,000 turmas. One with more is walked in the
   * order from the nearer end until the page is full, at most one pass over the order.
   */
  few: number;
  /** The first turmas of a ranking of many, kept in order: the pages staff read. */
  rankedHead: number;
  /**
   * A page of a search of many this far (in turmas found) from either end of its order is walked
   * to, and so is a first deeper one; the next deeper one reads the whole order once, and keeps
   * the list.
   */
  walkedDepth: number;
  /** A search with a word in fewer names than this share of the turmas reads those names. */
  sparse: number;
  /**
   * The build sorts the names this many at a time, then merges them: a sort of a million at
   * once held the event loop for seconds.
   */
  sortedAtOnce: number;
}
const LIMITS: ClassSearchLimits = {
  few: 1 / 64,
  rankedHead: 500,
  walkedDepth: 1_000,
  sparse: 1 / 128,
  sortedAtOnce: 1 << 16,
};

type Bits = Uint32Array;
const bitsFor = (size: number): Bits => new Uint32Array((size + 31) >>> 5);
const has = (bits: Bits, slot: number) => (bits[slot >>> 5]! & (1 << (slot & 31))) !== 0;

/** The number of bits `value` has set. */
function bitCount32(value: number): number {
  value -= (value >>> 1) & 0x55555555;
  value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
  return (((value + (value >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function popcount(bits: Bits): number {
  let total = 0;
  for (let at = 0; at < bits.length; at++) total += bitCount32(bits[at]!);
  return total;
}

/** Calls `each` with every slot in `bits`, ascending. */
function forEachSlot(bits: Bits, each: (slot: number) => void) {
  for (let block = 0; block < bits.length; block++) {
    for (let rest = bits[block]!; rest !== 0; rest &= rest - 1) {
      each((block << 5) | (31 - Math.clz32(rest & -rest)));
    }
  }
}

/** The turmas a search finds, and how many. */
interface Found {
  bits: Bits;
  total: number;
}

/**
 * The vocabulary words one query word meets (`matchWord`), and how: WHOLE, START or INSIDE each.
 * One scan of the vocabulary per query word, kept, serves both the filter and the ranking.
 */
interface WordTerms {
  terms: Int32Array;
  kinds: Uint8Array;
}
/**
 * The turmas one query word meets, for a ranking: whole, whole or at a start, and how many of
 * each name's terms it claims (bit-sliced): those it meets whole where it meets one whole, all
 * it meets elsewhere (placeOf). A common term's own bitset where that is all of it.
 */
interface WordBits {
  whole: Bits;
  notInside: Bits;
  counts: Bits[];
}
const INSIDE = 0;
const START = 1;
const WHOLE = 2;
const KIND: Record<NonNullable<ReturnType<typeof matchWord>>, number> = {
  inside: INSIDE,
  start: START,
  whole: WHOLE,
};

/**
 * A ranked turma's place (RANK_EXTENSION in the contract), lower first, is one number of three
 * fields, most significant first: the query words not met whole, those met only inside a word
 * (as many bits as the number of query words takes: 1 for one word, 4 for eight), and the words
 * of the name the query did not meet (the low bits). Names with more than UNMET_MAX distinct words
 * count as UNMET_MAX: far beyond any turma's name.
 */
const UNMET_MAX = (1 << 14) - 1;
const FIELD_BITS = 4;
/**
 * Within one place, the turmas named exactly as typed come first: their folded words, in order,
 * are the query's (repeats kept). One bit below the place's (set for the others); a place with
 * it is below 2^23.
 */
const TIER_BITS = 1;
/**
 * A sort key is (place and tier) × POSITION + the turma's position by name: below 2^23 × 2^29,
 * exact in a double while there are fewer than 2^29 turmas.
 */
const POSITION = 2 ** 29;

/**
 * A search's turmas best match first: each one's place, bit-sliced (planes[j] holds bit j of
 * every turma's place, for the turmas found); and its first turmas in order (`rankedHead`).
 */
interface Ranking {
  /** The tier's plane (the turmas not named exactly as typed), then the place's. */
  planes: Bits[];
  /** The turmas it orders: all those found, or only the best tier's (`ranking`). */
  found: Found;
  head: Int32Array;
  /** A page past its head was asked for: the next one reads all of it in order, kept in `list`. */
  deep?: boolean;
  list?: Int32Array;
}

/** Adds the bits of `carry` to word `at` of the bit-sliced numbers in `planes`. */
function addAt(planes: Bits[], at: number, carry: number) {
  for (let plane = 0; carry !== 0 && plane < planes.length; plane++) {
    const value = planes[plane]![at]!;
    planes[plane]![at] = value ^ carry;
    carry &= value;
  }
}

/** The number of bits each byte has set. */
const BITS_SET = Uint8Array.from({ length: 256 }, (_, byte) => {
  let count = 0;
  for (let rest = byte; rest !== 0; rest &= rest - 1) count++;
  return count;
});
const bitCount8 = (mask: number) => BITS_SET[mask & 0xff]!;

/** The slot of the turma with row key `key` in `keys` (ascending), or -1. */
function slotIn(keys: Float64Array, key: number): number {
  let low = 0;
  let high = keys.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = keys[middle]!;
    if (found === key) return middle;
    if (found < key) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * Each key's slot, for the millions of look-ups of a build: by a table from key to slot where the
 * keys are nearly consecutive (SQLite's rowids, PostgreSQL's identity keys, gaps where turmas
 * were deleted), one read where a binary search takes twenty (0.6 s an order at a million).
 */
function slotFinder(keys: Float64Array): (key: number) => number {
  const first = keys[0] ?? 0;
  const span = (keys.at(-1) ?? first) - first + 1;
  if (span > 2 * keys.length + 1024) return (key) => slotIn(keys, key);
  const table = new Int32Array(span).fill(-1);
  keys.forEach((key, slot) => (table[key - first] = slot));
  return (key) => table[key - first] ?? -1;
}

/** Each slot's position in `order`. */
function positionsIn(order: Int32Array): Int32Array {
  const positions = new Int32Array(order.length);
  order.forEach((slot, at) => (positions[slot] = at));
  return positions;
}

/** The turmas in each order, as slots, and each slot's place in them. */
interface Orders {
  /** Each slot's place in id order: ties in every other order go by it. */
  idRank: Int32Array;
  orders: Record<SortField, Int32Array>;
  positions: Record<SortField, Int32Array>;
}

/** The index's orders from the source's keys, a step each (a sort of a million names is one). */
function* ordering(
  source: ClassSearchSource,
  keys: Float64Array,
  sortNames: readonly string[],
  sortedAtOnce: number,
): Building<Orders> {
  const slotOf = slotFinder(keys);
  const slotsOf = (ordered: ArrayLike<number>) => {
    const slots = new Int32Array(ordered.length);
    for (let at = 0; at < ordered.length; at++) slots[at] = slotOf(ordered[at]!);
    return slots;
  };
  const idRank = positionsIn(slotsOf(source.keysById));
  yield;
  const byCodePoint = slotsOf(source.keysByName);
  const name = yield* naturalOrder(byCodePoint, sortNames, idRank, sortedAtOnce);
  yield;
  const createdAt = slotsOf(source.keysByCreatedAt);
  yield;
  const countStudents = slotsOf(source.keysByCountStudents);
  yield;
  const updatedAt = slotsOf(source.keysByUpdatedAt);
  yield;
  return {
    idRank,
    orders: { name, createdAt, countStudents, updatedAt },
    positions: {
      name: positionsIn(name),
      createdAt: positionsIn(createdAt),
      countStudents: positionsIn(countStudents),
      updatedAt: positionsIn(updatedAt),
    },
  };
}

/**
 * The names' natural order (natural-sort-key.ts), ties by id, from their code point order:
 * the two differ only where numbers of different lengths meet, so each sort merges runs that
 * are already in order. Once per load, never per request. Names without a character past
 * U+FFFF (all, in practice) compare as UTF-16, natively: a third less time than by code point.
 */
function* naturalOrder(
  byCodePoint: Int32Array,
  sortNames: readonly string[],
  idRank: Int32Array,
  sortedAtOnce: number,
): Building<Int32Array> {
  const compare = sortNames.some((name) => PAST_BMP.test(name))
    ? compareCodePoints
    : compareCodeUnits;
  const before = (a: number, b: number) =>
    compare(sortNames[a]!, sortNames[b]!) || idRank[a]! - idRank[b]!;
  let runs: Int32Array[] = [];
  for (let at = 0; at < byCodePoint.length; at += sortedAtOnce) {
    runs.push(byCodePoint.slice(at, at + sortedAtOnce).sort(before));
    yield;
  }
  while (runs.length > 1) {
    const merged: Int32Array[] = [];
    for (let at = 0; at < runs.length; at += 2) {
      const [first, second] = [runs[at]!, runs[at + 1]];
      merged.push(second ? yield* mergedRuns(first, second, before, sortedAtOnce) : first);
    }
    runs = merged;
  }
  return runs[0] ?? new Int32Array(0);
}

/** Two sorted runs as one, a step every `step` slots. */
function* mergedRuns(
  first: Int32Array,
  second: Int32Array,
  before: (a: number, b: number) => number,
  step: number,
): Building<Int32Array> {
  const merged = new Int32Array(first.length + second.length);
  let [from, to, at] = [0, 0, 0];
  while (from < first.length && to < second.length) {
    merged[at++] = before(second[to]!, first[from]!) < 0 ? second[to++]! : first[from++]!;
    if (at % step === 0) yield;
  }
  merged.set(first.subarray(from), at);
  merged.set(second.subarray(to), at + first.length - from);
  return merged;
}

/** What the index reads of each turma, in one pass over them, before it orders them. */
class NamesRead {
  readonly keys: number[] = [];
  readonly counts: number[] = [];
  readonly updated: number[] = [];
  readonly sortNames: string[] = [];
  readonly terms: string[] = [];
  readonly termNumbers = new Map<string, number>();
  /** Slots whose names repeat a word, with every word's term in order. */
  readonly repeated: [number, number[]][] = [];
  /** Each term's slots. */
  readonly postings: number[][] = [];
  readonly nameTerms = new GrowingArray((length) => new Int32Array(length));
  readonly nameTermsFrom = new GrowingArray((length) => new Int32Array(length));

  add(turma: IndexedClass): void {
    const { keys, nameTerms, termNumbers } = this;
    const slot = keys.length;
    keys.push(turma.key);
    this.sortNames.push(naturalSortKey(turma.searchName));
    this.counts.push(turma.countStudents);
    this.updated.push(Date.parse(turma.updatedAt));
    this.nameTermsFrom.push(nameTerms.length);
    const words = splitFoldedWords(turma.searchName);
    const distinct = new Set(words);
    for (const word of distinct) {
      let term = termNumbers.get(word);
      if (term === undefined) {
        termNumbers.set(word, (term = this.terms.length));
        this.terms.push(word);
        this.postings.push([]);
      }
      this.postings[term]!.push(slot);
      nameTerms.push(term);
    }
    if (distinct.size < words.length)
      this.repeated.push([slot, words.map((word) => termNumbers.get(word)!)]);
  }
}

export class ClassSearch {
  /** Turmas are numbered 0…size-1 in key order ("slots"); every array below is by slot. */
  readonly size: number;
  private readonly keys: Float64Array;
  private readonly idRank: Int32Array;
  private readonly counts: Int32Array;
  private readonly updated: Float64Array;
  private readonly orders: Record<SortField, Int32Array>;
  /**
   * Each slot's position in each order, for sorting a few turmas; the counts' and times' are
   * computed again, after writes moved them, by the next search that needs them.
   */
  private readonly positions: Record<SortField, Int32Array>;
  /** Where writes moved turmas in each order since its positions were last brought up to date. */
  private readonly stalePositions = new Map<SortField, [from: number, to: number]>();
  /** Every distinct folded word of any name (a "term"), by term number. */
  private readonly terms: string[];
  /**
   * Each term's slots, ascending; a term in many names is a bitset instead (its postings empty):
   * at 1,000,000 demo turmas 36 terms hold 5.1 of 6.1 million postings, 21 MB as slots.
   */
  private readonly postings: Int32Array[] = [];
  private readonly commonTerms: (Bits | undefined)[] = [];
  /** Each term's number of names. */
  private readonly termNames: Int32Array;
  /** The distinct terms of slot s's name: nameTerms[nameTermsFrom[s] … nameTermsFrom[s + 1]). */
  private readonly nameTerms: Uint16Array | Int32Array;
  private readonly nameTermsFrom: Int32Array;
  /** Each term's number, by its word. */
  private readonly termNumbers: Map<string, number>;
  /** The slots whose names repeat a word, each with all its name's terms in order, repeats kept. */
  private readonly repeats: Bits;
  private readonly repeatedTerms = new Map<number, Int32Array>();
  private readonly wordTerms = new Map<string, WordTerms>();
  private readonly wordSlots = new Map<string, Bits>();
  private readonly searches = new Map<string, Found>();
  /** Searches' turmas in one order each: "field words", or "rank words" best match first. */
  private readonly ordered = new Map<string, Int32Array>();
  /** Searches in one order ("field words") one deep page of which was walked to, not kept. */
  private readonly walkedDeep = new Map<string, true>();
  /** Searches of many turmas, by place, for best match first. */
  private readonly rankings = new Map<string, Ranking>();
  /** Each slot's number of distinct name words (at most UNMET_MAX), bit-sliced. */
  private readonly wordCounts: Bits[];
  private readonly unmetBits: number;
  /** Each query word's turmas by how it meets them, for rankings (`wordBits`). */
  private readonly wordKinds = new Map<string, WordBits>();
  /** What a ranking is split in (`rankedSlice`), by level. */
  private readonly splits: [Bits, Bits][] = [];
  /** Bitsets let go of during this request, spare from the next one on (SPARE_KEPT). */
  private readonly letGo: Bits[] = [];
  private readonly spare: Bits[] = [];
  /** The common terms' bitsets, which `slotsWith` lends and no cache owns. */
  private readonly lent = new Set<Bits>();

  private readonly limits: ClassSearchLimits;

  /** The index of `source`'s turmas, built a turma at a time (read-model.ts). */
  static *building(source: ClassSearchSource, limits = LIMITS): Building<ClassSearch> {
    const names = new NamesRead();
    for (const turma of source.classes) {
      names.add(turma);
      yield;
    }
    const keys = Float64Array.from(names.keys);
    const orders = yield* ordering(source, keys, names.sortNames, limits.sortedAtOnce);
    return new ClassSearch(names, keys, orders, limits);
  }

  private constructor(
    names: NamesRead,
    keys: Float64Array,
    { idRank, orders, positions }: Orders,
    limits: ClassSearchLimits,
  ) {
    this.limits = limits;
    const { counts, updated, repeated, postings, nameTerms, nameTermsFrom } = names;
    this.terms = names.terms;
    this.termNumbers = names.termNumbers;
    nameTermsFrom.push(nameTerms.length);
    this.size = keys.length;
    this.repeats = bitsFor(this.size);
    for (const [slot, terms] of repeated) {
      this.repeats[slot >>> 5]! |= 1 << (slot & 31);
      this.repeatedTerms.set(slot, Int32Array.from(terms));
    }
    // Two bytes a word while the names have at most 65,536 distinct words (1,028 in the demo).
    const termsOfNames = nameTerms.values.subarray(0, nameTerms.length);
    this.nameTerms =
      this.terms.length <= 0x10000 ? Uint16Array.from(termsOfNames) : termsOfNames.slice();
    this.nameTermsFrom = nameTermsFrom.trim();
    let most = 1;
    const wordCount = (slot: number) =>
      Math.min(this.nameTermsFrom[slot + 1]! - this.nameTermsFrom[slot]!, UNMET_MAX);
    for (let slot = 0; slot < this.size; slot++) most = Math.max(most, wordCount(slot));
    this.unmetBits = 32 - Math.clz32(most);
    this.wordCounts = Array.from({ length: this.unmetBits }, () => bitsFor(this.size));
    for (let slot = 0; slot < this.size; slot++) {
      const count = wordCount(slot);
      for (let plane = 0; plane < this.unmetBits; plane++) {
        if ((count >>> plane) & 1) this.wordCounts[plane]![slot >>> 5]! |= 1 << (slot & 31);
      }
    }
    this.keys = keys;
    this.counts = Int32Array.from(counts);
    this.updated = Float64Array.from(updated);
    this.idRank = idRank;
    this.orders = orders;
    this.positions = positions;
    this.termNames = Int32Array.from(postings, (slots) => slots.length);
    // A word in many names is a bitset: a search for it then ORs words, not slots.
    for (const slots of postings) {
      if (slots.length < this.size / 32) {
        this.postings.push(Int32Array.from(slots));
        this.commonTerms.push(undefined);
        continue;
      }
      const bits = bitsFor(this.size);
      for (const slot of slots) bits[slot >>> 5]! |= 1 << (slot & 31);
      this.postings.push(new Int32Array(0));
      this.commonTerms.push(bits);
      this.lent.add(bits);
    }
  }

  /**
   * These turmas' student counts and updatedAt changed (enrolments written): each moves in the two
   * orders and in the searches kept in them, by binary search; nothing else is read again.
   */
  update(changes: readonly Omit<IndexedClass, 'searchName'>[]): void {
    for (const change of changes) {
      const slot = this.slotOf(change.key);
      if (slot < 0) continue;
      this.moveIn('countStudents', this.counts, slot, change.countStudents);
      this.moveIn('updatedAt', this.updated, slot, Date.parse(change.updatedAt));
    }
  }

  /** Gives `slot` a new value of `field`, moving it in the order and in each search kept in it. */
  private moveIn(field: SortField, values: Int32Array | Float64Array, slot: number, value: number) {
    if (values[slot] === value) return;
    const [from, to] = this.move(this.orders[field], slot, values, value);
    const [staleFrom, staleTo] = this.stalePositions.get(field) ?? [from, to];
    this.stalePositions.set(field, [Math.min(from, to, staleFrom), Math.max(from, to, staleTo)]);
    for (const [key, list] of this.ordered) {
      if (key.startsWith(`${field} `)) this.move(list, slot, values, value);
    }
    values[slot] = value;
  }

  /**
   * One page of `sortBy` (a field, or "-field" for descending), among the turmas `query` finds.
   * Without `sortBy`, best match first when the query has words, by name otherwise.
   */
  page(
    query: string | undefined,
    sortBy: SortBy | undefined,
    page: number,
    pageSize: number,
  ): ClassPage {
    // Whatever the last request let go of is no longer in use.
    for (const bits of this.letGo.splice(0))
      if (this.spare.length < SPARE_KEPT) this.spare.push(bits);
    const words = searchWords(query ?? '');
    const descending = sortBy?.startsWith('-') ?? false;
    const field = (descending ? sortBy!.slice(1) : (sortBy ?? 'name')) as SortField;
    const from = (page - 1) * pageSize;
    let slots: number[];
    let total: number;
    if (words.length === 0) {
      total = this.size;
      slots = pageOf(this.orders[field], descending, from, pageSize);
    } else {
      const search = words.toSorted().join(' ');
      const found = this.matching(search, words);
      total = found.total;
      if (from >= total) slots = [];
      else if (sortBy === undefined) {
        // The order within a place follows the query as typed: kept by its words in order.
        const typed = foldedWords(query ?? '');
        const rank = typed.join(' ');
        slots =
          total < this.size * this.limits.few
            ? pageOf(this.rankedFew(rank, typed, words, found), false, from, pageSize)
            : this.rankedPage(rank, typed, words, found, from, Math.min(from + pageSize, total));
      } else if (total < this.size * this.limits.few) {
        slots = pageOf(this.sorted(search, found, field), descending, from, pageSize);
      } else {
        slots = this.pageOfMany(search, found, field, descending, from, pageSize);
      }
    }
    return { keys: slots.map((slot) => this.keys[slot]!), slots, totalRecords: total };
  }

  /** A turma's student count, as the index holds it. */
  countAt(slot: number): number {
    return this.counts[slot]!;
  }

  /** The slot's `updatedAt` as `Date.parse` reads it, kept up to date by `update`. */
  updatedAt(slot: number): number {
    return this.updated[slot]!;
  }

  /**
   * A few turmas in `field`'s order: their positions in it, sorted; kept for the next pages (the
   * counts and times orders until the next write).
   */
  private sorted(search: string, found: Found, field: SortField): Int32Array {
    const key = `${field} ${search}`;
    const kept = this.ordered.get(key);
    if (kept) return kept;
    const positions = this.positionsOf(field);
    const list = new Int32Array(found.total);
    let at = 0;
    forEachSlot(found.bits, (slot) => (list[at++] = positions[slot]!));
    list.sort();
    const order = this.orders[field];
    for (let at = 0; at < list.length; at++) list[at] = order[list[at]!]!;
    return remember(this.ordered, key, list, ORDERED_KEPT);
  }

  /**
   * A page of a search of many turmas in `field`'s order. Near either end (the pages staff read)
   * it is walked until full, and so is the first deep page; the next deep page walks the whole
   * list once and keeps it, for the pages around it (writes move its turmas, as the order's).
   */
  private pageOfMany(
    search: string,
    found: Found,
    field: SortField,
    descending: boolean,
    from: number,
    count: number,
  ): number[] {
    const key = `${field} ${search}`;
    const kept = this.ordered.get(key);
    if (kept) return pageOf(kept, descending, from, count);
    const order = this.orders[field];
    const fromNearerEnd = Math.min(from, found.total - from - count);
    if (fromNearerEnd <= this.limits.walkedDepth) {
      return this.walk(found, order, descending, from, count);
    }
    // A first deep page is walked to, from the nearer end: a quarter of the order on average,
    // not all of it, and most searches are asked one deep page only.
    if (!this.walkedDeep.delete(key)) {
      remember(this.walkedDeep, key, true, WALKED_DEEP_KEPT);
      return this.walk(found, order, descending, from, count);
    }
    const list = new Int32Array(found.total);
    for (let at = 0, listed = 0; listed < list.length; at++) {
      if (has(found.bits, order[at]!)) list[listed++] = order[at]!;
    }
    return pageOf(remember(this.ordered, key, list, ORDERED_KEPT), descending, from, count);
  }

  /**
   * A page of many turmas in `order`: walked from the end nearer to the page, until it is full.
   * `from` counts from the start of the direction asked.
   */
  private walk(found: Found, order: Int32Array, descending: boolean, from: number, count: number) {
    const { bits, total } = found;
    // The page as positions among the turmas found, in ascending order: [low, high).
    const low = descending ? Math.max(0, total - from - count) : from;
    const high = descending ? total - from : Math.min(total, from + count);
    const slots: number[] = [];
    if (low <= total - high) {
      let seen = 0;
      for (let at = 0; seen < high; at++) {
        const slot = order[at]!;
        if (has(bits, slot) && seen++ >= low) slots.push(slot);
      }
    } else {
      let seen = 0;
      for (let at = order.length - 1; seen < total - low; at--) {
        const slot = order[at]!;
        if (has(bits, slot) && seen++ >= total - high) slots.push(slot);
      }
      slots.reverse();
    }
    return descending ? slots.reverse() : slots;
  }

  /**
   * A few turmas best match first (RANK_EXTENSION), sorted by (place, tier, name) and kept like
   * `sorted`'s, by the query's words as typed (`rank`); names never change, so no write makes it
   * stale.
   */
  private rankedFew(rank: string, typed: string[], words: string[], found: Found): Int32Array {
    const key = `rank ${rank}`;
    const kept = this.ordered.get(key);
    if (kept) return kept;
    const meets = this.meetsOf(words);
    const typedTerms = this.termsTyped(typed);
    const byName = this.positions.name;
    const sortKeys = new Float64Array(found.total);
    let at = 0;
    forEachSlot(found.bits, (slot) => {
      const place = this.placeOf(meets, words.length, slot) * (1 << TIER_BITS);
      const tier = typedTerms && this.namedAs(typedTerms, slot) ? 0 : 1;
      sortKeys[at++] = (place + tier) * POSITION + byName[slot]!;
    });
    sortKeys.sort();
    const list = new Int32Array(found.total);
    for (let at = 0; at < list.length; at++) list[at] = this.orders.name[sortKeys[at]! % POSITION]!;
    return remember(this.ordered, key, list, ORDERED_KEPT);
  }

  /**
   * A turma's place, from its name's terms (`meetsOf`). A word of the name is met when a query
   * word meets it whole, or meets it otherwise and meets no word of this name whole: "a" that
   * found the section "A" does not also take "Arte", which is left over like any unmet word.
   */
  private placeOf(meets: Uint32Array, words: number, slot: number): number {
    let met = 0;
    const from = this.nameTermsFrom[slot]!;
    const to = this.nameTermsFrom[slot + 1]!;
    for (let at = from; at < to; at++) met |= meets[this.nameTerms[at]!]!;
    const metWhole = met & 0xff;
    let unmet = 0;
    for (let at = from; at < to; at++) {
      const meeting = meets[this.nameTerms[at]!]!;
      if ((meeting & 0xff) === 0 && (((meeting >>> 8) | (meeting >>> 16)) & ~metWhole & 0xff) === 0)
        unmet++;
    }
    const whole = bitCount8(met);
    const inside = words - whole - bitCount8((met >>> 8) & ~met);
    const fields = ((words - whole) << FIELD_BITS) | inside;
    return fields * (UNMET_MAX + 1) + Math.min(unmet, UNMET_MAX);
  }

  /** Each of the query's words as typed, as a term; undefined when one is no word of any name. */
  private termsTyped(typed: string[]): Int32Array | undefined {
    const terms = typed.map((word) => this.termNumbers.get(word) ?? -1);
    return terms.includes(-1) ? undefined : Int32Array.from(terms);
  }

  /** Whether the folded words of slot's name, in order, repeats kept, are `terms`. */
  private namedAs(terms: Int32Array, slot: number): boolean {
    let name: ArrayLike<number> = this.nameTerms;
    let from = this.nameTermsFrom[slot]!;
    if (has(this.repeats, slot)) {
      name = this.repeatedTerms.get(slot)!;
      from = 0;
      if (name.length !== terms.length) return false;
    } else if (this.nameTermsFrom[slot + 1]! - from !== terms.length) return false;
    for (let at = 0; at < terms.length; at++) if (name[from + at] !== terms[at]) return false;
    return true;
  }

  /**
   * The turmas of `found` named exactly as typed (`namedAs`): those of the typed word in fewest
   * names when one is a rare term, else the bitsets of the typed terms and of the names with as
   * many distinct words ANDed, 32 turmas a machine word; each then read.
   */
  private namedExactly(typed: string[], found: Bits): Bits {
    const exact = this.newBits();
    const terms = this.termsTyped(typed);
    if (!terms) return exact;
    const named = (slot: number) => {
      if (this.namedAs(terms, slot)) exact[slot >>> 5]! |= 1 << (slot & 31);
    };
    const distinct = [...new Set(terms)];
    const rare = distinct
      .filter((term) => !this.commonTerms[term])
      .sort((a, b) => this.termNames[a]! - this.termNames[b]!)[0];
    if (rare !== undefined) {
      for (const slot of this.postings[rare]!) if (has(found, slot)) named(slot);
      return exact;
    }
    const common = distinct.map((term) => this.commonTerms[term]!);
    const count = Math.min(distinct.length, UNMET_MAX);
    for (let at = 0; at < found.length; at++) {
      let value = found[at]!;
      for (let term = 0; value !== 0 && term < common.length; term++) value &= common[term]![at]!;
      for (let plane = 0; value !== 0 && plane < this.unmetBits; plane++) {
        const bits = this.wordCounts[plane]![at]!;
        value &= (count >>> plane) & 1 ? bits : ~bits;
      }
      for (; value !== 0; value &= value - 1) named((at << 5) | (31 - Math.clz32(value & -value)));
    }
    return exact;
  }

  /**
   * Many turmas best match first (RANK_EXTENSION), for a page ending at `to`: every turma's
   * place at once, 32 turmas a machine word (bit-sliced), from the bitsets of the words the query
   * meets, so that a word in 750,000 names ("ano") costs passes over 31,250 words, not over its
   * names. Kept by the query's words as typed (`rank`), with its first turmas in order; names
   * never change, so no write makes it stale.
   */
  private ranking(
    rank: string,
    typed: string[],
    words: string[],
    found: Found,
    to: number,
  ): Ranking {
    const kept = this.rankings.get(rank);
    if (kept && to <= kept.found.total) return kept;
    const { bits } = found;
    const each = words.map((word) => this.wordBits(word));
    // The best tier first: the turmas every word meets whole, whose places differ only in their
    // unmet words. When the page lies within it, the other turmas' places are never computed.
    const best = kept ? undefined : this.newBits();
    if (best) {
      let total = 0;
      for (let at = 0; at < bits.length; at++) {
        let value = bits[at]!;
        for (let word = 0; value !== 0 && word < each.length; word++)
          value &= each[word]!.whole[at]!;
        best[at] = value;
        total += bitCount32(value);
      }
      if (to <= total) return this.ranked(rank, typed, words, { bits: best, total }, []);
      this.letGo.push(best);
    }
    const fieldBits = 32 - Math.clz32(words.length);
    const fields = Array.from({ length: 2 * fieldBits }, () => this.newBits());
    // Least significant first: the words met inside, the words not met whole.
    const inside = fields.slice(0, fieldBits);
    const notWhole = fields.slice(fieldBits);
    for (const { whole, notInside } of each) {
      for (let at = 0; at < bits.length; at++) {
        const within = bits[at]!;
        if (within === 0) continue;
        addAt(notWhole, at, ~whole[at]! & within);
        addAt(inside, at, ~notInside[at]! & within);
      }
    }
    // Its own copy of the turmas found: the searches' cache lets go of its bitsets.
    const own = this.newBits();
    own.set(bits);
    return this.ranked(rank, typed, words, { bits: own, total: found.total }, fields);
  }

  /**
   * A ranking of the turmas `found` (its own bitset), by their unmet words below `fields`, and
   * within a place the turmas named exactly as typed first (`namedExactly`); kept in place of
   * any ranking of the same typed query.
   */
  private ranked(
    rank: string,
    typed: string[],
    words: string[],
    found: Found,
    fields: Bits[],
  ): Ranking {
    const { bits } = found;
    const each = words.map((word) => this.wordBits(word));
    const unmet = Array.from({ length: this.unmetBits }, () => this.newBits());
    // unmet = the name's words - the terms the query's words claim, each counted once: a word
    // claims the terms it meets whole, and the others it meets only in names where it meets none
    // whole (placeOf). The words' own claims (`wordBits`), less a term's repeats where several
    // words claim it. Modulo 2^unmetBits, as the result fits.
    for (let plane = 0; plane < this.unmetBits; plane++) unmet[plane]!.set(this.wordCounts[plane]!);
    // Per term: how many words meet it whole, and the words that meet it otherwise.
    const wholes = new Uint8Array(this.terms.length);
    const partlyBy: (number[] | undefined)[] = [];
    words.forEach((word, i) => {
      const { terms, kinds } = this.termsMeeting(word);
      for (let at = 0; at < terms.length; at++) {
        const term = terms[at]!;
        if (kinds[at] === WHOLE) wholes[term]!++;
        else (partlyBy[term] ??= []).push(i);
      }
    });
    for (let term = 0; term < wholes.length; term++) {
      if (wholes[term]! + (partlyBy[term]?.length ?? 0) < 2) continue;
      // Per turma of the term: each claim after the first is a repeat. Claims by words that meet
      // it whole hold in every name; a claim by a word that meets it otherwise, where that word
      // meets no word of the name whole.
      const claimedBy = (partlyBy[term] ?? []).map((i) => each[i]!.whole);
      const repeats = (at: number, held: number) => {
        for (let repeat = 1; repeat < wholes[term]!; repeat++) addAt(unmet, at, held);
        let seen = wholes[term]! > 0 ? held : 0;
        for (const whole of claimedBy) {
          const claim = held & ~whole[at]!;
          addAt(unmet, at, claim & seen);
          seen |= claim;
        }
      };
      const common = this.commonTerms[term];
      if (common) {
        for (let at = 0; at < bits.length; at++) if (bits[at] !== 0) repeats(at, common[at]!);
      } else for (const slot of this.postings[term]!) repeats(slot >>> 5, 1 << (slot & 31));
    }
    for (const { counts } of each) {
      for (let at = 0; at < bits.length; at++) {
        if (bits[at] === 0) continue;
        let borrow = 0;
        for (let plane = 0; plane < this.unmetBits; plane++) {
          const value = unmet[plane]![at]!;
          const taken = plane < counts.length ? counts[plane]![at]! : 0;
          unmet[plane]![at] = value ^ taken ^ borrow;
          borrow = (~value & taken) | (~(value ^ taken) & borrow);
        }
      }
    }
    // The tier's plane: the turmas found not named exactly as typed.
    const tier = this.namedExactly(typed, bits);
    for (let at = 0; at < bits.length; at++) tier[at] = bits[at]! & ~tier[at]!;
    const ranking: Ranking = {
      planes: [tier, ...unmet, ...fields],
      found,
      head: new Int32Array(0),
    };
    const forget = (evicted: Ranking) => this.letGo.push(...evicted.planes, evicted.found.bits);
    const replaced = this.rankings.get(rank);
    if (replaced) {
      this.rankings.delete(rank);
      forget(replaced);
    }
    return remember(this.rankings, rank, ranking, RANKINGS_KEPT, forget);
  }

  /**
   * Turmas `from`…`to` (excluded) of a ranking. Within its head, the turmas up to the page, kept
   * (a page of 20 costs a twenty-fifth of a head of 500); past it, the page alone, and from the
   * second such page all of it, once, kept: staff who page on page on.
   */
  private rankedPage(
    rank: string,
    typed: string[],
    words: string[],
    found: Found,
    from: number,
    to: number,
  ) {
    const ranking = this.ranking(rank, typed, words, found, to);
    if (ranking.list) return Array.from(ranking.list.subarray(from, to));
    if (to <= this.limits.rankedHead) {
      if (to > ranking.head.length) ranking.head = this.rankedSlice(ranking, 0, to);
      return Array.from(ranking.head.subarray(from, to));
    }
    if (!ranking.deep) {
      ranking.deep = true;
      return Array.from(this.rankedSlice(ranking, from, to));
    }
    ranking.list = this.rankedSlice(ranking, 0, ranking.found.total);
    return Array.from(ranking.list.subarray(from, to));
  }

  /**
   * Turmas `from`…`to` (excluded) of a ranking. The turmas found are split by the places' bits,
   * most significant first, into the groups that hold the slice (a count tells which to skip);
   * a group of few turmas is sorted by the rest of its place, its tier and name; one of many that
   * share a place and tier is walked in name order.
   */
  private rankedSlice({ planes, found }: Ranking, from: number, to: number): Int32Array {
    const slice = new Int32Array(to - from);
    let filled = 0;
    let position = 0;
    const visit = (group: Bits, count: number, level: number) => {
      if (count === 0 || position >= to) return;
      if (position + count <= from) {
        position += count;
        return;
      }
      const skip = Math.max(0, from - position);
      const end = Math.min(count, to - position);
      if (count < this.size * this.limits.few) {
        // (the place's bits left, tier, position by name): exact in a double (POSITION).
        const byName = this.positions.name;
        const sortKeys = new Float64Array(count);
        let at = 0;
        forEachSlot(group, (slot) => {
          let low = 0;
          for (let plane = level; plane >= 0; plane--)
            low = low * 2 + (has(planes[plane]!, slot) ? 1 : 0);
          sortKeys[at++] = low * POSITION + byName[slot]!;
        });
        sortKeys.sort();
        for (let at = skip; at < end; at++)
          slice[filled++] = this.orders.name[sortKeys[at]! % POSITION]!;
      } else if (level < 0) {
        const leaf = { bits: group, total: count };
        for (const slot of this.walk(leaf, this.orders.name, false, skip, end - skip))
          slice[filled++] = slot;
      } else {
        const [zero, one] = (this.splits[level] ??= [bitsFor(this.size), bitsFor(this.size)]);
        const plane = planes[level]!;
        let zeros = 0;
        for (let at = 0; at < group.length; at++) {
          const value = group[at]! & ~plane[at]!;
          zero[at] = value;
          zeros += bitCount32(value);
        }
        // A plane that does not split the group (the high bits of few words' places): one level
        // down as it is; and the turmas with the bit set only when the slice reaches them.
        if (zeros === 0 || zeros === count) {
          visit(group, count, level - 1);
          return;
        }
        visit(zero, zeros, level - 1);
        if (position >= to) return;
        for (let at = 0; at < group.length; at++) one[at] = group[at]! & plane[at]!;
        visit(one, count - zeros, level - 1);
        return;
      }
      position += count;
    };
    visit(found.bits, found.total, planes.length - 1);
    return slice;
  }

  /** A bitset of the turmas, all 0: a spare one when there is one. */
  private newBits(): Bits {
    return this.spare.pop()?.fill(0) ?? bitsFor(this.size);
  }

  /** The turmas `word` meets, by how (WordBits), kept for the next rankings. */
  private wordBits(word: string): WordBits {
    const kept = this.wordKinds.get(word);
    if (kept) return kept;
    const { terms, kinds } = this.termsMeeting(word);
    const termBits = (kind: number) => terms.filter((_, at) => kinds[at] === kind);
    const [whole, start] = [termBits(WHOLE), termBits(START)];
    const lent = (only: Int32Array) => (only.length === 1 ? this.commonTerms[only[0]!] : undefined);
    const union = (...parts: Int32Array[]) => {
      const bits = this.newBits();
      for (const part of parts) for (const term of part) this.orTerm(bits, term);
      return bits;
    };
    const wholeBits = lent(whole) ?? union(whole);
    const notInside = start.length === 0 ? wholeBits : (lent(terms) ?? union(whole, start));
    let counts: Bits[];
    // One term, met whole or not: claimed wherever it is.
    const only = lent(terms);
    if (only) counts = [only];
    else {
      counts = Array.from(
        { length: 32 - Math.clz32(Math.min(terms.length, 2 ** this.unmetBits - 1)) },
        () => this.newBits(),
      );
      terms.forEach((term, index) => {
        // A term met only at its start or inside is not claimed in names the word meets whole.
        const mask = kinds[index] === WHOLE || whole.length === 0 ? undefined : wholeBits;
        const common = this.commonTerms[term];
        if (common) {
          for (let at = 0; at < common.length; at++)
            addAt(counts, at, mask ? common[at]! & ~mask[at]! : common[at]!);
        } else {
          for (const slot of this.postings[term]!)
            if (!mask || !has(mask, slot)) addAt(counts, slot >>> 5, 1 << (slot & 31));
        }
      });
    }
    const found = { whole: wholeBits, notInside, counts };
    return remember(this.wordKinds, word, found, WORD_BITS_KEPT, (evicted) => {
      for (const bits of new Set([evicted.whole, evicted.notInside, ...evicted.counts]))
        if (!this.lent.has(bits)) this.letGo.push(bits);
    });
  }

  /** ORs the turmas of `term` into `bits`. */
  private orTerm(bits: Bits, term: number) {
    const common = this.commonTerms[term];
    if (common) for (let at = 0; at < bits.length; at++) bits[at]! |= common[at]!;
    else for (const slot of this.postings[term]!) bits[slot >>> 5]! |= 1 << (slot & 31);
  }

  /** Per term: bit i when it meets words[i] whole, 8 + i when at its start, 16 + i inside. */
  private meetsOf(words: string[]): Uint32Array {
    const meets = new Uint32Array(this.terms.length);
    words.forEach((word, i) => {
      const { terms, kinds } = this.termsMeeting(word);
      for (let at = 0; at < terms.length; at++) {
        const kind = kinds[at]!;
        meets[terms[at]!]! |= 1 << (i + (kind === WHOLE ? 0 : kind === START ? 8 : 16));
      }
    });
    return meets;
  }

  /** The turmas with every one of `words`. */
  private matching(search: string, words: string[]): Found {
    const kept = this.searches.get(search);
    if (kept) return kept;
    const found = this.matchingFew(words) ?? this.matchingMany(words);
    return remember(this.searches, search, found, SEARCHES_KEPT, (evicted) =>
      this.letGo.push(evicted.bits),
    );
  }

  /**
   * When one of `words` is in few names (its terms' postings, under `sparse` of the turmas), the
   * turmas with all of them: those names, each read for the other words' terms, instead of
   * passes over bitsets of every turma.
   */
  private matchingFew(words: string[]): Found | undefined {
    let rarest: Int32Array | undefined;
    let least = this.size * this.limits.sparse;
    for (const word of words) {
      const { terms } = this.termsMeeting(word);
      let postings = 0;
      for (const term of terms) postings += this.termNames[term]!;
      if (postings < least) [rarest, least] = [terms, postings];
    }
    if (!rarest) return undefined;
    // Per term: bit i when it meets words[i], any way.
    const meets = new Uint8Array(this.terms.length);
    words.forEach((word, i) => {
      for (const term of this.termsMeeting(word).terms) meets[term]! |= 1 << i;
    });
    const all = (1 << words.length) - 1;
    const bits = this.newBits();
    let total = 0;
    const read = (slot: number) => {
      if (has(bits, slot)) return;
      let met = 0;
      for (let at = this.nameTermsFrom[slot]!; at < this.nameTermsFrom[slot + 1]!; at++)
        met |= meets[this.nameTerms[at]!]!;
      if (met !== all) return;
      bits[slot >>> 5]! |= 1 << (slot & 31);
      total++;
    };
    // A common term is rarest only with limits a test sets.
    for (const term of rarest) {
      const common = this.commonTerms[term];
      if (common) forEachSlot(common, read);
      else for (const slot of this.postings[term]!) read(slot);
    }
    return { bits, total };
  }

  /** The turmas with every one of `words`: their bitsets ANDed. */
  private matchingMany(words: string[]): Found {
    const [first, ...others] = words.map((word) => this.slotsWith(word));
    const bits = this.newBits();
    bits.set(first!);
    for (const other of others) for (let at = 0; at < bits.length; at++) bits[at]! &= other[at]!;
    return { bits, total: popcount(bits) };
  }

  /** The turmas whose name has a word `word` meets: the vocabulary is read, not the names. */
  private slotsWith(word: string): Bits {
    const kept = this.wordSlots.get(word);
    if (kept) return kept;
    const { terms } = this.termsMeeting(word);
    // One common word ("ano"): its bitset as it is, never written to.
    const only = terms.length === 1 ? this.commonTerms[terms[0]!] : undefined;
    const bits = only ?? this.newBits();
    if (!only) {
      for (const term of terms) {
        const common = this.commonTerms[term];
        if (common) for (let at = 0; at < bits.length; at++) bits[at]! |= common[at]!;
        else for (const slot of this.postings[term]!) bits[slot >>> 5]! |= 1 << (slot & 31);
      }
    }
    return remember(this.wordSlots, word, bits, WORDS_KEPT, (evicted) => {
      if (!this.lent.has(evicted)) this.letGo.push(evicted);
    });
  }

  /** The terms `word` meets, and how (`matchWord`). */
  private termsMeeting(word: string): WordTerms {
    const kept = this.wordTerms.get(word);
    if (kept) return kept;
    const terms: number[] = [];
    const kinds: number[] = [];
    this.terms.forEach((term, number) => {
      const match = matchWord(term, word);
      if (match === undefined) return;
      terms.push(number);
      kinds.push(KIND[match]);
    });
    const found = { terms: Int32Array.from(terms), kinds: Uint8Array.from(kinds) };
    return remember(this.wordTerms, word, found, WORDS_KEPT);
  }

  /** Each slot's position in `field`'s order, computed again where writes moved turmas. */
  private positionsOf(field: SortField): Int32Array {
    const positions = this.positions[field];
    const stale = this.stalePositions.get(field);
    if (stale) {
      this.stalePositions.delete(field);
      const order = this.orders[field];
      for (let at = stale[0]; at <= stale[1]; at++) positions[order[at]!] = at;
    }
    return positions;
  }

  /** The slot of the turma with row key `key`, or -1. */
  slotOf(key: number): number {
    return slotIn(this.keys, key);
  }

  /**
   * Moves `slot` in `order`, sorted by (value, id), to where `value` puts it; the caller then
   * gives it that value. An order of some turmas (a search's) that lacks `slot` is left as it is.
   * Both places are found by binary search, the slots between shifted by one (one memmove);
   * returns the positions between which slots moved.
   */
  private move(
    order: Int32Array,
    slot: number,
    values: Int32Array | Float64Array,
    value: number,
  ): [number, number] {
    const from = this.position(order, values, values[slot]!, this.idRank[slot]!);
    if (order[from] !== slot) return [from, from];
    let to = this.position(order, values, value, this.idRank[slot]!);
    if (to > from) {
      to -= 1;
      order.copyWithin(from, from + 1, to + 1);
    } else if (to < from) {
      order.copyWithin(to + 1, to, from);
    }
    order[to] = slot;
    return [from, to];
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

/** `count` slots of `list` from `from`, read from its end when `descending`. */
function pageOf(list: Int32Array, descending: boolean, from: number, count: number): number[] {
  const slots: number[] = [];
  for (let at = from; at < Math.min(from + count, list.length); at++) {
    slots.push(list[descending ? list.length - 1 - at : at]!);
  }
  return slots;
}
