/**
 * `GET /v1/students`' index, in memory: which students each search word finds, and every student
 * in (folded name, e-mail) order, so that a search costs time in proportion to the words and the
 * students it finds, never a pass over every student's text (docs/decisions/015-roster-extension.md).
 * Engine-neutral: a store loads it from its rows in that order and adds the students created
 * since; students are never renamed or removed through the API, and anything else makes the store
 * load it again.
 *
 * The rule is the turma search's (decision 013), over name and e-mail: a student matches when
 * each of the query's words (`searchWords`) occurs in their folded name or folded e-mail. A query
 * word holds no separator, so it occurs in one word of either: the index keeps words.
 */
import { foldForSearch, searchWords, splitFoldedWords } from '#contract';
import type { StudentClass, StudentSearchResponse } from '#contract/extensions';
import { remember } from './kept.ts';
import type { Building, Model } from './read-model.ts';
import { KeyNumbers } from './key-numbers.ts';
import { Utf8Strings } from './utf8-strings.ts';

/** One student as the index holds it; `key` is the store's row id. */
export interface IndexedStudent {
  key: number;
  name: string;
  email: string;
  /** foldForSearch(name), foldForSearch(email): what search compares and names sort by. */
  searchName: string;
  searchEmail: string;
}

/** One of a page's students' turmas, as both stores read them, with the student's count. */
export interface StudentClassRow extends StudentClass {
  key: number | string;
  countClasses: number | string;
}

export interface StudentPage {
  /** The students of the page, in order. */
  students: { key: number; name: string; email: string }[];
  totalRecords: number;
}

/**
 * The students of recent words of three or more characters are kept; those of shorter words are
 * kept for good when they are many (at least one student in DENSE). Both follow new students.
 */
const WORDS_KEPT = 64;
const DENSE = 64;
/** Up to this many new students are spliced into the order; more are merged in one pass. */
const SPLICED_MAX = 16;
/** Bitsets are made this much longer than the index, so that new students fit without a copy. */
const ROOM = 1.125;

type Bits = Uint32Array;
const bitsFor = (size: number): Bits => new Uint32Array((Math.ceil(size * ROOM) + 32) >>> 5);
const has = (bits: Bits, slot: number) => (bits[slot >>> 5]! & (1 << (slot & 31))) !== 0;
const set = (bits: Bits, slot: number) => (bits[slot >>> 5]! |= 1 << (slot & 31));

function popcount(bits: Bits): number {
  let total = 0;
  for (let value of bits) {
    value -= (value >>> 1) & 0x55555555;
    value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
    total += (((value + (value >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}

/**
 * A code unit of UTF-16 moved so that comparing them orders strings by code point, as SQLite's
 * BINARY and PostgreSQL's "C" collations order UTF-8: surrogates (a character past U+FFFF) after
 * U+E000–U+FFFF, not before.
 */
const codePointRank = (unit: number) =>
  unit < 0xd800 ? unit : unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;

/** Negative, zero or positive as `a` sorts before, with or after `b` by code point. */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let at = 0; at < length; at++) {
    const x = a.charCodeAt(at);
    const y = b.charCodeAt(at);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/**
 * Each folded word of any name or e-mail → the slots that have it, ascending; and each character,
 * and each pair of adjacent characters, of any word → the words holding it: a query word is
 * looked for among the words of its rarest pair, not in the whole vocabulary (every e-mail's
 * number is a word of its own). Packed once loaded (`pack`): the slots of all words in one
 * Uint32Array with where each word's begin, the words of each piece in one each, so 200,000
 * words are not 200,000 arrays; words and slots added later are kept beside.
 */
class Vocabulary {
  /** By word number. */
  private readonly words: string[] = [];
  private readonly numbers = new Map<string, number>();
  /** Slots of the words packed, `starts[word]` to `starts[word + 1]`. */
  private starts = new Uint32Array(1);
  private slots = new Uint32Array(0);
  private readonly added = new Map<number, number[]>();
  private readonly packedByPiece = new Map<string, Uint32Array>();
  private readonly addedByPiece = new Map<string, number[]>();

  add(word: string, slot: number): void {
    let number = this.numbers.get(word);
    if (number === undefined) {
      number = this.words.push(word) - 1;
      this.numbers.set(word, number);
      for (const piece of pieces(word)) {
        let holders = this.addedByPiece.get(piece);
        if (!holders) this.addedByPiece.set(piece, (holders = []));
        holders.push(number);
      }
    }
    let slots = this.added.get(number);
    if (!slots) this.added.set(number, (slots = []));
    slots.push(slot);
  }

  /** Everything added so far into typed arrays: once, after the load. */
  pack(): void {
    const count = this.words.length;
    this.starts = new Uint32Array(count + 1);
    for (let word = 0; word < count; word++) {
      this.starts[word + 1] = this.starts[word]! + (this.added.get(word)?.length ?? 0);
    }
    this.slots = new Uint32Array(this.starts[count]!);
    for (const [word, slots] of this.added) this.slots.set(slots, this.starts[word]);
    this.added.clear();
    for (const [piece, holders] of this.addedByPiece) {
      this.packedByPiece.set(piece, Uint32Array.from(holders));
    }
    this.addedByPiece.clear();
  }

  eachSlot(word: number, each: (slot: number) => void): void {
    if (word + 1 < this.starts.length) {
      for (let at = this.starts[word]!; at < this.starts[word + 1]!; at++) each(this.slots[at]!);
    }
    for (const slot of this.added.get(word) ?? []) each(slot);
  }

  /** The words that `word` meets, among those holding its rarest piece. */
  holding(word: string): number[] {
    let rarest: ArrayLike<number>[] | undefined;
    let rarestLength = 0;
    // One or two characters are a piece themselves.
    const keys = word.length <= 2 ? [word] : [];
    for (let at = 0; at + 2 <= word.length; at++) keys.push(word.slice(at, at + 2));
    for (const key of keys) {
      const holders = [this.packedByPiece.get(key), this.addedByPiece.get(key)].filter(
        (some) => some !== undefined,
      );
      const length = holders.reduce((sum, some) => sum + some.length, 0);
      if (length === 0) return [];
      if (!rarest || length < rarestLength) [rarest, rarestLength] = [holders, length];
    }
    const found: number[] = [];
    for (const holders of rarest!) {
      for (let at = 0; at < holders.length; at++) {
        if (meets(this.words[holders[at]!]!, word)) found.push(holders[at]!);
      }
    }
    return found;
  }
}

export class StudentSearch {
  /**
   * Students are numbered 0…size-1 as they arrived ("slots"); these are by slot, the texts as
   * UTF-8 (a string each was 40–55 MB at 200,000 students).
   */
  private readonly keys: number[] = [];
  private readonly names = new Utf8Strings();
  private readonly emails = new Utf8Strings();
  private readonly searchNames = new Utf8Strings();
  private readonly slotByKey = new KeyNumbers();
  /** Every slot, by (searchName, email). */
  private order: number[] = [];
  /** Each folded word of any name or e-mail → the slots that have it, ascending. */
  private readonly vocabulary = new Vocabulary();
  /**
   * Query words → the students they find. A word of one or two characters finds many students
   * through many words ("a": every e-mail at "escola"), a union costing tens of milliseconds:
   * kept in `shortSlots` once and for all when it finds many, and told of each new student.
   */
  private readonly wordSlots = new Map<string, Bits>();
  private readonly shortSlots = new Map<string, Bits>();

  /**
   * The index of `students`, in (searchName, email) order as the database sorts them, built a
   * student at a time (read-model.ts).
   */
  static *building(students: Iterable<IndexedStudent>): Building<StudentSearch> {
    const index = new StudentSearch();
    for (const student of students) {
      const slot = index.append(student);
      if (slot !== undefined) index.order.push(slot);
      yield;
    }
    for (const strings of [index.names, index.emails, index.searchNames]) strings.trim();
    index.vocabulary.pack();
    index.slotByKey.pack();
    return index;
  }

  private constructor() {}

  get size(): number {
    return this.keys.length;
  }

  /** Students created since the index was built; those it holds already are left alone. */
  add(students: readonly IndexedStudent[]): void {
    const added: number[] = [];
    for (const student of students) {
      const slot = this.append(student);
      if (slot !== undefined) added.push(slot);
    }
    if (added.length === 0) return;
    this.keepFinding(added);
    if (added.length <= SPLICED_MAX) {
      for (const slot of added) this.order.splice(this.position(slot), 0, slot);
    } else {
      // One merge, not a splice each: after a burst of enrolments a catch-up brings thousands,
      // and each splice moves the whole order.
      added.sort((a, b) => this.compare(a, b));
      const merged: number[] = [];
      let at = 0;
      for (const slot of added) {
        const end = this.position(slot);
        while (at < end) merged.push(this.order[at++]!);
        merged.push(slot);
      }
      while (at < this.order.length) merged.push(this.order[at++]!);
      this.order = merged;
    }
  }

  /**
   * One page of the students `query` finds, by folded name then e-mail: its words' bitsets
   * intersected, counted, and walked in the order from the nearer end to the page (at most half
   * the order, about 0.3 ms at 200,000 students).
   */
  page(query: string | undefined, page: number, pageSize: number): StudentPage {
    const words = searchWords(query ?? '');
    const from = (page - 1) * pageSize;
    const slots: number[] = [];
    let totalRecords = this.order.length;
    if (words.length === 0) {
      slots.push(...this.order.slice(from, from + pageSize));
    } else {
      const found = this.found(words);
      totalRecords = popcount(found);
      const end = Math.min(from + pageSize, totalRecords);
      if (from < totalRecords - end) {
        for (let at = 0, seen = 0; at < this.order.length && seen < end; at++) {
          const slot = this.order[at]!;
          if (has(found, slot) && seen++ >= from) slots.push(slot);
        }
      } else {
        // Nearer the end: walked from there, half the order at most.
        for (let at = this.order.length - 1, after = totalRecords; at >= 0 && after > from; at--) {
          const slot = this.order[at]!;
          if (has(found, slot) && after-- <= end) slots.push(slot);
        }
        slots.reverse();
      }
    }
    return {
      students: slots.map((slot) => ({
        key: this.keys[slot]!,
        name: this.names.at(slot),
        email: this.emails.at(slot),
      })),
      totalRecords,
    };
  }

  /** Adds a student the index does not hold yet; its slot, or undefined. */
  private append(student: IndexedStudent): number | undefined {
    if (this.slotByKey.get(student.key) !== undefined) return undefined;
    const slot = this.keys.length;
    this.keys.push(student.key);
    this.names.add(student.name);
    this.emails.add(student.email);
    this.searchNames.add(student.searchName);
    this.slotByKey.set(student.key, slot);
    const words = new Set([
      ...splitFoldedWords(student.searchName),
      ...splitFoldedWords(student.searchEmail),
    ]);
    for (const word of words) this.vocabulary.add(word, slot);
    return slot;
  }

  /** Where `slot` goes in the order: after every student that sorts before it. */
  private position(slot: number): number {
    let low = 0;
    let high = this.order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(this.order[middle]!, slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private compare(a: number, b: number): number {
    const { searchNames, emails } = this;
    return searchNames.compare(a, searchNames, b) || emails.compare(a, emails, b);
  }

  /** The students with every one of `words`, as a bitset (one of the kept ones when one word). */
  private found(words: string[]): Bits {
    const [first, ...others] = words.map((word) => this.slotsWith(word));
    if (others.length === 0) return first!;
    const bits = first!.slice();
    for (const other of others) {
      for (let at = 0; at < bits.length; at++) bits[at]! &= other[at] ?? 0;
    }
    return bits;
  }

  /** The students with a word that `word` meets, as a bitset. */
  private slotsWith(word: string): Bits {
    const kept = (word.length <= 2 ? this.shortSlots : this.wordSlots).get(word);
    if (kept) return kept;
    const bits = bitsFor(this.size);
    for (const term of this.vocabulary.holding(word)) {
      this.vocabulary.eachSlot(term, (slot) => set(bits, slot));
    }
    if (word.length > 2) return remember(this.wordSlots, word, bits, WORDS_KEPT);
    // Few students: found again as cheaply as kept. Many: kept (bounded by the words the
    // students' words hold, a few hundred pieces).
    if (popcount(bits) * DENSE >= this.size) this.shortSlots.set(word, bits);
    return bits;
  }

  /**
   * The kept words' students take in the students just added; all are dropped after a catch-up
   * of many (found again when asked), and each one its bitset cannot hold.
   */
  private keepFinding(added: readonly number[]): void {
    const kept = [this.shortSlots, this.wordSlots];
    if (added.length > SPLICED_MAX) {
      for (const words of kept) words.clear();
      return;
    }
    for (const words of kept) {
      for (const [word, bits] of words) if (bits.length << 5 < this.size) words.delete(word);
    }
    for (const slot of added) {
      const terms = this.termsOf(slot);
      for (const words of kept) {
        for (const [word, bits] of words) {
          if (terms.some((term) => meets(term, word))) set(bits, slot);
        }
      }
    }
  }

  private termsOf(slot: number): string[] {
    return [
      ...splitFoldedWords(this.searchNames.at(slot)),
      ...splitFoldedWords(foldForSearch(this.emails.at(slot))),
    ];
  }
}

/**
 * Whether a query word finds a student's word: the search's one rule, for the words kept and
 * those found afresh.
 */
function meets(term: string, word: string): boolean {
  return term.includes(word);
}

/** Each distinct character and pair of adjacent characters of `word` (by UTF-16 unit). */
function pieces(word: string): Set<string> {
  const found = new Set<string>();
  for (let at = 0; at < word.length; at++) {
    found.add(word[at]!);
    if (at + 2 <= word.length) found.add(word.slice(at, at + 2));
  }
  return found;
}

/** One of a page's students' turmas as read in no order, with the folded name it sorts by. */
export interface UnrankedStudentClassRow extends StudentClass {
  key: number;
  searchName: string;
}

/**
 * Each student's first `max` turmas by folded name then id, with how many there are: what
 * PostgreSQL's statement ranks itself, ranked here from plain rows, which SQLite reads in two
 * thirds of the time its window functions take (decision 007).
 */
export function rankedClassRows(
  rows: readonly UnrankedStudentClassRow[],
  max: number,
): StudentClassRow[] {
  const byStudent = new Map<number, UnrankedStudentClassRow[]>();
  for (const row of rows) {
    let classes = byStudent.get(row.key);
    if (!classes) byStudent.set(row.key, (classes = []));
    classes.push(row);
  }
  return [...byStudent.values()].flatMap((classes) =>
    classes
      .sort(
        (a, b) => compareCodePoints(a.searchName, b.searchName) || compareCodePoints(a.id, b.id),
      )
      .slice(0, max)
      .map(({ key, id, name, expirationDate }) => ({
        key,
        id,
        name,
        expirationDate,
        countClasses: classes.length,
      })),
  );
}

/** Each student of the page with their turmas (none when they are in none). */
export function withClasses(
  students: readonly { key: number; name: string; email: string }[],
  rows: readonly StudentClassRow[],
): StudentSearchResponse['data'] {
  const byStudent = new Map<number, { classes: StudentClass[]; countClasses: number }>();
  for (const { key, id, name, expirationDate, countClasses } of rows) {
    let entry = byStudent.get(Number(key));
    if (!entry)
      byStudent.set(Number(key), (entry = { classes: [], countClasses: Number(countClasses) }));
    entry.classes.push({ id, name, expirationDate });
  }
  return students.map(({ key, name, email }) => ({
    name,
    email,
    classes: byStudent.get(key)?.classes ?? [],
    countClasses: byStudent.get(key)?.countClasses ?? 0,
  }));
}

/** The student index as a read model: loaded in (folded name, e-mail) order, told of new students. */
export const STUDENTS: Model<Iterable<IndexedStudent>, readonly IndexedStudent[], StudentSearch> = {
  build: (students) => StudentSearch.building(students),
  apply: (search, added) => search.add(added),
};
