import type { Class, ClassListResponse } from '../api/contract';

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
