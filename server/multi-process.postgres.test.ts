/**
 * Two API processes (`server/main.ts`) on one PostgreSQL database, as behind a load balancer:
 * what one writes, the other lists at once, and 500 concurrent writes split between them end in
 * the state a serial replay of the acknowledged ones gives (testing/serial-replay.ts).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classListResponseSchema, type Class } from '#contract';
import { studentSearchResponseSchema } from '#contract/extensions';
import {
  createTestDatabase,
  invariantViolations,
  storedEnrolments,
  storedStudents,
  studentCount,
  writeFixtures,
  type TestDatabase,
} from './testing/database.ts';
import { killAllMains, startMain, type MainProcess } from './testing/main-process.ts';
import {
  deduceSerialOrder,
  INITIAL,
  countsPerTurma,
  replay,
  sendInOrder,
  settle,
  stateOf,
  STUDENTS,
  TURMAS,
  workload,
  type Send,
} from './testing/serial-replay.ts';
import { apiAt, expectWriteOk, TEST_TOKEN } from './testing/test-server.ts';

// Hundreds of writes at once from one client, on purpose: above the admission limits.
const ENV = {
  API_TOKENS: TEST_TOKEN,
  SEED_CLASSES: '0',
  MAX_REQUESTS_PER_CLIENT: '1000',
  MAX_REQUESTS_IN_FLIGHT: '1000',
};

let database: TestDatabase;
let processes: MainProcess[];
let api: Send[];
beforeAll(async () => {
  database = await createTestDatabase();
  await writeFixtures(database, { turmas: TURMAS, enrolments: INITIAL });
  processes = await Promise.all([startMain(database, ENV), startMain(database, ENV)]);
  api = processes.map((main) => apiAt(main.url));
}, 60_000);
afterAll(async () => {
  await Promise.all(processes.map((main) => main.terminate()));
  killAllMains();
  await database.drop();
});

/** Every turma as one process lists it, sorted by `sortBy`, through pages of 100. */
async function listAll(send: Send, query: Record<string, string> = {}): Promise<Class[]> {
  const turmas: Class[] = [];
  for (let page = 1; ; page++) {
    const search = new URLSearchParams({ sortBy: 'name', ...query, page: String(page) });
    search.set('pageSize', '100');
    const answer = await send(`/classe?${search.toString()}`, {});
    expect(answer.status, answer.text).toBe(200);
    const { data, totalRecords } = classListResponseSchema.parse(answer.body);
    turmas.push(...data);
    if (data.length === 0 || turmas.length >= totalRecords) return turmas;
  }
}

const countsOf = (turmas: Class[]) =>
  new Map(turmas.map((turma) => [turma.id, turma.countStudents]));

describe('what one process writes', () => {
  it('the other lists in its next answer, searched, sorted by count or not', async () => {
    const [first, second] = api as [Send, Send];
    // Each process has its index loaded and a search kept, before the write.
    const bySize = { query: 'turma', sortBy: '-countStudents' };
    const before = await listAll(second, bySize);
    await listAll(first, bySize);
    const target = before.at(-1)!;

    expectWriteOk(
      await first('/classe/add-student', {
        method: 'POST',
        json: { name: 'Nova Aluna', email: 'nova@escola.example', classes: [{ id: target.id }] },
      }),
    );

    const after = await listAll(second, bySize);
    const moved = after.find((turma) => turma.id === target.id)!;
    expect(moved.countStudents).toBe(target.countStudents + 1);
    expect(moved.updatedAt > target.updatedAt).toBe(true);
    expect(after.map((turma) => turma.countStudents)).toEqual(
      after.map((turma) => turma.countStudents).toSorted((a, b) => b - a),
    );

    expectWriteOk(
      await second('/classe/remove-student', {
        method: 'DELETE',
        json: { email: 'nova@escola.example', classes: [{ id: target.id }] },
      }),
    );
    const back = (await listAll(first)).find((turma) => turma.id === target.id)!;
    expect(back.countStudents).toBe(target.countStudents);
  });
});

describe('500 concurrent enrolments and removals, split between two processes', () => {
  it('end in the state a serial replay gives, and both processes list exact counts', async () => {
    const initial = stateOf(await storedEnrolments(database));
    const writes = workload();
    // Grouped by student and sent 64 at a time, alternately to each process: one student's
    // requests race for the same keys through both.
    const sendOrder = writes.toSorted(
      (a, b) => a.email.localeCompare(b.email) || a.index - b.index,
    );
    const sent = await sendInOrder(sendOrder, (write, at) => write.send(api[at % 2]!));
    const answers = writes.map((write) => sent.get(write)!);

    const { unexpected, acknowledged } = settle(writes, answers);
    expect(unexpected).toEqual([]);

    const final = stateOf(await storedEnrolments(database));
    const { order, problems, contested } = deduceSerialOrder(initial, acknowledged, final);
    expect(problems).toEqual([]);
    expect(replay(initial, order)).toEqual(final);
    expect(contested).toBeGreaterThan(50);

    const counts = countsPerTurma(final);
    for (const send of api) expect(countsOf(await listAll(send))).toEqual(counts);
    // Every spelling of an e-mail, through either process, found the same student.
    expect(await storedStudents(database)).toHaveLength(STUDENTS.length + 1);
    expect(await invariantViolations(database)).toEqual([]);
  }, 120_000);
});

describe('students one process creates (the roster extension, decision 015)', () => {
  const find = async (send: Send, query: string) => {
    const answer = await send(`/students?${new URLSearchParams({ query, pageSize: '100' })}`, {});
    expect(answer.status, answer.text).toBe(200);
    return studentSearchResponseSchema.parse(answer.body);
  };

  it('the other finds in its next search, and in the roster', async () => {
    const [first, second] = api as [Send, Send];
    // Both have their student index loaded, and this search kept.
    for (const send of api) expect((await find(send, 'quitéria')).totalRecords).toBe(0);
    const rosterBefore = await second('/classe/c01/students?pageSize=100', {});
    expect(rosterBefore.status).toBe(200);

    expectWriteOk(
      await first('/classe/add-student', {
        method: 'POST',
        json: { name: 'Quitéria Luz', email: 'quiteria@escola.example', classes: [{ id: 'c01' }] },
      }),
    );

    expect((await find(second, 'quiteria luz')).data).toEqual([
      {
        name: 'Quitéria Luz',
        email: 'quiteria@escola.example',
        classes: [{ id: 'c01', name: expect.any(String) as unknown, expirationDate: null }],
        countClasses: 1,
      },
    ]);
    const roster = await second('/classe/c01/students?query=quit%C3%A9ria', {});
    expect(roster.body).toMatchObject({ data: [{ email: 'quiteria@escola.example' }] });
    const rosterAfter = await second('/classe/c01/students?pageSize=100', {});
    expect((rosterAfter.body as { totalRecords: number }).totalRecords).toBe(
      (rosterBefore.body as { totalRecords: number }).totalRecords + 1,
    );
  });

  it('created concurrently through both, while both search, are all found by each', async () => {
    const writes = Array.from({ length: 40 }, (_, at) =>
      api[at % 2]!('/classe/add-student', {
        method: 'POST',
        json: {
          name: `Concorrente ${at}`,
          email: `concorrente.${at}@escola.example`,
          classes: [{ id: at % 3 === 0 ? 'c02' : 'c03' }],
        },
      }),
    );
    const searches = Array.from({ length: 20 }, (_, at) => find(api[at % 2]!, 'concorrente'));
    for (const answer of await Promise.all(writes)) expectWriteOk(answer);
    await Promise.all(searches);

    for (const send of api) {
      expect((await find(send, 'concorrente')).totalRecords).toBe(40);
      const everyone = await send('/students?pageSize=1', {});
      expect((everyone.body as { totalRecords: number }).totalRecords).toBe(
        await studentCount(database),
      );
    }
  });

  it('a student renamed in SQL by hand shows under the new name in both', async () => {
    for (const send of api) await find(send, 'concorrente 7');
    const sql = new pg.Client({ connectionString: database.postgres!.url });
    await sql.connect();
    try {
      await sql.query(
        `UPDATE students SET name = 'Renata Nova', search_name = 'renata nova'
         WHERE email = 'concorrente.7@escola.example'`,
      );
    } finally {
      await sql.end();
    }
    for (const send of api) {
      expect((await find(send, 'renata')).data.map((student) => student.email)).toEqual([
        'concorrente.7@escola.example',
      ]);
      // The e-mail still holds "concorrente": found by it, under the new name.
      const { data } = await find(send, 'concorrente 7');
      const renamed = data.find((student) => student.email === 'concorrente.7@escola.example');
      expect(renamed?.name).toBe('Renata Nova');
    }
  });
});

describe('turmas changed in SQL by hand, outside the API', () => {
  it('show renamed and added in both processes’ next answer', async () => {
    // Each process has its index loaded and a search for the old name kept.
    for (const send of api) await listAll(send, { query: 'turma 7' });
    const sql = new pg.Client({ connectionString: database.postgres!.url });
    await sql.connect();
    try {
      await sql.query(
        `UPDATE classes SET name = 'Astronomia Noturna', search_name = 'astronomia noturna'
         WHERE id = 'c07'`,
      );
      await sql.query(
        `INSERT INTO classes (id, name, search_name, created_at, updated_at)
         VALUES ('c99', 'Turma Feita à Mão', 'turma feita a mao', now(), now())`,
      );
    } finally {
      await sql.end();
    }
    for (const send of api) {
      const renamed = await listAll(send, { query: 'noturna' });
      expect(renamed.map((turma) => [turma.id, turma.name])).toEqual([
        ['c07', 'Astronomia Noturna'],
      ]);
      // The kept search for the old name forgets it; "7" meets only a word's start, not "17".
      const oldName = await listAll(send, { query: 'turma 7' });
      expect(oldName.map((turma) => turma.id)).toEqual([]);
      const added = await listAll(send, { query: 'mao' });
      expect(added).toMatchObject([{ id: 'c99', name: 'Turma Feita à Mão', countStudents: 0 }]);
    }
  });
});
