/**
 * The Store on SQLite: the writes' SQL as prepared statements over one connection, and the list
 * from sqlite-class-list.ts, told by each write which turmas it may change. Open the connection
 * with `openDatabase` (sqlite-schema.ts); the store's close() closes it.
 *
 * better-sqlite3 is synchronous, so a transaction here is never interleaved with another
 * request's writes. Multi-turma writes are one transaction each (all turmas or none). Another
 * connection's write lock is waited for off the event loop (sqlite-lock.ts).
 */
import { foldForSearch } from '#contract';
import type { AuditParams, UndoBody } from '#contract/extensions';
import { createLogger, type Logger } from '../log.ts';
import { auditRetentionDays, startAuditRetention, type EnrolmentRow } from './audit.ts';
import { withModelTimes } from './read-model.ts';
import { createSqliteAudit, ENROLMENT_STATE } from './sqlite-audit.ts';
import { createClassList } from './sqlite-class-list.ts';
import { createExpiringReads } from './sqlite-expiring.ts';
import { createLockWaits } from './sqlite-lock.ts';
import { createRosterReads } from './sqlite-roster.ts';
import { NOW, type Db } from './sqlite-schema.ts';
import {
  UnknownClassesError,
  UnknownStudentError,
  type Enrolment,
  UNNAMED_AUTHOR,
  type Removal,
  type Store,
  type WriteAuthor,
} from './store.ts';

/** `log` hears of the audit's pruning; the console's in-process API (src/testing) needs none. */
export function createStore(
  db: Db,
  log: Logger = createLogger(() => undefined),
  retentionDays = auditRetentionDays(),
): Store {
  const unknownClassIds = db.prepare<[string], { id: string }>(
    `SELECT value AS id FROM json_each(?) WHERE value NOT IN (SELECT id FROM classes)`,
  );
  const upsertStudent = db.prepare<[string, string, string, string], { id: number }>(
    // DO UPDATE with an unchanged value makes RETURNING answer for an existing row too;
    // an existing student keeps their name (enrolment.test.ts: "does not rename").
    `INSERT INTO students (email, name, search_email, search_name) VALUES (?, ?, ?, ?)
     ON CONFLICT (email) DO UPDATE SET email = excluded.email RETURNING id`,
  );
  const findStudent = db.prepare<[string], { id: number }>(
    `SELECT id FROM students WHERE email = ?`,
  );
  // Each answers the rows it wrote as the trail keeps them: an enrolment left as it was answers
  // none, and a removal's rows are the states before it (no read of them before or after).
  const enrol = db.prepare<[string, number, string | null], EnrolmentRow>(
    `INSERT INTO enrolments (class_id, student_id, expiration_date) VALUES (?, ?, ?)
     ON CONFLICT (class_id, student_id)
     DO UPDATE SET expiration_date = excluded.expiration_date, updated_at = ${NOW}
     WHERE expiration_date IS NOT excluded.expiration_date
     RETURNING ${ENROLMENT_STATE}`,
  );
  const unenrol = db.prepare<[number, string], EnrolmentRow>(
    `DELETE FROM enrolments WHERE student_id = ? AND class_id IN (SELECT value FROM json_each(?))
     RETURNING ${ENROLMENT_STATE}`,
  );

  /** A write of these turmas: the list's index and their kept rosters read them again. */
  function changing(classIds: readonly string[], write: () => void) {
    try {
      classList.changing(classIds, write);
    } finally {
      roster.changed(classIds);
      expiring.changed(classIds);
    }
  }

  function assertClassesExist(classIds: string[]) {
    const unknown = unknownClassIds.all(JSON.stringify(classIds)).map((row) => row.id);
    if (unknown.length > 0) throw new UnknownClassesError(unknown);
  }

  const { made: classList, times: turmas } = withModelTimes(() => createClassList(db));
  const { made: roster, times: students } = withModelTimes(() => createRosterReads(db));

  const expiring = createExpiringReads(db);
  const audit = createSqliteAudit(db);
  const enrolNow = db.transaction((enrolment: Enrolment, by: WriteAuthor) =>
    changing(enrolment.classIds, () => {
      assertClassesExist(enrolment.classIds);
      const { email, name, classIds } = enrolment;
      const student = upsertStudent.get(email, name, foldForSearch(email), foldForSearch(name))!;
      const before = audit.statesOf(student.id, classIds);
      const expiry = enrolment.expirationDate
        ? new Date(enrolment.expirationDate).toISOString()
        : null;
      const written: EnrolmentRow[] = [];
      for (const classId of classIds) {
        const row = enrol.get(classId, student.id, expiry);
        if (row) written.push(row);
      }
      // A turma the upsert left as it was is as before; the rows written override the rest.
      const after = [...before, ...written];
      audit.recordWrite(by, 'enrol', { id: student.id, email }, classIds, before, after);
    }),
  );
  const removeNow = db.transaction((removal: Removal, by: WriteAuthor) =>
    changing(removal.classIds, () => {
      assertClassesExist(removal.classIds);
      const student = findStudent.get(removal.email);
      if (!student) throw new UnknownStudentError();
      const before = unenrol.all(student.id, JSON.stringify(removal.classIds));
      const who = { id: student.id, email: removal.email };
      audit.recordWrite(by, 'remove', who, removal.classIds, before, []);
    }),
  );
  const undoNow = db.transaction((target: UndoBody, by: WriteAuthor) => {
    const entries = audit.entries(target);
    const classIds = entries.flatMap((entry) => entry.changes.map((change) => change.classId));
    let answer!: ReturnType<typeof audit.undo>;
    changing([...new Set(classIds)], () => (answer = audit.undo(entries, by)));
    return answer;
  });
  // Audit rows only (pruning, folding): named as a write of no turma, so that no read model loads
  // again.
  const auditOnly = db.transaction((run: () => number) => {
    let done!: number;
    changing([], () => (done = run()));
    return done;
  });
  const ping = db.prepare('SELECT 1');

  // Writes begin IMMEDIATE: a deferred one that read first could not take the lock later without
  // failing at once (SQLITE_BUSY), whoever held it.
  const locks = createLockWaits(db);
  const { afterLoad, load } = loadGate();
  const pruneAudit = afterLoad((olderThan: string, batch: number) =>
    locks.writeIfFree(() => auditOnly.immediate(() => audit.prune(olderThan, batch))),
  );
  const stopRetention = startAuditRetention(pruneAudit, retentionDays, log);
  const stopFolding = audit.startFolding(
    afterLoad((batch: number) =>
      locks.writeIfFree(() => auditOnly.immediate(() => audit.fold(batch))),
    ),
  );
  const reading = <A extends unknown[], R>(read: (...args: A) => R) =>
    afterLoad((...args: A) => locks.read(() => read(...args)));

  return {
    listClasses: reading(classList.list),
    enrol: afterLoad((enrolment: Enrolment, by: WriteAuthor = UNNAMED_AUTHOR) =>
      locks.write(() => enrolNow.immediate(enrolment, by)),
    ),
    remove: afterLoad((removal: Removal, by: WriteAuthor = UNNAMED_AUTHOR) =>
      locks.write(() => removeNow.immediate(removal, by)),
    ),
    listAudit: reading((params: AuditParams) => audit.list(params)),
    undo: afterLoad((target: UndoBody, by: WriteAuthor) =>
      locks.write(() => undoNow.immediate(target, by)),
    ),
    pruneAudit,
    classNames: reading(classNamesReader(db)),
    listRoster: reading(roster.listRoster),
    searchStudents: reading(roster.searchStudents),
    studentsByEmail: reading(roster.studentsByEmail),
    listExpiring: reading(expiring),
    check: afterLoad(
      settled(() => {
        ping.get();
        return { writeLock: locks.state() };
      }),
    ),
    load: (index, stop) =>
      load(() => (index === 'turmas' ? classList.load(stop) : roster.loadStudents(stop))),
    close: afterLoad(
      settled(() => {
        stopRetention();
        stopFolding();
        db.close();
      }),
    ),
    stats: () => ({ indexes: { turmas, students }, busyWaits: { ...locks.busyWaits } }),
  };
}

/** The names of those of these turmas that exist, by id. */
function classNamesReader(db: Db) {
  const namesOf = db.prepare<[string], { id: string; name: string }>(
    'SELECT id, name FROM classes WHERE id IN (SELECT value FROM json_each(?))',
  );
  return (classIds: readonly string[]): ReadonlyMap<string, string> =>
    new Map(
      classIds.length === 0
        ? []
        : namesOf.all(JSON.stringify(classIds)).map(({ id, name }) => [id, name]),
    );
}

/**
 * An index's first load holds the connection across turns of the event loop (`inSnapshot`):
 * every other use of it waits for the load to end.
 */
function loadGate() {
  let loading: Promise<void> | undefined;
  const loaded = async () => {
    while (loading) await loading.catch(() => undefined);
  };
  return {
    afterLoad:
      <A extends unknown[], R>(use: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        await loaded();
        return use(...args);
      },
    load: async (run: () => Promise<void>) => {
      await loaded();
      loading = run();
      try {
        await loading;
      } finally {
        loading = undefined;
      }
    },
  };
}

/**
 * A synchronous call as the interface's promise: each runs to completion before it returns
 * (better-sqlite3 is synchronous), and what it throws becomes the rejection.
 */
const settled =
  <A extends unknown[], R>(run: (...args: A) => R) =>
  (...args: A): Promise<R> =>
    new Promise((resolve) => resolve(run(...args)));
