import type { ClassSummary } from '#contract';
import type { StudentRecord } from '#contract/extensions';
import type { ExpiryValue } from '../../components/expiry-field/expiry';
import type { RowReport } from './results/outcomes';
import type { RemovalLookup } from './run/removal-lookup';
import type { Runner } from '../../lib/batch-run/runner';
import type { BulkMode, CheckedRow, InputRow, ParsedInput } from './types';

/** One student's call: the row, and the expiry it is sent with (its own or the batch's). */
export interface RunItem {
  row: CheckedRow;
  expiry: string | undefined;
  /** The student as the review found them (null: new); absent when it could not tell. */
  existing?: StudentRecord | null;
}

export interface Run {
  mode: BulkMode;
  items: RunItem[];
  runner: Runner;
  /** Every line not sent in this run (held back, or settled by an earlier run of the list). */
  others: RowReport[];
  /** The turmas every call named, and when the run began: the results file's record. */
  turmas: readonly ClassSummary[];
  /** The first run's start, kept by a retry of its lines: the file says when they first went. */
  startedAt: Date;
  /** When each retry of the run's lines began, oldest first. */
  retriedAt: readonly Date[];
  /** A removal with the students-by-email extension: what each student was in just before. */
  removalLookup?: RemovalLookup;
  /** Every call's RUN_ID_HEADER (a retry of its failed lines too): undone together. */
  runId: string;
}

/** A list as read, and the fixes and exclusions made to it in the review. */
export interface ReviewedList {
  /** The rows as last read: reading the same rows again keeps `rows` and `excluded`. */
  read: readonly InputRow[];
  rows: InputRow[];
  excluded: ReadonlySet<number>;
}

export type InputState = { step: 'input'; kept: ReviewedList | null };
export type PreviewState = { step: 'preview'; parsed: ParsedInput } & ReviewedList;
export type RunState = { step: 'run'; parsed: ParsedInput; run: Run };
export type BulkStep = InputState | PreviewState | RunState;

/** What the dialog holds; mode, text, turmas and expiry persist across the steps. */
export interface BulkState {
  mode: BulkMode;
  pasted: string;
  turmas: ClassSummary[];
  expiry: ExpiryValue;
  step: BulkStep;
}

export type BulkAction =
  | { type: 'setMode'; mode: BulkMode }
  | { type: 'setText'; text: string }
  | { type: 'parsed'; parsed: ParsedInput }
  | { type: 'editRow'; line: number; change: Partial<InputRow> }
  | { type: 'exclude'; lines: readonly number[]; exclude: boolean }
  | { type: 'setTurmas'; turmas: ClassSummary[] }
  | { type: 'setExpiry'; expiry: ExpiryValue }
  | { type: 'back' }
  | { type: 'started'; run: Run }
  | { type: 'startOver'; turmas: readonly ClassSummary[] };

export function initialBulkState(turmas: readonly ClassSummary[], expiry: ExpiryValue): BulkState {
  return {
    mode: 'enrol',
    pasted: '',
    turmas: [...turmas],
    expiry,
    step: { step: 'input', kept: null },
  };
}

/** Actions that do not belong to the current step leave the state as it is. */
export function bulkReducer(state: BulkState, action: BulkAction): BulkState {
  const { step } = state;
  switch (action.type) {
    case 'setMode':
      return step.step === 'input' ? { ...state, mode: action.mode } : state;
    case 'setText':
      return step.step === 'input' ? { ...state, pasted: action.text } : state;
    case 'parsed': {
      if (step.step !== 'input') return state;
      const { parsed } = action;
      // The same rows read again (say, after switching between enrolling and removing) keep
      // their fixes and exclusions; a changed list is read afresh.
      const list =
        step.kept !== null && sameRows(step.kept.read, parsed.rows)
          ? step.kept
          : { read: parsed.rows, rows: parsed.rows, excluded: new Set<number>() };
      return { ...state, step: { step: 'preview', parsed, ...list } };
    }
    case 'editRow': {
      if (step.step !== 'preview') return state;
      const rows = step.rows.map((row) =>
        row.line === action.line ? { ...row, ...action.change } : row,
      );
      return { ...state, step: { ...step, rows } };
    }
    case 'exclude': {
      if (step.step !== 'preview') return state;
      const excluded = new Set(step.excluded);
      for (const line of action.lines) {
        if (action.exclude) excluded.add(line);
        else excluded.delete(line);
      }
      return { ...state, step: { ...step, excluded } };
    }
    case 'setTurmas':
      return { ...state, turmas: action.turmas };
    case 'setExpiry':
      return { ...state, expiry: action.expiry };
    case 'back': {
      if (step.step !== 'preview') return state;
      const { read, rows, excluded } = step;
      return { ...state, step: { step: 'input', kept: { read, rows, excluded } } };
    }
    case 'started':
      // From the review, or again from the results (retrying the failed lines).
      return step.step === 'input'
        ? state
        : { ...state, step: { step: 'run', parsed: step.parsed, run: action.run } };
    case 'startOver':
      return {
        ...state,
        pasted: '',
        turmas: [...action.turmas],
        step: { step: 'input', kept: null },
      };
  }
}

function sameRows(a: readonly InputRow[], b: readonly InputRow[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (row, index) =>
        row.line === b[index]!.line &&
        row.name === b[index]!.name &&
        row.email === b[index]!.email &&
        row.expiry === b[index]!.expiry,
    )
  );
}
