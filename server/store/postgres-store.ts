/**
 * The Store on PostgreSQL, for several API processes on one database: the writes as short
 * READ COMMITTED transactions, the list from postgres-class-list.ts. Open it with
 * `openPostgresStore`; close() ends the pool.
 *
 * A write locks its turmas' rows first, in id order, so that concurrent writes over overlapping
 * turmas queue instead of deadlocking; countStudents and updatedAt then move in the triggers
 * under those locks, exactly. A deadlock or serialization failure all the same is retried.
 * Anything that says the database is away becomes StoreUnavailableError (a 503). Each statement
 * a request runs is prepared once per connection (named): PostgreSQL's CPU per list fell from
 * 790–960 µs to 480–540 (decision 014).
 */
import pg from 'pg';
import { foldForSearch } from '#contract';
import { createLogger, type Logger } from '../log.ts';
import { demoRows, UPDATED_AFTER_CREATION_SECONDS, type DemoRows, type SeedSize } from '../seed.ts';
import { auditRetentionDays, changesOf, startAuditFolding, startAuditRetention } from './audit.ts';
import {
  auditEntries,
  foldAudit,
  listAudit,
  pruneAudit,
  recordAudit,
  REMOVAL_ENTRY,
  removalEntryValues,
  STATES_BEFORE,
  tailLength,
  undoEntries,
  type StatesBefore,
} from './postgres-audit.ts';
import { createPostgresClassList } from './postgres-class-list.ts';
import { createPostgresExpiringReads } from './postgres-expiring.ts';
import { databaseAnswers } from './postgres-pool.ts';
import { createPostgresRosterReads } from './postgres-roster.ts';
import { withModelTimes } from './read-model.ts';
import {
  asStoreError,
  createPool,
  migrate,
  type MigratedDatabase,
  type PostgresConfig,
} from './postgres-schema.ts';
import {
  AuditEntryNotFoundError,
  UnknownClassesError,
  UnknownStudentError,
  type Enrolment,
  UNNAMED_AUTHOR,
  type Removal,
  type Store,
} from './store.ts';

/** Attempts of a write that met a deadlock or a serialization failure. */
const ATTEMPTS = 3;
const RETRIED = new Set(['40001', '40P01']);

/** Locks the turmas of these ids that exist, in id order, and answers their ids. */
const LOCK_CLASSES = `
SELECT id FROM classes WHERE id = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE`;

// DO UPDATE with an unchanged value makes RETURNING answer for an existing row too; an existing
// student keeps their name (enrolment.test.ts: "does not rename"). Setting no key column takes
// the row's lock that foreign-key checks do not wait for: an undo holding a turma's lock while it
// writes this student's enrolments does not wait for an enrolment waiting for that turma.
const UPSERT_STUDENT = `
INSERT INTO students (email, name, search_email, search_name) VALUES ($1, $2, $3, $4)
ON CONFLICT (email) DO UPDATE SET name = students.name RETURNING id`;

// The enrolment answers the states before it for the trail, in the same round trip: its read
// sees the statement's snapshot, from before its insert.
const ENROL = `
WITH written AS (
  INSERT INTO enrolments (class_id, student_id, expiration_date)
  SELECT id, $2, $3 FROM unnest($1::text[]) AS id ORDER BY id
  ON CONFLICT (class_id, student_id) DO UPDATE
  SET expiration_date = excluded.expiration_date, updated_at = now()
  WHERE enrolments.expiration_date IS DISTINCT FROM excluded.expiration_date)
${STATES_BEFORE}`;

// The student found, the rows deleted and the trail's entry written in one round trip
// (REMOVAL_ENTRY): no student, no id, nothing deleted and no entry.
const UNENROL = `
WITH student AS (SELECT id FROM students WHERE email = $1),
gone AS (
  DELETE FROM enrolments
  WHERE student_id = (SELECT id FROM student) AND class_id = ANY($2::text[])
  RETURNING class_id, expiration_date, created_at),
entry AS (${REMOVAL_ENTRY})
SELECT (SELECT id::text FROM student) AS id`;

export interface OpenedPostgresStore extends MigratedDatabase {
  store: Store;
}

/**
 * Connects, migrates (seeding `seedWhenCreated` into a new database) and loads the list's index.
 * Fails, with the pool ended, when the database cannot be reached or is of a newer schema.
 */
export async function openPostgresStore(
  config: PostgresConfig,
  log: Logger,
  seedWhenCreated?: SeedSize,
  retentionDays = auditRetentionDays(),
): Promise<OpenedPostgresStore> {
  const pool = createPool(config, log);
  try {
    const migrated = await migrate(
      pool,
      seedWhenCreated && ((client) => seedPostgres(client, demoRows(seedWhenCreated))),
    );
    const answers = databaseAnswers();
    const transaction = transactions(pool);
    const withClient = <T>(begin: string, work: (client: pg.PoolClient) => Promise<T>) =>
      answers.noted(() => transaction(begin, work));
    const query = <R extends pg.QueryResultRow>(config: pg.QueryConfig) =>
      answers.noted(() => pool.query<R>(config));
    // Each module makes its model before its first await, where withModelTimes sees it.
    const listing = withModelTimes(() => createPostgresClassList(withClient, query));
    const classList = await listing.made;
    const { made: roster, times: students } = withModelTimes(() =>
      createPostgresRosterReads(withClient, query),
    );

    // Every process folds (a tail another left, or its own writes'): the fold's lock makes one
    // at a time. Each committed entry counts towards the next (`wrote`).
    const folding = startAuditFolding((batch) => foldAudit(query, batch), await tailLength(query));
    const prune = (olderThan: string, batch: number) =>
      withClient('BEGIN', (client) => pruneAudit(client, olderThan, batch));
    const stopRetention = startAuditRetention(prune, retentionDays, log);
    const store: Store = {
      listClasses: (params) => classList.list(params),
      classNames: async (classIds) => {
        if (classIds.length === 0) return new Map();
        const { rows } = await query<{ id: string; name: string }>({
          name: 'class-names',
          text: 'SELECT id, name FROM classes WHERE id = ANY($1::text[])',
          values: [classIds],
        });
        return new Map(rows.map(({ id, name }) => [id, name]));
      },
      listRoster: (classId, params) => roster.listRoster(classId, params),
      searchStudents: (params) => roster.searchStudents(params),
      studentsByEmail: (emails) => roster.studentsByEmail(emails),
      listExpiring: createPostgresExpiringReads(query),
      // The turmas' index is loaded as the store opens (above); the students' by a first search.
      async load(index) {
        if (index === 'students') await roster.searchStudents({ page: 1, pageSize: 1 });
      },

      enrol: (enrolment: Enrolment, by = UNNAMED_AUTHOR) =>
        withClient('BEGIN', async (client) => {
          const classIds = [...new Set(enrolment.classIds)];
          const { rows } = await client.query<{ id: string }>({
            name: 'upsert-student',
            text: UPSERT_STUDENT,
            values: [
              enrolment.email,
              enrolment.name,
              foldForSearch(enrolment.email),
              foldForSearch(enrolment.name),
            ],
          });
          // After the student: the turmas' locks, which every write to them queues for, are held
          // to the commit, and one round trip less (decision 014).
          await lockClasses(client, classIds);
          const student = { id: rows[0]!.id, email: enrolment.email };
          const expiry = enrolment.expirationDate
            ? new Date(enrolment.expirationDate).toISOString()
            : null;
          const written = await client.query<StatesBefore>({
            name: 'enrol',
            text: ENROL,
            values: [classIds, student.id, expiry],
          });
          const before = written.rows[0]!;
          // Known without asking: the expiry written, and a new row's start is the transaction's.
          const enrolledAt = new Map(before.rows.map((row) => [row.classId, row.enrolledAt]));
          const after = classIds.map((classId) => ({
            classId,
            expirationDate: expiry,
            enrolledAt: enrolledAt.get(classId) ?? before.now,
          }));
          await recordAudit(client, by, 'enrol', student, changesOf(classIds, before.rows, after));
        }).then(folding.wrote),

      remove: (removal: Removal, by = UNNAMED_AUTHOR) =>
        withClient('BEGIN', async (client) => {
          await lockClasses(client, removal.classIds);
          const { rows } = await client.query<{ id: string | null }>({
            name: 'unenrol',
            text: UNENROL,
            values: [removal.email, removal.classIds, ...removalEntryValues(by)],
          });
          if (rows[0]!.id === null) throw new UnknownStudentError();
        }).then(folding.wrote),

      listAudit: (params) => listAudit(query, params),

      undo: (target, by) =>
        withClient('BEGIN', async (client) => {
          const entries = await auditEntries(client, target);
          const classIds = entries.flatMap((entry) => entry.changes.map((each) => each.classId));
          const existing = await lockExisting(client, [...new Set(classIds)]);
          return undoEntries(client, entries, existing, by);
        }).then((answer) => {
          for (const entry of answer.entries) if (entry.undoEntryId !== null) folding.wrote();
          return answer;
        }),

      pruneAudit: prune,

      async check() {
        if (!answers.recent()) await query({ text: 'SELECT 1' });
        return {};
      },

      async close() {
        folding.stop();
        stopRetention();
        classList.stop();
        await pool.end();
      },

      stats: () => ({
        indexes: { turmas: listing.times, students },
        pool: {
          max: pool.options.max,
          inUse: pool.totalCount - pool.idleCount,
          idle: pool.idleCount,
          waiting: pool.waitingCount,
        },
      }),
    };
    return { ...migrated, store };
  } catch (error) {
    await pool.end();
    throw asStoreError(error);
  }
}

/** Locks the turmas of these ids that exist, in id order; answers which exist. */
async function lockExisting(client: pg.PoolClient, classIds: string[]) {
  // PostgreSQL's text cannot hold U+0000, so no turma has an id with one: not worth asking.
  const askable = classIds.filter((id) => !id.includes('\0'));
  const { rows } = await client.query<{ id: string }>({
    name: 'lock-classes',
    text: LOCK_CLASSES,
    values: [askable],
  });
  return new Set(rows.map((row) => row.id));
}

async function lockClasses(client: pg.PoolClient, classIds: string[]) {
  const found = await lockExisting(client, classIds);
  const unknown = classIds.filter((id) => !found.has(id));
  if (unknown.length > 0) throw new UnknownClassesError(unknown);
}

/** A connection that failed below SQL (network, timeout, the server going away) is not reused. */
const connectionBroken = (error: unknown) =>
  !(error instanceof pg.DatabaseError) || /^(08|57P)/.test(error.code ?? '');

/**
 * Runs `work` on a pooled connection between `begin` and COMMIT, rolling back on any error and
 * trying again after a deadlock or serialization failure.
 */
function transactions(pool: pg.Pool) {
  return async function withClient<T>(
    begin: string,
    work: (client: pg.PoolClient) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw asStoreError(error);
      }
      let broken: Error | undefined;
      // A connection lost between two queries is an 'error' event on the client, which would end
      // the process with no listener; the next query fails instead, and the client is dropped.
      const lost = (error: Error) => (broken = error);
      client.on('error', lost);
      try {
        await client.query(begin);
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        const ours =
          error instanceof UnknownClassesError ||
          error instanceof UnknownStudentError ||
          error instanceof AuditEntryNotFoundError;
        if (!ours && connectionBroken(error)) broken = error as Error;
        else await client.query('ROLLBACK').catch((failed: unknown) => (broken = failed as Error));
        const code = (error as { code?: string }).code;
        if (attempt < ATTEMPTS && code !== undefined && RETRIED.has(code)) continue;
        throw asStoreError(error);
      } finally {
        client.off('error', lost);
        client.release(broken);
      }
    }
  };
}

/**
 * `npm run seed` on DATABASE_URL: migrates, replaces everything with demo data of `size` in one
 * transaction, refreshes the planner's statistics; answers the enrolments written.
 */
export async function seedPostgresDatabase(url: string, size: SeedSize): Promise<number> {
  // No limits: a million turmas' counts are set in one statement.
  const pool = createPool({ url, poolSize: 1, statementTimeoutMs: 0 }, createLogger());
  try {
    await migrate(pool);
    // Made before the transaction opens: seconds at a million turmas.
    const rows = demoRows(size);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await seedPostgres(client, rows);
      await client.query('COMMIT');
      // VACUUM too: the counts just set leave a dead row per turma, which autovacuum would
      // otherwise clean up under the first requests.
      await client.query('VACUUM ANALYZE');
      const { rows: counted } = await client.query<{ n: string }>(
        'SELECT count(*) AS n FROM enrolments',
      );
      return Number(counted[0]!.n);
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}

/**
 * Replaces everything with demo data (seed.ts), in the caller's transaction: batched inserts of
 * arrays, the enrolment triggers off and the counts set once at the end. Inserting turmas moves
 * the generation (a trigger), so every running process loads its index again.
 */
export async function seedPostgres(client: pg.PoolClient, rows: DemoRows): Promise<void> {
  const { classes, students, enrolments } = rows;
  const BATCH = 20_000;
  const inBatches = async (
    count: number,
    insert: (from: number, to: number) => Promise<unknown>,
  ) => {
    for (let from = 0; from < count; from += BATCH)
      await insert(from, Math.min(count, from + BATCH));
  };
  await client.query(
    `TRUNCATE enrolments, students, classes, class_changes, audit, audit_classes, audit_tail
     RESTART IDENTITY`,
  );
  await client.query('ALTER TABLE enrolments DISABLE TRIGGER enrolment_changed');
  await client.query('ALTER TABLE classes DISABLE TRIGGER class_changed');
  await inBatches(classes.ids.length, (from, to) =>
    client.query(
      `INSERT INTO classes (id, name, search_name, created_at, updated_at)
       SELECT id, name, search_name, created_at,
         least(created_at + ${UPDATED_AFTER_CREATION_SECONDS('(n + $5)')} * interval '1 second', now())
       FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[])
         WITH ORDINALITY AS c (id, name, search_name, created_at, n)
       ORDER BY n`,
      [
        classes.ids.slice(from, to),
        classes.names.slice(from, to),
        classes.searchNames.slice(from, to),
        classes.createdAt.slice(from, to),
        from,
      ],
    ),
  );
  await inBatches(students.emails.length, (from, to) =>
    client.query(
      `INSERT INTO students (email, name, created_at, search_email, search_name)
       SELECT email, name, created_at, search_email, search_name
       FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::text[])
         WITH ORDINALITY AS s (email, name, created_at, search_email, search_name, n)
       ORDER BY n`,
      [
        students.emails.slice(from, to),
        students.names.slice(from, to),
        students.createdAt.slice(from, to),
        students.searchEmails.slice(from, to),
        students.searchNames.slice(from, to),
      ],
    ),
  );
  await inBatches(enrolments.classIds.length, (from, to) =>
    client.query(
      `INSERT INTO enrolments (class_id, student_id, expiration_date)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::timestamptz[])
       ON CONFLICT DO NOTHING`,
      [
        enrolments.classIds.slice(from, to),
        enrolments.studentNumbers.slice(from, to),
        enrolments.expirationDates.slice(from, to),
      ],
    ),
  );
  await client.query(`UPDATE classes c SET count_students = e.n
    FROM (SELECT class_id, count(*)::int AS n FROM enrolments GROUP BY class_id) e
    WHERE c.id = e.class_id`);
  await client.query('ALTER TABLE enrolments ENABLE TRIGGER enrolment_changed');
  await client.query('ALTER TABLE classes ENABLE TRIGGER class_changed');
}
