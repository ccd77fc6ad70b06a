/**
 * The students-by-email extension (`GET /v1/students/by-email`, decision 015): students found,
 * unknown and asked in any case, in the order asked; every turma however many, in order, with
 * expiry and enrolledAt as they are now (the store's own writes and another process's); the 400s
 * and the 401; the Api-Extensions header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXTENSIONS_HEADER,
  foldForSearch,
  listsExtension,
  STUDENT_CLASSES_LISTED_MAX,
  STUDENTS_BY_EMAIL_EXTENSION,
  STUDENTS_BY_EMAIL_MAX,
} from '#contract';
import { studentsByEmailResponseSchema, type StudentRecord } from '#contract/extensions';
import {
  writeFixtures,
  type EnrolmentFixture,
  type StudentFixture,
  type TurmaFixture,
} from './testing/database.ts';
import {
  expectError,
  expectWriteOk,
  startTestServer,
  type TestServer,
} from './testing/test-server.ts';

const turma = (id: string, name: string): TurmaFixture => ({
  id,
  name,
  createdAt: '2024-01-01T10:00:00.000Z',
  updatedAt: '2024-01-01T10:00:00.000Z',
});
const student = (name: string, email: string): StudentFixture => ({ name, email });

const MAT = turma('b1', 'Matemática 9º A');
const HIST = turma('b2', 'História');
const hist = turma('b0', 'história');
const FIS = turma('b3', 'Física');
const ANA = student('Ana Souza', 'ana@escola.example');
const BRUNO = student('Bruno Lima', 'bruno@escola.example');
const DAVI = student('Davi Rocha', 'davi@escola.example');

const LATE = '2027-06-30T12:00:00.000Z';
const EARLY = '2026-12-31T23:59:59.000Z';
const enrol = (
  where: TurmaFixture,
  who: StudentFixture,
  expirationDate?: string,
): EnrolmentFixture => ({ turma: where, student: who, ...(expirationDate && { expirationDate }) });

// More turmas than the student search lists: this read lists them all.
const MANY = Array.from({ length: STUDENT_CLASSES_LISTED_MAX + 5 }, (_, at) =>
  turma(`m${String(at).padStart(3, '0')}`, `Oficina ${String(at % 10)}`),
);

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const anInstant = expect.stringMatching(TIMESTAMP) as unknown as string;
const emailsOf = (records: readonly StudentRecord[]) => records.map((record) => record.email);

const byEmail = (...emails: string[]) =>
  `/students/by-email?${new URLSearchParams(emails.map((email) => ['email', email])).toString()}`;

async function read(server: TestServer, ...emails: string[]): Promise<StudentRecord[]> {
  const answer = await server.request(byEmail(...emails));
  expect(answer.status, answer.text).toBe(200);
  return studentsByEmailResponseSchema.parse(answer.body).data;
}

describe('students read by e-mail', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      fixtures: {
        turmas: [MAT, HIST, hist, FIS, ...MANY],
        enrolments: [
          enrol(MAT, ANA, EARLY),
          enrol(HIST, ANA),
          enrol(hist, ANA, LATE),
          enrol(MAT, BRUNO),
          ...MANY.map((oficina, at) => enrol(oficina, DAVI, at % 2 === 0 ? EARLY : undefined)),
        ],
      },
    });
  });
  afterAll(() => server.stop());

  it('answers each student with all their turmas by folded name then id, expiry and start', async () => {
    const answer = await server.request(byEmail('ana@escola.example'));

    expect(answer.status).toBe(200);
    const enrolledAt = anInstant;
    expect(answer.body).toStrictEqual({
      data: [
        {
          name: 'Ana Souza',
          email: 'ana@escola.example',
          // "história" and "História" fold alike: b0 before b2.
          classes: [
            { id: 'b0', name: 'história', expirationDate: LATE, enrolledAt },
            { id: 'b2', name: 'História', expirationDate: null, enrolledAt },
            { id: 'b1', name: 'Matemática 9º A', expirationDate: EARLY, enrolledAt },
          ],
        },
      ],
    });
  });

  it('answers in the order asked, any case, each student once, unknown e-mails left out', async () => {
    const found = await read(
      server,
      'BRUNO@Escola.Example',
      'nobody@escola.example',
      ' ana@escola.example ',
      'bruno@escola.example',
    );

    expect(emailsOf(found)).toEqual(['bruno@escola.example', 'ana@escola.example']);
    expect(found[0]).toMatchObject({ name: 'Bruno Lima', classes: [{ id: 'b1' }] });
    expect(await read(server, 'nobody@escola.example')).toEqual([]);
    expect(emailsOf(await read(server, 'ana@escola.example', 'bruno@escola.example'))).toEqual([
      'ana@escola.example',
      'bruno@escola.example',
    ]);
  });

  it(`lists every turma, past the ${STUDENT_CLASSES_LISTED_MAX} the search lists`, async () => {
    const [davi] = await read(server, 'davi@escola.example');

    expect(davi!.classes).toHaveLength(MANY.length);
    const listed = davi!.classes.map(({ id, name }) => `${foldForSearch(name)} ${id}`);
    expect(listed).toEqual(listed.toSorted());
    expect(davi!.classes.slice(0, 2)).toEqual([
      { id: 'm000', name: 'Oficina 0', expirationDate: EARLY, enrolledAt: anInstant },
      { id: 'm010', name: 'Oficina 0', expirationDate: EARLY, enrolledAt: anInstant },
    ]);
    expect(davi!.classes.at(-1)).toMatchObject({ id: 'm099', expirationDate: null });
  });

  it('answers 100 e-mails at once', async () => {
    const asked = [
      ...Array.from(
        { length: STUDENTS_BY_EMAIL_MAX - 1 },
        (_, at) => `nobody${String(at)}@escola.example`,
      ),
      'davi@escola.example',
    ];
    expect(emailsOf(await read(server, ...asked))).toEqual(['davi@escola.example']);
  });

  it('reads the store’s own writes at once: expiry changed, enrolledAt kept, removals', async () => {
    const gil = { name: 'Gil Reis', email: 'gil@escola.example' };
    expect(await read(server, gil.email)).toEqual([]);

    expectWriteOk(await server.addStudentToClass('b3', { ...gil, expirationDate: EARLY }));
    const [first] = await read(server, gil.email);
    expect(first).toEqual({
      ...gil,
      classes: [{ id: 'b3', name: 'Física', expirationDate: EARLY, enrolledAt: anInstant }],
    });
    const enrolledAt = first!.classes[0]!.enrolledAt;

    expectWriteOk(
      await server.addStudentToClasses({
        name: 'Outro Nome',
        email: gil.email,
        classes: [{ id: 'b3' }, { id: 'b1' }],
        expirationDate: LATE,
      }),
    );
    const [extended] = await read(server, gil.email);
    expect(extended!.name, 'the name is kept').toBe('Gil Reis');
    expect(extended!.classes.map(({ id, expirationDate }) => [id, expirationDate])).toEqual([
      ['b3', LATE],
      ['b1', LATE],
    ]);
    expect(extended!.classes[0]!.enrolledAt).toBe(enrolledAt);

    expectWriteOk(
      await server.removeStudentFromClasses({
        email: gil.email,
        classes: [{ id: 'b3' }, { id: 'b1' }],
      }),
    );
    expect(await read(server, gil.email), 'a student in no turma is still found').toEqual([
      { ...gil, classes: [] },
    ]);
  });

  it("reads another process's writes (a seed, an import) in the next request", async () => {
    const iara = student('Iara Mota', 'iara@escola.example');
    await writeFixtures(server.database, {
      turmas: [turma('b9', 'Laboratório')],
      enrolments: [enrol(turma('b9', 'Laboratório'), iara, LATE)],
    });

    expect(await read(server, iara.email)).toEqual([
      {
        ...iara,
        classes: [{ id: 'b9', name: 'Laboratório', expirationDate: LATE, enrolledAt: anInstant }],
      },
    ]);
  });

  it.each([
    ['no e-mail', '', 'email: is required'],
    ['an empty e-mail', 'email=', 'email.0: must be a valid e-mail address'],
    [
      'a malformed one among good ones',
      'email=ana%40escola.example&email=not-an-email',
      'email.1: must be a valid e-mail address',
    ],
    [
      `${String(STUDENTS_BY_EMAIL_MAX + 1)} e-mails`,
      Array.from(
        { length: STUDENTS_BY_EMAIL_MAX + 1 },
        (_, at) => `email=s${String(at)}%40e.x`,
      ).join('&'),
      `email: must name at most ${String(STUDENTS_BY_EMAIL_MAX)} e-mails`,
    ],
    [
      'an e-mail over 254 characters',
      `email=${'a'.repeat(250)}%40e.xx`,
      'email.0: must be at most 254 characters',
    ],
  ])('answers %s with a 400 naming the parameter', async (_, search, message) => {
    expectError(await server.request(`/students/by-email?${search}`), 400, message);
  });

  it('needs the bearer token', async () => {
    expectError(
      await server.request(byEmail('ana@escola.example'), { authorization: null }),
      401,
      'Missing bearer token: send Authorization: Bearer <token>',
    );
    expectError(
      await server.request(byEmail('ana@escola.example'), { authorization: 'Bearer wrong' }),
      401,
      'Invalid or expired token',
    );
  });

  it('is announced in the Api-Extensions header of every answer', async () => {
    for (const path of ['/classe', byEmail('ana@escola.example'), '/students/by-email']) {
      const answer = await server.request(path);
      expect(
        listsExtension(
          answer.headers[EXTENSIONS_HEADER.toLowerCase()],
          STUDENTS_BY_EMAIL_EXTENSION,
        ),
        path,
      ).toBe(true);
    }
  });
});
