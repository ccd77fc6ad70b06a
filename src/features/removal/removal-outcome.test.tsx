import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { StudentMatch } from '#contract/extensions';
import { I18nProvider } from '../../i18n/i18n-provider';
import { membershipOf, splitByMembership } from '../../api/removal-membership';
import { useRemovalMessages } from './messages';
import { describeRemovalOutcome } from './removal-outcome';

const { result } = renderHook(() => useRemovalMessages(), {
  wrapper: ({ children }: { children: ReactNode }) => (
    <I18nProvider locale="pt-BR">{children}</I18nProvider>
  ),
});
const messages = result.current;

const A = { id: 'a', name: 'Artes' };
const B = { id: 'b', name: 'Biologia' };
const C = { id: 'c', name: 'Química' };
const EMAIL = 'ana@escola.br';

/** In A only, every turma listed. */
const ana: StudentMatch = {
  name: 'Ana',
  email: EMAIL,
  classes: [{ ...A, expirationDate: null }],
  countClasses: 1,
};

const outcome = (student: StudentMatch | undefined, turmas = [A, B, C]) =>
  describeRemovalOutcome(EMAIL, splitByMembership(turmas, student), messages, 'pt-BR');

describe('membershipOf', () => {
  it('tells in, out, and unknown past the turmas listed', () => {
    expect(membershipOf(ana, 'a')).toEqual({ kind: 'in', expirationDate: null });
    expect(membershipOf(ana, 'b')).toEqual({ kind: 'out' });
    expect(membershipOf({ ...ana, countClasses: 101 }, 'b')).toEqual({ kind: 'unknown' });
    // GET /v1/students/by-email lists every turma: what it does not list, the student is not in.
    expect(membershipOf({ classes: ana.classes }, 'b')).toEqual({ kind: 'out' });
  });
});

describe('describeRemovalOutcome', () => {
  it('without knowing the student says only where they are not now, as the plain v1 allows', () => {
    expect(outcome(undefined)).toEqual({
      title: `${EMAIL} não está mais em 3 turmas`,
      message: 'Artes, Biologia e Química.',
    });
  });

  it('says "saiu" only where the student was, and "não estava" elsewhere', () => {
    expect(outcome(ana)).toEqual({
      title: `${EMAIL} saiu de 1 turma`,
      message: 'Saiu de: Artes. Não estava em: Biologia e Química (nada mudou).',
    });
  });

  it('says nothing changed when the student was in none', () => {
    expect(outcome(ana, [B])).toEqual({
      title: `${EMAIL} não estava em nenhuma destas turmas`,
      message: 'Não estava em: Biologia (nada mudou).',
    });
  });

  it('keeps to what is sure for turmas past the 100 listed', () => {
    const many = { ...ana, countClasses: 150 };
    expect(outcome(many)).toEqual({
      title: `${EMAIL} saiu de 1 turma`,
      message: 'Saiu de: Artes. Não está mais em: Biologia e Química.',
    });
    expect(outcome({ ...ana, classes: [], countClasses: 150 }, [B])).toEqual({
      title: `${EMAIL} não está mais em 1 turma`,
      message: 'Biologia.',
    });
  });
});
