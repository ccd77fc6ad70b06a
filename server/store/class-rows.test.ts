/**
 * A page's rows come from memory (class-rows.ts): the times kept as numbers are written back as
 * the text the store holds, a write's new time included, and a text that is not in the form both
 * engines write comes back exactly as it was.
 */
import { describe, expect, it } from 'vitest';
import { ClassRows, type LoadedClass } from './class-rows.ts';
import { builtNow } from './read-model.ts';

function rowsOf(classes: LoadedClass[]) {
  const keys = classes.map(({ key }) => key);
  return builtNow(
    ClassRows.building({
      classes,
      keysByName: keys,
      keysByCreatedAt: keys,
      keysByCountStudents: keys,
      keysByUpdatedAt: keys,
      keysById: keys,
    }),
  );
}

const turma = (key: number, createdAt: string, updatedAt: string): LoadedClass => ({
  key,
  id: `t${key}`,
  name: `Turma ${key}`,
  searchName: `turma ${key}`,
  countStudents: key,
  createdAt,
  updatedAt,
});

const page = (rows: ClassRows) =>
  rows
    .page({ page: 1, pageSize: 10, sortBy: 'createdAt' })
    .data.map(({ id, createdAt, updatedAt }) => ({
      id,
      createdAt,
      updatedAt,
    }));

describe('a page’s times', () => {
  it('are the texts loaded, and a write’s', () => {
    const rows = rowsOf([
      turma(1, '2024-01-02T03:04:05.678Z', '2024-02-03T04:05:06.789Z'),
      turma(2, '2025-12-31T23:59:59.999Z', '2026-01-01T00:00:00.000Z'),
    ]);
    expect(page(rows)).toEqual([
      { id: 't1', createdAt: '2024-01-02T03:04:05.678Z', updatedAt: '2024-02-03T04:05:06.789Z' },
      { id: 't2', createdAt: '2025-12-31T23:59:59.999Z', updatedAt: '2026-01-01T00:00:00.000Z' },
    ]);
    rows.update([{ key: 1, countStudents: 2, updatedAt: '2026-11-29T10:11:12.013Z' }]);
    expect(page(rows)[0]).toEqual({
      id: 't1',
      createdAt: '2024-01-02T03:04:05.678Z',
      updatedAt: '2026-11-29T10:11:12.013Z',
    });
  });

  it('keep a text in another form as it is, until a write replaces it', () => {
    const rows = rowsOf([turma(1, '2024-01-02 03:04:05', '2024-01-02T03:04:05Z')]);
    expect(page(rows)).toEqual([
      { id: 't1', createdAt: '2024-01-02 03:04:05', updatedAt: '2024-01-02T03:04:05Z' },
    ]);
    rows.update([{ key: 1, countStudents: 1, updatedAt: '2026-11-29T10:11:12.013Z' }]);
    expect(page(rows)[0]!.updatedAt).toBe('2026-11-29T10:11:12.013Z');
  });
});
