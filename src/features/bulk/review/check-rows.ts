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
import { readTypedExpiry } from '../../../components/expiry-field/typed-expiry';
import type { BulkMode, CheckedRow, InputRow, RowProblem, Student } from '../types';

export interface CheckRowsOptions {
  mode: BulkMode;
  /** Expiries up to this instant are past. */
  now: Date;
}

type NameReason = Extract<RowProblem, { field: 'name' }>['reason'];
/** The instant to send, ISO 8601 in UTC, or why there is none. */
type ExpiryCheck = { at: string } | { problem: Extract<RowProblem, { field: 'expiry' }>['reason'] };

export function checkRows(
  rows: readonly InputRow[],
  { mode, now }: CheckRowsOptions,
): CheckedRow[] {
  // The API compares addresses as the contract normalises them, so "Ana@Escola.com " repeats
  // "ana@escola.com": the first row is sent, the later ones would only repeat (or undo) it.
  const firstLineByEmail = new Map<string, number>();
  // A list repeats a few dates (often one for everybody): each is read once.
  const expiryByText = new Map<string, ExpiryCheck>();

  return rows.map((row) => {
    const problems: RowProblem[] = [];

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

    let expirationDate: string | undefined;
    const expiryText = row.expiry.trim();
    if (mode === 'enrol' && expiryText !== '') {
      let expiry = expiryByText.get(expiryText);
      if (expiry === undefined) {
        expiry = checkExpiry(expiryText, now);
        expiryByText.set(expiryText, expiry);
      }
      if ('problem' in expiry) problems.push({ field: 'expiry', reason: expiry.problem });
      else expirationDate = expiry.at;
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
  // Day first in either language: lists come from the school's spreadsheets, and the messages
  // name 31/12/2026 as the form.
  const instant = readTypedExpiry(text, 'day-first');
  if (instant === null) return { problem: 'invalid' };
  return instant.getTime() <= now.getTime() ? { problem: 'past' } : { at: instant.toISOString() };
}
