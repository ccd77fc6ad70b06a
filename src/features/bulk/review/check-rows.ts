/**
 * Judges each input row against the contract before anything is sent: what the API would refuse,
 * said per field and per line, and what it would be sent otherwise.
 */
import {
  emailSchema,
  NAME_BIDI_CONTROL_MESSAGE,
  NAME_NO_LETTER_MESSAGE,
  studentNameSchema,
} from '#contract';
import { saysNoExpiry } from '../../../components/expiry-field/expiry-cells';
import { readTypedExpiry } from '../../../components/expiry-field/typed-expiry';
import type { BulkMode, CheckedRow, InputRow, RowProblem, Student } from '../types';

export interface CheckRowsOptions {
  mode: BulkMode;
  /** Expiries up to this instant are past. */
  now: Date;
}

type NameReason = Extract<RowProblem, { field: 'name' }>['reason'];
/** The instant to send, ISO 8601 in UTC (null: the row says it has none), or why there is none. */
type ExpiryCheck = { at: string | null } | { problem: 'invalid' | 'past' };

export function checkRows(
  rows: readonly InputRow[],
  { mode, now }: CheckRowsOptions,
): CheckedRow[] {
  // The API compares addresses as the contract normalises them, so "Ana@Escola.com " repeats
  // "ana@escola.com": the first row is sent, the later ones would only repeat (or undo) it.
  const firstLineByEmail = new Map<string, number>();
  // A list repeats a few dates (often one for everybody): each is read once.
  const expiryByText = new Map<string, ExpiryCheck>();
  const localReadings = new Map<string, LocalReading>();

  return rows.map((row) => {
    const problems: RowProblem[] = [];
    // Said first: the field's other problems may well come from the quote. A removal reads
    // nothing but the address.
    const quote = row.unclosedQuote;
    if (quote && row[quote.field] === quote.read && (mode === 'enrol' || quote.field === 'email')) {
      problems.push({ field: quote.field, reason: 'unclosed-quote' });
    }

    // Blank cells are told apart before the schemas: a failing parse costs many times a passing
    // one, and a removal list checked for enrolment has no names at all.
    const name = row.name.trim();
    if (mode === 'enrol') {
      if (name === '') problems.push({ field: 'name', reason: 'missing' });
      else {
        const checked = studentNameSchema.safeParse(name);
        if (!checked.success) {
          problems.push({ field: 'name', reason: nameReason(checked.error.issues[0]) });
        }
      }
    }

    let email: string | null = null;
    if (row.email.trim() === '') {
      problems.push({ field: 'email', reason: 'missing' });
    } else {
      const checked = emailSchema.safeParse(row.email);
      if (!checked.success) problems.push({ field: 'email', reason: 'invalid' });
      else {
        email = checked.data;
        const firstLine = firstLineByEmail.get(email);
        if (firstLine === undefined) firstLineByEmail.set(email, row.line);
        else problems.push({ field: 'email', reason: 'duplicate', firstLine });
      }
    }

    let expirationDate: string | null | undefined;
    const expiryText = row.expiry.trim();
    if (mode === 'enrol' && expiryText !== '') {
      let expiry = expiryByText.get(expiryText);
      if (expiry === undefined) {
        expiry = checkExpiry(expiryText, now);
        expiryByText.set(expiryText, expiry);
      }
      if ('problem' in expiry) problems.push({ field: 'expiry', reason: expiry.problem });
      else if (
        expiry.at !== null &&
        row.expiryCells?.iso === row.expiry &&
        disagrees(row.expiryCells.local, expiry.at, localReadings)
      ) {
        problems.push({ field: 'expiry', reason: 'disagrees', local: row.expiryCells.local });
      } else expirationDate = expiry.at;
    }

    let student: Student | null = null;
    if (problems.length === 0 && email !== null) {
      student = expirationDate === undefined ? { name, email } : { name, email, expirationDate };
    }
    // Spelled out: spreading 10,000 rows costs more than everything else here.
    const checked: CheckedRow = {
      line: row.line,
      name: row.name,
      email: row.email,
      expiry: row.expiry,
      problems,
      student,
    };
    if (row.columnsSwapped) checked.columnsSwapped = true;
    if (row.expiryCells) checked.expiryCells = row.expiryCells;
    if (row.unclosedQuote) checked.unclosedQuote = row.unclosedQuote;
    return checked;
  });
}

/** What a name other than blank fails first: its length, then its characters. */
function nameReason(issue: { code: string; message: string } | undefined): NameReason {
  if (issue?.code === 'too_big') return 'too-long';
  if (issue?.message === NAME_NO_LETTER_MESSAGE) return 'no-letter';
  if (issue?.message === NAME_BIDI_CONTROL_MESSAGE) return 'bidi-controls';
  return 'control-characters';
}

function checkExpiry(text: string, now: Date): ExpiryCheck {
  // The roster's export says so of an enrolment without expiry, in either language.
  if (saysNoExpiry(text)) return { at: null };
  // Day first in either language: lists come from the school's spreadsheets, and the messages
  // name 31/12/2026 as the form (decision 016). The roster's export is read by its ISO column.
  const instant = readTypedExpiry(text, 'day-first');
  if (instant === null) return { problem: 'invalid' };
  return instant.getTime() <= now.getTime() ? { problem: 'past' } : { at: instant.toISOString() };
}

/** A local-time cell as the export may have written it: no expiry, or the instants it can name. */
type LocalReading = 'none' | readonly number[];

/**
 * Up to a day and two hours apart: the same moment written in another time zone (the export's
 * local time is the exporter's), not a change.
 */
const SAME_MOMENT_MS = 26 * 60 * 60 * 1000;

/**
 * Whether the local-time cell of a line names another moment than its ISO cell: someone changed
 * it in the spreadsheet, and taking the ISO one would drop the change without a word. Read both
 * ways, as either language may have written it. Text that is no date at all (a spreadsheet's own
 * way of writing it) says nothing against the ISO cell.
 */
function disagrees(local: string, iso: string, readings: Map<string, LocalReading>): boolean {
  let reading = readings.get(local);
  if (reading === undefined) {
    reading = saysNoExpiry(local)
      ? 'none'
      : (['day-first', 'month-first'] as const).flatMap((order) => {
          const instant = readTypedExpiry(local, order);
          return instant === null ? [] : [instant.getTime()];
        });
    readings.set(local, reading);
  }
  if (reading === 'none') return true;
  const at = Date.parse(iso);
  return reading.length > 0 && reading.every((instant) => Math.abs(instant - at) > SAME_MOMENT_MS);
}
