import { useState } from 'react';

export const PAGE_SIZE = 25;

/**
 * One page of a long list: a few thousand rows of inputs or text would make every keystroke and
 * every render slow, and nobody reads them all at once. The page is clamped, so a list that
 * shrinks (a row fixed, a filter changed) never shows an empty page past its end.
 */
export function usePage<T>(items: readonly T[]) {
  const [page, setPage] = useState(0);
  const last = Math.max(0, Math.ceil(items.length / PAGE_SIZE) - 1);
  const current = Math.min(page, last);
  return {
    items: items.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE),
    page: current,
    last,
    total: items.length,
    setPage,
  };
}
