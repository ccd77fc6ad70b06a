/**
 * The PostgreSQL list's catching up, with its statements under the test's control: requests that
 * arrive while a catch-up is reading share the next one, never the one already under way, whose
 * snapshot may be older than a write acknowledged before they arrived.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClassListParams } from '#contract';
import { createLogger } from '../log.ts';
import { createTestDatabase, writeFixtures, type TestDatabase } from '../testing/database.ts';
import { createPostgresClassList } from './postgres-class-list.ts';
import { openPostgresStore, type OpenedPostgresStore } from './postgres-store.ts';

const TURMA = {
  id: 'turma-1',
  name: '9º ano A — Matemática',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const FIRST_PAGE: ClassListParams = { page: 1, pageSize: 20, sortBy: 'name' };

let database: TestDatabase;
let writer: OpenedPostgresStore;
let pool: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase('postgres');
  await writeFixtures(database, { turmas: [TURMA] });
  writer = await openPostgresStore(
    database.postgres!,
    createLogger(() => undefined),
  );
  pool = new pg.Pool({ connectionString: database.postgres!.url, max: 4 });
}, 30_000);
afterAll(async () => {
  await pool.end();
  await writer.store.close();
  await database.drop();
});

async function withClient<T>(begin: string, work: (client: pg.PoolClient) => Promise<T>) {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } finally {
    client.release();
  }
}

it('a list that arrives during a catch-up waits for one that sees every earlier write', async () => {
  // Statements run at once; their answers wait while `held` is set.
  let held: Promise<void> | undefined;
  let ran: () => void = () => undefined;
  const query = async <R extends pg.QueryResultRow>(config: pg.QueryConfig) => {
    const result = await pool.query<R>(config);
    ran();
    await held;
    return result;
  };
  const list = await createPostgresClassList(withClient, query);
  try {
    let release!: () => void;
    held = new Promise((resolve) => (release = resolve));
    const headRan = new Promise<void>((resolve) => (ran = resolve));
    const before = list.list(FIRST_PAGE);
    await headRan; // its snapshot is taken: the write below is not in it

    await writer.store.enrol({ name: 'Ana', email: 'ana@escola.br', classIds: [TURMA.id] });
    const after = list.list(FIRST_PAGE);
    held = undefined;
    release();

    expect((await before).data[0]!.countStudents).toBe(0);
    expect((await after).data[0]!.countStudents).toBe(1);
  } finally {
    list.stop();
  }
});

it('loads the turmas in batches, every one of them once, each in every order', async () => {
  const turmas = ['b', 'd', 'a', 'e', 'c'].map((letter, at) => ({
    id: `lote-${letter}`,
    name: `Lote ${letter.toUpperCase()}`,
    createdAt: `2026-02-0${at + 1}T00:00:00.000Z`,
    updatedAt: `2026-02-0${at + 1}T00:00:00.000Z`,
  }));
  await writeFixtures(database, { turmas });
  const query = <R extends pg.QueryResultRow>(config: pg.QueryConfig) => pool.query<R>(config);
  // Two turmas a statement: the fixture's six in three batches.
  const list = await createPostgresClassList(withClient, query, 2);
  try {
    const all = { page: 1, pageSize: 20 } as const;
    const byName = await list.list({ ...all, sortBy: 'name' });
    expect(byName.data.map((turma) => turma.id)).toEqual([
      TURMA.id,
      ...['a', 'b', 'c', 'd', 'e'].map((letter) => `lote-${letter}`),
    ]);
    expect(byName.data.find((turma) => turma.id === 'lote-d')).toEqual({
      id: 'lote-d',
      name: 'Lote D',
      createdAt: '2026-02-02T00:00:00.000Z',
      updatedAt: '2026-02-02T00:00:00.000Z',
      countStudents: 0,
    });
    const byCreation = await list.list({ ...all, sortBy: '-createdAt' });
    expect(byCreation.data.map((turma) => turma.id).slice(0, 5)).toEqual(
      ['c', 'e', 'a', 'd', 'b'].map((letter) => `lote-${letter}`),
    );
    expect((await list.list({ ...all, query: 'lote' })).totalRecords).toBe(5);
  } finally {
    list.stop();
  }
});
