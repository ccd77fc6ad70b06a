/**
 * The expiring extension's index in memory (decision 015, a model of the read model, 017): every
 * enrolment with an expiry, in the answer's order (expiry, the student's folded name, e-mail, the
 * turma's folded name, id), once in all and once per turma. A window is two binary searches, its
 * count their difference and a page a slice; with turmas named, each one's window is merged up
 * to the page's end. An engine's feed hands it whole turmas: the enrolments with an expiry of
 * each turma changed since, which replace that turma's.
 *
 * Held as typed arrays, not an object per enrolment (decision 017, memory): each enrolment is its
 * expiry, its student's number and its turma's number, at the same position of three arrays; the
 * students' and turmas' texts are UTF-8 (utf8-strings.ts), numbered as first read.
 */
import type { ExpiringResponse } from '#contract/extensions';
import { expiringPage, type ExpiringRow, type ExpiringWindow } from './expiring.ts';
import { builtNow, type Building, type Model } from './read-model.ts';
import { KeyNumbers } from './key-numbers.ts';
import { Utf8Strings } from './utf8-strings.ts';

/** One enrolment with an expiry as an engine reads it. */
export interface ExpiringSourceRow {
  classId: string;
  className: string;
  classSearchName: string;
  studentId: number;
  studentName: string;
  email: string;
  studentSearchName: string;
  expirationDate: string;
}

/** What a feed answers after a load: these turmas' enrolments with an expiry are now `rows`. */
export interface ExpiringChanges {
  classIds: readonly string[];
  rows: Iterable<ExpiringSourceRow>;
}

/** The students the index has read, numbered as first read; never renamed through the API. */
class Students {
  readonly names = new Utf8Strings();
  readonly emails = new Utf8Strings();
  readonly searchNames = new Utf8Strings();
  private readonly numbers = new KeyNumbers();

  numberOf(row: ExpiringSourceRow): number {
    let number = this.numbers.get(row.studentId);
    if (number === undefined) {
      number = this.names.add(row.studentName);
      this.emails.add(row.email);
      this.searchNames.add(row.studentSearchName);
      this.numbers.set(row.studentId, number);
    }
    return number;
  }

  /** By folded name, then e-mail. */
  compare(a: number, b: number): number {
    const { searchNames, emails } = this;
    return searchNames.compare(a, searchNames, b) || emails.compare(a, emails, b);
  }

  trim(): void {
    for (const strings of [this.names, this.emails, this.searchNames]) strings.trim();
    this.numbers.pack();
  }
}

/**
 * The turmas the index has read, numbered as first read and found by id through their numbers
 * sorted by id (a map would keep a string per turma). Kept once read, with or without enrolments.
 */
class Turmas {
  readonly ids = new Utf8Strings();
  readonly names = new Utf8Strings();
  readonly searchNames = new Utf8Strings();
  /** While a load reads: id → number, sorted into `byId` once it ends. */
  private loading: Map<string, number> | undefined = new Map();
  private byId = new Uint32Array(0);

  get size(): number {
    return this.ids.size;
  }

  /** The turma's number, or -1. */
  find(id: string): number {
    if (this.loading) return this.loading.get(id) ?? -1;
    const encoded = Buffer.from(id);
    const number = this.byId[this.position(encoded)];
    return number !== undefined && this.ids.compareBytes(encoded, number) === 0 ? number : -1;
  }

  numberOf(row: ExpiringSourceRow): number {
    const found = this.find(row.classId);
    if (found >= 0) return found;
    const number = this.ids.add(row.classId);
    this.names.add(row.className);
    this.searchNames.add(row.classSearchName);
    if (this.loading) {
      this.loading.set(row.classId, number);
    } else {
      const at = this.position(Buffer.from(row.classId));
      const byId = new Uint32Array(this.byId.length + 1);
      byId.set(this.byId.subarray(0, at));
      byId[at] = number;
      byId.set(this.byId.subarray(at), at + 1);
      this.byId = byId;
    }
    return number;
  }

  /** The load has ended: ids are found by binary search from now on. */
  loaded(): void {
    const { ids } = this;
    this.byId = Uint32Array.from(this.loading!.values()).sort((a, b) => ids.compare(a, ids, b));
    this.loading = undefined;
    for (const strings of [this.ids, this.names, this.searchNames]) strings.trim();
  }

  /** By folded name, then id. */
  compare(a: number, b: number): number {
    const { searchNames, ids } = this;
    return searchNames.compare(a, searchNames, b) || ids.compare(a, ids, b);
  }

  /** The first position in `byId` whose id is not before `id`. */
  private position(id: Buffer): number {
    let low = 0;
    let high = this.byId.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.ids.compareBytes(id, this.byId[middle]!) > 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** Enrolments as three arrays by position: expiry (ms since the epoch), student, turma. */
interface Entries {
  at: Float64Array;
  student: Uint32Array;
  turma: Uint32Array;
}

/** Room made at once when enrolments are added to full arrays. */
const GROWTH = 1.25;

const entriesOf = (length: number): Entries => ({
  at: new Float64Array(length),
  student: new Uint32Array(length),
  turma: new Uint32Array(length),
});

/** The first position of `positions` (of `entries`) whose expiry is at or after `at`. */
function firstAtOrAfter(
  expiries: Float64Array,
  positions: Uint32Array | undefined,
  low: number,
  high: number,
  at: number,
): number {
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (expiries[positions ? positions[middle]! : middle]! < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

export class ExpiringIndex {
  private readonly students = new Students();
  private readonly turmas = new Turmas();
  /** The first `length` positions are held; the rest is room for enrolments to come. */
  private entries = entriesOf(0);
  private length = 0;
  /** Each turma's positions in `entries`, ascending, from `starts[turma]`: made when first asked. */
  private byTurma: { starts: Uint32Array; positions: Uint32Array } | undefined;

  /** The index of `rows`, read a row at a time (read-model.ts). */
  static *building(rows: Iterable<ExpiringSourceRow>): Building<ExpiringIndex> {
    const index = new ExpiringIndex();
    const read = yield* index.read(rows);
    index.turmas.loaded();
    index.students.trim();
    // Sorted by ranks, numbers compared: a string comparison per student and turma, not per
    // enrolment.
    const studentRank = index.ranks(index.students.names.size, (a, b) =>
      index.students.compare(a, b),
    );
    const turmaRank = index.ranks(index.turmas.size, (a, b) => index.turmas.compare(a, b));
    const order = read.order.sort(
      (a, b) =>
        read.entries.at[a]! - read.entries.at[b]! ||
        studentRank[read.entries.student[a]!]! - studentRank[read.entries.student[b]!]! ||
        turmaRank[read.entries.turma[a]!]! - turmaRank[read.entries.turma[b]!]!,
    );
    index.entries = index.inOrder(read.entries, order);
    index.length = order.length;
    return index;
  }

  private constructor() {}

  /** How many enrolments it holds (for tests and /metrics). */
  get size(): number {
    return this.length;
  }

  /** `classIds`' enrolments with an expiry are now `rows`: theirs are replaced. */
  replace({ classIds, rows }: ExpiringChanges): void {
    const changed = new Set<number>();
    for (const id of classIds) {
      const turma = this.turmas.find(id);
      if (turma >= 0) changed.add(turma);
    }
    const read = builtNow(this.read(rows));
    if (changed.size === 0 && read.order.length === 0) return;
    const added = this.inOrder(
      read.entries,
      read.order.sort((a, b) => this.compare(read.entries, a, read.entries, b)),
    );
    if (changed.size > 0) this.remove(changed);
    this.insert(added);
    this.byTurma = undefined;
  }

  page(window: ExpiringWindow): ExpiringResponse {
    const after = Date.parse(window.after);
    const before = Date.parse(window.before);
    const start = (window.page - 1) * window.pageSize;
    const end = start + window.pageSize;
    const expiries = this.entries.at;
    if (!window.classIds) {
      const low = firstAtOrAfter(expiries, undefined, 0, this.length, after);
      const high = Math.max(low, firstAtOrAfter(expiries, undefined, 0, this.length, before));
      const rows: ExpiringRow[] = [];
      for (let at = Math.min(low + start, high); at < Math.min(low + end, high); at++) {
        rows.push(this.row(at));
      }
      return expiringPage(rows, high - low);
    }
    // Each named turma's window, merged up to the page's end: positions are the order.
    const { starts, positions } = this.grouped();
    const ranges: { at: number; end: number }[] = [];
    let total = 0;
    for (const id of new Set(window.classIds)) {
      const turma = this.turmas.find(id);
      if (turma < 0) continue;
      const first = starts[turma]!;
      const last = starts[turma + 1]!;
      const low = firstAtOrAfter(expiries, positions, first, last, after);
      const high = Math.max(low, firstAtOrAfter(expiries, positions, first, last, before));
      total += high - low;
      if (high > low) ranges.push({ at: low, end: high });
    }
    const rows: ExpiringRow[] = [];
    for (let taken = 0; taken < Math.min(end, total); taken++) {
      let best = ranges[0]!;
      for (const range of ranges) {
        if (positions[range.at]! < positions[best.at]!) best = range;
      }
      if (taken >= start) rows.push(this.row(positions[best.at]!));
      if (++best.at === best.end) ranges.splice(ranges.indexOf(best), 1);
    }
    return expiringPage(rows, total);
  }

  /** Takes out the enrolments of `turmas`, the others moved up in runs. */
  private remove(turmas: ReadonlySet<number>): void {
    const { entries } = this;
    let to = 0;
    let run = 0;
    for (let at = 0; at <= this.length; at++) {
      if (at < this.length && !turmas.has(entries.turma[at]!)) continue;
      if (to !== run) move(entries, run, at, to);
      to += at - run;
      run = at + 1;
    }
    this.length = to;
  }

  /**
   * Puts `added` (in order) in its places, found by binary search: a few comparisons each, not
   * one per enrolment held; those after each place move down in runs, from the end.
   */
  private insert(added: Entries): void {
    const count = added.at.length;
    if (count === 0) return;
    if (this.length + count > this.entries.at.length) {
      const bigger = entriesOf(Math.ceil((this.length + count) * GROWTH));
      copy(this.entries, 0, this.length, bigger, 0);
      this.entries = bigger;
    }
    const { entries } = this;
    const places = new Uint32Array(count);
    let from = 0;
    for (let one = 0; one < count; one++) {
      let high = this.length;
      while (from < high) {
        const middle = (from + high) >>> 1;
        if (this.compare(entries, middle, added, one) < 0) from = middle + 1;
        else high = middle;
      }
      places[one] = from;
    }
    let end = this.length;
    for (let one = count - 1; one >= 0; one--) {
      move(entries, places[one]!, end, places[one]! + one + 1);
      copy(added, one, one + 1, entries, places[one]! + one);
      end = places[one]!;
    }
    this.length += count;
  }

  private row(at: number): ExpiringRow {
    const { students, turmas, entries } = this;
    const student = entries.student[at]!;
    const turma = entries.turma[at]!;
    return {
      studentName: students.names.at(student),
      email: students.emails.at(student),
      classId: turmas.ids.at(turma),
      className: turmas.names.at(turma),
      expirationDate: new Date(entries.at[at]!).toISOString(),
    };
  }

  /** The answer's order between enrolment `a` of `x` and `b` of `y`. */
  private compare(x: Entries, a: number, y: Entries, b: number): number {
    const studentA = x.student[a]!;
    const studentB = y.student[b]!;
    const turmaA = x.turma[a]!;
    const turmaB = y.turma[b]!;
    return (
      x.at[a]! - y.at[b]! ||
      (studentA === studentB ? 0 : this.students.compare(studentA, studentB)) ||
      (turmaA === turmaB ? 0 : this.turmas.compare(turmaA, turmaB))
    );
  }

  /** Each of `count` numbers' place when sorted by `compare`. */
  private ranks(count: number, compare: (a: number, b: number) => number): Uint32Array {
    const sorted = new Uint32Array(count).map((_, at) => at).sort(compare);
    const ranks = new Uint32Array(count);
    for (let at = 0; at < count; at++) ranks[sorted[at]!] = at;
    return ranks;
  }

  private inOrder(entries: Entries, order: Uint32Array): Entries {
    const out = entriesOf(order.length);
    for (let at = 0; at < order.length; at++) {
      out.at[at] = entries.at[order[at]!]!;
      out.student[at] = entries.student[order[at]!]!;
      out.turma[at] = entries.turma[order[at]!]!;
    }
    return out;
  }

  /** Rows as entries in the order read (`order` numbers them), their students and turmas numbered. */
  private *read(
    rows: Iterable<ExpiringSourceRow>,
  ): Building<{ entries: Entries; order: Uint32Array }> {
    let entries = entriesOf(16);
    let length = 0;
    for (const row of rows) {
      if (length === entries.at.length) {
        const bigger = entriesOf(Math.ceil(length * GROWTH));
        copy(entries, 0, length, bigger, 0);
        entries = bigger;
      }
      entries.at[length] = Date.parse(row.expirationDate);
      entries.student[length] = this.students.numberOf(row);
      entries.turma[length++] = this.turmas.numberOf(row);
      yield;
    }
    return { entries, order: new Uint32Array(length).map((_, at) => at) };
  }

  private grouped(): { starts: Uint32Array; positions: Uint32Array } {
    if (this.byTurma) return this.byTurma;
    const { turma } = this.entries;
    const { length } = this;
    const starts = new Uint32Array(this.turmas.size + 1);
    for (let at = 0; at < length; at++) starts[turma[at]! + 1]!++;
    for (let number = 0; number < this.turmas.size; number++) {
      starts[number + 1]! += starts[number]!;
    }
    const next = starts.slice(0, -1);
    const positions = new Uint32Array(length);
    for (let at = 0; at < length; at++) positions[next[turma[at]!]!++] = at;
    return (this.byTurma = { starts, positions });
  }
}

/** Positions `from`…`to` of `entries` to `at` and on, in the same arrays. */
function move(entries: Entries, from: number, to: number, at: number): void {
  entries.at.copyWithin(at, from, to);
  entries.student.copyWithin(at, from, to);
  entries.turma.copyWithin(at, from, to);
}

/** Positions `from`…`to` of `source` to `target` from `at`. */
function copy(source: Entries, from: number, to: number, target: Entries, at: number): void {
  target.at.set(source.at.subarray(from, to), at);
  target.student.set(source.student.subarray(from, to), at);
  target.turma.set(source.turma.subarray(from, to), at);
}

export const EXPIRING: Model<Iterable<ExpiringSourceRow>, ExpiringChanges, ExpiringIndex> = {
  build: (rows) => ExpiringIndex.building(rows),
  apply: (index, changes) => index.replace(changes),
};
