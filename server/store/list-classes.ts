/**
 * GET /v1/classe on SQLite: every statement the list and search run, and the planner that picks
 * one (docs/decisions/004-api-performance.md; figures there too).
 *
 * - totalRecords comes from the cheapest exact count: the table's (no query), the trigram
 *   index's (3+ characters) or a scan of the folded names (shorter terms); and is kept until the
 *   next write.
 * - A page is read by walking the order's `(column, id)` index, or, when few names match, by
 *   sorting the matches the trigram index found (also kept). The walk reads only the index while
 *   it skips rows, then the page's rows from the table; a page nearer the end is walked from the
 *   end. The walk tests names with LIKE, which finds what the trigram index finds (search.test.ts).
 * - Count and page read one snapshot, so they agree even while `npm run seed` writes.
 */
import type Database from 'better-sqlite3';
import {
  foldForSearch,
  type Class,
  type ClassListParams,
  type ClassListResponse,
  type SortField,
} from '#contract';
import type { Db } from './schema.ts';

const SORT_COLUMNS: Record<SortField, string> = {
  name: 'search_name',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  countStudents: 'count_students',
};

/** A term this short has no trigram: the search index cannot answer it, a scan of names can. */
const TRIGRAM_LENGTH = 3;

/**
 * What walking an order's index costs per row visited, relative to sorting the matches per match:
 * in name order the index holds the folded name, so a row costs a tenth; in the other orders each
 * row visited is read from the table to test its name, about as much (measured: decision 004).
 */
const WALK_COST: Record<SortField, number> = {
  name: 0.1,
  createdAt: 1,
  updatedAt: 1,
  countStudents: 1,
};

type Filter = 'all' | 'like' | 'match';

/** What this many terms match is kept at most; which rows, only for this many rows or fewer. */
const TERMS_KEPT = 1000;
const ROWIDS_KEPT = 2000;

/** What a folded term matches, kept until the next write. */
interface Matches {
  total: number;
  /** The rowids the trigram index found, as a JSON array: read once, when first sorted. */
  rowids?: string;
}

interface TermParams {
  term?: string;
}

interface PageParams {
  limit: number;
  offset: number;
}

/** Prepares every statement once; the function it returns answers one getClasses request. */
export function createClassList(db: Db): (params: ClassListParams) => ClassListResponse {
  // `\` escapes LIKE's own wildcards so a search for "100%" means the text "100%".
  const like = `WHERE search_name LIKE '%' || @term || '%' ESCAPE '\\'`;
  const count: Record<Filter, Database.Statement<TermParams, { total: number }>> = {
    all: db.prepare(`SELECT count(*) AS total FROM classes`),
    like: db.prepare(`SELECT count(*) AS total FROM classes ${like}`),
    match: db.prepare(
      `SELECT count(*) AS total FROM classes_search WHERE classes_search MATCH @term`,
    ),
  };
  const matchingRowids = db
    .prepare<TermParams, number>(
      `SELECT rowid FROM classes_search WHERE classes_search MATCH @term`,
    )
    .pluck();
  // What a term matches only changes when turmas are added, removed or renamed, which the API
  // never does, and asking the index (or scanning the names) is the slow part of a request. So it
  // is kept per folded term until anything at all is written: by this connection (total_changes)
  // or by another one, such as `npm run seed` (data_version).
  const generation = db
    .prepare<[], string>(`SELECT data_version || ':' || total_changes() FROM pragma_data_version`)
    .pluck();
  let keptGeneration = '';
  const kept = new Map<string, Matches>();
  const matchesOf = (filter: Filter, folded: string, params: TermParams): Matches => {
    const now = generation.get()!;
    if (now !== keptGeneration || kept.size >= TERMS_KEPT) {
      kept.clear();
      keptGeneration = now;
    }
    let matches = kept.get(folded);
    if (!matches) {
      matches = { total: count[filter].get(params)!.total };
      kept.set(folded, matches);
    }
    return matches;
  };

  type Page = Database.Statement<TermParams & PageParams, Class>;
  const walk = new Map<string, Record<'all' | 'like', Page>>();
  const sortMatches = new Map<string, Database.Statement<{ rowids: string } & PageParams, Class>>();
  for (const [field, column] of Object.entries(SORT_COLUMNS)) {
    for (const direction of ['ASC', 'DESC']) {
      // The subquery skips rows in the index alone (it holds the column, id and rowid); the
      // join then reads only the page's rows, in the subquery's order (no sort of its own).
      const walkPage = (filter: 'all' | 'like'): Page =>
        db.prepare(
          `SELECT c.id, c.name, c.created_at AS createdAt, c.updated_at AS updatedAt,
             c.count_students AS countStudents
           FROM (
             SELECT rowid, ${column} AS k, id FROM classes ${filter === 'like' ? like : ''}
             ORDER BY k ${direction}, id ${direction} LIMIT @limit OFFSET @offset
           ) AS p CROSS JOIN classes AS c ON c.rowid = p.rowid
           ORDER BY p.k ${direction}, p.id ${direction}`,
        );
      walk.set(`${field} ${direction}`, { all: walkPage('all'), like: walkPage('like') });
      sortMatches.set(
        `${field} ${direction}`,
        db.prepare(
          `SELECT id, name, created_at AS createdAt, updated_at AS updatedAt,
             count_students AS countStudents
           FROM classes WHERE rowid IN (SELECT value FROM json_each(@rowids))
           ORDER BY ${column} ${direction}, id ${direction} LIMIT @limit OFFSET @offset`,
        ),
      );
    }
  }

  return db.transaction((params: ClassListParams): ClassListResponse => {
    const descending = params.sortBy.startsWith('-');
    const field = (descending ? params.sortBy.slice(1) : params.sortBy) as SortField;
    const folded = params.query ? foldForSearch(params.query) : '';
    // SQLite ends LIKE patterns and FTS5 queries at a NUL (matching everything, or failing), and
    // no turma name holds one: such a term matches nothing.
    if (folded.includes('\0')) return { data: [], totalRecords: 0 };
    // Code points, as the trigram tokenizer counts them.
    const length = Array.from(folded).length;
    const filter: Filter = length === 0 ? 'all' : length < TRIGRAM_LENGTH ? 'like' : 'match';
    const likeTerm = { term: folded.replace(/[\\%_]/g, '\\$&') };
    // A quoted FTS5 string: trigrams in a row, so exactly the names that contain the term.
    const match = { term: `"${folded.replaceAll('"', '""')}"` };
    const matches = matchesOf(
      filter,
      folded,
      filter === 'all' ? {} : filter === 'like' ? likeTerm : match,
    );
    const total = matches.total;
    const offset = (params.page - 1) * params.pageSize;
    // Past the end there is nothing to read: skip the scan, keep the true total.
    if (offset >= total) return { data: [], totalRecords: total };

    const end = Math.min(offset + params.pageSize, total);
    const fromEnd = total - end < offset;
    if (filter === 'match') {
      // Rows walked to reach the page (one match every all/total rows) vs sorting every match.
      const visited = (fromEnd ? total - offset : end) * (matchesOf('all', '', {}).total / total);
      if (visited * WALK_COST[field] > total) {
        const rowids = matches.rowids ?? JSON.stringify(matchingRowids.all(match));
        if (total <= ROWIDS_KEPT) matches.rowids = rowids;
        const sorted = sortMatches.get(`${field} ${descending ? 'DESC' : 'ASC'}`)!;
        return {
          data: sorted.all({ rowids, limit: params.pageSize, offset }),
          totalRecords: total,
        };
      }
    }
    // Walking from the end reads the opposite order (ties by id reversed too), turned back.
    const direction = descending !== fromEnd ? 'DESC' : 'ASC';
    const statement = walk.get(`${field} ${direction}`)![filter === 'all' ? 'all' : 'like'];
    const filtered = filter === 'all' ? {} : likeTerm;
    const data = fromEnd
      ? statement.all({ ...filtered, limit: end - offset, offset: total - end }).reverse()
      : statement.all({ ...filtered, limit: params.pageSize, offset });
    return { data, totalRecords: total };
  });
}
