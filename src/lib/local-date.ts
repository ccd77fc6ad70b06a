/**
 * A day as YYYY-MM-DD in this browser's time zone: the date people see on their calendar, never
 * UTC's (`toISOString()` is already tomorrow after 21:00 in Brazil). Every download is dated
 * with it, and the expiring view's windows are counted in it.
 */
export function localDate(at: Date): string {
  const year = String(at.getFullYear()).padStart(4, '0');
  const month = String(at.getMonth() + 1).padStart(2, '0');
  const day = String(at.getDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}
