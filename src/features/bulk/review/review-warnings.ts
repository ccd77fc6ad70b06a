/**
 * What the review warns of before anything is sent, on lines that can be sent as they are: a line
 * read with its columns swapped, and, once the students-by-email extension has found who is
 * already registered, what enrolling them would change, or which removals would remove nothing
 * (the shared rules of src/components/enrol-warnings).
 */
import type { ClassSummary } from '#contract';
import {
  removalWarnings,
  studentWarnings,
  type EnrolWarning,
  type KnownStudents,
} from '../../../components/enrol-warnings/enrol-warnings';
import { lineExpiry, type BulkMode, type CheckedRow } from '../types';

export interface ReviewWarningsOptions {
  mode: BulkMode;
  turmas: readonly ClassSummary[];
  /** The batch's expiry as it would be sent (undefined: none); null while it cannot be sent. */
  batchExpiry: string | undefined | null;
  students: KnownStudents;
}

/** The warnings of each line that has some, by line; rows with problems only get theirs. */
export function reviewWarnings(
  rows: readonly CheckedRow[],
  { mode, turmas, batchExpiry, students }: ReviewWarningsOptions,
): ReadonlyMap<number, readonly EnrolWarning[]> {
  const byLine = new Map<number, EnrolWarning[]>();
  for (const row of rows) {
    const student = row.student && students.get(row.student.email);
    if (mode === 'remove') {
      const warnings = row.student ? removalWarnings(student, turmas) : [];
      if (warnings.length > 0) byLine.set(row.line, warnings);
      continue;
    }
    // Most lines of a long list: nothing to look at, and nothing allocated for them.
    if (!student && !row.columnsSwapped) continue;
    const warnings: EnrolWarning[] = row.columnsSwapped ? [{ kind: 'columns-swapped' }] : [];
    if (row.student && student) {
      // A row's own expiry (or its own "no expiry"), else the batch's: nothing to compare while
      // that one is wrong.
      const chosen = lineExpiry(row.student, batchExpiry);
      warnings.push(...studentWarnings(row.student.name, student, turmas, chosen));
    }
    if (warnings.length > 0) byLine.set(row.line, warnings);
  }
  return byLine;
}
