/** A list sorted by one column, one way. */
export interface ColumnSort<Field extends string> {
  field: Field;
  desc: boolean;
}

/**
 * The one sort cycle of the console's tables, for a click on `field`'s header: its first
 * direction (`descendingFirst`: counts and dates newest first, say), then the other way, then
 * undefined, the list's own order. Each list says what its own order is; a column that is that
 * order anyway starts over with the click after.
 */
export function nextSort<Field extends string>(
  current: ColumnSort<Field> | undefined,
  field: Field,
  descendingFirst: boolean,
): ColumnSort<Field> | undefined {
  if (current?.field !== field) return { field, desc: descendingFirst };
  if (current.desc === descendingFirst) return { field, desc: !descendingFirst };
  return undefined;
}

/** The API's sortBy syntax: the field's name, '-' before it for descending. */
export function parseSortBy<Field extends string>(sortBy: `-${Field}` | Field): ColumnSort<Field> {
  return sortBy.startsWith('-')
    ? { field: sortBy.slice(1) as Field, desc: true }
    : { field: sortBy as Field, desc: false };
}

/** The inverse of `parseSortBy`. */
export function formatSortBy<Field extends string>({
  field,
  desc,
}: ColumnSort<Field>): `-${Field}` | Field {
  return desc ? `-${field}` : field;
}
