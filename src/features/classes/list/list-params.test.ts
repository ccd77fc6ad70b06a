import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_PARAMS, parseListParams, writeListParams } from './list-params';

describe('parseListParams', () => {
  it('reads every parameter', () => {
    expect(parseListParams('?q=matem%C3%A1tica&page=3&pageSize=50&sort=-countStudents')).toEqual({
      q: 'matemática',
      page: 3,
      pageSize: 50,
      sort: '-countStudents',
    });
  });

  it.each([
    ['', {}],
    ['?page=0', {}],
    ['?page=2.5', {}],
    ['?page=-1', {}],
    ['?page=99999999999', {}],
    ['?pageSize=7', {}],
    ['?pageSize=1000', {}],
    ['?sort=students', {}],
    ['?sort=-name', { sort: '-name' }],
    // Chosen, so kept: a link by name stays by name, even where a search could rank.
    ['?sort=name', { sort: 'name' }],
    ['?q=%20%20', {}],
    ['?q=%20f%C3%ADs%20', { q: 'fís' }],
  ])('%s falls back to the default for what is wrong', (search, expected) => {
    expect(parseListParams(search)).toEqual({ ...DEFAULT_LIST_PARAMS, ...expected });
  });

  it('cuts an over-long search to what the API accepts', () => {
    expect(parseListParams(`?q=${'a'.repeat(250)}`).q).toHaveLength(200);
  });
});

describe('writeListParams', () => {
  it('leaves defaults out and keeps parameters that are not the list’s', () => {
    expect(writeListParams('?utm=x&page=4', DEFAULT_LIST_PARAMS)).toBe('?utm=x');
    expect(writeListParams('', DEFAULT_LIST_PARAMS)).toBe('');
  });

  it('writes no sort for none chosen, and a chosen "name" as such', () => {
    expect(DEFAULT_LIST_PARAMS.sort).toBeNull();
    expect(writeListParams('?sort=-name', { ...DEFAULT_LIST_PARAMS, q: 'arte' })).toBe('?q=arte');
    expect(writeListParams('', { ...DEFAULT_LIST_PARAMS, q: 'arte', sort: 'name' })).toBe(
      '?q=arte&sort=name',
    );
  });

  it('round-trips through parseListParams', () => {
    const params = { q: 'educação física', page: 2, pageSize: 100, sort: 'updatedAt' } as const;

    expect(parseListParams(writeListParams('', params))).toEqual(params);
  });
});
