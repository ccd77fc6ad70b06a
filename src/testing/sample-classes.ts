import type { Class, ClassListResponse } from '#contract';
import { className } from '../../server/seed.ts';

/** A turma as the API lists it; tests override only what they assert on. */
export function aTurma(overrides: Partial<Class> = {}): Class {
  return {
    id: 'c1',
    name: 'Matemática 9º A',
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-02-01T08:30:00.000Z',
    countStudents: 27,
    ...overrides,
  };
}

export function aClassPage(data: Class[], totalRecords = data.length): ClassListResponse {
  return { data, totalRecords };
}

const SUBJECTS = [
  'Matemática',
  'Português',
  'Educação Física',
  'História',
  'Ciências',
  'Geografia',
  'Inglês',
  'Física',
  'Química',
  'Artes',
];
const GRADES = ['1º', '2º', '3º', '6º', '7º', '8º', '9º'];
const SECTIONS = ['A', 'B', 'C', 'D'];

/**
 * `n` distinct turmas named as schools name them, accents included ("Matemática 9º A",
 * "Educação Física 2º B"), listed out of alphabetical order, with varied counts and dates so
 * each sort gives a different order. Deterministic: the same `n` always gives the same turmas.
 */
export function manyTurmas(n: number): Class[] {
  const day = 24 * 60 * 60 * 1000;
  const firstCreated = Date.parse('2025-02-03T11:00:00.000Z');
  const combinations = SUBJECTS.length * GRADES.length * SECTIONS.length;
  return Array.from({ length: n }, (_, i) => {
    const subject = SUBJECTS[i % SUBJECTS.length];
    const grade = GRADES[Math.floor(i / SUBJECTS.length) % GRADES.length];
    const section = SECTIONS[Math.floor(i / (SUBJECTS.length * GRADES.length)) % SECTIONS.length];
    const round = Math.floor(i / combinations);
    const created = firstCreated + ((i * 37) % 365) * day + i * 60_000;
    return {
      id: `t${String(i + 1).padStart(4, '0')}`,
      name: `${subject} ${grade} ${section}${round > 0 ? ` (${round + 1})` : ''}`,
      createdAt: new Date(created).toISOString(),
      updatedAt: new Date(created + ((i * 13) % 90) * day).toISOString(),
      countStudents: (i * 17) % 45,
    };
  });
}

/**
 * The first `n` turmas of the demo data, named as `npm run dev` names them ("9º ano A —
 * Matemática"; past the 1,008 plain combinations, "· Unidade 2"), without students.
 */
export function demoTurmas(n: number): Class[] {
  const created = Date.parse('2025-02-03T11:00:00.000Z');
  return Array.from({ length: n }, (_, i) => {
    const at = new Date(created + i * 60_000).toISOString();
    return {
      id: `d${String(i + 1).padStart(5, '0')}`,
      name: className(i),
      createdAt: at,
      updatedAt: at,
      countStudents: 0,
    };
  });
}
