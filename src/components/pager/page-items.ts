/** Pages of a list; an empty list still has its one (empty) page. */
export function pageCountOf(totalRecords: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalRecords / pageSize));
}

/**
 * The rows `page` holds, counted from 1: "51–100 of 120". `rowCount`, the rows that came back
 * for it once they have, counts rather than the size; none of an empty list is 0–0.
 */
export function pageRange(
  page: number,
  pageSize: number,
  totalRecords: number,
  rowCount?: number,
): { first: number; last: number } {
  const before = (page - 1) * pageSize;
  return {
    first: totalRecords === 0 ? 0 : Math.min(before + 1, totalRecords),
    last: Math.min(before + (rowCount ?? pageSize), totalRecords),
  };
}

/** A gap in the page numbers. */
export const DOTS = 'dots';

/**
 * The page numbers offered around `page`, as Mantine's Pagination chose them (boundaries 1):
 * always the first and the last, the page and `siblings` neighbours each side, and dots for what
 * is left out, so there are never more than 5 + 2 × `siblings` items.
 */
export function pageItems(page: number, pageCount: number, siblings = 1): (number | typeof DOTS)[] {
  const span = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => from + index);
  const most = 5 + 2 * siblings;
  if (pageCount <= most) return span(1, pageCount);
  const left = Math.max(page - siblings, 1);
  const right = Math.min(page + siblings, pageCount - 1);
  const dotsLeft = left > 3;
  const dotsRight = right < pageCount - 2;
  if (!dotsLeft) return [...span(1, most - 2), DOTS, pageCount];
  if (!dotsRight) return [1, DOTS, ...span(pageCount - most + 3, pageCount)];
  return [1, DOTS, ...span(left, right), DOTS, pageCount];
}
