/**
 * The PostgreSQL schema is created or migrated on start, once however many API processes start
 * together (an advisory lock), and a database of a newer schema than the code knows is refused.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Class } from '#contract';
import { POSTGRES_SCHEMA_VERSION } from './store/postgres-schema.ts';
import { createTestDatabase, type TestDatabase } from './testing/database.ts';
import { killAllMains, startMain } from './testing/main-process.ts';
import { apiAt, TEST_TOKEN } from './testing/test-server.ts';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  killAllMains();
  await database.drop();
});

const loggedMessages = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg: string }).msg);

describe('three processes starting at once on a new database', () => {
  it('create the schema and seed the demo turmas once', async () => {
    const env = { API_TOKENS: TEST_TOKEN, SEED_CLASSES: '30' };
    const processes = await Promise.all([1, 2, 3].map(() => startMain(database, env)));

    const seeded = processes.filter((main) =>
      loggedMessages(main.output()).includes('seeded demo data'),
    );
    expect(seeded).toHaveLength(1);
    for (const main of processes) {
      const answer = await apiAt(main.url)('/classe?pageSize=1', {});
      expect(answer.body).toMatchObject({ totalRecords: 30 });
    }
    const [meta] = await database.query<{ schema_version: number }>(
      'SELECT schema_version FROM store_meta',
    );
    expect(meta).toEqual({ schema_version: POSTGRES_SCHEMA_VERSION });
    for (const main of processes) expect(await main.terminate()).toBe(0);
  }, 60_000);
});

describe('a database of schema version 1', () => {
  it('is migrated on start: its students are found by folded name and e-mail', async () => {
    const first = await startMain(database, { API_TOKENS: TEST_TOKEN, SEED_CLASSES: '3' });
    expect(await first.terminate()).toBe(0);
    // Back to version 1 as it was: no folded columns, no created_xid, no expiry index, no change
    // log by turma (version 1's trigger function is the current one again), no audit trail.
    await database.query(`
      DROP TRIGGER students_removed ON students;
      DROP TRIGGER student_renamed ON students;
      DROP INDEX students_by_name, students_by_xid, enrolments_by_expiry, class_changes_by_class;
      ALTER TABLE students DROP COLUMN search_name, DROP COLUMN search_email,
        DROP COLUMN created_xid;
      INSERT INTO students (email, name) VALUES ('joao@escola.example', 'João Araújo');
      INSERT INTO students (email, name)
        SELECT 'aluno' || i || '@escola.example', 'Aluno ' || i FROM generate_series(1, 25000) i;
      INSERT INTO enrolments (class_id, student_id, expiration_date)
        SELECT min(c.id), s.id, '2090-06-01T00:00:00Z' FROM classes c, students s
        WHERE s.email = 'joao@escola.example' GROUP BY s.id;
      DROP TABLE audit_tail, audit, audit_classes;
      UPDATE store_meta SET schema_version = 1;`);

    const main = await startMain(database, { API_TOKENS: TEST_TOKEN });
    expect(loggedMessages(main.output())).toContain('migrated the database schema');
    const answer = await apiAt(main.url)('/students?query=ARAUJO%20joao', {});
    expect(answer.body).toMatchObject({
      data: [{ name: 'João Araújo', email: 'joao@escola.example', countClasses: 1 }],
      totalRecords: 1,
    });
    const expiring = await apiAt(main.url)(
      '/enrolments/expiring?after=2090-06-01T00:00:00Z&before=2090-06-02T00:00:00Z',
      {},
    );
    expect(expiring.body).toMatchObject({ data: [{ student: { name: 'João Araújo' } }] });
    // More than a batch of students: every one folded.
    const [unfolded] = await database.query<{ count: string }>(
      `SELECT count(*) FROM students WHERE search_name = '' OR search_email = ''`,
    );
    expect(unfolded).toEqual({ count: '0' });
    const last = await apiAt(main.url)('/students?query=aluno%2025000', {});
    expect(last.body).toMatchObject({ data: [{ name: 'Aluno 25000' }], totalRecords: 1 });
    const indexes = await database.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes
       WHERE indexname IN ('enrolments_by_expiry', 'class_changes_by_class') ORDER BY 1`,
    );
    expect(indexes).toEqual([
      { indexname: 'class_changes_by_class' },
      { indexname: 'enrolments_by_expiry' },
    ]);
    const rosterVersion = await database.query(
      `SELECT FROM information_schema.columns WHERE column_name = 'roster_version'`,
    );
    expect(rosterVersion).toEqual([]);
    const [meta] = await database.query<{ schema_version: number }>(
      'SELECT schema_version FROM store_meta',
    );
    expect(meta).toEqual({ schema_version: POSTGRES_SCHEMA_VERSION });
    expect(await main.terminate()).toBe(0);
  }, 60_000);
});

describe('a database of schema version 6', () => {
  it('is migrated on start: a new entry takes an id after the folded ones, undos indexed', async () => {
    const first = await startMain(database, { API_TOKENS: TEST_TOKEN, SEED_CLASSES: '3' });
    const api = apiAt(first.url);
    const [turma] = await database.query<{ id: string }>('SELECT min(id) AS id FROM classes');
    const enrol = (email: string) =>
      api('/classe/add-student', {
        method: 'POST',
        json: { name: 'Ana', email, classes: [{ id: turma!.id }] },
      });
    expect((await enrol('ana@escola.example')).status).toBe(200);
    expect(await first.terminate()).toBe(0);
    // Back to version 6: the entry folded, as version 6 wrote it, and no tail.
    await database.query(`
      INSERT INTO audit (id, at, credential, operation, run_id, undoes, student_id, email, changes)
        OVERRIDING SYSTEM VALUE SELECT * FROM audit_tail;
      INSERT INTO audit_classes (class_id, entry_id)
        SELECT c->>'classId', t.id FROM audit_tail t, jsonb_array_elements(t.changes) c;
      DROP TABLE audit_tail;
      DROP INDEX audit_by_undo;
      UPDATE store_meta SET schema_version = 6;`);

    const main = await startMain(database, { API_TOKENS: TEST_TOKEN });
    expect(loggedMessages(main.output())).toContain('migrated the database schema');
    expect(
      (
        await apiAt(main.url)('/classe/add-student', {
          method: 'POST',
          json: { name: 'Bia', email: 'bia@escola.example', classes: [{ id: turma!.id }] },
        })
      ).status,
    ).toBe(200);
    // Its id from the folded trail's sequence, whichever part holds it now (a fold each second).
    const [tail] = await database.query<{ id: string }>(
      `SELECT pg_get_expr(adbin, adrelid) AS id FROM pg_attrdef
       WHERE adrelid = 'audit_tail'::regclass AND adnum = 1`,
    );
    expect(tail).toEqual({ id: "nextval('audit_id_seq'::regclass)" });
    const audit = await apiAt(main.url)('/audit', {});
    expect(audit.body).toMatchObject({
      data: [
        { student: { email: 'bia@escola.example' } },
        { student: { email: 'ana@escola.example' } },
      ],
    });
    const [bia, ana] = (audit.body as { data: { id: string }[] }).data.map((entry) =>
      Number(entry.id),
    );
    expect(bia).toBeGreaterThan(ana!);
    // Version 8: the undos by the entry they reverse, undos only.
    const [index] = await database.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE indexname = 'audit_by_undo'`,
    );
    expect(index?.indexdef).toMatch(
      /ON public\.audit USING btree \(undoes, id\) WHERE \(undoes IS NOT NULL\)$/,
    );
    const [meta] = await database.query<{ schema_version: number }>(
      'SELECT schema_version FROM store_meta',
    );
    expect(meta).toEqual({ schema_version: POSTGRES_SCHEMA_VERSION });
    expect(await main.terminate()).toBe(0);
  }, 60_000);
});

describe('a database of schema version 8', () => {
  it('is migrated on start: names with a glued ordinal or a degree sign are folded again', async () => {
    const first = await startMain(database, { API_TOKENS: TEST_TOKEN, SEED_CLASSES: '3' });
    expect(await first.terminate()).toBe(0);
    // As version 8 folded them: "8ºA" one word, the degree sign no letter.
    await database.query(`
      INSERT INTO classes (id, name, search_name, created_at, updated_at) VALUES
        ('g1', '8ºA — Arte', '8oa — arte', now(), now()),
        ('g2', '8° ano B', '8 ano b', now(), now());
      INSERT INTO students (email, name, search_email, search_name) VALUES
        ('rui@escola.example', 'Rui 2ºB', 'rui@escola.example', 'rui 2ob'),
        -- as version 2's migration left some, past 20,000 students
        ('bea@escola.example', 'Bea', '', '');
      UPDATE store_meta SET schema_version = 8;`);

    const main = await startMain(database, { API_TOKENS: TEST_TOKEN });
    expect(loggedMessages(main.output())).toContain('migrated the database schema');
    const api = apiAt(main.url);
    const search = async (query: string) =>
      ((await api(`/classe?query=${encodeURIComponent(query)}`, {})).body as { data: Class[] })
        .data;
    expect((await search('8 a arte')).map(({ name }) => name)).toEqual(['8ºA — Arte']);
    expect((await search('8º ano b')).map(({ name }) => name)).toEqual(['8° ano B']);
    const folded = await database.query<{ search_name: string }>(
      `SELECT search_name FROM classes WHERE id LIKE 'g_'
       UNION ALL SELECT search_name FROM students WHERE email IN ('rui@escola.example', 'bea@escola.example')
       UNION ALL SELECT search_email FROM students WHERE email = 'bea@escola.example' ORDER BY 1`,
    );
    expect(folded.map((row) => row.search_name)).toEqual([
      '8o a — arte',
      '8o ano b',
      'bea',
      'bea@escola.example',
      'rui 2o b',
    ]);
    expect(await main.terminate()).toBe(0);
  }, 60_000);
});

describe('a database of a newer schema', () => {
  it('is refused with one clear line, and left as it was', async () => {
    const first = await startMain(database, { API_TOKENS: TEST_TOKEN, SEED_CLASSES: '3' });
    expect(await first.terminate()).toBe(0);
    const newer = POSTGRES_SCHEMA_VERSION + 1;
    await database.query(`UPDATE store_meta SET schema_version = ${newer}`);

    await expect(startMain(database, { API_TOKENS: TEST_TOKEN })).rejects.toThrow(
      new RegExp(
        `Turmas Admin could not start: The database has schema version ${newer}; this server ` +
          `knows versions up to ${POSTGRES_SCHEMA_VERSION}`,
      ),
    );
    const [meta] = await database.query<{ schema_version: number; turmas: string }>(
      'SELECT schema_version, (SELECT count(*) FROM classes) AS turmas FROM store_meta',
    );
    expect(meta).toEqual({ schema_version: newer, turmas: '3' });
  });
});
