/**
 * What the review warns of before anything is sent, on lines that can be sent as they are: a line
 * read with its columns swapped, and, once the students-by-email extension has found who is
 * already registered, an existing student whose name would stay another than the typed one or
 * whose expiry in a turma of the batch would be shortened, set where there was none, or taken
 * off. The rule is the enrol form's (src/api/enrolment-changes.ts).
 */
import type { ClassSummary } from '#contract';
import type { StudentRecord } from '#contract/extensions';
import { expiryChanges, isOtherName, type ExpiryChange } from '../../../api/enrolment-changes';
import { visibleName } from '../../../components/visible-name/visible-name';
import type { CheckedRow } from '../types';

export type RowWarning =
  | { kind: 'columns-swapped' }
  /** `name` is the student's, which the enrolment keeps. */
  | { kind: 'other-name'; name: string }
  | ExpiryChange;

export type RowWarningKind = RowWarning['kind'];

/** The students looked up by normalised e-mail: null, nobody has it; absent, not asked (yet). */
export type KnownStudents = ReadonlyMap<string, StudentRecord | null>;

export interface ReviewWarningsOptions {
  turmas: readonly ClassSummary[];
  /** The batch's expiry as it would be sent (undefined: none); null while it cannot be sent. */
  batchExpiry: string | undefined | null;
  students: KnownStudents;
}

/** The warnings of each line that has some, by line; rows with problems only get theirs. */
export function reviewWarnings(
  rows: readonly CheckedRow[],
  { turmas, batchExpiry, students }: ReviewWarningsOptions,
): ReadonlyMap<number, readonly RowWarning[]> {
  const byLine = new Map<number, RowWarning[]>();
  for (const row of rows) {
    const student = row.student && students.get(row.student.email);
    // Most lines of a long list: nothing to look at, and nothing allocated for them.
    if (!student && !row.columnsSwapped) continue;
    const warnings: RowWarning[] = row.columnsSwapped ? [{ kind: 'columns-swapped' }] : [];
    if (row.student && student) {
      if (isOtherName(row.student.name, student.name)) {
        warnings.push({ kind: 'other-name', name: visibleName(student.name) });
      }
      // A row's own expiry, else the batch's: nothing to compare while that one is wrong.
      const chosen = row.student.expirationDate ?? batchExpiry;
      if (chosen !== null) warnings.push(...expiryChanges(student, turmas, chosen));
    }
    if (warnings.length > 0) byLine.set(row.line, warnings);
  }
  return byLine;
}

/** How many lines have at least one warning of each kind. */
export function countWarnings(
  warnings: Iterable<readonly RowWarning[]>,
): Record<RowWarningKind, number> {
  const counts: Record<RowWarningKind, number> = {
    'columns-swapped': 0,
    'other-name': 0,
    shortens: 0,
    limits: 0,
    removes: 0,
  };
  for (const line of warnings) {
    for (const kind of new Set(line.map((warning) => warning.kind))) counts[kind]++;
  }
  return counts;
}
