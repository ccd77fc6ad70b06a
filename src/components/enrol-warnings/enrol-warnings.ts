/**
 * What enrolling students who may already be registered would do that is worth a warning before
 * anything is sent: shared by the bulk review and the roster's copy into another turma. The
 * expiry rule is the enrol form's (src/api/enrolment-changes.ts). A bulk removal's review warns
 * of lines that would remove nothing.
 */
import type { ClassSummary } from '#contract';
import type { StudentRecord } from '#contract/extensions';
import { expiryChanges, isOtherName, type ExpiryChange } from '../../api/enrolment-changes';
import { visibleName } from '../visible-name/visible-name';

export type EnrolWarning =
  /** A bulk line read with its columns swapped. */
  | { kind: 'columns-swapped' }
  /** `name` is the student's, which the enrolment keeps. */
  | { kind: 'other-name'; name: string }
  /** The expiry sent is already past: they would be enrolled expired. */
  | { kind: 'expired'; at: string }
  /** A removal's e-mail that no student has. */
  | { kind: 'not-registered' }
  /** A removal's student who is in none of the turmas chosen. */
  | { kind: 'in-none' }
  | ExpiryChange;

export type EnrolWarningKind = EnrolWarning['kind'];

/** The students looked up by normalised e-mail: null, nobody has it; absent, not asked (yet). */
export type KnownStudents = ReadonlyMap<string, StudentRecord | null>;

/**
 * The warnings about one registered student enrolled as `typedName` into `turmas` with `chosen`
 * (ISO; undefined for none; null while it is not known, which leaves the expiry unsaid).
 */
export function studentWarnings(
  typedName: string,
  student: StudentRecord,
  turmas: readonly ClassSummary[],
  chosen: string | undefined | null,
): EnrolWarning[] {
  const warnings: EnrolWarning[] = [];
  if (isOtherName(typedName, student.name)) {
    warnings.push({ kind: 'other-name', name: visibleName(student.name) });
  }
  if (chosen !== null) warnings.push(...expiryChanges(student, turmas, chosen));
  return warnings;
}

/**
 * Why removing the student with this e-mail from `turmas` would change nothing (null: nobody has
 * the e-mail; undefined: not known, nothing said).
 */
export function removalWarnings(
  student: StudentRecord | null | undefined,
  turmas: readonly ClassSummary[],
): EnrolWarning[] {
  if (student === null) return [{ kind: 'not-registered' }];
  if (student === undefined || turmas.length === 0) return [];
  const chosen = new Set(turmas.map(({ id }) => id));
  return student.classes.some(({ id }) => chosen.has(id)) ? [] : [{ kind: 'in-none' }];
}

/** How many students (or lines) have at least one warning of each kind. */
export function countWarnings(
  warnings: Iterable<readonly EnrolWarning[]>,
): Record<EnrolWarningKind, number> {
  const counts: Record<EnrolWarningKind, number> = {
    'columns-swapped': 0,
    'other-name': 0,
    expired: 0,
    shortens: 0,
    limits: 0,
    removes: 0,
    'not-registered': 0,
    'in-none': 0,
  };
  for (const line of warnings) {
    for (const kind of new Set(line.map((warning) => warning.kind))) counts[kind]++;
  }
  return counts;
}
