/**
 * The shapes a bulk run passes between its steps: the input as read (`InputRow`), each row as
 * judged against the contract (`CheckedRow`), and what the runner made of it.
 */

/** Enrol every student of the list into the turmas, or remove every one of them from them. */
export type BulkMode = 'enrol' | 'remove';

export type Delimiter = ',' | ';' | '\t';

/**
 * The most rows one run takes: longer input is cut there, with a `too-many-rows` problem. Here
 * rather than beside the parser so the dialog can say it without loading the CSV library, which
 * runs in a worker.
 */
export const BULK_ROWS_MAX = 10_000;

/** One student of the input, as typed: nothing trimmed, nothing checked yet. */
export interface InputRow {
  /** 1-based line of the input on which the row starts (a header counts), for messages. */
  line: number;
  name: string;
  email: string;
  /**
   * As typed; '' when the row has none, so the batch's expiry applies. From a file with an ISO
   * expiry column (the roster's export), that column's cell when it is filled.
   */
  expiry: string;
  /**
   * The file's two expiry cells, when it has both columns and both are filled: `expiry` is the
   * ISO one, and `local` what people read and may have changed beside it (check-rows.ts asks
   * about a line where the two disagree, until its expiry is changed in the review).
   */
  expiryCells?: { iso: string; local: string };
  /**
   * The line's address was in another column than the list's e-mail column, and what that
   * column held went where the address was (parse-input.ts); absent otherwise.
   */
  columnsSwapped?: true;
  /**
   * A quote in this field never closed, so the line was read as typed from it (quotes kept)
   * rather than letting it swallow the lines after it (parse-input.ts): `read` is the field as
   * read, a problem until it is changed in the review (check-rows.ts). Absent otherwise.
   */
  unclosedQuote?: { field: 'name' | 'email' | 'expiry'; read: string };
}

/** Something wrong with the input as a whole rather than with one student. */
export type InputProblem =
  | { reason: 'empty' }
  /** No column holds e-mail addresses, and no header names one. */
  | { reason: 'no-email-column' }
  /**
   * Quotes that never close, on these lines (in order): each line was read as typed, its quote
   * kept, and the lines after it as usual (else everything after it would be one cell).
   */
  | { reason: 'unclosed-quote'; lines: number[] }
  | { reason: 'too-many-rows'; max: number };

/**
 * A column of the list that gave nothing to any line although some of its cells are filled: its
 * title is none the parser knows, or another column already gives what it names. Said in the
 * review, so no one expects a column to count that did not (an expiry column under an unknown
 * title would otherwise leave each student the batch's expiry without a word).
 */
export interface IgnoredColumn {
  /** 1-based, as a person counts columns. */
  column: number;
  /** The header's cell, trimmed: '' where it has none. */
  title: string;
  /** The title names what another column gives: what, and that column's title. */
  taken?: { role: 'name' | 'email' | 'expiry'; by: string };
}

export interface ParsedInput {
  rows: InputRow[];
  delimiter: Delimiter;
  /** Whether the first line was a header naming the columns (it is not a student). */
  header: boolean;
  problems: InputProblem[];
  /** The columns a header named that gave nothing (absent when none did). */
  ignoredColumns?: IgnoredColumn[];
}

/** Why a row cannot be sent, and which of its fields to fix. */
export type RowProblem =
  | {
      field: 'name';
      reason: 'missing' | 'too-long' | 'control-characters' | 'bidi-controls' | 'no-letter';
    }
  | { field: 'email'; reason: 'missing' | 'invalid' }
  /** The same address (as the API compares it) on an earlier row, which is the one kept. */
  | { field: 'email'; reason: 'duplicate'; firstLine: number }
  | { field: 'expiry'; reason: 'invalid' | 'past' }
  /** The local-time cell names another day than the ISO one beside it (`expiryCells`). */
  | { field: 'expiry'; reason: 'disagrees'; local: string }
  /** The field holds a quote that never closed, read as typed (`InputRow.unclosedQuote`). */
  | { field: 'name' | 'email' | 'expiry'; reason: 'unclosed-quote' };

/** What one call sends for a row, normalised by the contract (trimmed, e-mail lower-cased). */
export interface Student {
  name: string;
  email: string;
  /**
   * ISO 8601 instant from the row's own expiry; null: the row says it has none ("Sem validade",
   * as the roster's export writes it), so none is sent; absent: the batch's expiry applies.
   */
  expirationDate?: string | null;
}

/**
 * The expiry a row's call sends: the row's own, none when the row says so, else the batch's
 * (`batch` as the caller holds it: null where it cannot be sent).
 */
export function lineExpiry<Batch extends string | undefined | null>(
  student: Student,
  batch: Batch,
): string | undefined | Batch {
  if (student.expirationDate === null) return undefined;
  return student.expirationDate ?? batch;
}

export interface CheckedRow extends InputRow {
  problems: RowProblem[];
  /** Set exactly when `problems` is empty. */
  student: Student | null;
}
