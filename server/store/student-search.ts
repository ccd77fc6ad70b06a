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
import {
  searchWords,
  splitFoldedWords,
  type StudentClass,
  type StudentSearchResponse,
} from '#contract';

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

/** Recent words' and searches' students are kept until the next student is added. */
const WORDS_KEPT = 64;
const SEARCHES_KEPT = 16;
/** Up to this many new students are spliced into the order; more are merged in one pass. */
const SPLICED_MAX = 16;

type Bits = Uint32Array;
const bitsFor = (size: number): Bits => new Uint32Array((size + 31) >>> 5);

/** A Map that forgets its oldest entry past `limit`. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number): V {
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
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

export class StudentSearch {
  /** Students are numbered 0…size-1 as they arrived ("slots"); these arrays are by slot. */
  private readonly keys: number[] = [];
  private readonly names: string[] = [];
  private readonly emails: string[] = [];
  private readonly searchNames: string[] = [];
  private readonly slotByKey = new Map<number, number>();
  /** Every slot, by (searchName, email). */
  private order: number[] = [];
  /** Each folded word of any name or e-mail → the slots that have it, ascending. */
  private readonly vocabulary = new Map<string, number[]>();
  /**
   * Each character, and each pair of adjacent characters, of any word → the words holding it:
   * a query word is looked for among the words of its rarest pair, not in the whole vocabulary
   * (every e-mail's number is a word of its own).
   */
  private readonly wordsByPiece = new Map<string, string[]>();
  private readonly wordSlots = new Map<string, Bits>();
  private readonly searches = new Map<string, Int32Array>();

  /** `students` in (searchName, email) order, as the database sorts them. */
  constructor(students: Iterable<IndexedStudent>) {
    for (const student of students) {
      const slot = this.append(student);
      if (slot !== undefined) this.order.push(slot);
    }
  }

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
    this.wordSlots.clear();
    this.searches.clear();
  }

  /** One page of the students `query` finds, by folded name then e-mail. */
  page(query: string | undefined, page: number, pageSize: number): StudentPage {
    const words = searchWords(query ?? '');
    const list = words.length === 0 ? this.order : this.found(words);
    const students: StudentPage['students'] = [];
    for (let at = (page - 1) * pageSize; at < Math.min(page * pageSize, list.length); at++) {
      const slot = list[at]!;
      students.push({ key: this.keys[slot]!, name: this.names[slot]!, email: this.emails[slot]! });
    }
    return { students, totalRecords: list.length };
  }

  /** Adds a student the index does not hold yet; its slot, or undefined. */
  private append(student: IndexedStudent): number | undefined {
    if (this.slotByKey.has(student.key)) return undefined;
    const slot = this.keys.length;
    this.keys.push(student.key);
    this.names.push(student.name);
    this.emails.push(student.email);
    this.searchNames.push(student.searchName);
    this.slotByKey.set(student.key, slot);
    const words = new Set([
      ...splitFoldedWords(student.searchName),
      ...splitFoldedWords(student.searchEmail),
    ]);
    for (const word of words) {
      let slots = this.vocabulary.get(word);
      if (!slots) {
        this.vocabulary.set(word, (slots = []));
        for (const piece of pieces(word)) {
          let holders = this.wordsByPiece.get(piece);
          if (!holders) this.wordsByPiece.set(piece, (holders = []));
          holders.push(word);
        }
      }
      slots.push(slot);
    }
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
    return (
      compareCodePoints(this.searchNames[a]!, this.searchNames[b]!) ||
      compareCodePoints(this.emails[a]!, this.emails[b]!)
    );
  }

  /** The students with every one of `words`, in order: one pass over the order, kept. */
  private found(words: string[]): Int32Array {
    const search = words.toSorted().join(' ');
    const kept = this.searches.get(search);
    if (kept) return kept;
    const [first, ...others] = words.map((word) => this.slotsWith(word));
    const bits = others.length === 0 ? first! : first!.slice();
    for (const other of others) for (let at = 0; at < bits.length; at++) bits[at]! &= other[at]!;
    const list: number[] = [];
    for (const slot of this.order)
      if ((bits[slot >>> 5]! & (1 << (slot & 31))) !== 0) list.push(slot);
    return remember(this.searches, search, Int32Array.from(list), SEARCHES_KEPT);
  }

  /** The students with a word containing `word`, as a bitset. */
  private slotsWith(word: string): Bits {
    const kept = this.wordSlots.get(word);
    if (kept) return kept;
    const bits = bitsFor(this.size);
    for (const term of this.wordsHolding(word)) {
      for (const slot of this.vocabulary.get(term)!) bits[slot >>> 5]! |= 1 << (slot & 31);
    }
    return remember(this.wordSlots, word, bits, WORDS_KEPT);
  }

  /** The words of the vocabulary that contain `word`. */
  private wordsHolding(word: string): string[] {
    // One or two characters are a piece themselves: its words are exactly those.
    if (word.length <= 2) return this.wordsByPiece.get(word) ?? [];
    let rarest: string[] | undefined;
    for (let at = 0; at + 2 <= word.length; at++) {
      const holders = this.wordsByPiece.get(word.slice(at, at + 2));
      if (!holders) return [];
      if (!rarest || holders.length < rarest.length) rarest = holders;
    }
    return rarest!.filter((term) => term.includes(word));
  }
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
