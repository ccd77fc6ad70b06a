/**
 * Search word by word, in any order (docs/decisions/013-word-search.md): the examples staff type,
 * the limits, and a property test against the rule applied to every name in memory.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldForSearch, searchWords, SORT_VALUES, type Class, type SortBy } from '#contract';
import type { TurmaFixture } from './testing/database.ts';
import {
  expectError,
  expectWriteOk,
  names,
  startTestServer,
  type TestServer,
} from './testing/test-server.ts';

const turma = (id: string, name: string, day = 1): TurmaFixture => ({
  id,
  name,
  createdAt: `2024-01-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  updatedAt: `2024-02-${String(day).padStart(2, '0')}T10:00:00.000Z`,
});

describe('search as staff type it', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      fixtures: {
        turmas: [
          turma('w1', '3º ano A — Matemática', 1),
          turma('w2', '9º ano B — Matemática', 2),
          turma('w3', '3º ano A — Física', 3),
          turma('w4', 'Matemática Financeira / 3ª série', 4),
          turma('w5', 'Inglês, nível 2 - Manhã', 5),
        ],
      },
    });
  });
  afterAll(() => server.stop());

  const search = async (query: string) => {
    const { data, totalRecords } = await server.listClasses({ query, sortBy: 'createdAt' });
    expect(totalRecords).toBe(data.length);
    return names(data);
  };

  it.each([
    ['3º A matematica', ['3º ano A — Matemática']],
    ['MATEMÁTICA 3º', ['3º ano A — Matemática']],
    ['matemática 9º ano', ['9º ano B — Matemática']],
    ['ano 3º', ['3º ano A — Matemática', '3º ano A — Física']],
    ['serie 3 financeira', ['Matemática Financeira / 3ª série']],
    ['manha ingles, 2', ['Inglês, nível 2 - Manhã']],
    ['matemática química', []],
  ])('"%s" finds its words in any order', async (query, expected) => {
    expect(await search(query)).toEqual(expected);
  });

  it('takes separators alone as no filter', async () => {
    expect(await search(' — / , . - ')).toHaveLength(5);
  });

  it('takes 8 words and refuses 9, saying why', async () => {
    expect(await search('a b c d e f g h')).toEqual([]);
    expectError(
      await server.request(`/classe?query=${encodeURIComponent('a b c d e f g h i')}`),
      400,
      'query: must have at most 8 words',
    );
    // Repeats are one word.
    expect(await search('a a a a a a a a a ano')).toHaveLength(3);
  });

  it('shows an enrolment in the very next search', async () => {
    const bySize = { query: 'matematica ano', sortBy: '-countStudents' } as const;
    expect((await server.listClasses(bySize)).data.map(({ id }) => id)).toEqual(['w2', 'w1']);

    expectWriteOk(
      await server.addStudentToClass('w1', { name: 'Ana Souza', email: 'ana@escola.example' }),
    );

    const after = (await server.listClasses(bySize)).data;
    expect(after.map(({ id, countStudents }) => ({ id, countStudents }))).toEqual([
      { id: 'w1', countStudents: 1 },
      { id: 'w2', countStudents: 0 },
    ]);
  });
});

describe('search against the rule, for random names and queries', () => {
  // Letters with and without accents, ordinals, digits, and the separators names use.
  const CHARACTERS = Array.from('aábcçdeéêfghiíjlmnoóõpqrstuúvxzAÁÇÉÍÓÚºª0123456789');
  const SEPARATORS = [' ', ' ', ' — ', '-', '/', ', ', '.', ' · '];
  const wordArbitrary = fc
    .array(fc.constantFrom(...CHARACTERS), { minLength: 1, maxLength: 10 })
    .map((characters) => characters.join(''));
  const nameArbitrary = fc
    .array(fc.tuple(wordArbitrary, fc.constantFrom(...SEPARATORS)), {
      minLength: 1,
      maxLength: 5,
    })
    .map((parts) => parts.flat().slice(0, -1).join('').trim() || 'x');
  const NAMES = fc.sample(nameArbitrary, { seed: 2026, numRuns: 300 });
  const TURMAS = NAMES.map((name, index) =>
    turma(`p${String((index * 7919) % 1000).padStart(3, '0')}`, name, 1 + (index % 28)),
  );

  let server: TestServer;
  const ordered = new Map<SortBy, Class[]>();
  beforeAll(async () => {
    server = await startTestServer({ fixtures: { turmas: TURMAS } });
    // Enrolments move turmas in the count and updatedAt orders while the index is in use.
    for (const [at, turma] of TURMAS.slice(0, 60).entries()) {
      if (at % 3 === 0) await server.listClasses({ sortBy: '-updatedAt' });
      const email = `aluno${at % 7}@escola.example`;
      const other = TURMAS[(at * 31 + 1) % TURMAS.length]!;
      const classes = [...new Set([turma.id, other.id])].map((id) => ({ id }));
      const body = { name: 'Aluno', email, classes };
      expectWriteOk(
        at % 5 === 4
          ? await server.removeStudentFromClasses({
              email: `aluno${(at - 1) % 7}@escola.example`,
              classes,
            })
          : await server.addStudentToClasses(body),
      );
    }
    for (const sortBy of SORT_VALUES) ordered.set(sortBy, await server.listAllClasses(sortBy));
    // About 80 requests: a few seconds on a busy machine, well past the default hook timeout.
  }, 60_000);
  afterAll(() => server.stop());

  it('lists every order as the database sorts it, after the writes', async () => {
    const columns = {
      name: 'search_name',
      createdAt: 'created_at',
      updatedAt: 'updated_at',
      countStudents: 'count_students',
    };
    for (const sortBy of SORT_VALUES) {
      const field = sortBy.replace('-', '') as keyof typeof columns;
      const direction = sortBy.startsWith('-') ? 'DESC' : 'ASC';
      const inDatabase = await server.database.query<{ id: string }>(
        `SELECT id FROM classes ORDER BY ${columns[field]} ${direction}, id ${direction}`,
      );
      expect(ordered.get(sortBy)!.map(({ id }) => id)).toEqual(inDatabase.map(({ id }) => id));
    }
  });

  /** A piece of a name's word, or a word of its own, in a random case. */
  const queryWordArbitrary = fc.oneof(
    fc
      .tuple(fc.constantFrom(...NAMES), fc.nat(), fc.integer({ min: 1, max: 12 }))
      .map(([name, start, length]) => {
        const text = name.replace(/[\s—/,.·-]+/g, '');
        const from = start % text.length;
        return text.slice(from, from + length);
      }),
    wordArbitrary.map((word) => word.slice(0, 12)),
  );
  const queryArbitrary = fc
    .tuple(
      fc.array(fc.tuple(queryWordArbitrary, fc.boolean()), { minLength: 1, maxLength: 8 }),
      fc.constantFrom(' ', '  ', ' - ', ', '),
    )
    .map(([words, separator]) =>
      words.map(([word, upper]) => (upper ? word.toUpperCase() : word)).join(separator),
    );

  it('returns exactly the turmas with every word, in the requested order, on every page', async () => {
    await fc.assert(
      fc.asyncProperty(
        queryArbitrary,
        fc.constantFrom(...SORT_VALUES),
        fc.constantFrom(10, 33, 100),
        async (query, sortBy, pageSize) => {
          const words = searchWords(query);
          const expected = ordered
            .get(sortBy)!
            .filter(({ name }) => words.every((word) => foldForSearch(name).includes(word)))
            .map(({ id }) => id);
          const pages = Math.max(1, Math.ceil(expected.length / pageSize));
          for (let page = 1; page <= pages; page++) {
            const { data, totalRecords } = await server.listClasses({
              query,
              sortBy,
              pageSize,
              page,
            });
            expect(totalRecords).toBe(expected.length);
            expect(data.map(({ id }) => id)).toEqual(
              expected.slice((page - 1) * pageSize, page * pageSize),
            );
          }
        },
      ),
      { numRuns: 150, seed: 18 },
    );
  });
});
