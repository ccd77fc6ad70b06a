/**
 * The roster extension (docs/decisions/015-roster-extension.md): a turma's students
 * (`GET /v1/classe/{id}/students`) and finding a student (`GET /v1/students`): shape, paging,
 * every order with its ties and missing expiries, search, enrolledAt kept on re-enrolment, the
 * Api-Extensions header on every answer, and the 400s, 401 and 404 of both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXTENSIONS_HEADER,
  foldForSearch,
  listsExtension,
  ROSTER_EXTENSION,
  ROSTER_SORT_VALUES,
  STUDENT_CLASSES_LISTED_MAX,
  type RosterSortBy,
} from '#contract';
import {
  rosterResponseSchema,
  studentSearchResponseSchema,
  type RosterEntry,
  type RosterQuery,
  type StudentSearchQuery,
} from '#contract/extensions';
import {
  executeSql,
  writeFixtures,
  type EnrolmentFixture,
  type StudentFixture,
  type TurmaFixture,
} from './testing/database.ts';
import { compareNaturally } from './testing/natural-order.ts';
import {
  expectError,
  expectWriteOk,
  startTestServer,
  type Answer,
  type TestServer,
} from './testing/test-server.ts';

const turma = (id: string, name: string): TurmaFixture => ({
  id,
  name,
  createdAt: '2024-01-01T10:00:00.000Z',
  updatedAt: '2024-01-01T10:00:00.000Z',
});

const TURMAS = {
  big: turma('r1', 'Matemática 9º A'),
  small: turma('r2', 'História'),
  empty: turma('r3', 'Física'),
  other: turma('r0', 'história'),
};

const student = (name: string, email: string): StudentFixture => ({ name, email });
const S = {
  // "Ana Souza" and "ana souza" fold alike: their e-mails decide ("." before "@").
  ana: student('Ana Souza', 'ana@escola.example'),
  ana2: student('ana souza', 'ana.souza2@escola.example'),
  alvaro: student('Álvaro Lima', 'alvaro@escola.example'),
  bruno: student('Bruno Lima', 'bruno@escola.example'),
  carla: student('Carla Dias', 'carla@escola.example'),
  davi: student('Davi Rocha', 'davi@escola.example'),
  erica: student('Érica Nunes', 'erica@colegio.example'),
};

const LATE = '2027-06-30T12:00:00.000Z';
const EARLY = '2026-12-31T23:59:59.000Z';
const enrol = (
  where: TurmaFixture,
  who: StudentFixture,
  expirationDate?: string,
): EnrolmentFixture => ({ turma: where, student: who, ...(expirationDate && { expirationDate }) });

const ENROLMENTS: EnrolmentFixture[] = [
  // Two share EARLY, two share LATE, two have no expiry: every expiry order has ties.
  enrol(TURMAS.big, S.ana, EARLY),
  enrol(TURMAS.big, S.ana2, LATE),
  enrol(TURMAS.big, S.alvaro),
  enrol(TURMAS.big, S.bruno, EARLY),
  enrol(TURMAS.big, S.carla),
  enrol(TURMAS.big, S.davi, LATE),
  enrol(TURMAS.big, S.erica, EARLY),
  enrol(TURMAS.small, S.ana),
  enrol(TURMAS.other, S.ana, LATE),
];

/** Code point order, as the databases compare text: UTF-8's bytes compare the same way. */
const compareCodePoints = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * The rule for `sortBy`, plainly: name folded and in natural order, ties by e-mail, no expiry
 * after every date.
 */
function compareBy(sortBy: RosterSortBy) {
  const field = sortBy.replace('-', '');
  const ascending = (a: RosterEntry, b: RosterEntry): number => {
    const byEmail = compareCodePoints(a.email, b.email);
    if (field === 'name') {
      return compareNaturally(foldForSearch(a.name), foldForSearch(b.name)) || byEmail;
    }
    if (field === 'expirationDate') {
      if (a.expirationDate === b.expirationDate) return byEmail;
      if (a.expirationDate === null) return 1;
      if (b.expirationDate === null) return -1;
      return Date.parse(a.expirationDate) - Date.parse(b.expirationDate) || byEmail;
    }
    if (field === 'enrolledAt')
      return Date.parse(a.enrolledAt) - Date.parse(b.enrolledAt) || byEmail;
    return byEmail;
  };
  return sortBy.startsWith('-') ? (a: RosterEntry, b: RosterEntry) => ascending(b, a) : ascending;
}

const emails = (entries: readonly { email: string }[]) => entries.map((entry) => entry.email);

const search = (query: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();

async function roster(server: TestServer, id: string, query: RosterQuery = {}) {
  const answer = await server.request(
    `/classe/${encodeURIComponent(id)}/students?${search(query)}`,
  );
  expect(answer.status, answer.text).toBe(200);
  return rosterResponseSchema.parse(answer.body);
}

async function students(server: TestServer, query: StudentSearchQuery = {}) {
  const answer = await server.request(`/students?${search(query)}`);
  expect(answer.status, answer.text).toBe(200);
  return studentSearchResponseSchema.parse(answer.body);
}

describe("a turma's roster", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      fixtures: { turmas: Object.values(TURMAS), enrolments: ENROLMENTS },
    });
  });
  afterAll(() => server.stop());

  it('answers {className, data, totalRecords} with the five fields of each enrolment, as stored', async () => {
    const answer = await server.request('/classe/r2/students');

    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^application\/json\b/);
    const body = answer.body as { data: RosterEntry[]; totalRecords: number };
    expect(body).toStrictEqual({
      // Named, for a roster opened from a link before any list has shown the turma.
      className: 'História',
      data: [
        {
          name: 'Ana Souza',
          email: 'ana@escola.example',
          expirationDate: null,
          enrolledAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
          updatedAt: body.data[0]!.enrolledAt,
        },
      ],
      totalRecords: 1,
    });
  });

  it('sorts by folded name by default, ties by e-mail, 20 a page', async () => {
    const byDefault = await roster(server, 'r1');

    expect(byDefault).toEqual(
      await roster(server, 'r1', { page: 1, pageSize: 20, sortBy: 'name' }),
    );
    expect(emails(byDefault.data)).toEqual([
      'alvaro@escola.example', // "alvaro lima": the accent does not count
      'ana.souza2@escola.example', // "ana souza" twice: "." sorts before "@"
      'ana@escola.example',
      'bruno@escola.example',
      'carla@escola.example',
      'davi@escola.example',
      'erica@colegio.example',
    ]);
    expect(byDefault.totalRecords).toBe(7);
  });

  it('puts no expiry after every date going up, and first going down', async () => {
    expect(emails((await roster(server, 'r1', { sortBy: 'expirationDate' })).data)).toEqual([
      'ana@escola.example', // EARLY ×3, by e-mail
      'bruno@escola.example',
      'erica@colegio.example',
      'ana.souza2@escola.example', // LATE ×2
      'davi@escola.example',
      'alvaro@escola.example', // none ×2
      'carla@escola.example',
    ]);
    expect(emails((await roster(server, 'r1', { sortBy: '-expirationDate' })).data)).toEqual([
      'carla@escola.example',
      'alvaro@escola.example',
      'davi@escola.example',
      'ana.souza2@escola.example',
      'erica@colegio.example',
      'bruno@escola.example',
      'ana@escola.example',
    ]);
  });

  it.each(ROSTER_SORT_VALUES)(
    'sortBy=%s orders as the rule says, and pages stably',
    async (sortBy) => {
      const all = await roster(server, 'r1', { sortBy, pageSize: 100 });
      expect(all.data).toEqual(all.data.toSorted(compareBy(sortBy)));
      for (const pageSize of [1, 2, 3]) {
        const seen: RosterEntry[] = [];
        for (let page = 1; page <= Math.ceil(7 / pageSize) + 1; page++) {
          const { data, totalRecords } = await roster(server, 'r1', { sortBy, pageSize, page });
          expect(totalRecords).toBe(7);
          seen.push(...data);
        }
        expect(seen, `pageSize ${pageSize}`).toEqual(all.data);
      }
    },
  );

  it.each(ROSTER_SORT_VALUES.filter((sortBy) => sortBy.startsWith('-')))(
    'sortBy=%s is the exact reverse of its ascending order, ties included',
    async (sortBy) => {
      const descending = await roster(server, 'r1', { sortBy });
      const ascending = await roster(server, 'r1', { sortBy: sortBy.slice(1) as RosterSortBy });
      expect(descending.data).toEqual(ascending.data.toReversed());
    },
  );

  it('answers an empty page past the end, with the true total', async () => {
    expect(await roster(server, 'r1', { page: 3, pageSize: 5 })).toEqual({
      className: 'Matemática 9º A',
      data: [],
      totalRecords: 7,
    });
    expect(await roster(server, 'r1', { page: 2_147_483_647, pageSize: 100 })).toEqual({
      className: 'Matemática 9º A',
      data: [],
      totalRecords: 7,
    });
    expect(await roster(server, 'r3')).toEqual({ className: 'Física', data: [], totalRecords: 0 });
  });

  it.each([
    ['a word of the name, any case and accent', 'ÉRICA', ['erica@colegio.example']],
    [
      'words of name and e-mail together',
      'souza escola',
      ['ana.souza2@escola.example', 'ana@escola.example'],
    ],
    ['a piece of the e-mail', 'colegio', ['erica@colegio.example']],
    ['an e-mail whole', 'bruno@escola.example', ['bruno@escola.example']],
    ['words in any order', 'lima alv', ['alvaro@escola.example']],
    ['one letter', 'v', ['alvaro@escola.example', 'davi@escola.example']],
    ['a word in nobody', 'souza colegio', []],
    [
      'separators only: no filter',
      ' — . @ ',
      emails(ENROLMENTS.filter((e) => e.turma.id === 'r1').map((e) => e.student)).toSorted(),
    ],
  ])('finds by %s', async (_, query, expected) => {
    const { data, totalRecords } = await roster(server, 'r1', { query, sortBy: 'email' });

    expect(emails(data).toSorted()).toEqual(expected.toSorted());
    expect(totalRecords).toBe(expected.length);
  });

  it("lists only the turma's own students", async () => {
    expect(emails((await roster(server, 'r0')).data)).toEqual(['ana@escola.example']);
    expect((await roster(server, 'r1', { query: 'história' })).totalRecords).toBe(0);
  });

  it('answers 404 with the Error body for an unknown turma, whatever the query', async () => {
    expectError(await server.request('/classe/nope/students'), 404, 'No class with id nope');
    expectError(
      await server.request('/classe/R1/students?query=ana&sortBy=-email'),
      404,
      'No class with id R1',
    );
    expectError(await server.request('/classe/%00/students'), 404, 'No class with id \0');
  });
});

describe('a roster orders numbers in names by their value (issue 34)', () => {
  const lots = turma('lots', 'Lotes');
  // By code point "Lote 1000" < "Lote 139" < "Lote 14" < "Lote 2".
  const NATURAL = [
    student('Lote 2', 'z@escola.example'),
    student('Lote 14', 'y@escola.example'),
    student('lote 014', 'a@escola.example'),
    student('Lote 139', 'x@escola.example'),
    student('Lote 1000', 'w@escola.example'),
  ];
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      fixtures: {
        turmas: [lots],
        enrolments: NATURAL.toReversed().map((who) => enrol(lots, who)),
      },
    });
  });
  afterAll(() => server.stop());

  it('sorts by name naturally both ways, within a search, and pages through that order', async () => {
    // "Lote 14" and "lote 014" tie: a@ before y@.
    const expected = ['z', 'a', 'y', 'x', 'w'].map((local) => `${local}@escola.example`);

    expect(emails((await roster(server, 'lots')).data)).toEqual(expected);
    expect(emails((await roster(server, 'lots', { sortBy: '-name' })).data)).toEqual(
      expected.toReversed(),
    );
    expect(emails((await roster(server, 'lots', { query: 'lote' })).data)).toEqual(expected);
    const pages = await Promise.all(
      [1, 2, 3].map((page) => roster(server, 'lots', { pageSize: 2, page })),
    );
    expect(pages.flatMap((page) => emails(page.data))).toEqual(expected);
  });
});

describe('enrolledAt and updatedAt of an enrolment', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ fixtures: { turmas: [TURMAS.big] } });
  });
  afterAll(() => server.stop());

  /** Resolves once the clock has passed `instant` (the database's clock is this machine's). */
  const after = async (instant: string) => {
    while (Date.now() <= Date.parse(instant) + 5) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const entry = async () => (await roster(server, 'r1')).data[0]!;

  it('keeps enrolledAt on re-enrolment, and moves updatedAt only when the expiry changes', async () => {
    const body = { name: 'Gil Reis', email: 'gil@escola.example', expirationDate: EARLY };
    expectWriteOk(await server.addStudentToClass('r1', body));
    const first = await entry();
    expect(first).toMatchObject({ email: 'gil@escola.example', expirationDate: EARLY });
    expect(first.updatedAt).toBe(first.enrolledAt);

    await after(first.updatedAt);
    expectWriteOk(await server.addStudentToClass('r1', body));
    expect(await entry(), 'the same expiry again changes nothing').toEqual(first);

    expectWriteOk(await server.addStudentToClass('r1', { ...body, expirationDate: LATE }));
    const extended = await entry();
    expect(extended.enrolledAt).toBe(first.enrolledAt);
    expect(extended.expirationDate).toBe(LATE);
    expect(Date.parse(extended.updatedAt)).toBeGreaterThan(Date.parse(first.updatedAt));

    await after(extended.updatedAt);
    const { expirationDate: _none, ...withoutExpiry } = body;
    expectWriteOk(await server.addStudentToClasses({ ...withoutExpiry, classes: [{ id: 'r1' }] }));
    const unlimited = await entry();
    expect(unlimited).toMatchObject({ enrolledAt: first.enrolledAt, expirationDate: null });
    expect(Date.parse(unlimited.updatedAt)).toBeGreaterThan(Date.parse(extended.updatedAt));
  });

  it('starts again after a removal: enrolled anew is a new enrolment', async () => {
    const before = await entry();
    expectWriteOk(
      await server.removeStudentFromClasses({
        email: 'gil@escola.example',
        classes: [{ id: 'r1' }],
      }),
    );
    expect(await roster(server, 'r1')).toEqual({
      className: 'Matemática 9º A',
      data: [],
      totalRecords: 0,
    });
    await after(before.updatedAt);
    expectWriteOk(
      await server.addStudentToClass('r1', { name: 'Gil', email: 'GIL@escola.example' }),
    );
    const again = await entry();
    expect(again.name).toBe('Gil Reis');
    expect(Date.parse(again.enrolledAt)).toBeGreaterThan(Date.parse(before.enrolledAt));
  });
});

describe('finding a student', () => {
  const many = Array.from({ length: STUDENT_CLASSES_LISTED_MAX + 1 }, (_, at) =>
    turma(`m${String(at).padStart(3, '0')}`, `Oficina ${String(at % 10)}`),
  );
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      fixtures: {
        turmas: [...Object.values(TURMAS), ...many],
        enrolments: [
          ...ENROLMENTS,
          ...many.map((oficina, at) => enrol(oficina, S.davi, at % 2 === 0 ? EARLY : undefined)),
        ],
      },
    });
  });
  afterAll(() => server.stop());

  it('answers each student with their turmas by name, ties by id, and their expiries', async () => {
    // "ana" finds both Anas: ana.souza2@… first, so page 2 of 1 is ana@….
    const answer = await server.request('/students?query=ana%40&pageSize=1&page=2');

    expect(answer.status).toBe(200);
    expect(answer.body).toStrictEqual({
      data: [
        {
          name: 'Ana Souza',
          email: 'ana@escola.example',
          // "história" and "História" fold alike: r0 before r2.
          classes: [
            { id: 'r0', name: 'história', expirationDate: LATE },
            { id: 'r2', name: 'História', expirationDate: null },
            { id: 'r1', name: 'Matemática 9º A', expirationDate: EARLY },
          ],
          countClasses: 3,
        },
      ],
      totalRecords: 2,
    });
  });

  it(`lists ${STUDENT_CLASSES_LISTED_MAX} turmas at most, and counts them all`, async () => {
    const [davi] = (await students(server, { query: 'davi' })).data;

    expect(davi!.countClasses).toBe(STUDENT_CLASSES_LISTED_MAX + 2);
    expect(davi!.classes).toHaveLength(STUDENT_CLASSES_LISTED_MAX);
    const listed = davi!.classes.map(({ id, name }) => `${foldForSearch(name)} ${id}`);
    expect(listed).toEqual(listed.toSorted(compareCodePoints));
    // "matematica 9o a" first; the last two "oficina 9" are left out.
    expect(davi!.classes.slice(0, 3)).toEqual([
      { id: 'r1', name: 'Matemática 9º A', expirationDate: LATE },
      { id: 'm000', name: 'Oficina 0', expirationDate: EARLY },
      { id: 'm010', name: 'Oficina 0', expirationDate: EARLY },
    ]);
    expect(davi!.classes.at(-1)).toEqual({ id: 'm079', name: 'Oficina 9', expirationDate: null });
  });

  it('lists every student by folded name, then e-mail, with no query; pages stably', async () => {
    const all = await students(server, { pageSize: 100 });
    expect(emails(all.data)).toEqual([
      'alvaro@escola.example',
      'ana.souza2@escola.example',
      'ana@escola.example',
      'bruno@escola.example',
      'carla@escola.example',
      'davi@escola.example',
      'erica@colegio.example',
    ]);
    expect(all.totalRecords).toBe(7);
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const { data, totalRecords } = await students(server, { page, pageSize: 2 });
      expect(totalRecords).toBe(7);
      seen.push(...emails(data));
    }
    expect(seen).toEqual(emails(all.data));
  });

  it.each([
    [
      'a surname, any case and accent',
      'SOUZA',
      ['ana.souza2@escola.example', 'ana@escola.example'],
    ],
    ['a folded accent', 'alvaro', ['alvaro@escola.example']],
    ['a piece of a word', 'run', ['bruno@escola.example']],
    ['words of name and e-mail', 'lima escola', ['alvaro@escola.example', 'bruno@escola.example']],
    ['one letter', 'v', ['alvaro@escola.example', 'davi@escola.example']],
    ['two letters', 'ic', ['erica@colegio.example']],
    ['a domain', 'colegio.example', ['erica@colegio.example']],
    ['nothing', 'zz', []],
  ])('finds by %s', async (_, query, expected) => {
    const { data, totalRecords } = await students(server, { query });

    expect(emails(data)).toEqual(expected);
    expect(totalRecords).toBe(expected.length);
  });

  it('finds a student enrolled a moment ago, and keeps one removed from every turma', async () => {
    expect((await students(server, { query: 'helena' })).totalRecords).toBe(0);
    expectWriteOk(
      await server.addStudentToClass('r3', {
        name: 'Helena Prado',
        email: 'helena@escola.example',
      }),
    );
    expect((await students(server, { query: 'prado hel' })).data).toEqual([
      {
        name: 'Helena Prado',
        email: 'helena@escola.example',
        classes: [{ id: 'r3', name: 'Física', expirationDate: null }],
        countClasses: 1,
      },
    ]);

    expectWriteOk(
      await server.removeStudentFromClasses({
        email: 'helena@escola.example',
        classes: [{ id: 'r3' }],
      }),
    );
    expect((await students(server, { query: 'helena' })).data).toEqual([
      { name: 'Helena Prado', email: 'helena@escola.example', classes: [], countClasses: 0 },
    ]);
  });

  it('places a student enrolled a moment ago among namesakes by e-mail', async () => {
    expectWriteOk(
      await server.addStudentToClass('r3', { name: 'ANA SOUZA', email: 'anb@escola.example' }),
    );
    expectWriteOk(
      await server.addStudentToClass('r3', { name: 'Ana Souza', email: 'an@escola.example' }),
    );

    expect(emails((await students(server, { query: 'souza' })).data)).toEqual([
      'an@escola.example',
      'ana.souza2@escola.example',
      'ana@escola.example',
      'anb@escola.example',
    ]);
  });

  it('finds a student another process wrote (a seed, an import) in the next search', async () => {
    expect((await students(server, { query: 'iara' })).totalRecords).toBe(0);
    await writeFixtures(server.database, {
      turmas: [turma('r9', 'Laboratório')],
      enrolments: [enrol(turma('r9', 'Laboratório'), student('Iara Mota', 'iara@escola.example'))],
    });

    expect(emails((await students(server, { query: 'iara' })).data)).toEqual([
      'iara@escola.example',
    ]);
    expect(emails((await roster(server, 'r9')).data)).toEqual(['iara@escola.example']);
  });

  it('finds a student renamed by hand under the new name only', async () => {
    await executeSql(
      server.database,
      `UPDATE students SET name = 'Iara Quintela', search_name = 'iara quintela'
       WHERE email = 'iara@escola.example'`,
    );

    expect((await students(server, { query: 'quintela' })).data).toEqual([
      expect.objectContaining({ name: 'Iara Quintela', email: 'iara@escola.example' }),
    ]);
    expect((await students(server, { query: 'mota' })).totalRecords).toBe(0);
    expect((await roster(server, 'r9', { query: 'quintela' })).totalRecords).toBe(1);
  });
});

describe('what both endpoints share with getClasses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      fixtures: { turmas: Object.values(TURMAS), enrolments: ENROLMENTS },
      corsOrigins: ['https://console.example'],
    });
  });
  afterAll(() => server.stop());

  const PATHS = ['/classe/r1/students', '/students'];

  it.each(PATHS)('%s needs the bearer token', async (path) => {
    expectError(
      await server.request(path, { authorization: null }),
      401,
      'Missing bearer token: send Authorization: Bearer <token>',
    );
    expectError(
      await server.request(path, { authorization: 'Bearer wrong' }),
      401,
      'Invalid or expired token',
    );
  });

  it.each(
    PATHS.flatMap((path) => [
      [path, 'pageSize=0', 'pageSize: must be an integer from 1 to 100'],
      [path, 'pageSize=101', 'pageSize: must be an integer from 1 to 100'],
      [path, 'page=0', 'page: must be an integer from 1 to 2147483647'],
      [path, 'page=1e2', 'page: must be an integer in plain decimal digits'],
      [path, `query=${'a'.repeat(201)}`, 'query: must be at most 200 characters'],
      [path, 'query=a+b+c+d+e+f+g+h+i', 'query: must have at most 8 words'],
      [path, 'query=a&query=b', 'query: must be a single string'],
    ]),
  )('%s?%s is a 400 naming the parameter', async (path, search, message) => {
    expectError(await server.request(`${path}?${search}`), 400, message);
  });

  it('refuses a sortBy the roster does not know, naming the ones it does', async () => {
    expectError(
      await server.request('/classe/r1/students?sortBy=countStudents'),
      400,
      'sortBy: must be one of name, -name, email, -email, expirationDate, -expirationDate, ' +
        'enrolledAt, -enrolledAt',
    );
  });

  it('announces the extension on every answer of /v1, errors included', async () => {
    const answers: Answer[] = [
      await server.request('/classe'),
      await server.request('/students'),
      await server.request('/classe/r1/students'),
      await server.request('/classe/nope/students'),
      await server.request('/students?pageSize=0'),
      await server.request('/classe', { authorization: null }),
      await server.request('/no/such/route'),
      await server.request('/health', { authorization: null }),
      await server.request('/openapi.json', { authorization: null }),
      await server.addStudentToClass('r3', { name: 'Rui', email: 'rui@escola.example' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([
      200, 200, 200, 404, 400, 401, 404, 200, 200, 200,
    ]);
    const header = (answer: Answer) => answer.headers[EXTENSIONS_HEADER.toLowerCase()];
    expect(answers.map((answer) => listsExtension(header(answer), ROSTER_EXTENSION))).toEqual(
      answers.map(() => true),
    );
  });

  it('lets a console on another listed site read the header (CORS exposes it)', async () => {
    const answer = await server.request('/students', {
      headers: { origin: 'https://console.example' },
    });
    expect(answer.headers['access-control-allow-origin']).toBe('https://console.example');
    const exposed = answer.headers['access-control-expose-headers']!.split(/,\s*/);
    expect(exposed.map((name) => name.toLowerCase())).toContain(EXTENSIONS_HEADER.toLowerCase());
  });
});
