import { ROSTER_SORT_BY_DEFAULT, type RosterSortBy, type RosterSortField } from '#contract';

/**
 * Which way a column sorts first: names and e-mails A–Z; expiries soonest first (who to extend);
 * enrolment newest first (who just arrived). As in the turmas list, a second click reverses, a
 * third goes back to the default order (by name).
 */
const DESCENDING_FIRST: ReadonlySet<RosterSortField> = new Set(['enrolledAt']);

export function sortOf(sortBy: RosterSortBy): { field: RosterSortField; desc: boolean } {
  return sortBy.startsWith('-')
    ? { field: sortBy.slice(1) as RosterSortField, desc: true }
    : { field: sortBy as RosterSortField, desc: false };
}

export function nextSort(current: RosterSortBy, field: RosterSortField): RosterSortBy {
  const { field: sorted, desc } = sortOf(current);
  const first = DESCENDING_FIRST.has(field);
  const as = (descending: boolean): RosterSortBy => (descending ? `-${field}` : field);
  if (sorted !== field) return as(first);
  if (desc === first) return as(!first);
  // Back to the default; by name, where the default is itself, the other way round again.
  return field === sortOf(ROSTER_SORT_BY_DEFAULT).field ? as(first) : ROSTER_SORT_BY_DEFAULT;
}
