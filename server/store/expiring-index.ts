/**
 * The expiring extension's index in memory (decision 015, a model of the read model, 017): every
 * enrolment with an expiry, in the answer's order (expiry, the student's folded name, e-mail, the
 * turma's folded name, id), once in all and once per turma. A window is two binary searches, its
 * count their difference and a page a slice; with turmas named, each one's window is merged up
 * to the page's end. An engine's feed hands it whole turmas: the enrolments with an expiry of
 * each turma changed since, which replace that turma's.
 */
import type { ExpiringResponse } from '#contract';
import { expiringPage, type ExpiringRow, type ExpiringWindow } from './expiring.ts';
import type { Model } from './read-model.ts';
import { compareCodePoints } from './student-search.ts';

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

interface Student {
  name: string;
  email: string;
  searchName: string;
}

interface Turma {
  id: string;
  name: string;
  searchName: string;
  entries: Entry[];
}

/** Only names never change after creation (the API renames neither), so they are shared. */
interface Entry {
  /** The expiry in ms since the epoch: instants compare as PostgreSQL's timestamps do. */
  at: number;
  student: Student;
  turma: Turma;
}

const compareEntries = (a: Entry, b: Entry): number =>
  a.at - b.at ||
  compareCodePoints(a.student.searchName, b.student.searchName) ||
  compareCodePoints(a.student.email, b.student.email) ||
  compareCodePoints(a.turma.searchName, b.turma.searchName) ||
  compareCodePoints(a.turma.id, b.turma.id);

/** The first position whose expiry is at or after `at`. */
function firstAtOrAfter(entries: readonly Entry[], at: number): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (entries[middle]!.at < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

const toRow = ({ at, student, turma }: Entry): ExpiringRow => ({
  studentName: student.name,
  email: student.email,
  classId: turma.id,
  className: turma.name,
  expirationDate: new Date(at).toISOString(),
});

/** Both sorted: one sorted array. */
function merged(a: readonly Entry[], b: readonly Entry[]): Entry[] {
  const out: Entry[] = new Array<Entry>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    out[k++] = compareEntries(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  }
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

export class ExpiringIndex {
  private all: Entry[] = [];
  private readonly turmas = new Map<string, Turma>();
  private readonly students = new Map<number, Student>();

  constructor(rows: Iterable<ExpiringSourceRow>) {
    this.all = this.entries(rows).sort(compareEntries);
    for (const entry of this.all) entry.turma.entries.push(entry);
  }

  /** How many enrolments it holds (for tests and /metrics). */
  get size(): number {
    return this.all.length;
  }

  /** `classIds`' enrolments with an expiry are now `rows`: theirs are replaced. */
  replace({ classIds, rows }: ExpiringChanges): void {
    const changed = new Set<Turma>();
    for (const id of classIds) {
      const turma = this.turmas.get(id);
      if (turma) changed.add(turma);
    }
    const kept = changed.size === 0 ? this.all : this.all.filter((e) => !changed.has(e.turma));
    for (const turma of changed) {
      turma.entries = [];
      this.turmas.delete(turma.id);
    }
    const added = this.entries(rows).sort(compareEntries);
    for (const entry of added) entry.turma.entries.push(entry);
    this.all = added.length === 0 ? kept : merged(kept, added);
  }

  page(window: ExpiringWindow): ExpiringResponse {
    const after = Date.parse(window.after);
    const before = Date.parse(window.before);
    const start = (window.page - 1) * window.pageSize;
    const end = start + window.pageSize;
    if (!window.classIds) {
      const low = firstAtOrAfter(this.all, after);
      const high = Math.max(low, firstAtOrAfter(this.all, before));
      const rows = this.all.slice(Math.min(low + start, high), Math.min(low + end, high));
      return expiringPage(rows.map(toRow), high - low);
    }
    // Each named turma's window, merged up to the page's end.
    const ranges: { entries: Entry[]; at: number; end: number }[] = [];
    let total = 0;
    for (const id of new Set(window.classIds)) {
      const entries = this.turmas.get(id)?.entries;
      if (!entries) continue;
      const low = firstAtOrAfter(entries, after);
      const high = Math.max(low, firstAtOrAfter(entries, before));
      total += high - low;
      if (high > low) ranges.push({ entries, at: low, end: high });
    }
    const rows: ExpiringRow[] = [];
    for (let taken = 0; taken < Math.min(end, total); taken++) {
      let best = ranges[0]!;
      for (const range of ranges) {
        if (compareEntries(range.entries[range.at]!, best.entries[best.at]!) < 0) best = range;
      }
      if (taken >= start) rows.push(toRow(best.entries[best.at]!));
      if (++best.at === best.end) ranges.splice(ranges.indexOf(best), 1);
    }
    return expiringPage(rows, total);
  }

  /** Rows as entries, their students and turmas shared; turmas are kept while they have any. */
  private entries(rows: Iterable<ExpiringSourceRow>): Entry[] {
    const out: Entry[] = [];
    for (const row of rows) {
      let student = this.students.get(row.studentId);
      if (!student) {
        student = { name: row.studentName, email: row.email, searchName: row.studentSearchName };
        this.students.set(row.studentId, student);
      }
      let turma = this.turmas.get(row.classId);
      if (!turma) {
        turma = {
          id: row.classId,
          name: row.className,
          searchName: row.classSearchName,
          entries: [],
        };
        this.turmas.set(row.classId, turma);
      }
      out.push({ at: Date.parse(row.expirationDate), student, turma });
    }
    return out;
  }
}

export const EXPIRING: Model<Iterable<ExpiringSourceRow>, ExpiringChanges, ExpiringIndex> = {
  build: (rows) => new ExpiringIndex(rows),
  apply: (index, changes) => index.replace(changes),
};
