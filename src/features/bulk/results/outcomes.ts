/**
 * What became of every line of the input: sent and answered, sent and failed, never sent, or
 * kept back at review. A bulk run reports every line (nothing is lost: docs/decisions/008-bulk-runner.md), so the
 * results table and the downloaded CSV account for the whole file, not only what was sent.
 */
import type { ClassSummary } from '#contract';
import type { StudentRecord } from '#contract/extensions';
import { ApiError } from '../../../api/client';
import { splitByMembership, type RemovalSplit } from '../../../api/removal-membership';
import type { ItemResult } from '../../../lib/batch-run/run-machine';
import type { BulkMode, CheckedRow, InputRow, RowProblem } from '../types';

export type Outcome =
  | 'enrolled'
  /** A removal that took the student out of at least one of the turmas. */
  | 'removed'
  /** A removal that changed nothing: the student was in none of the turmas. */
  | 'was-not-in'
  /** A removal the server accepted, of a student not looked up: only "not in them now" is sure. */
  | 'no-longer-in'
  | 'not-found'
  | 'rejected'
  | 'failed'
  | 'not-sent'
  | 'invalid'
  | 'excluded';

export interface RowReport {
  line: number;
  name: string;
  email: string;
  /** The expiry sent (ISO 8601), '' for none or for a removal. */
  expiry: string;
  outcome: Outcome;
  /** Why a call failed: an ApiError carries the API's own message. */
  error?: unknown;
  /** Why a row was held back at review. */
  problems?: readonly RowProblem[];
  /**
   * The student before the line's call (null: not registered), for the platform's name and the
   * expiries replaced or removed: an enrolment's as the review found them, a removal's as the
   * run found them just before (removal-lookup.ts). Absent when not looked up.
   */
  existing?: StudentRecord | null;
  /** A removal the server accepted: per turma, whether the student left it, was not in it, or not known. */
  removal?: RemovalSplit;
}

/** The outcomes worth another try: the call may not have happened, or may pass next time. */
export const RETRYABLE: ReadonlySet<Outcome> = new Set(['failed', 'not-sent']);
export const SUCCESS: ReadonlySet<Outcome> = new Set([
  'enrolled',
  'removed',
  'was-not-in',
  'no-longer-in',
]);

export function outcomeOf(mode: BulkMode, result: ItemResult): Outcome {
  switch (result.state) {
    case 'succeeded':
      return mode === 'enrol' ? 'enrolled' : 'removed';
    case 'pending':
    case 'not-sent':
      return 'not-sent';
    case 'failed':
      return failureOutcome(result.error);
  }
}

/**
 * A 404 names what does not exist (the student on a removal, a turma on either); any other 4xx
 * is the API refusing this row and will answer the same again; everything else (the network,
 * 5xx after every retry) may pass on another try.
 */
function failureOutcome(error: unknown): Outcome {
  if (!(error instanceof ApiError) || error.kind !== 'http' || error.status === undefined) {
    return 'failed';
  }
  if (error.status === 404) return 'not-found';
  if (error.status >= 400 && error.status < 500 && error.status !== 429) return 'rejected';
  return 'failed';
}

/** The report of a row that was sent (or meant to be, in this run), from the runner's result. */
export function sentReport(
  mode: BulkMode,
  row: CheckedRow,
  expiry: string | undefined,
  result: ItemResult,
): RowReport {
  return {
    line: row.line,
    name: row.student?.name ?? row.name,
    email: row.student?.email ?? row.email,
    expiry: mode === 'enrol' ? (expiry ?? '') : '',
    outcome: outcomeOf(mode, result),
    error: result.error,
  };
}

/**
 * A removal's report told by what the student was in just before it was sent (removal-lookup.ts):
 * "removed" only when they were in one of the turmas at least, "was not in" when in none, and
 * "no longer in" when that is not known (no extension, or the question failed). What was found
 * stays with the line, so its file says what to enrol again to put the student back.
 */
export function withRemovalOutcome(
  report: RowReport,
  turmas: readonly ClassSummary[],
  before: StudentRecord | null | undefined,
): RowReport {
  const found = before === undefined ? report : { ...report, existing: before };
  if (report.outcome !== 'removed') return found;
  // No student a moment before, and the removal passed: someone created them since.
  const removal = splitByMembership(turmas, before ?? undefined);
  const outcome: Outcome =
    removal.removed.length > 0
      ? 'removed'
      : removal.unknown.length === 0
        ? 'was-not-in'
        : 'no-longer-in';
  return { ...found, outcome, removal };
}

/** A row excluded at review: as it was typed. */
export function excludedReport(row: InputRow): RowReport {
  return {
    line: row.line,
    name: row.name,
    email: row.email,
    expiry: row.expiry,
    outcome: 'excluded',
  };
}

/** A row left with problems at review: as it was typed, and why it was not sent. */
export function invalidReport(row: CheckedRow): RowReport {
  return { ...excludedReport(row), outcome: 'invalid', problems: row.problems };
}

/** The API's own words about a failure, when it sent an Error body. */
export function apiMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.body?.message : undefined;
}
