import { foldForSearch, type ClassSummary } from '#contract';
import type { StudentEnrolment } from '#contract/extensions';

/**
 * What enrolling an existing student again does to an expiry they already have in a turma of the
 * form (the API sets the new one: docs/decisions/001, "existing student"):
 * - `shortens`: the new expiry comes before the current one;
 * - `limits`: they have no expiry there now, and will have one;
 * - `removes`: they have an expiry there now, and will have none.
 * Extending it, or setting the same, is what re-enrolling is for: no warning.
 */
export type ExpiryChange =
  | { kind: 'shortens'; turma: ClassSummary; current: string; chosen: string }
  | { kind: 'limits'; turma: ClassSummary; chosen: string }
  | { kind: 'removes'; turma: ClassSummary; current: string };

/** A student as the roster extension reads them: the turmas they are in and until when. */
interface EnrolledStudent {
  classes: readonly Pick<StudentEnrolment, 'id' | 'expirationDate'>[];
}

/**
 * The changes worth a warning, in the form's turma order. `chosen` is the expiry the form would
 * send (ISO; undefined for none). Turmas the student is not in (or not among those listed) are
 * new enrolments: nothing is replaced there that the console can know of. The enrol form and the
 * bulk review warn by this one rule.
 */
export function expiryChanges(
  student: EnrolledStudent,
  turmas: readonly ClassSummary[],
  chosen: string | undefined,
): ExpiryChange[] {
  const current = new Map(student.classes.map((turma) => [turma.id, turma.expirationDate]));
  const changes: ExpiryChange[] = [];
  for (const turma of turmas) {
    if (!current.has(turma.id)) continue;
    const now = current.get(turma.id) ?? null;
    if (now === null) {
      if (chosen !== undefined) changes.push({ kind: 'limits', turma, chosen });
    } else if (chosen === undefined) {
      changes.push({ kind: 'removes', turma, current: now });
    } else if (Date.parse(chosen) < Date.parse(now)) {
      changes.push({ kind: 'shortens', turma, current: now, chosen });
    }
  }
  return changes;
}

/**
 * Whether a typed name is another than the student's: enrolling keeps the student's, so that is
 * worth saying. Case, accents and spacing alone make no other name; nothing typed says nothing.
 */
export function isOtherName(typed: string, studentName: string): boolean {
  const name = comparableName(typed);
  return name !== '' && name !== comparableName(studentName);
}

/** A name as compared: "  Ána   SOUZA " is "ana souza" (the search's fold, spaces collapsed). */
export function comparableName(name: string): string {
  return foldForSearch(name).trim().split(/\s+/).join(' ');
}
