import { describe, expect, it } from 'vitest';
import type { ClassSummary } from '#contract';
import type { ExpiryValue } from '../../components/expiry-field/expiry';
import {
  bulkReducer,
  initialBulkState,
  type BulkAction,
  type BulkState,
  type Run,
} from './bulk-state';
import { createRunner } from '../../lib/batch-run/runner';
import type { InputRow, ParsedInput } from './types';

const TURMAS: ClassSummary[] = [{ id: 'c1', name: 'Turma 1' }];
const EXPIRY: ExpiryValue = { noExpiry: true, at: null };

function parsedOf(rows: InputRow[]): ParsedInput {
  return { rows, delimiter: ',', header: false, problems: [] };
}

const ROWS: InputRow[] = [
  { line: 1, name: 'Ana', email: 'ana@example', expiry: '' },
  { line: 2, name: 'Bia', email: 'bia@example.com', expiry: '' },
];

function apply(state: BulkState, ...actions: BulkAction[]): BulkState {
  return actions.reduce(bulkReducer, state);
}

function emptyRun(): Run {
  const runner = createRunner({
    items: [],
    send: () => Promise.resolve(),
    onUnauthorized: () => {},
  });
  return {
    mode: 'enrol',
    items: [],
    runner,
    others: [],
    turmas: [],
    startedAt: new Date(0),
    retriedAt: [],
    runId: 'run-1',
  };
}

/** Read ROWS, fix line 1's e-mail and exclude line 2. */
function reviewed(): BulkState {
  return apply(
    initialBulkState(TURMAS, EXPIRY),
    { type: 'setText', text: 'pasted' },
    { type: 'parsed', parsed: parsedOf(ROWS) },
    { type: 'editRow', line: 1, change: { email: 'ana@example.com' } },
    { type: 'exclude', lines: [2], exclude: true },
  );
}

describe('bulkReducer', () => {
  it('reads a list into the review, unchanged and with nothing excluded', () => {
    const state = apply(initialBulkState(TURMAS, EXPIRY), {
      type: 'parsed',
      parsed: parsedOf(ROWS),
    });
    expect(state.step).toMatchObject({ step: 'preview', rows: ROWS, excluded: new Set() });
  });

  it('keeps fixes and exclusions when the same list is reviewed again after "Voltar"', () => {
    const back = apply(reviewed(), { type: 'back' });
    expect(back.step.step).toBe('input');
    expect(back.pasted).toBe('pasted');

    const again = apply(back, {
      type: 'parsed',
      parsed: parsedOf(ROWS.map((row) => ({ ...row }))),
    });
    expect(again.step).toMatchObject({
      step: 'preview',
      rows: [{ ...ROWS[0], email: 'ana@example.com' }, ROWS[1]],
      excluded: new Set([2]),
    });
  });

  it('reads a changed list afresh', () => {
    const changed = ROWS.map((row) => (row.line === 2 ? { ...row, name: 'Beatriz' } : row));
    const state = apply(
      reviewed(),
      { type: 'back' },
      { type: 'parsed', parsed: parsedOf(changed) },
    );
    expect(state.step).toMatchObject({ step: 'preview', rows: changed, excluded: new Set() });
  });

  it('switches the mode on the input step only, keeping the list for the next review', () => {
    const inPreview = reviewed();
    expect(apply(inPreview, { type: 'setMode', mode: 'remove' })).toBe(inPreview);

    const state = apply(
      inPreview,
      { type: 'back' },
      { type: 'setMode', mode: 'remove' },
      { type: 'parsed', parsed: parsedOf(ROWS) },
    );
    expect(state.mode).toBe('remove');
    expect(state.step).toMatchObject({ step: 'preview', excluded: new Set([2]) });
  });

  it('keeps turmas and expiry across the steps', () => {
    const turmas: ClassSummary[] = [{ id: 'c2', name: 'Turma 2' }];
    const expiry: ExpiryValue = { noExpiry: false, at: null };
    const state = apply(
      reviewed(),
      { type: 'setTurmas', turmas },
      { type: 'setExpiry', expiry },
      { type: 'back' },
    );
    expect(state.turmas).toBe(turmas);
    expect(state.expiry).toBe(expiry);
  });

  it('starts a run from the review, keeping what was parsed for the results', () => {
    const run = emptyRun();
    const state = apply(reviewed(), { type: 'started', run });
    expect(state.step).toEqual({ step: 'run', parsed: parsedOf(ROWS), run });
    // Retrying the failed lines replaces the run.
    const retry = emptyRun();
    expect(apply(state, { type: 'started', run: retry }).step).toMatchObject({ run: retry });
  });

  it('"Nova lista" forgets the list and the text, and takes the selected turmas again', () => {
    const turmas: ClassSummary[] = [{ id: 'c3', name: 'Turma 3' }];
    const state = apply(
      reviewed(),
      { type: 'started', run: emptyRun() },
      { type: 'startOver', turmas },
    );
    expect(state.step).toEqual({ step: 'input', kept: null });
    expect(state.pasted).toBe('');
    expect(state.turmas).toEqual(turmas);
    // The same list pasted again is read afresh.
    const again = apply(state, { type: 'parsed', parsed: parsedOf(ROWS) });
    expect(again.step).toMatchObject({ rows: ROWS, excluded: new Set() });
  });
});
