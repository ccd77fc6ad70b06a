import { describe, expect, it } from 'vitest';
import type { StudentMatch } from '#contract/extensions';
import { expiryChanges, isOtherName } from './enrolment-changes';

const A = { id: 'a', name: 'A' };
const B = { id: 'b', name: 'B' };
const C = { id: 'c', name: 'C' };
const D = { id: 'd', name: 'D' };
const JUNE = '2027-06-30T12:00:00.000Z';
const DECEMBER = '2027-12-31T12:00:00.000Z';

/** In A until December, in B without expiry, in C until June; not in D. */
const student: StudentMatch = {
  name: 'Ana',
  email: 'ana@escola.br',
  classes: [
    { ...A, expirationDate: DECEMBER },
    { ...B, expirationDate: null },
    { ...C, expirationDate: JUNE },
  ],
  countClasses: 3,
};

describe('expiryChanges', () => {
  it('an earlier expiry shortens a later one and limits none; a later one extends, silently', () => {
    expect(expiryChanges(student, [A, B, C, D], '2027-09-01T00:00:00.000Z')).toEqual([
      { kind: 'shortens', turma: A, current: DECEMBER, chosen: '2027-09-01T00:00:00.000Z' },
      { kind: 'limits', turma: B, chosen: '2027-09-01T00:00:00.000Z' },
    ]);
  });

  it('no expiry removes every current one', () => {
    expect(expiryChanges(student, [D, C, B, A], undefined)).toEqual([
      { kind: 'removes', turma: C, current: JUNE },
      { kind: 'removes', turma: A, current: DECEMBER },
    ]);
  });

  it('the same expiry changes nothing', () => {
    expect(expiryChanges(student, [A], DECEMBER)).toEqual([]);
  });

  it('a name that differs only in case, accents or spacing, or none typed, is not another name', () => {
    expect(isOtherName(' ana souza ', 'Ana Souza')).toBe(false);
    expect(isOtherName('ÁNA   souza', 'Ana Souza')).toBe(false);
    expect(isOtherName('Ana Souza', 'Anà Soúza')).toBe(false);
    expect(isOtherName('  ', 'Ana Souza')).toBe(false);
    expect(isOtherName('Nome Trocado', 'Ana Souza')).toBe(true);
  });
});
