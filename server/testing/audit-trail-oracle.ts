/**
 * The audit tail tests' writes and oracle, the same on both engines
 * (server/store/*-audit-tail.*.test.ts): a varied sequence of writes, the read filters to try, and
 * what each should answer from the whole trail, by the filters' meaning.
 */
import type { AuditEntry, AuditParams } from '#contract/extensions';
import type { EnrolmentRow } from '../store/audit.ts';
import type { WriteAuthor } from '../store/store.ts';

export const EMAILS = ['ana@escola.example', 'bia@escola.example', 'caio@escola.example'];
export const TURMAS = ['t1', 't2', 't3'];
const CREDENTIALS = ['secretaria', 'coord'];
const RUNS = ['r1', 'r2', undefined];
const ENROLLED = { expirationDate: null, enrolledAt: '2026-01-01T00:00:00.000Z' };

export interface NthWrite {
  author: WriteAuthor;
  operation: 'enrol' | 'remove';
  student: { id: number; email: string };
  classIds: string[];
  before: EnrolmentRow[];
  after: EnrolmentRow[];
}

/** The n-th write of a varied sequence: its student, turmas, credential and run differ. */
export function nthWrite(n: number): NthWrite {
  const classIds = TURMAS.filter((_, i) => (n + i) % 3 !== 0 || i === n % 3);
  const enrol = n % 4 !== 3;
  const rows = classIds.map((classId) => ({ classId, ...ENROLLED }));
  return {
    author: { credential: CREDENTIALS[n % 2]!, runId: RUNS[n % 3] },
    operation: enrol ? 'enrol' : 'remove',
    student: { id: (n % 3) + 1, email: EMAILS[n % 3]! },
    classIds,
    before: enrol ? [] : rows,
    after: enrol ? rows : [],
  };
}

/** Each filter alone and two together, each matching some of the sequence's entries. */
export function filters(all: AuditEntry[]): Omit<AuditParams, 'pageSize'>[] {
  const middle = all[Math.floor(all.length / 2)]!.at;
  return [
    {},
    ...EMAILS.map((email) => ({ email })),
    ...TURMAS.map((classId) => ({ classId })),
    ...CREDENTIALS.map((credential) => ({ credential })),
    { runId: 'r1' },
    { runId: 'r2' },
    { after: middle },
    { before: middle },
    { classId: 't2', email: EMAILS[1]! },
    { classId: 't3', credential: 'coord', after: '2000-01-01T00:00:00.000Z' },
    { runId: 'r2', email: EMAILS[1]! },
  ];
}

/**
 * What a read should answer, from the whole trail, by the filters' meaning. A run's read also
 * answers the undos of its entries, and the undos of those (two levels, decision 019).
 */
export function expected(all: AuditEntry[], params: Omit<AuditParams, 'pageSize'>): string[] {
  const byId = new Map(all.map((entry) => [entry.id, entry]));
  const inRun = (entry: AuditEntry | undefined, levels: number): boolean =>
    entry !== undefined &&
    (entry.runId === params.runId ||
      (levels > 0 && entry.undoes !== null && inRun(byId.get(entry.undoes), levels - 1)));
  return all
    .filter(
      (entry) =>
        (!params.email || entry.student.email === params.email) &&
        (!params.classId || entry.changes.some((change) => change.classId === params.classId)) &&
        (!params.credential || entry.credential === params.credential) &&
        (!params.runId || inRun(entry, 2)) &&
        (!params.after || entry.at >= params.after) &&
        (!params.before || entry.at < params.before),
    )
    .map((entry) => entry.id);
}
