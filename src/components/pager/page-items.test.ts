import { usePagination } from '@mantine/hooks';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageCountOf, pageItems, pageRange } from './page-items';

describe('pageItems', () => {
  it.each([1, 0])(
    'offers the pages Mantine’s Pagination offered with %i siblings, which the pager replaced',
    (siblings) => {
      for (let pageCount = 1; pageCount <= 15; pageCount++) {
        for (let page = 1; page <= pageCount; page++) {
          const { result } = renderHook(() =>
            usePagination({ total: pageCount, page, siblings, boundaries: 1 }),
          );
          expect(
            pageItems(page, pageCount, siblings),
            `page ${page} of ${pageCount}, ${siblings} siblings`,
          ).toEqual(result.current.range);
        }
      }
    },
  );

  it('never offers more than 7 items', () => {
    expect(pageItems(50, 100)).toEqual([1, 'dots', 49, 50, 51, 'dots', 100]);
  });

  it('offers 5 items at most without siblings: what a phone’s line holds at 44px a button', () => {
    expect(pageItems(50, 100, 0)).toEqual([1, 'dots', 50, 'dots', 100]);
    expect(pageItems(2, 100, 0)).toEqual([1, 2, 3, 'dots', 100]);
  });
});

describe('pageRange', () => {
  it('counts the rows that came back, not the page size', () => {
    expect(pageRange(3, 50, 120)).toEqual({ first: 101, last: 120 });
    expect(pageRange(2, 50, 200, 7)).toEqual({ first: 51, last: 57 });
    expect(pageRange(2, 50, 200)).toEqual({ first: 51, last: 100 });
  });

  it('says 0–0 of an empty list', () => {
    expect(pageRange(1, 20, 0)).toEqual({ first: 0, last: 0 });
  });
});

describe('pageCountOf', () => {
  it('gives an empty list its one page', () => {
    expect(pageCountOf(0, 20)).toBe(1);
    expect(pageCountOf(41, 20)).toBe(3);
  });
});
