import { describe, expect, it } from 'vitest';
import type { StudentRecord } from '#contract/extensions';
import type { CheckedRow } from '../types';
import { reviewWarnings } from './review-warnings';

const TURMA = { id: 't1', name: 'Matemática 9º A' };
const LATER = '2030-06-01T12:00:00.000Z';
const BATCH = '2027-01-01T02:59:00.000Z';

function student(expirationDate: string | null): StudentRecord {
  return {
    name: 'Ana',
    email: 'ana@x.com',
    classes: [
      { id: TURMA.id, name: TURMA.name, expirationDate, enrolledAt: '2026-01-01T00:00:00.000Z' },
    ],
  };
}

/** A ready line for Ana, with its own expiry as check-rows.ts leaves it. */
function line(expirationDate?: string | null): CheckedRow {
  return {
    line: 2,
    name: 'Ana',
    email: 'ana@x.com',
    expiry: '',
    problems: [],
    student: {
      name: 'Ana',
      email: 'ana@x.com',
      ...(expirationDate === undefined ? {} : { expirationDate }),
    },
  };
}

const warningsOf = (row: CheckedRow, current: string | null) =>
  reviewWarnings([row], {
    mode: 'enrol',
    turmas: [TURMA],
    batchExpiry: BATCH,
    students: new Map([['ana@x.com', student(current)]]),
  }).get(2);

describe('reviewWarnings: a line’s own "no expiry"', () => {
  it('warns that it takes an expiry off, not that the batch’s shortens it', () => {
    expect(warningsOf(line(null), LATER)).toEqual([
      { kind: 'removes', turma: TURMA, current: LATER },
    ]);
    // Without a word of its own the line takes the batch's, which is shorter.
    expect(warningsOf(line(), LATER)).toEqual([
      { kind: 'shortens', turma: TURMA, current: LATER, chosen: BATCH },
    ]);
  });

  it('says nothing where the student has no expiry either, and does not call it a limit', () => {
    expect(warningsOf(line(null), null)).toBeUndefined();
    expect(warningsOf(line(), null)).toEqual([{ kind: 'limits', turma: TURMA, chosen: BATCH }]);
  });
});
