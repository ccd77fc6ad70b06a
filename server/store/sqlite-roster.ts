/**
 * The roster extension's reads on SQLite (docs/decisions/015-roster-extension.md):
 * - a turma's roster is SQL over that turma's enrolments (the primary key's prefix), filtered
 *   word by word on the students' folded name and e-mail, counted, sorted, one page read;
 * - the student search is the index in memory (student-search.ts), brought up to date in the
 *   search's own read transaction: the students added since (`id >` the highest it holds: the
 *   store's own writes are the only others), or a new load when another connection wrote
 *   (`data_version`: a seed, SQL by hand). A page's turmas come from the database.
 */
import type {
  RosterParams,
  RosterResponse,
  RosterSortBy,
  StudentSearchParams,
  StudentSearchResponse,
} from '#contract';
import { searchWords, STUDENT_CLASSES_LISTED_MAX } from '#contract';
import type { Db } from './sqlite-schema.ts';
import {
  StudentSearch,
  withClasses,
  type IndexedStudent,
  type StudentClassRow,
} from './student-search.ts';
import { UnknownClassesError } from './store.ts';

/** ORDER BY of each sortBy: ties by e-mail in the same direction; no expiry after every date. */
const ROSTER_ORDER: Record<RosterSortBy, string> = {
  name: 's.search_name, s.email',
  '-name': 's.search_name DESC, s.email DESC',
  email: 's.email',
  '-email': 's.email DESC',
  expirationDate: 'e.expiration_date IS NULL, e.expiration_date, s.email',
  '-expirationDate': 'e.expiration_date IS NULL DESC, e.expiration_date DESC, s.email DESC',
  enrolledAt: 'e.created_at, s.email',
  '-enrolledAt': 'e.created_at DESC, s.email DESC',
};

/** A student matches when no word of the query (a JSON array) is missing from both. */
const MATCHES_WORDS = `NOT EXISTS (SELECT 1 FROM json_each(?) w
  WHERE instr(s.search_name, w.value) = 0 AND instr(s.search_email, w.value) = 0)`;

export interface RosterReads {
  listRoster: (classId: string, params: RosterParams) => RosterResponse;
  searchStudents: (params: StudentSearchParams) => StudentSearchResponse;
}

export function createRosterReads(db: Db): RosterReads {
  const classExists = db.prepare<[string], 1>('SELECT 1 FROM classes WHERE id = ?').pluck();
  const rosterCount = db
    .prepare<[string, string], number>(
      `SELECT count(*) FROM enrolments e JOIN students s ON s.id = e.student_id
       WHERE e.class_id = ? AND ${MATCHES_WORDS}`,
    )
    .pluck();
  const rosterPages = Object.fromEntries(
    Object.entries(ROSTER_ORDER).map(([sortBy, order]) => [
      sortBy,
      db.prepare<[string, string, number, number], RosterResponse['data'][number]>(
        `SELECT s.name, s.email, e.expiration_date AS expirationDate, e.created_at AS enrolledAt,
           e.updated_at AS updatedAt
         FROM enrolments e JOIN students s ON s.id = e.student_id
         WHERE e.class_id = ? AND ${MATCHES_WORDS}
         ORDER BY ${order} LIMIT ? OFFSET ?`,
      ),
    ]),
  ) as Record<RosterSortBy, ReturnType<typeof db.prepare<[string, string, number, number]>>>;

  const dataVersion = db
    .prepare<[], number>('SELECT data_version FROM pragma_data_version')
    .pluck();
  const studentsAfter = db.prepare<[number], IndexedStudent>(
    `SELECT id AS key, name, email, search_name AS searchName, search_email AS searchEmail
     FROM students WHERE id > ? ORDER BY id`,
  );
  const everyStudent = db.prepare<[], IndexedStudent>(
    `SELECT id AS key, name, email, search_name AS searchName, search_email AS searchEmail
     FROM students ORDER BY search_name, email`,
  );
  const highestId = db.prepare<[], number | null>('SELECT max(id) FROM students').pluck();
  // Each student's turmas by folded name then id, the first 100, and how many in all.
  const classesOf = db.prepare<[string, number], StudentClassRow>(
    `SELECT key, id, name, expirationDate, countClasses FROM (
       SELECT e.student_id AS key, c.id, c.name, e.expiration_date AS expirationDate,
         row_number() OVER (PARTITION BY e.student_id ORDER BY c.search_name, c.id) AS rank,
         count(*) OVER (PARTITION BY e.student_id) AS countClasses
       FROM enrolments e JOIN classes c ON c.id = e.class_id
       WHERE e.student_id IN (SELECT value FROM json_each(?))
     ) WHERE rank <= ? ORDER BY key, rank`,
  );

  let index: StudentSearch | undefined;
  let indexedVersion = -1;
  let highest = 0;

  /** The index as of this transaction: loaded again after another connection's write. */
  const current = (): StudentSearch => {
    const version = dataVersion.get()!;
    if (!index || version !== indexedVersion) {
      index = new StudentSearch(everyStudent.iterate());
      highest = highestId.get() ?? 0;
      indexedVersion = version;
      return index;
    }
    const added = studentsAfter.all(highest);
    if (added.length > 0) {
      index.add(added);
      highest = added.at(-1)!.key;
    }
    return index;
  };

  return {
    listRoster: db.transaction((classId: string, params: RosterParams): RosterResponse => {
      if (classExists.get(classId) === undefined) throw new UnknownClassesError([classId]);
      const words = JSON.stringify(searchWords(params.query ?? ''));
      const totalRecords = rosterCount.get(classId, words)!;
      const offset = (params.page - 1) * params.pageSize;
      const data =
        offset >= totalRecords
          ? []
          : (rosterPages[params.sortBy].all(
              classId,
              words,
              params.pageSize,
              offset,
            ) as RosterResponse['data']);
      return { data, totalRecords };
    }),

    searchStudents: db.transaction((params: StudentSearchParams): StudentSearchResponse => {
      const { students, totalRecords } = current().page(params.query, params.page, params.pageSize);
      if (students.length === 0) return { data: [], totalRecords };
      const rows = classesOf.all(
        JSON.stringify(students.map((student) => student.key)),
        STUDENT_CLASSES_LISTED_MAX,
      );
      return { data: withClasses(students, rows), totalRecords };
    }),
  };
}
