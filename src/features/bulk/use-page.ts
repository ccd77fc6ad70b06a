import { useState } from 'react';
import { pageCountOf } from '../../components/pager/page-items';

export const PAGE_SIZE = 25;

/**
 * One page of a long list: a few thousand rows of inputs or text would make every keystroke and
 * every render slow, and nobody reads them all at once. The page, counted from 1 as the shared
 * pager counts, is clamped, so a list that shrinks (a row fixed, a filter changed) never shows an
 * empty page past its end.
 */
export function usePage<T>(items: readonly T[]) {
  const [page, setPage] = useState(1);
  const pageCount = pageCountOf(items.length, PAGE_SIZE);
  const current = Math.min(page, pageCount);
  return {
    items: items.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE),
    page: current,
    pageCount,
    total: items.length,
    setPage,
  };
}
