/**
 * What became of every line of the input: sent and answered, sent and failed, never sent, or
 * kept back at review. A bulk run reports every line (nothing is lost: docs/decisions/008-bulk-runner.md), so the
 * results table and the downloaded CSV account for the whole file, not only what was sent.
 */
import { ApiError } from '../../api/client';
import type { ItemResult } from './runner';
import type { BulkMode, CheckedRow, InputRow, RowProblem } from './types';

export type Outcome =
  | 'enrolled'
  | 'removed'
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
}

/** The outcomes worth another try: the call may not have happened, or may pass next time. */
export const RETRYABLE: ReadonlySet<Outcome> = new Set(['failed', 'not-sent']);
export const SUCCESS: ReadonlySet<Outcome> = new Set(['enrolled', 'removed']);

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
