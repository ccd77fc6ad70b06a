import type { ClassSummary } from '#contract';
import type { AuditQuery } from '#contract/extensions';
import { readTypedExpiry, type DayOrder } from '../../components/expiry-field/typed-expiry';
import { localDate } from '../../lib/local-date';

/**
 * What History's list is narrowed to; the turma as picked, with its name, sent as its id; the
 * days (YYYY-MM-DD, either may be absent) as whole days where the browser is.
 */
export type Filters = Pick<AuditQuery, 'email' | 'credential' | 'runId'> & {
  turma?: ClassSummary;
  fromDay?: string;
  toDay?: string;
};

/** Whether any filter narrows the list (none is ever set to undefined): nothing may match. */
export const narrowed = (filters: Filters): boolean => Object.keys(filters).length > 0;

/**
 * The day typed text names (YYYY-MM-DD in this browser's time zone), or null when it names none.
 * Read as every typed date of the console is (`readTypedExpiry`: 14/11/2026, 2026-11-14, in the
 * locale's order); a time typed with it only says which day.
 */
export function readTypedDay(text: string, order: DayOrder): string | null {
  const instant = readTypedExpiry(text, order);
  return instant === null ? null : localDate(instant);
}

/** Why a day's field cannot be sent: it names no day, or (the last) comes before the first. */
export interface DayProblems {
  from?: 'invalid';
  to?: 'invalid' | 'endBeforeStart';
}

/**
 * The days typed, as the filter takes them (an empty field is no bound), or what is wrong at
 * each field.
 */
export function readDayRange(
  fromText: string,
  toText: string,
  order: DayOrder,
): { days: Pick<Filters, 'fromDay' | 'toDay'> } | { problems: DayProblems } {
  const read = (text: string) => (text.trim() === '' ? undefined : readTypedDay(text, order));
  const [fromDay, toDay] = [read(fromText), read(toText)];
  const problems: DayProblems = {};
  if (fromDay === null) problems.from = 'invalid';
  if (toDay === null) problems.to = 'invalid';
  else if (fromDay && toDay && toDay < fromDay) problems.to = 'endBeforeStart';
  if (problems.from || problems.to) return { problems };
  return { days: { ...(fromDay && { fromDay }), ...(toDay && { toDay }) } };
}

/**
 * Local 00:00 of `day` (as `readTypedDay` gives it: years from 100) plus `days`: Date carries
 * past a month's end, and a day whose midnight DST skips starts at its first hour.
 */
function localMidnight(day: string, days = 0): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + days);
}

/**
 * The days as the audit read takes them: from local 00:00 of the first day (`after`, included)
 * to local 00:00 of the day after the last (`before`, left out), as instants in UTC.
 */
export function auditWindow({
  fromDay,
  toDay,
}: Pick<Filters, 'fromDay' | 'toDay'>): Pick<AuditQuery, 'after' | 'before'> {
  const window: Pick<AuditQuery, 'after' | 'before'> = {};
  if (fromDay !== undefined) window.after = localMidnight(fromDay).toISOString();
  if (toDay !== undefined) {
    const end = localMidnight(toDay, 1);
    // After 31/12/9999 there is nothing to leave out, and the API takes no later instant.
    if (end.getUTCFullYear() <= 9999) window.before = end.toISOString();
  }
  return window;
}
