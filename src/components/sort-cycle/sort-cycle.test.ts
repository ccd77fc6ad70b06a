import { describe, expect, it } from 'vitest';
import { formatSortBy, nextSort, parseSortBy } from './sort-cycle';

describe('nextSort', () => {
  it('goes first way, other way, then back to the list’s own order', () => {
    const first = nextSort<'name' | 'size'>(undefined, 'name', false);
    expect(first).toEqual({ field: 'name', desc: false });
    const second = nextSort(first, 'name', false);
    expect(second).toEqual({ field: 'name', desc: true });
    expect(nextSort(second, 'name', false)).toBeUndefined();
  });

  it('starts a column that sorts descending first with its largest', () => {
    const first = nextSort<'name' | 'size'>({ field: 'name', desc: true }, 'size', true);
    expect(first).toEqual({ field: 'size', desc: true });
    const second = nextSort(first, 'size', true);
    expect(second).toEqual({ field: 'size', desc: false });
    expect(nextSort(second, 'size', true)).toBeUndefined();
  });
});

describe('parseSortBy and formatSortBy', () => {
  it('read and write the API’s syntax', () => {
    expect(parseSortBy<'name'>('-name')).toEqual({ field: 'name', desc: true });
    expect(parseSortBy<'name'>('name')).toEqual({ field: 'name', desc: false });
    expect(formatSortBy({ field: 'name', desc: true })).toBe('-name');
    expect(formatSortBy({ field: 'name', desc: false })).toBe('name');
  });
});
