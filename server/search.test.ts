/**
 * getClasses' search on demo data and on names with symbols: exactly what the rule says, every
 * word of the query somewhere in the folded name (docs/decisions/013-word-search.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  foldForSearch,
  searchWords,
  SORT_VALUES,
  type Class,
  type ClassListResponse,
} from '#contract';
import { writeFixtures, type TurmaFixture } from './testing/database.ts';
import {
  expectWriteOk,
  ids,
  names,
  startTestServer,
  type TestServer,
} from './testing/test-server.ts';

/** The rule, plainly: every word of the query occurs in the folded name. */
const matches = (term: string) => (turma: Class) =>
  searchWords(term).every((word) => foldForSearch(turma.name).includes(word));

describe('search on 600 demo turmas, against the rule applied to every name', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seedClasses: 600 });
  });
  afterAll(() => server.stop());

  // From nearly every turma to none: common terms are walked, rare ones sorted.
  const TERMS = [
    'a', // one letter: a scan
    '9º', // two letters after folding ("9o"): a scan
    'matem', // one subject in 14: trigram count, walked
    'MATEMÁTICA', // case and accents folded before the index sees them
    ' ano ', // trimmed
    '9º ano a — ', // 14 turmas: sorted in most orders
    '1ª série b — química', // one turma
    'química 9', // no turma
  ];

  it.each(TERMS)('query %j: every order, pages of 100 and of 7, from both ends', async (term) => {
    for (const sortBy of SORT_VALUES) {
      const expected = (await server.listAllClasses(sortBy)).filter(matches(term));
      for (const pageSize of [100, 7]) {
        const pages = Math.ceil(expected.length / pageSize);
        // Beyond 5 pages only the first two and the last two: both ends of the walk.
        const wanted = [1, 2, pages - 1, pages, pages + 1].filter((page) => page >= 1);
        for (const page of pages <= 5 ? [...Array(pages + 1).keys()].map((i) => i + 1) : wanted) {
          const answer = await server.listClasses({ query: term, sortBy, pageSize, page });
          const slice = expected.slice((page - 1) * pageSize, page * pageSize);
          expect(answer, `${sortBy}, ${pageSize} per page, page ${page}`).toEqual({
            data: slice,
            totalRecords: expected.length,
          } satisfies ClassListResponse);
        }
      }
    }
  });
});

describe('search of names with symbols and punctuation', () => {
  const turma = (id: string, name: string): TurmaFixture => ({
    id,
    name,
    createdAt: '2024-01-01T10:00:00.000Z',
    updatedAt: '2024-01-01T10:00:00.000Z',
  });
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      fixtures: {
        turmas: [
          turma('q1', 'Clube "Xadrez" avançado'),
          turma('q2', 'Oficina de 🎭teatro'),
          turma('q3', 'Robótica AND NOT OR'),
          turma('q4', 'Turma*'),
          turma('q5', 'x'),
        ],
      },
    });
  });
  afterAll(() => server.stop());

  const ALL = ['q1', 'q2', 'q3', 'q4', 'q5'];
  it.each([
    ['double quotes, which separate words', '"xadrez"', ['q1']],
    ['no filter for a double quote alone', '"', ALL],
    ['words that query languages call operators', 'and not or', ['q3']],
    ['a star, which separates words', 'turma*', ['q4']],
    ['a star inside a word, which splits it', 'clu*be', ['q1']],
    ['an emoji, which separates words', '🎭te', ['q2']],
    ['the words around an emoji, in any order', 'e 🎭t', ['q2']],
    ['a one-letter name', 'x', ['q1', 'q5']],
    ['no filter for a NUL character alone', '\0', ALL],
    ['the words around a NUL character', 'clube\0x', ['q1']],
  ])('finds %s', async (_, query, expected) => {
    const { data, totalRecords } = await server.listClasses({ query, sortBy: 'createdAt' });

    expect(ids(data).toSorted()).toEqual(expected);
    expect(totalRecords).toBe(expected.length);
  });
});

describe('search and totals follow writes made by another process', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seedClasses: 30 });
  });
  afterAll(() => server.stop());

  it('a turma added while the server runs (by `npm run seed`) is counted and found', async () => {
    const total = (await server.listClasses()).totalRecords;
    // Few matches, sorted (their rowids kept, as is every total) rather than walked.
    const bySize = { query: 'física', sortBy: 'countStudents' } as const;
    const before = names((await server.listClasses(bySize)).data);
    expect(before.length).toBeGreaterThan(0);
    expect(await server.listClasses({ query: 'laboratório' })).toEqual({
      data: [],
      totalRecords: 0,
    });

    await writeFixtures(server.database, {
      turmas: [
        {
          id: 'lab',
          name: 'Laboratório de Física',
          createdAt: '2024-01-01T10:00:00.000Z',
          updatedAt: '2024-01-01T10:00:00.000Z',
        },
      ],
    });

    expect((await server.listClasses()).totalRecords).toBe(total + 1);
    expect(names((await server.listClasses({ query: 'laboratorio' })).data)).toEqual([
      'Laboratório de Física',
    ]);
    const after = await server.listClasses(bySize);
    expect(names(after.data).toSorted()).toEqual([...before, 'Laboratório de Física'].toSorted());
    expect(after.totalRecords).toBe(before.length + 1);
  });

  it('an enrolment moves countStudents in the next answer, searched or not', async () => {
    const [first] = (await server.listClasses({ query: 'laboratorio' })).data;
    expectWriteOk(
      await server.addStudentToClasses({
        name: 'Eva Rocha',
        email: 'eva@escola.example',
        classes: [{ id: first!.id }],
      }),
    );

    const [searched] = (await server.listClasses({ query: 'laboratorio' })).data;
    const listed = (await server.listAllClasses()).find((turma) => turma.id === first!.id);
    expect(searched?.countStudents).toBe(first!.countStudents + 1);
    expect(listed?.countStudents).toBe(first!.countStudents + 1);
  });

  it('a turma added by another process just before an enrolment is still found after it', async () => {
    await writeFixtures(server.database, {
      turmas: [
        {
          id: 'robotica',
          name: 'Robótica 1º ano',
          createdAt: '2024-01-01T10:00:00.000Z',
          updatedAt: '2024-01-01T10:00:00.000Z',
        },
      ],
    });
    // The server's own write comes before any list has seen the new turma.
    expectWriteOk(
      await server.addStudentToClasses({
        name: 'Rui Alves',
        email: 'rui@escola.example',
        classes: [{ id: 'robotica' }],
      }),
    );

    const { data } = await server.listClasses({ query: 'robotica' });
    expect(data.map(({ id, countStudents }) => ({ id, countStudents }))).toEqual([
      { id: 'robotica', countStudents: 1 },
    ]);
  });
});
