/**
 * getClasses' search on demo data and on names with symbols: exactly what the rule says, every
 * word of the query meeting a word of the folded name, best match first when no column is asked
 * for (docs/decisions/013-word-search.md).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORT_VALUES, type Class, type ClassListResponse } from '#contract';
import { writeFixtures, type TurmaFixture } from './testing/database.ts';
import { matchesQuery, rankedByRule } from './testing/search-rule.ts';
import {
  expectWriteOk,
  ids,
  names,
  startTestServer,
  type TestServer,
} from './testing/test-server.ts';

const matches = (term: string) => (turma: Class) => matchesQuery(turma.name, term);

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
    const byName = await server.listAllClasses('name');
    for (const sortBy of [undefined, ...SORT_VALUES]) {
      const expected =
        sortBy === undefined
          ? rankedByRule(byName, term)
          : (await server.listAllClasses(sortBy)).filter(matches(term));
      for (const pageSize of [100, 7]) {
        const pages = Math.ceil(expected.length / pageSize);
        // Beyond 5 pages only the first two and the last two: both ends of the walk.
        const wanted = [1, 2, pages - 1, pages, pages + 1].filter((page) => page >= 1);
        for (const page of pages <= 5 ? [...Array(pages + 1).keys()].map((i) => i + 1) : wanted) {
          const answer = await server.listClasses({
            query: term,
            ...(sortBy && { sortBy }),
            pageSize,
            page,
          });
          const slice = expected.slice((page - 1) * pageSize, page * pageSize);
          expect(answer, `${sortBy ?? 'best match'}, ${pageSize} per page, page ${page}`).toEqual({
            data: slice,
            totalRecords: expected.length,
          } satisfies ClassListResponse);
        }
      }
    }
  });
});

describe('search on 2,000 demo turmas, for a turma named as staff name it', () => {
  let server: TestServer;
  let byName: Class[];
  beforeAll(async () => {
    server = await startTestServer({ seedClasses: 2_000 });
    byName = await server.listAllClasses('name');
  });
  afterAll(() => server.stop());

  const ranked = async (query: string) => {
    const { data, totalRecords } = await server.listClasses({ query, pageSize: 100 });
    expect(totalRecords).toBe(data.length);
    return names(data);
  };

  it.each([
    [
      '1ª série E Língua Portuguesa',
      ['1ª série E — Língua Portuguesa', '1ª série E — Língua Portuguesa · Unidade 2'],
    ],
    ['8 ano D arte', ['8º ano D — Arte', '8º ano D — Arte · Unidade 2']],
    [
      '2 ano B geografia',
      [
        '2º ano B — Geografia',
        '2º ano B — Geografia · Unidade 2',
        // "2" is a whole word of these too; they have two words the search did not name.
        ...[1, 3, 4, 5, 6, 7, 8, 9].map((grade) => `${grade}º ano B — Geografia · Unidade 2`),
      ],
    ],
  ])('"%s" answers the turma named first, then the others in order', async (query, expected) => {
    expect(await ranked(query)).toEqual(expected);
  });

  it.each(['a', 'ano', 'e', '2', 'unidade 2', 'fisica'])(
    'query %j: best match first on every page, past the first 500 too',
    async (query) => {
      const expected = rankedByRule(byName, query);
      expect(expected.length).toBeGreaterThan(100);
      for (const pageSize of [100, 7]) {
        const pages = Math.ceil(expected.length / pageSize);
        // Pages of 7: around the 500th turma, and the last ones.
        const around = [70, 71, 72, 73, pages - 1, pages].filter((page) => page >= 1);
        for (const page of pageSize === 100 ? [...Array(pages).keys()].map((i) => i + 1) : around) {
          const { data, totalRecords } = await server.listClasses({ query, pageSize, page });
          expect(totalRecords).toBe(expected.length);
          expect(ids(data), `${pageSize} per page, page ${page}`).toEqual(
            ids(expected.slice((page - 1) * pageSize, page * pageSize)),
          );
        }
      }
    },
  );

  /**
   * The words of a name as staff type them, in any order: with or without accents and the
   * ordinal sign, in any case.
   */
  const typedArbitrary = fc
    .tuple(
      fc.nat(1_999),
      fc.array(fc.tuple(fc.nat(), fc.boolean(), fc.boolean(), fc.boolean()), {
        minLength: 8,
        maxLength: 8,
      }),
    )
    .map(([index, choices]) => {
      const words = byName[index]!.name.split(/[\s—·]+/).filter((word) => word !== '');
      const typed = words.map((word, at) => {
        const [, plain, noOrdinal, upper] = choices[at]!;
        let text = plain ? word.normalize('NFD').replace(/\p{M}/gu, '') : word;
        if (noOrdinal) text = text.replace(/[ºª]$/, '');
        return upper ? text.toUpperCase() : text.toLowerCase();
      });
      const order = typed.map((_, at) => choices[at]![0]);
      const shuffled = typed
        .map((word, at) => ({ word, key: order[at]! }))
        .sort((a, b) => a.key - b.key)
        .map(({ word }) => word);
      return { turma: byName[index]!, query: shuffled.join(' ') };
    });

  it('answers each of 50 random turmas first for a query of all its words, in any order', async () => {
    const samples = fc.sample(typedArbitrary, { seed: 32, numRuns: 50 });
    for (const { turma, query } of samples) {
      const [first] = (await server.listClasses({ query })).data;
      expect(first?.name, query).toBe(turma.name);
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
    ['the words around an emoji, in any order', 'te 🎭o', ['q2']],
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
