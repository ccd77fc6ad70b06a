/**
 * The turmas list's index, in memory: which turmas each search word finds, and every sort order
 * as a permutation, so that any list request (count and page, any search, any order, any page)
 * costs time in proportion to the turmas, not to SQL statements over them: at 1,000,000 turmas a
 * few milliseconds (docs/decisions/013-word-search.md). Engine-neutral: a store loads it from its
 * rows and tells it which turmas' counts and times changed; it answers with row keys (`rowid`s),
 * whose rows the store then reads, and with slots (0…size-1 in key order), for a store that
 * keeps the rest of each row beside it.
 */
import { matchWord, searchWords, splitFoldedWords, type SortBy, type SortField } from '#contract';

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
 * and this many searches of a few turmas in one order each.
 */
const WORDS_KEPT = 64;
const SEARCHES_KEPT = 16;
const ORDERED_KEPT = 8;
/** Searches of many turmas by place, 2 bytes a turma each (2 MB at 1,000,000). */
const RANKINGS_KEPT = 8;

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
}
const LIMITS: ClassSearchLimits = { few: 1 / 64, rankedHead: 500 };

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

/** Calls `each` with every slot in `bits`, ascending. */
function forEachSlot(bits: Bits, each: (slot: number) => void) {
  for (let block = 0; block < bits.length; block++) {
    for (let rest = bits[block]!; rest !== 0; rest &= rest - 1) {
      each((block << 5) | (31 - Math.clz32(rest & -rest)));
    }
  }
}

/** A Map that forgets its oldest entry past `limit`. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number): V {
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
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
const INSIDE = 0;
const START = 1;
const WHOLE = 2;
const KIND: Record<NonNullable<ReturnType<typeof matchWord>>, number> = {
  inside: INSIDE,
  start: START,
  whole: WHOLE,
};

/**
 * A ranked turma's place as one small integer, lower first (RANK_EXTENSION in the contract):
 * query words not met whole, then those met only inside a word, then the name's words the query
 * did not meet. With at most 8 query words, 9 × 9 × 128 places.
 */
const UNMET_MAX = 127;
const RANK_PLACES = 9 * 9 * (UNMET_MAX + 1);
/** A turma the search did not find, among places. */
const NOT_FOUND = 0xffff;
/** In a term's meets (`meetsOf`): it meets a query word, only inside. */
const MET = 1 << 16;

/**
 * `met`: bit i when query word i meets a word of the name whole, 8 + i when at a word's start
 * (either may be set by several words of the name); `unmet`: the name's words no query word meets.
 */
function placeOf(words: number, met: number, unmet: number): number {
  const whole = bitCount8(met);
  const inside = words - whole - bitCount8((met >>> 8) & ~met);
  return ((words - whole) * 9 + inside) * (UNMET_MAX + 1) + Math.min(unmet, UNMET_MAX);
}

/**
 * A search's turmas by place: `places` by slot (NOT_FOUND for the others), how many turmas come
 * before each place, and its first turmas in order (`rankedHead`).
 */
interface Ranking {
  places: Uint16Array;
  starts: Int32Array;
  head: Int32Array;
}

const PLACES_OF_MEETS: Uint16Array[] = [];
/**
 * `placeOf` without the unmet words, for every `met` that `words` query words can make (bits
 * 0…words-1 and 8…8+words-1), by `met`.
 */
function placesOfMeets(words: number): Uint16Array {
  const kept = PLACES_OF_MEETS[words];
  if (kept) return kept;
  const places = (PLACES_OF_MEETS[words] = new Uint16Array(1 << 16));
  const mask = (1 << words) - 1;
  for (let both = 0; both < 1 << (2 * words); both++) {
    const met = (both & mask) | ((both >>> words) << 8);
    places[met] = placeOf(words, met, 0);
  }
  return places;
}

/** How many bits each byte has set. */
const BITS_SET = Uint8Array.from({ length: 256 }, (_, byte) => {
  let count = 0;
  for (let rest = byte; rest !== 0; rest &= rest - 1) count++;
  return count;
});
const bitCount8 = (mask: number) => BITS_SET[mask & 0xff]!;

/** An Int32Array that grows as it is written, for lists whose length is known only at the end. */
class GrowingInts {
  values = new Int32Array(1 << 12);
  length = 0;
  push(value: number) {
    if (this.length === this.values.length) {
      const bigger = new Int32Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = value;
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
  private readonly stalePositions = new Set<SortField>();
  /** Every distinct folded word of any name (a "term"), by term number. */
  private readonly terms: string[] = [];
  /** Each term's slots, ascending; and, for a term in many names, the same as a bitset. */
  private readonly postings: Int32Array[] = [];
  private readonly commonTerms: (Bits | undefined)[] = [];
  /** The distinct terms of slot s's name: nameTerms[nameTermsFrom[s] … nameTermsFrom[s + 1]). */
  private readonly nameTerms: Uint16Array | Int32Array;
  private readonly nameTermsFrom: Int32Array;
  private readonly wordTerms = new Map<string, WordTerms>();
  private readonly wordSlots = new Map<string, Bits>();
  private readonly searches = new Map<string, Found>();
  /** Searches' turmas in one order each: "field words", or "rank words" best match first. */
  private readonly ordered = new Map<string, Int32Array>();
  /** Searches of many turmas, by place, for best match first. */
  private readonly rankings = new Map<string, Ranking>();
  /** Per slot, while a ranking is read from postings (`ranking`); zero otherwise. */
  private tally: Uint32Array | undefined;

  private readonly limits: ClassSearchLimits;

  constructor(source: ClassSearchSource, limits = LIMITS) {
    this.limits = limits;
    const keys: number[] = [];
    const counts: number[] = [];
    const updated: number[] = [];
    const termNumbers = new Map<string, number>();
    const postings: number[][] = [];
    const nameTerms = new GrowingInts();
    const nameTermsFrom = new GrowingInts();
    for (const turma of source.classes) {
      const slot = keys.length;
      keys.push(turma.key);
      counts.push(turma.countStudents);
      updated.push(Date.parse(turma.updatedAt));
      nameTermsFrom.push(nameTerms.length);
      for (const word of new Set(splitFoldedWords(turma.searchName))) {
        let term = termNumbers.get(word);
        if (term === undefined) {
          termNumbers.set(word, (term = this.terms.length));
          this.terms.push(word);
          postings.push([]);
        }
        postings[term]!.push(slot);
        nameTerms.push(term);
      }
    }
    nameTermsFrom.push(nameTerms.length);
    this.size = keys.length;
    // Two bytes a word while the names have at most 65,536 distinct words (1,028 in the demo).
    const termsOfNames = nameTerms.values.subarray(0, nameTerms.length);
    this.nameTerms =
      this.terms.length <= 0x10000 ? Uint16Array.from(termsOfNames) : termsOfNames.slice();
    this.nameTermsFrom = nameTermsFrom.values.slice(0, nameTermsFrom.length);
    this.keys = Float64Array.from(keys);
    this.counts = Int32Array.from(counts);
    this.updated = Float64Array.from(updated);
    this.idRank = this.positionsIn(this.slotsOf(source.keysById));
    this.orders = {
      name: this.slotsOf(source.keysByName),
      createdAt: this.slotsOf(source.keysByCreatedAt),
      countStudents: this.slotsOf(source.keysByCountStudents),
      updatedAt: this.slotsOf(source.keysByUpdatedAt),
    };
    this.positions = {
      name: this.positionsIn(this.orders.name),
      createdAt: this.positionsIn(this.orders.createdAt),
      countStudents: this.positionsIn(this.orders.countStudents),
      updatedAt: this.positionsIn(this.orders.updatedAt),
    };
    // A word in many names is kept as a bitset too: a search for it then ORs words, not slots.
    for (const slots of postings) {
      this.postings.push(Int32Array.from(slots));
      if (slots.length < this.size / 32) {
        this.commonTerms.push(undefined);
        continue;
      }
      const bits = bitsFor(this.size);
      for (const slot of slots) bits[slot >>> 5]! |= 1 << (slot & 31);
      this.commonTerms.push(bits);
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
    this.stalePositions.add('countStudents').add('updatedAt');
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
        slots =
          total < this.size * this.limits.few
            ? pageOf(this.rankedFew(search, words, found), false, from, pageSize)
            : this.rankedPage(this.ranking(search, words, found), total, from, pageSize);
      } else if (total < this.size * this.limits.few) {
        slots = pageOf(this.sorted(search, found, field), descending, from, pageSize);
      } else {
        slots = this.walk(found, this.orders[field], descending, from, pageSize);
      }
    }
    return { keys: slots.map((slot) => this.keys[slot]!), slots, totalRecords: total };
  }

  /** A turma's student count, as the index holds it. */
  countAt(slot: number): number {
    return this.counts[slot]!;
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
   * A few turmas best match first (RANK_EXTENSION), sorted by (place, name) and kept like
   * `sorted`'s; names never change, so no write makes it stale.
   */
  private rankedFew(search: string, words: string[], found: Found): Int32Array {
    const key = `rank ${search}`;
    const kept = this.ordered.get(key);
    if (kept) return kept;
    const meets = this.meetsOf(words);
    // (place, position by name) as one number: below 10,368 × 2^32, exact in a double.
    const sortKeys = new Float64Array(found.total);
    const byName = this.positions.name;
    let at = 0;
    forEachSlot(found.bits, (slot) => {
      sortKeys[at++] = this.placeByTerms(meets, words.length, slot) * 2 ** 32 + byName[slot]!;
    });
    sortKeys.sort();
    const list = new Int32Array(found.total);
    for (let at = 0; at < list.length; at++) list[at] = this.orders.name[sortKeys[at]! % 2 ** 32]!;
    return remember(this.ordered, key, list, ORDERED_KEPT);
  }

  /**
   * Many turmas' places (RANK_EXTENSION), kept. Each is read from the turma's name's terms, or,
   * when fewer, from the postings of the terms the query meets (one common word such as "ano"
   * meets one term, but 750,000 names of 6 words each).
   */
  private ranking(search: string, words: string[], found: Found): Ranking {
    const kept = this.rankings.get(search);
    if (kept) return kept;
    // The oldest ranking's places are written over: new memory this size costs more to touch
    // for the first time (page faults) than the rest of a ranking.
    let places: Uint16Array;
    if (this.rankings.size >= RANKINGS_KEPT) {
      const [oldest, ranking] = this.rankings.entries().next().value!;
      this.rankings.delete(oldest);
      places = ranking.places.fill(NOT_FOUND);
    } else {
      places = new Uint16Array(this.size).fill(NOT_FOUND);
    }
    const meets = this.meetsOf(words);
    const placeOfMeets = placesOfMeets(words.length);
    const starts = new Int32Array(RANK_PLACES + 1);
    const { bits } = found;
    const from = this.nameTermsFrom;
    let postings = 0;
    meets.forEach((meeting, term) => (postings += meeting === 0 ? 0 : this.postings[term]!.length));
    const byPostings = postings < (found.total * this.nameTerms.length) / this.size;
    // Per slot: its terms' meets ORed (low 16 bits), plus 2^16 for each of its terms that meets.
    const tally = byPostings ? (this.tally ??= new Uint32Array(this.size)) : undefined;
    if (tally) {
      meets.forEach((meeting, term) => {
        if (meeting === 0) return;
        const low = meeting & 0xffff;
        for (const slot of this.postings[term]!) tally[slot] = (tally[slot]! | low) + 0x10000;
      });
    }
    // The slots of `bits`, read inline: a callback here costs more than the rest of the loop.
    for (let block = 0; block < bits.length; block++) {
      for (let rest = bits[block]!; rest !== 0; rest &= rest - 1) {
        const slot = (block << 5) | (31 - Math.clz32(rest & -rest));
        let met: number;
        let unmet: number;
        if (tally) {
          const value = tally[slot]!;
          met = value & 0xffff;
          unmet = from[slot + 1]! - from[slot]! - (value >>> 16);
        } else {
          met = 0;
          unmet = 0;
          for (let at = from[slot]!; at < from[slot + 1]!; at++) {
            const meeting = meets[this.nameTerms[at]!]!;
            met |= meeting;
            if (meeting === 0) unmet++;
          }
        }
        const place = placeOfMeets[met & 0xffff]! + Math.min(unmet, UNMET_MAX);
        places[slot] = place;
        starts[place + 1]!++;
      }
    }
    tally?.fill(0);
    for (let place = 0; place < RANK_PLACES; place++) starts[place + 1]! += starts[place]!;
    const ranking: Ranking = { places, starts, head: new Int32Array(0) };
    ranking.head = this.rankedSlice(ranking, 0, Math.min(this.limits.rankedHead, found.total));
    return remember(this.rankings, search, ranking, RANKINGS_KEPT);
  }

  /** Turmas `from`…`to` (excluded) of a ranking: their head, kept, or read from the places. */
  private rankedPage(ranking: Ranking, total: number, from: number, count: number): number[] {
    const to = Math.min(from + count, total);
    const slice =
      to <= ranking.head.length
        ? ranking.head.subarray(from, to)
        : this.rankedSlice(ranking, from, to);
    return Array.from(slice);
  }

  /**
   * Turmas `from`…`to` (excluded) of a ranking, from the places that hold them, each place's
   * turmas in name order: when they are few, collected and sorted; when many, walked in name
   * order until the slice is full.
   */
  private rankedSlice({ places, starts }: Ranking, from: number, to: number): Int32Array {
    let first = 0;
    while (starts[first + 1]! <= from) first++;
    let last = first;
    while (starts[last + 1]! < to) last++;
    const slice = new Int32Array(to - from);
    const inPlaces = starts[last + 1]! - starts[first]!;
    if (inPlaces < this.size * this.limits.few) {
      // (place, position by name) as one number: below 10,368 × 2^32, exact in a double.
      const sortKeys = new Float64Array(inPlaces);
      const byName = this.positions.name;
      for (let slot = 0, at = 0; at < inPlaces; slot++) {
        const place = places[slot]!;
        if (place >= first && place <= last) sortKeys[at++] = place * 2 ** 32 + byName[slot]!;
      }
      sortKeys.sort();
      const skip = from - starts[first]!;
      for (let at = 0; at < slice.length; at++) {
        slice[at] = this.orders.name[sortKeys[skip + at]! % 2 ** 32]!;
      }
      return slice;
    }
    // Each place's turmas that come before the slice are counted, and skipped.
    const seen = new Int32Array(last - first + 1);
    const pieces: number[][] = Array.from({ length: last - first + 1 }, () => []);
    let missing = to - from;
    for (const slot of this.orders.name) {
      const place = places[slot]!;
      if (place < first || place > last) continue;
      const at = starts[place]! + seen[place - first]!++;
      if (at < from || at >= to) continue;
      pieces[place - first]!.push(slot);
      if (--missing === 0) break;
    }
    slice.set(pieces.flat());
    return slice;
  }

  /** Per term: bit i when it meets words[i] whole, 8 + i when at its start, 0 when not at all. */
  private meetsOf(words: string[]): Uint32Array {
    const meets = new Uint32Array(this.terms.length);
    words.forEach((word, i) => {
      const { terms, kinds } = this.termsMeeting(word);
      for (let at = 0; at < terms.length; at++) {
        const kind = kinds[at]!;
        meets[terms[at]!]! |= kind === WHOLE ? 1 << i : kind === START ? 1 << (8 + i) : MET;
      }
    });
    return meets;
  }

  /** A turma's place (`placeOf`), from its name's terms. */
  private placeByTerms(meets: Uint32Array, words: number, slot: number): number {
    let met = 0;
    let unmet = 0;
    for (let at = this.nameTermsFrom[slot]!; at < this.nameTermsFrom[slot + 1]!; at++) {
      const meeting = meets[this.nameTerms[at]!]!;
      met |= meeting;
      if (meeting === 0) unmet++;
    }
    return placeOf(words, met, unmet);
  }

  /** The turmas with every one of `words`. */
  private matching(search: string, words: string[]): Found {
    const kept = this.searches.get(search);
    if (kept) return kept;
    const [first, ...others] = words.map((word) => this.slotsWith(word));
    const bits = others.length === 0 ? first! : first!.slice();
    for (const other of others) for (let at = 0; at < bits.length; at++) bits[at]! &= other[at]!;
    return remember(this.searches, search, { bits, total: popcount(bits) }, SEARCHES_KEPT);
  }

  /** The turmas whose name has a word `word` meets: the vocabulary is read, not the names. */
  private slotsWith(word: string): Bits {
    const kept = this.wordSlots.get(word);
    if (kept) return kept;
    const { terms } = this.termsMeeting(word);
    // One common word ("ano"): its bitset as it is, never written to.
    const only = terms.length === 1 ? this.commonTerms[terms[0]!] : undefined;
    const bits = only ?? bitsFor(this.size);
    if (!only) {
      for (const term of terms) {
        const common = this.commonTerms[term];
        if (common) for (let at = 0; at < bits.length; at++) bits[at]! |= common[at]!;
        else for (const slot of this.postings[term]!) bits[slot >>> 5]! |= 1 << (slot & 31);
      }
    }
    return remember(this.wordSlots, word, bits, WORDS_KEPT);
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

  /** Each slot's position in `field`'s order, computed again if writes moved it. */
  private positionsOf(field: SortField): Int32Array {
    if (this.stalePositions.delete(field)) {
      const positions = this.positions[field];
      this.orders[field].forEach((slot, at) => (positions[slot] = at));
    }
    return this.positions[field];
  }

  private positionsIn(order: Int32Array): Int32Array {
    const positions = new Int32Array(order.length);
    order.forEach((slot, at) => (positions[slot] = at));
    return positions;
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

/** `count` slots of `list` from `from`, read from its end when `descending`. */
function pageOf(list: Int32Array, descending: boolean, from: number, count: number): number[] {
  const slots: number[] = [];
  for (let at = from; at < Math.min(from + count, list.length); at++) {
    slots.push(list[descending ? list.length - 1 - at : at]!);
  }
  return slots;
}
