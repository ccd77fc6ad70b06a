/**
 * The roster extension's reads on SQLite (docs/decisions/015-roster-extension.md):
 * - a turma's roster: its enrolments and their students (the primary key's prefix), kept in
 *   memory and paged there (roster-cache.ts), and its change feed here, asked in the request's
 *   read transaction: the enrolments again after the store's own write to the turma, or a new
 *   load when another connection wrote (`data_version`);
 * - the student search is the read model's index (student-search.ts), its change feed here
 *   (read-model.ts) asked in the search's own read transaction: the students added since (`id >` the highest it holds: the
 *   store's own writes are the only others), or a new load when another connection wrote
 *   (`data_version`: a seed, SQL by hand). A page's turmas come from the database;
 * - students by e-mail: one statement over the tables (student-records.ts).
 */
import { STUDENT_CLASSES_LISTED_MAX } from '#contract';
import type { RosterParams, RosterResponse } from '#contract/extensions';
import type {
  StudentSearchParams,
  StudentSearchResponse,
  StudentsByEmailResponse,
} from '#contract/extensions';
import { Rosters, type RosterChange, type RosterRow } from './roster-cache.ts';
import { inSnapshot, type Db } from './sqlite-schema.ts';
import { distinctEmails, studentRecords, type StudentRecordRow } from './student-records.ts';
import { Followed, inOneStep, type ChangeFeedNow } from './read-model.ts';
import {
  rankedClassRows,
  STUDENTS,
  withClasses,
  type IndexedStudent,
  type UnrankedStudentClassRow,
} from './student-search.ts';
import { UnknownClassesError } from './store.ts';

export interface RosterReads {
  listRoster: (classId: string, params: RosterParams) => RosterResponse;
  searchStudents: (params: StudentSearchParams) => StudentSearchResponse;
  studentsByEmail: (emails: readonly string[]) => StudentsByEmailResponse;
}

export function createRosterReads(db: Db): RosterReads & {
  /** The store's own writes to these turmas: their rosters are read again. */
  changed: (classIds: readonly string[]) => void;
  /**
   * The student index's first load, giving the event loop turns while it builds; it ends at the
   * next turn once `stop` is aborted.
   */
  loadStudents: (stop?: AbortSignal) => Promise<void>;
} {
  const classExists = db.prepare<[string], 1>('SELECT 1 FROM classes WHERE id = ?').pluck();
  // CROSS JOIN keeps the turma's enrolments the outer loop.
  const rosterRows = db.prepare<[string], RosterRow>(
    `SELECT s.name, s.email, s.search_name AS searchName, s.search_email AS searchEmail,
       e.expiration_date AS expirationDate, e.created_at AS enrolledAt, e.updated_at AS updatedAt
     FROM enrolments e CROSS JOIN students s ON s.id = e.student_id WHERE e.class_id = ?`,
  );
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
  // Each student's turmas, ranked by rankedClassRows: the page's students drive the loop.
  const classesOf = db.prepare<[string], UnrankedStudentClassRow>(
    `SELECT e.student_id AS key, c.id, c.name, c.search_name AS searchName,
       e.expiration_date AS expirationDate
     FROM json_each(?) AS asked CROSS JOIN enrolments e ON e.student_id = asked.value
       CROSS JOIN classes c ON c.id = e.class_id`,
  );

  // The asked e-mails drive the loop (CROSS JOIN): each one a look-up in the e-mail's unique
  // index, then the student's enrolments by theirs.
  const byEmail = db.prepare<[string], StudentRecordRow>(
    `SELECT s.email, s.name AS studentName, c.id AS classId, c.name AS className,
       e.expiration_date AS expirationDate, e.created_at AS enrolledAt
     FROM json_each(?) AS asked CROSS JOIN students s ON s.email = asked.value
       LEFT JOIN enrolments e ON e.student_id = s.id
       LEFT JOIN classes c ON c.id = e.class_id
     ORDER BY asked.key, c.search_name, c.id`,
  );

  /** As of another connection's last write (data_version), and the highest student id read. */
  type Version = { data: number; highest: number };
  const feed: ChangeFeedNow<Version, Iterable<IndexedStudent>, readonly IndexedStudent[]> = {
    // Read as it is indexed, inside the caller's transaction.
    load: () =>
      inOneStep(() => ({
        version: { data: dataVersion.get()!, highest: highestId.get() ?? 0 },
        value: everyStudent.iterate(),
      })),
    // The store's own writes are the only others: they add students with higher ids.
    since({ data, highest }) {
      if (dataVersion.get() !== data) return undefined;
      const added = studentsAfter.all(highest);
      return { version: { data, highest: added.at(-1)?.key ?? highest }, value: added };
    },
  };
  const students = new Followed(STUDENTS);

  /** Kept rosters whose turmas the store's own writes changed since they were read. */
  const written = new Set<string>();
  /** A turma's feed; its version is another connection's last write (data_version). */
  const rosterFeed = (classId: string): ChangeFeedNow<number, RosterRow[], RosterChange> => ({
    load: () =>
      inOneStep(() => {
        if (classExists.get(classId) === undefined) throw new UnknownClassesError([classId]);
        written.delete(classId);
        return { version: dataVersion.get()!, value: rosterRows.all(classId) };
      }),
    since(version) {
      if (dataVersion.get() !== version) return undefined;
      return { version, value: written.delete(classId) ? rosterRows.all(classId) : null };
    },
  });
  const rosters = new Rosters<number>();

  return {
    loadStudents: (stop) => inSnapshot(db, () => students.loadGivingWay(feed, stop)),

    changed(classIds) {
      for (const id of classIds) if (rosters.has(id)) written.add(id);
    },

    listRoster: db.transaction((classId: string, params: RosterParams) =>
      rosters.now(classId, rosterFeed(classId)).page(params),
    ),

    searchStudents: db.transaction((params: StudentSearchParams): StudentSearchResponse => {
      const { students: found, totalRecords } = students
        .now(feed)
        .page(params.query, params.page, params.pageSize);
      if (found.length === 0) return { data: [], totalRecords };
      const rows = classesOf.all(JSON.stringify(found.map((student) => student.key)));
      const ranked = rankedClassRows(rows, STUDENT_CLASSES_LISTED_MAX);
      return { data: withClasses(found, ranked), totalRecords };
    }),

    studentsByEmail: (emails) =>
      studentRecords(byEmail.all(JSON.stringify(distinctEmails(emails)))),
  };
}
