/**
 * The roster extension's reads on PostgreSQL, with several API processes on one database
 * (docs/decisions/015-roster-extension.md):
 * - a turma's roster is kept in memory and paged there (roster-cache.ts); its change feed's
 *   version is the turma's row version (`classes.xmin`: the transaction that last updated the
 *   row, which the enrolment trigger does with every change to its enrolments, postgres-schema.ts)
 *   and the generation. Each catch-up's one statement reads both, and the turma's enrolments only
 *   when either moved: one look-up by the turma's key;
 * - the student search is the read model's index (student-search.ts, read-model.ts), whose
 *   change feed here must not miss another process's new students: each student row carries
 *   the transaction that created it (`created_xid`), and a search first reads, in one
 *   statement, the students of the transactions its last snapshot could not see and its own
 *   can, as the turma list reads `class_changes` (postgres-class-list.ts). Adding a student twice is harmless, so concurrent
 *   searches may catch up in any order. A seed, or a student renamed or deleted by hand, moves
 *   `store_meta.generation`, and the index is loaded again. A page's turmas come from the
 *   database in the catch-up's own statement, for the page the index gave before it; only when
 *   the catch-up changed the index are they read again, for the page it gives now;
 * - students by e-mail: one statement over the tables (student-records.ts), in its own snapshot.
 */
import { STUDENT_CLASSES_LISTED_MAX } from '#contract';
import type {
  RosterParams,
  RosterResponse,
  StudentSearchParams,
  StudentSearchResponse,
  StudentsByEmailResponse,
} from '#contract/extensions';
import { inLoadSnapshot, long, type Query, type WithClient } from './postgres-load.ts';
import { iso } from './postgres-schema.ts';
import { Followed, type ChangeFeed } from './read-model.ts';
import { Rosters, type RosterChange, type RosterRow } from './roster-cache.ts';
import { distinctEmails, studentRecords, type StudentRecordRow } from './student-records.ts';
import {
  STUDENTS,
  withClasses,
  type IndexedStudent,
  type StudentClassRow,
} from './student-search.ts';
import { UnknownClassesError } from './store.ts';

/**
 * A version older than this loads again: a transaction id repeats after 2^32 transactions, so
 * `xmin` alone could, in time, name a newer row version as the one kept.
 */
const ROSTER_RELOAD_AFTER = '5 minutes';

/**
 * Where a turma's roster feed is: the turma's row version, the generation and the database's
 * clock (ms) of its last catch-up ($2, $3, $4; none for a load), and the turma's enrolments ($1)
 * unless the row version and the generation are those kept; no row when the turma does not exist.
 * A row version is the transaction that wrote it: every change to the turma's enrolments updates
 * its row (the enrolment trigger), so one its last catch-up could not see writes a new one.
 */
const ROSTER = `
SELECT c.xmin::text AS row, m.generation::text AS generation,
  (extract(epoch FROM now()) * 1000)::float8 AS at,
  CASE WHEN c.xmin::text = $2::text AND m.generation::text = $3::text
      AND now() - to_timestamp($4::float8 / 1000) <= interval '${ROSTER_RELOAD_AFTER}'
    THEN NULL ELSE (
      SELECT coalesce(json_agg(json_build_object('name', s.name, 'email', s.email,
        'searchName', s.search_name, 'searchEmail', s.search_email,
        'expirationDate', ${iso('e.expiration_date')}, 'enrolledAt', ${iso('e.created_at')},
        'updatedAt', ${iso('e.updated_at')})), '[]'::json)
      FROM enrolments e JOIN students s ON s.id = e.student_id WHERE e.class_id = $1
    ) END AS rows
FROM classes c, store_meta m WHERE c.id = $1`;

const HEAD_COLUMNS = `pg_current_snapshot()::text AS snapshot, generation::text AS generation,
  CASE WHEN $1::text IS NULL THEN '[]'::json ELSE (
    SELECT coalesce(json_agg(json_build_object('key', id, 'name', name, 'email', email,
      'searchName', search_name, 'searchEmail', search_email)), '[]'::json)
    FROM students
    WHERE created_xid >= pg_snapshot_xmin($1::pg_snapshot)
      AND NOT pg_visible_in_snapshot(created_xid, $1::pg_snapshot)
  ) END AS added`;

const HEAD = `SELECT ${HEAD_COLUMNS} FROM store_meta`;

const EVERY_STUDENT = `
SELECT id::float8 AS key, name, email, search_name AS "searchName", search_email AS "searchEmail"
FROM students ORDER BY search_name, email`;

// Each student's turmas by folded name then id, and how many in all; the first `max` are kept.
const RANKED_CLASSES = (keys: string) => `
  SELECT e.student_id AS key, c.id, c.name, e.expiration_date,
    row_number() OVER (PARTITION BY e.student_id ORDER BY c.search_name, c.id) AS rank,
    count(*) OVER (PARTITION BY e.student_id) AS "countClasses"
  FROM enrolments e JOIN classes c ON c.id = e.class_id
  WHERE e.student_id = ANY(${keys}::bigint[])`;

const CLASSES_OF = `
SELECT key, id, name, ${iso('expiration_date')} AS "expirationDate", "countClasses"
FROM (${RANKED_CLASSES('$1')}) AS ranked WHERE rank <= $2 ORDER BY key, rank`;

/**
 * The head (the first row, `key` null), then the turmas of students $2: the head's columns once,
 * not on every row (`added` may hold thousands of students).
 */
const HEAD_AND_CLASSES = `
SELECT * FROM (
  SELECT ${HEAD_COLUMNS}, NULL::bigint AS key, NULL::text AS id, NULL::text AS name,
    NULL::text AS "expirationDate", NULL::bigint AS "countClasses", 0::bigint AS rank
  FROM store_meta
  UNION ALL
  SELECT NULL, NULL, NULL, key, id, name, ${iso('expiration_date')}, "countClasses", rank
  FROM (${RANKED_CLASSES('$2')}) AS ranked WHERE rank <= $3
) AS answer ORDER BY key NULLS FIRST, rank`;

/** Each asked e-mail through the e-mail's unique index, then the student's enrolments by theirs. */
const BY_EMAIL = `
SELECT s.email, s.name AS "studentName", c.id AS "classId", c.name AS "className",
  ${iso('e.expiration_date')} AS "expirationDate", ${iso('e.created_at')} AS "enrolledAt"
FROM unnest($1::text[]) WITH ORDINALITY AS asked (email, position)
  JOIN students s ON s.email = asked.email
  LEFT JOIN enrolments e ON e.student_id = s.id
  LEFT JOIN classes c ON c.id = e.class_id
ORDER BY asked.position, c.search_name, c.id`;

/** Where a roster's feed is: the turma's row version, the generation, when (database clock). */
interface RosterVersion {
  row: string;
  generation: string;
  at: number;
}

interface Head {
  snapshot: string;
  generation: string;
  added: IndexedStudent[];
}

/** Where the student feed is: the snapshot it caught up to, and the generation. */
interface Version {
  snapshot: string;
  generation: string;
}

export interface PostgresRosterReads {
  listRoster(classId: string, params: RosterParams): Promise<RosterResponse>;
  searchStudents(params: StudentSearchParams): Promise<StudentSearchResponse>;
  studentsByEmail(emails: readonly string[]): Promise<StudentsByEmailResponse>;
}

/**
 * `withClient` runs work on a pooled connection inside `begin` … COMMIT; `query` runs one
 * statement on its own. The student index loads at the first search.
 */
export function createPostgresRosterReads(
  withClient: WithClient,
  query: Query,
): PostgresRosterReads {
  const students = new Followed(STUDENTS);
  const rosters = new Rosters<RosterVersion>();

  /**
   * The feed of one search: its catch-up statement also reads the turmas of the students `keys`
   * (the page the index gave before it), into `classes`.
   */
  const feedFor = (
    keys: readonly number[],
    classes: StudentClassRow[],
  ): ChangeFeed<Version, Iterable<IndexedStudent>, readonly IndexedStudent[]> => ({
    load: () =>
      inLoadSnapshot(withClient, async (client) => {
        const asked = { name: 'student-search-head', text: HEAD, values: [null] };
        const head = (await client.query<Head>(asked)).rows[0]!;
        const { rows } = await client.query<IndexedStudent>(long(EVERY_STUDENT));
        return { version: { snapshot: head.snapshot, generation: head.generation }, value: rows };
      }),
    async since(version) {
      const asked =
        keys.length === 0
          ? { name: 'student-search-head', text: HEAD, values: [version.snapshot] }
          : {
              name: 'student-search-head-classes',
              text: HEAD_AND_CLASSES,
              values: [version.snapshot, keys, STUDENT_CLASSES_LISTED_MAX],
            };
      const { rows } = await query<Head & Partial<StudentClassRow>>(asked);
      const { snapshot, generation, added } = rows[0]!;
      if (generation !== version.generation) return undefined;
      // A retried catch-up answers afresh.
      classes.length = 0;
      for (const row of rows) if (row.key != null) classes.push(row as StudentClassRow);
      return { version: { snapshot, generation }, value: added };
    },
  });

  /** A turma's feed: a load is a catch-up from no version, in one statement as well. */
  const rosterFeed = (classId: string): ChangeFeed<RosterVersion, RosterRow[], RosterChange> => {
    const since = async (version: RosterVersion | undefined) => {
      const { rows } = await query<RosterVersion & { rows: RosterRow[] | null }>({
        name: 'roster',
        text: ROSTER,
        values: [classId, version?.row ?? null, version?.generation ?? null, version?.at ?? 0],
      });
      if (!rows[0]) throw new UnknownClassesError([classId]);
      const { rows: enrolments, ...now } = rows[0];
      return { version: now, value: enrolments };
    };
    return {
      load: async () => {
        const { version, value } = await since(undefined);
        return { version, value: value ?? [] };
      },
      since,
    };
  };

  async function listRoster(classId: string, params: RosterParams): Promise<RosterResponse> {
    // PostgreSQL's text cannot hold U+0000, so no turma has an id with one: not worth asking.
    if (classId.includes('\0')) throw new UnknownClassesError([classId]);
    return (await rosters.current(classId, rosterFeed(classId))).page(params);
  }

  return {
    listRoster,

    async studentsByEmail(emails) {
      // PostgreSQL's text cannot hold U+0000, and the contract's e-mails never do.
      const { rows } = await query<StudentRecordRow>({
        name: 'students-by-email',
        text: BY_EMAIL,
        values: [distinctEmails(emails)],
      });
      return studentRecords(rows);
    },

    async searchStudents({ query: text, page, pageSize }) {
      // The page as the index has it now, its turmas read by the catch-up's statement: one
      // round trip, unless the catch-up found students the page did not count.
      const guessedFrom = students.model;
      const guessedAtSize = guessedFrom?.size;
      const guess = guessedFrom?.page(text, page, pageSize);
      const classes: StudentClassRow[] = [];
      const feed = feedFor(guess?.students.map((student) => student.key) ?? [], classes);
      const search = await students.follow(feed);
      if (guess && search === guessedFrom && search.size === guessedAtSize) {
        return { data: withClasses(guess.students, classes), totalRecords: guess.totalRecords };
      }
      // Built at once, before another catch-up can move the index.
      const { students: found, totalRecords } = search.page(text, page, pageSize);
      if (found.length === 0) return { data: [], totalRecords };
      const { rows } = await query<StudentClassRow>({
        name: 'student-classes',
        text: CLASSES_OF,
        values: [found.map((student) => student.key), STUDENT_CLASSES_LISTED_MAX],
      });
      return { data: withClasses(found, rows), totalRecords };
    },
  };
}
