/**
 * `GET /v1/enrolments/expiring` on both engines (the expiring extension, decision 015): the
 * enrolments whose expiry falls in a window, from an index in memory (expiring-index.ts) that each
 * engine's change feed keeps as new as the request (sqlite-expiring.ts, postgres-expiring.ts).
 */
import type { ExpiringResponse } from '#contract/extensions';

/** The window and page asked: expiry at or after `after` and before `before`, both ISO UTC. */
export interface ExpiringWindow {
  after: string;
  before: string;
  /** Only these turmas; every turma when absent. Unknown ids match nothing. */
  classIds?: readonly string[] | undefined;
  page: number;
  pageSize: number;
}

/** One enrolment of the page, in the answer's order. */
export interface ExpiringRow {
  studentName: string;
  email: string;
  classId: string;
  className: string;
  expirationDate: string;
}

/** The rows of a page and the window's count as the answer. */
export const expiringPage = (rows: readonly ExpiringRow[], total: number): ExpiringResponse => ({
  data: rows.map((row) => ({
    student: { name: row.studentName, email: row.email },
    class: { id: row.classId, name: row.className },
    expirationDate: row.expirationDate,
  })),
  totalRecords: total,
});
