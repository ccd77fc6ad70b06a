import { useMemo, useState } from 'react';
import { z } from 'zod/mini';
import type { ApiClient } from '../../../api/client';
import { useExtension } from '../../../api/use-extension';
import { expirationDateSchema, STUDENTS_BY_EMAIL_EXTENSION, type ClassSummary } from '#contract';
import { expiryToSend, type ExpiryValue } from '../../../components/expiry-field/expiry';
import type { PreviewState } from '../bulk-state';
import type { BulkMode } from '../types';
import { checkRows } from './check-rows';
import { reviewWarnings } from './review-warnings';
import { useStudentLookup } from '../../../components/enrol-warnings/use-student-lookup';

interface ReviewOptions {
  api: ApiClient;
  mode: BulkMode;
  review: PreviewState;
  turmas: readonly ClassSummary[];
  expiry: ExpiryValue;
}

/**
 * The list as the review judges it: each row checked against the contract, the batch's expiry,
 * who is already registered (with the students-by-email extension) and what an enrolment would
 * change for them, and the rows the review table shows.
 */
export function useReview({ api, mode, review, turmas, expiry }: ReviewOptions) {
  const { rows, excluded } = review;
  const checked = useMemo(
    () =>
      checkRows(
        rows.filter((row) => !excluded.has(row.line)),
        { mode, now: new Date() },
      ),
    [rows, excluded, mode],
  );
  const ready = useMemo(() => checked.filter((row) => row.student !== null), [checked]);
  const withProblems = checked.filter((row) => row.student === null);

  const batchExpiry = mode === 'enrol' ? expiryToSend(expiry) : undefined;
  // The field says what is wrong with a date that is past or missing; the contract also caps
  // the year, which no picker offers but a date typed in could reach.
  const expiryInvalid =
    batchExpiry === null || !z.safeParse(expirationDateSchema, batchExpiry).success;

  // Who is already registered, so that what an enrolment would change for them, or a removal
  // that would remove nothing, is said here.
  const knowsStudents = useExtension(api, STUDENTS_BY_EMAIL_EXTENSION);
  const emails = useMemo(() => ready.map((row) => row.student!.email), [ready]);
  const lookup = useStudentLookup(api, emails, knowsStudents);
  const expiryForWarnings = expiryInvalid ? null : batchExpiry;
  const warnings = useMemo(
    () =>
      reviewWarnings(checked, {
        mode,
        turmas,
        batchExpiry: expiryForWarnings,
        students: lookup.students,
      }),
    [checked, mode, turmas, expiryForWarnings, lookup.students],
  );

  // Rows stay in the review table once they are there: a row fixed as it is typed into must
  // not vanish from under the cursor.
  const [reviewed, setReviewed] = useState<ReadonlySet<number>>(
    () => new Set(withProblems.map((row) => row.line)),
  );
  const unreviewed = checked.filter(
    (row) => (row.student === null || warnings.has(row.line)) && !reviewed.has(row.line),
  );
  if (unreviewed.length > 0) {
    setReviewed(new Set([...reviewed, ...unreviewed.map((row) => row.line)]));
  }
  const checkedByLine = new Map(checked.map((row) => [row.line, row]));
  const reviewRows = rows
    .filter((row) => reviewed.has(row.line) || excluded.has(row.line))
    .map((row) => ({ row, checked: checkedByLine.get(row.line) }));

  return { checked, ready, withProblems, expiryInvalid, lookup, warnings, reviewRows };
}
