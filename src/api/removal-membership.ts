import type { ClassSummary } from '#contract';
import type { StudentClass } from '#contract/extensions';

/**
 * Whether a student is in a turma, as the server's answer about them says:
 * - `in`, with that enrolment's expiry (null: none);
 * - `out`: not in it, so a removal changes nothing there;
 * - `unknown`: `GET /v1/students` lists at most 100 of a student's turmas (`countClasses` counts
 *   all), and this one is not among those listed. `GET /v1/students/by-email` lists them all.
 */
export type Membership =
  { kind: 'in'; expirationDate: string | null } | { kind: 'out' } | { kind: 'unknown' };

/** A student as either extension answers: `countClasses` absent means every turma is listed. */
export interface StudentTurmas {
  classes: readonly Pick<StudentClass, 'id' | 'expirationDate'>[];
  countClasses?: number;
}

export function membershipOf(student: StudentTurmas, turmaId: string): Membership {
  const listed = student.classes.find((turma) => turma.id === turmaId);
  if (listed) return { kind: 'in', expirationDate: listed.expirationDate };
  const complete =
    student.countClasses === undefined || student.classes.length >= student.countClasses;
  return complete ? { kind: 'out' } : { kind: 'unknown' };
}

/** The chosen turmas by what a removal does to each: what the outcome can say truthfully. */
export interface RemovalSplit {
  /** The student was in these: removing takes them out. */
  removed: ClassSummary[];
  /** The student was not in these: nothing changes there. */
  notIn: ClassSummary[];
  /** Not known (no extension, no answer, or past the 100 listed): only "not in it now" is sure. */
  unknown: ClassSummary[];
}

/** `student` undefined: nothing is known of them, every turma is `unknown`. */
export function splitByMembership(
  turmas: readonly ClassSummary[],
  student: StudentTurmas | undefined,
): RemovalSplit {
  const split: RemovalSplit = { removed: [], notIn: [], unknown: [] };
  for (const turma of turmas) {
    const kind = student ? membershipOf(student, turma.id).kind : 'unknown';
    const list = kind === 'in' ? split.removed : kind === 'out' ? split.notIn : split.unknown;
    list.push(turma);
  }
  return split;
}
