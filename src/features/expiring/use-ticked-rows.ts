import { useState } from 'react';
import type { ExpiringEnrolment } from '#contract/extensions';

/** An enrolment is a student in a turma: ticked by both. */
export const keyOf = (row: ExpiringEnrolment) => `${row.class.id}\u0000${row.student.email}`;

/**
 * The enrolments ticked in the view, by key, kept across its pages until cleared;
 * `tickPage` ticks or unticks the rows of the page shown; `tickOnly`, these and no others.
 */
export function useTickedRows(rows: readonly ExpiringEnrolment[]) {
  const [ticked, setTicked] = useState<ReadonlyMap<string, ExpiringEnrolment>>(() => new Map());
  const toggle = (row: ExpiringEnrolment) => {
    const next = new Map(ticked);
    if (next.has(keyOf(row))) next.delete(keyOf(row));
    else next.set(keyOf(row), row);
    setTicked(next);
  };
  const tickPage = (checked: boolean) => {
    const next = new Map(ticked);
    for (const row of rows) {
      if (checked) next.set(keyOf(row), row);
      else next.delete(keyOf(row));
    }
    setTicked(next);
  };
  const tickOnly = (kept: readonly ExpiringEnrolment[]) =>
    setTicked(new Map(kept.map((row) => [keyOf(row), row])));
  return { ticked, toggle, tickPage, tickOnly };
}
