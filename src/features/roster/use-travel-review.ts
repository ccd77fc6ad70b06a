import { useMemo, useState } from 'react';
import { STUDENTS_BY_EMAIL_EXTENSION, type ClassSummary } from '#contract';
import type { RosterEntry } from '#contract/extensions';
import type { ApiClient } from '../../api/client';
import { useExtension } from '../../api/use-extension';
import {
  studentWarnings,
  type EnrolWarning,
  type KnownStudents,
} from '../../components/enrol-warnings/enrol-warnings';
import { useStudentLookup } from '../../components/enrol-warnings/use-student-lookup';

/** The expiry a student would be sent (undefined: none; null: the one chosen cannot be sent). */
export type SentExpiry = (student: RosterEntry) => string | undefined | null;

/**
 * The review of a copy or move before anything is sent, with the bulk review's parts: who is
 * registered already (the students-by-email extension, asked once the dialog opens), what each
 * would be warned of, and who is left out.
 */
export function useTravelReview(
  api: Pick<ApiClient, 'request' | 'extensions'>,
  students: readonly RosterEntry[],
  target: ClassSummary | null,
  expiryOf: SentExpiry,
) {
  const knowsStudents = useExtension(api, STUDENTS_BY_EMAIL_EXTENSION);
  const emails = useMemo(() => students.map((student) => student.email), [students]);
  const lookup = useStudentLookup(api, emails, knowsStudents);
  const [leftOut, setLeftOut] = useState<ReadonlySet<string>>(() => new Set());
  const [now] = useState(() => new Date());
  const warnings = travelWarnings(students, target, expiryOf, lookup.students, now);
  const sent = students.filter((student) => !leftOut.has(student.email));
  const warnedSent = [...warnings.keys()].filter((email) => !leftOut.has(email));
  const leaveOut = (emails: readonly string[], out: boolean) => {
    const next = new Set(leftOut);
    for (const email of emails) {
      if (out) next.add(email);
      else next.delete(email);
    }
    setLeftOut(next);
  };
  return { lookup, warnings, leftOut, leaveOut, sent, warnedSent };
}

/**
 * What enrolling `students` in `target` would do that is worth a warning, by e-mail: an expiry of
 * their own kept though already past, and what it replaces for those already in the target (the
 * bulk review's rule).
 */
export function travelWarnings(
  students: readonly RosterEntry[],
  target: ClassSummary | null,
  expiryOf: SentExpiry,
  known: KnownStudents,
  now: Date,
): ReadonlyMap<string, readonly EnrolWarning[]> {
  const byEmail = new Map<string, EnrolWarning[]>();
  if (target === null) return byEmail;
  for (const student of students) {
    const sent = expiryOf(student);
    const warnings: EnrolWarning[] = [];
    if (typeof sent === 'string' && Date.parse(sent) <= now.getTime()) {
      warnings.push({ kind: 'expired', at: sent });
    }
    const record = known.get(student.email);
    if (record) warnings.push(...studentWarnings(student.name, record, [target], sent));
    if (warnings.length > 0) byEmail.set(student.email, warnings);
  }
  return byEmail;
}
