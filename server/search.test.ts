/**
 * Every path getClasses' search takes (trigram index or name scan, index walk or sort;
 * docs/decisions/004-api-performance.md) answers exactly what a substring test of the folded names
 * gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldForSearch, SORT_VALUES, type Class, type ClassListResponse } from '#contract';
import { writeFixtures, type TurmaFixture } from './testing/database.ts';
import {
  expectWriteOk,
  ids,
  names,
  startTestServer,
  type TestServer,
} from './testing/test-server.ts';

const matches = (term: string) => (turma: Class) =>
  foldForSearch(turma.name).includes(foldForSearch(term.trim()));

describe('search on 600 demo turmas, every path against a plain substring test', () => {
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

describe('search of names the demo data does not have', () => {
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

  it.each([
    ['double quotes, which delimit an FTS5 phrase', '"xadrez"', ['q1']],
    ['a double quote alone', '"', ['q1']],
    ['FTS5 operators, which are plain words here', 'and not or', ['q3']],
    ['an FTS5 prefix star', 'turma*', ['q4']],
    ['a star that is not in the name', 'clu*', []],
    // The trigram tokenizer counts code points: "🎭t" is two (a scan), though three UTF-16 units.
    ['an emoji and a letter', '🎭t', ['q2']],
    ['an emoji between letters', 'e 🎭t', ['q2']],
    ['a name shorter than a trigram', 'x', ['q1', 'q5']],
    // SQLite would end the pattern there: all turmas for a scan, an error for the index.
    ['nothing for a NUL character, alone', '\0', []],
    ['nothing for a NUL character in a long term', 'clube\0', []],
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

    writeFixtures(server.dataDir, {
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
});
