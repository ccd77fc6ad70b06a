/**
 * Rosters in memory (docs/decisions/015-roster-extension.md): a turma's enrolments read once,
 * then filtered, sorted and paged here for every request until the turma changes. Each kept
 * roster is a model of the read model (read-model.ts), followed by its turma's change feed
 * (sqlite-roster.ts, postgres-roster.ts): its enrolments anew when they changed since the
 * version it was read at, nothing otherwise. Joining and sorting 2,000 enrolments in SQL cost
 * 3–6 ms of CPU per request; a page from memory costs a slice.
 */
import { searchWords, type RosterSortBy } from '#contract';
import type { RosterParams, RosterResponse } from '#contract/extensions';
import { remember } from './kept.ts';
import { naturalSortKey } from './natural-sort-key.ts';
import {
  Followed,
  inOneStep,
  type ChangeFeed,
  type ChangeFeedNow,
  type Model,
} from './read-model.ts';
import { UnknownClassesError } from './store.ts';
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
export const ROSTERS_KEPT = 64;
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
  private rows: readonly SortableRow[] = [];
  private readonly lists = new Map<string, SortableRow[]>();

  constructor(rows: readonly RosterRow[]) {
    this.replace(rows);
  }

  /** The turma's enrolments as they are now: every search and order kept is dropped. */
  replace(rows: readonly RosterRow[]): void {
    this.rows = rows.map((row) => ({ ...row, sortName: naturalSortKey(row.searchName) }));
    this.lists.clear();
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

/** What a turma's feed answers: its enrolments now, or null when none changed since. */
export type RosterChange = readonly RosterRow[] | null;

type FollowedRoster<Version> = Followed<Version, readonly RosterRow[], RosterChange, Roster>;

const ROSTER: Model<readonly RosterRow[], RosterChange, Roster> = {
  build: (rows) => inOneStep(() => new Roster(rows)),
  apply(roster, rows) {
    if (rows) roster.replace(rows);
  },
};

/**
 * The rosters kept, each followed by its turma's feed: the ROSTERS_KEPT turmas asked last. A
 * roster is kept once its first load answered, so asking for turmas that do not exist evicts
 * none; a turma the feed says is gone (UnknownClassesError) is forgotten.
 */
export class Rosters<Version> {
  private readonly kept = new Map<string, FollowedRoster<Version>>();
  /** Rosters whose first load is under way (PostgreSQL), shared by the requests meanwhile. */
  private readonly starting = new Map<string, FollowedRoster<Version>>();

  /** Whether the roster of `classId` is kept: the feed has something to follow. */
  has(classId: string): boolean {
    return this.kept.has(classId);
  }

  /** The roster of `classId` as of now, from a feed that answers at once (SQLite). */
  now(classId: string, feed: ChangeFeedNow<Version, readonly RosterRow[], RosterChange>): Roster {
    const followed = this.followed(classId);
    try {
      return this.settled(classId, followed, followed.now(feed));
    } catch (error) {
      throw this.failed(classId, followed, error);
    }
  }

  /** The roster of `classId` as new as a catch-up that started after this call (PostgreSQL). */
  current(
    classId: string,
    feed: ChangeFeed<Version, readonly RosterRow[], RosterChange>,
  ): Promise<Roster> {
    const followed = this.followed(classId);
    return followed.current(feed).then(
      (roster) => this.settled(classId, followed, roster),
      (error: unknown) => {
        throw this.failed(classId, followed, error);
      },
    );
  }

  private followed(classId: string): FollowedRoster<Version> {
    let followed = this.kept.get(classId) ?? this.starting.get(classId);
    if (!followed) this.starting.set(classId, (followed = new Followed(ROSTER)));
    return followed;
  }

  private settled(classId: string, followed: FollowedRoster<Version>, roster: Roster): Roster {
    if (this.starting.get(classId) === followed) {
      this.starting.delete(classId);
      remember(this.kept, classId, followed, ROSTERS_KEPT);
    }
    return roster;
  }

  private failed(classId: string, followed: FollowedRoster<Version>, error: unknown): unknown {
    if (this.starting.get(classId) === followed) this.starting.delete(classId);
    else if (error instanceof UnknownClassesError && this.kept.get(classId) === followed) {
      this.kept.delete(classId);
    }
    return error;
  }
}
