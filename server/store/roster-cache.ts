/**
 * Rosters in memory (docs/decisions/015-roster-extension.md): a turma's enrolments read once,
 * then filtered, sorted and paged here for every request until the turma changes. A store asks
 * the database, in each request's own statement, whether the turma changed since (SQLite: its
 * own writes and `data_version`; PostgreSQL: the turma's `roster_version` and the generation),
 * so no answer is staler than the request. Joining and sorting 2,000 enrolments in SQL cost
 * 3–6 ms of CPU per request; a page from memory costs a slice.
 */
import { searchWords, type RosterParams, type RosterResponse, type RosterSortBy } from '#contract';
import { remember } from './kept.ts';
import { naturalSortKey } from './natural-sort-key.ts';
import { compareCodePoints } from './student-search.ts';

/** One enrolment as a store reads it: the answer's fields and what search and sort compare. */
export interface RosterRow {
  name: string;
  email: string;
  searchName: string;
  searchEmail: string;
  expirationDate: string | null;
  enrolledAt: string;
  updatedAt: string;
}

/** Turmas whose rosters are kept, and searches kept per roster. */
const ROSTERS_KEPT = 64;
const SEARCHES_KEPT = 16;

/** A row with its name's natural sort key, computed once when the roster is read. */
type SortableRow = RosterRow & { sortName: string };
type Compare = (a: SortableRow, b: SortableRow) => number;

const byEmail: Compare = (a, b) => compareCodePoints(a.email, b.email);
/** Times are ISO 8601 in UTC, all in one shape: their text sorts as they do. */
const ASCENDING: Record<string, Compare> = {
  name: (a, b) => compareCodePoints(a.sortName, b.sortName) || byEmail(a, b),
  email: byEmail,
  // No expiry after every date.
  expirationDate: (a, b) =>
    a.expirationDate === b.expirationDate
      ? byEmail(a, b)
      : a.expirationDate === null
        ? 1
        : b.expirationDate === null
          ? -1
          : compareCodePoints(a.expirationDate, b.expirationDate) || byEmail(a, b),
  enrolledAt: (a, b) => compareCodePoints(a.enrolledAt, b.enrolledAt) || byEmail(a, b),
};

/** Ties by e-mail in the same direction: each descending order is its ascending one reversed. */
function compareFor(sortBy: RosterSortBy): Compare {
  const ascending = ASCENDING[sortBy.replace('-', '')]!;
  return sortBy.startsWith('-') ? (a, b) => ascending(b, a) : ascending;
}

/** One turma's enrolments, with its searches and orders kept. */
export class Roster {
  private readonly rows: readonly SortableRow[];
  private readonly lists = new Map<string, SortableRow[]>();

  constructor(rows: readonly RosterRow[]) {
    this.rows = rows.map((row) => ({ ...row, sortName: naturalSortKey(row.searchName) }));
  }

  page({ query, sortBy, page, pageSize }: RosterParams): RosterResponse {
    const words = searchWords(query ?? '');
    const key = `${sortBy} ${words.toSorted().join(' ')}`;
    const list =
      this.lists.get(key) ??
      remember(
        this.lists,
        key,
        this.rows
          .filter((row) =>
            words.every((word) => row.searchName.includes(word) || row.searchEmail.includes(word)),
          )
          .sort(compareFor(sortBy)),
        SEARCHES_KEPT,
      );
    const data = list
      .slice((page - 1) * pageSize, page * pageSize)
      .map(({ name, email, expirationDate, enrolledAt, updatedAt }) => ({
        name,
        email,
        expirationDate,
        enrolledAt,
        updatedAt,
      }));
    return { data, totalRecords: list.length };
  }
}

/** The rosters kept, each with the version of the turma it was read at. */
export class RosterCache<Version> {
  private readonly kept = new Map<string, { version: Version; roster: Roster }>();

  /** The version the roster of `classId` was read at, if it is kept. */
  versionOf(classId: string): Version | undefined {
    return this.kept.get(classId)?.version;
  }

  /** The roster of `classId` if it was read at `version`. */
  get(classId: string, version: Version): Roster | undefined {
    const entry = this.kept.get(classId);
    return entry && entry.version === version ? entry.roster : undefined;
  }

  set(classId: string, version: Version, rows: readonly RosterRow[]): Roster {
    this.kept.delete(classId);
    return remember(this.kept, classId, { version, roster: new Roster(rows) }, ROSTERS_KEPT).roster;
  }

  forget(classIds?: readonly string[]): void {
    if (!classIds) this.kept.clear();
    else for (const id of classIds) this.kept.delete(id);
  }
}
