/**
 * The roster extension's `query` against the rule (docs/decisions/015-roster-extension.md), for
 * random names, e-mails and queries: a student matches when each word of the query
 * (`searchWords`) occurs in their folded name or folded e-mail. Both endpoints, every page,
 * compared with a plain filter and sort in the test, after students were added through the API
 * while the index was in use.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldForSearch, searchWords } from '#contract';
import { rosterResponseSchema, studentSearchResponseSchema } from '#contract/extensions';
import type { EnrolmentFixture, StudentFixture, TurmaFixture } from './testing/database.ts';
import { compareNaturally } from './testing/natural-order.ts';
import { expectWriteOk, startTestServer, type TestServer } from './testing/test-server.ts';

const CHARACTERS = Array.from('aábcçdeéêfghiíjlmnoóõpqrstuúvxzAÁÇÉÍÓÚºª0123456789');
const SEPARATORS = [' ', ' ', ' — ', '-', "'", '. '];
const LOCAL_CHARACTERS = Array.from('abcdefghijlmnopqrstuvxz0123456789');
const DOMAINS = ['escola.example', 'colegio.example', 'aluno.escola.example', 'ab.example'];

const wordArbitrary = (characters: string[], maxLength: number) =>
  fc
    .array(fc.constantFrom(...characters), { minLength: 1, maxLength })
    .map((letters) => letters.join(''));
const nameArbitrary = fc
  .array(fc.tuple(wordArbitrary(CHARACTERS, 9), fc.constantFrom(...SEPARATORS)), {
    minLength: 1,
    maxLength: 4,
  })
  .map((parts) => parts.flat().slice(0, -1).join('').trim() || 'x');
const localArbitrary = fc
  .array(wordArbitrary(LOCAL_CHARACTERS, 8), { minLength: 1, maxLength: 3 })
  .map((words) => words.join('.'));

const STUDENTS: StudentFixture[] = fc
  .sample(fc.tuple(nameArbitrary, localArbitrary, fc.constantFrom(...DOMAINS)), {
    seed: 2027,
    numRuns: 260,
  })
  // The index makes e-mails unique.
  .map(([name, local, domain], at) => ({ name, email: `${local}.${at}@${domain}` }));
/** Enrolled through the API once the server runs: the index must take them in. */
const LATER = STUDENTS.splice(200);

const turma = (id: string, name: string): TurmaFixture => ({
  id,
  name,
  createdAt: '2024-01-01T10:00:00.000Z',
  updatedAt: '2024-01-01T10:00:00.000Z',
});
const TURMAS = [turma('big', 'Turma grande'), turma('half', 'Meia turma')];

/** Code point order, as the databases compare text: UTF-8's bytes compare the same way. */
const compareCodePoints = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const byNameThenEmail = (a: StudentFixture, b: StudentFixture) =>
  compareCodePoints(foldForSearch(a.name), foldForSearch(b.name)) ||
  compareCodePoints(a.email, b.email);
/** A roster's order: names in natural order ("2" before "12"), then e-mail. */
const byNaturalNameThenEmail = (a: StudentFixture, b: StudentFixture) =>
  compareNaturally(foldForSearch(a.name), foldForSearch(b.name)) ||
  compareCodePoints(a.email, b.email);

/** The rule, plainly: every word of the query is in the folded name or the folded e-mail. */
const matches = (query: string) => (student: StudentFixture) =>
  searchWords(query).every(
    (word) =>
      foldForSearch(student.name).includes(word) || foldForSearch(student.email).includes(word),
  );

describe('student search and rosters against the rule, for random names and queries', () => {
  let server: TestServer;
  const everyone = [...STUDENTS, ...LATER];
  // Everyone in "big", every other one in "half".
  const inHalf = everyone.filter((_, at) => at % 2 === 0);

  beforeAll(async () => {
    const enrolments: EnrolmentFixture[] = STUDENTS.flatMap((student, at) => [
      { turma: TURMAS[0]!, student },
      ...(at % 2 === 0 ? [{ turma: TURMAS[1]!, student }] : []),
    ]);
    server = await startTestServer({ fixtures: { turmas: TURMAS, enrolments } });
    // The index is in use before the others arrive.
    await server.request('/students?query=a');
    for (const [at, student] of LATER.entries()) {
      const classes = (STUDENTS.length + at) % 2 === 0 ? ['big', 'half'] : ['big'];
      // Other cases and spaces around the e-mail: the API stores it lower-cased.
      const body = {
        ...student,
        email: ` ${student.email.toUpperCase()} `,
        classes: classes.map((id) => ({ id })),
      };
      expectWriteOk(await server.addStudentToClasses(body));
      // A search after one, and after four more, then none: the last 55 arrive in one
      // catch-up (the index splices a few into its order, and merges many).
      if (at === 0 || at === 4) await server.request(`/students?query=${at === 0 ? 'e' : 'o'}`);
    }
  }, 90_000);
  afterAll(() => server.stop());

  /** A piece of a name's or an e-mail's text, or a word of its own, in a random case. */
  const queryWordArbitrary = fc.oneof(
    fc
      .tuple(
        fc.constantFrom(...everyone.flatMap(({ name, email }) => [name, email])),
        fc.nat(),
        fc.integer({ min: 1, max: 8 }),
      )
      .map(([text, start, length]) => {
        const from = start % text.length;
        return text.slice(from, from + length);
      }),
    wordArbitrary(CHARACTERS, 4),
  );
  /** Pieces of one student's name and e-mail: a query that finds at least that student. */
  const oneStudentWords = fc
    .tuple(
      fc.constantFrom(...everyone),
      fc.array(fc.tuple(fc.boolean(), fc.nat(), fc.integer({ min: 1, max: 6 })), {
        minLength: 1,
        maxLength: 3,
      }),
    )
    .map(([{ name, email }, picks]) =>
      picks.map(([fromEmail, start, length]) => {
        const text = fromEmail ? email : name;
        const from = start % text.length;
        return text.slice(from, from + length);
      }),
    );
  const queryArbitrary = fc
    .tuple(
      fc.oneof(oneStudentWords, fc.array(queryWordArbitrary, { minLength: 1, maxLength: 4 })),
      fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
      fc.constantFrom(' ', ' - ', ', ', '@'),
    )
    .map(([words, upper, separator]) =>
      words.map((word, at) => (upper[at] ? word.toUpperCase() : word)).join(separator),
    )
    .filter((query) => new Set(searchWords(query)).size <= 8 && query.length <= 200);

  it('GET /v1/students returns exactly the matching students, by name then e-mail, on every page', async () => {
    // How many runs expected someone: a server that found nobody must not pass for right.
    let found = 0;
    await fc.assert(
      fc.asyncProperty(queryArbitrary, fc.constantFrom(7, 33, 100), async (query, pageSize) => {
        const expected = everyone.filter(matches(query)).toSorted(byNameThenEmail);
        if (expected.length > 0) found += 1;
        const pages = Math.max(1, Math.ceil(expected.length / pageSize));
        for (let page = 1; page <= pages; page++) {
          const search = new URLSearchParams({
            query,
            page: String(page),
            pageSize: String(pageSize),
          });
          const answer = await server.request(`/students?${search.toString()}`);
          const { data, totalRecords } = studentSearchResponseSchema.parse(answer.body);
          expect(totalRecords, query).toBe(expected.length);
          expect(data.map(({ email }) => email)).toEqual(
            expected.slice((page - 1) * pageSize, page * pageSize).map(({ email }) => email),
          );
        }
      }),
      { numRuns: 120, seed: 21 },
    );
    expect(found).toBeGreaterThan(60);
  });

  it("GET /v1/classe/{id}/students returns exactly the turma's matching students, on every page", async () => {
    let found = 0;
    await fc.assert(
      fc.asyncProperty(
        queryArbitrary,
        fc.constantFrom('big', 'half'),
        fc.constantFrom(10, 100),
        async (query, id, pageSize) => {
          const members = id === 'big' ? everyone : inHalf;
          const expected = members.filter(matches(query)).toSorted(byNaturalNameThenEmail);
          if (expected.length > 0) found += 1;
          const pages = Math.max(1, Math.ceil(expected.length / pageSize));
          for (let page = 1; page <= pages; page++) {
            const search = new URLSearchParams({
              query,
              page: String(page),
              pageSize: String(pageSize),
            });
            const answer = await server.request(`/classe/${id}/students?${search.toString()}`);
            const { data, totalRecords } = rosterResponseSchema.parse(answer.body);
            expect(totalRecords, query).toBe(expected.length);
            expect(data.map(({ email }) => email)).toEqual(
              expected.slice((page - 1) * pageSize, page * pageSize).map(({ email }) => email),
            );
          }
        },
      ),
      { numRuns: 80, seed: 22 },
    );
    expect(found).toBeGreaterThan(40);
  });
});
