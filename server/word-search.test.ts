/**
 * Search word by word, in any order, best match first (docs/decisions/013-word-search.md): the
 * examples staff type, the limits, and a property test against the rule applied to every name in
 * memory.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXTENSIONS_HEADER,
  foldedWords,
  listsExtension,
  QUERY_WORDS_MAX,
  RANK_EXTENSION,
  SORT_VALUES,
  type Class,
  type SortBy,
} from '#contract';
import type { TurmaFixture } from './testing/database.ts';
import { compareNaturally } from './testing/natural-order.ts';
import { matchesQuery, rankedByRule } from './testing/search-rule.ts';
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

describe('best match first, and words of one character', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      fixtures: {
        turmas: [
          turma('r01', '1ª série A — Língua Portuguesa', 1),
          turma('r02', '1ª série E — Língua Portuguesa', 2),
          turma('r03', 'Ensino Religioso', 3),
          turma('r04', 'Física', 4),
          turma('r05', 'Educação Física', 5),
          turma('r06', '2º ano B — Geografia', 6),
          turma('r07', '1º ano B — Geografia · Unidade 2', 7),
          turma('r08', '2ª série B — Geografia', 8),
          turma('r09', 'Oficina de Arte', 9),
          turma('r10', 'Artesanato', 10),
          turma('r11', 'Quarteto', 11),
        ],
      },
    });
  });
  afterAll(() => server.stop());

  const ranked = async (query: string) => names((await server.listClasses({ query })).data);
  const byName = async (query: string) =>
    names((await server.listClasses({ query, sortBy: 'name' })).data);

  it('says it ranks, in the Api-Extensions header of its answers', async () => {
    const answer = await server.request('/classe?query=arte');
    expect(listsExtension(answer.headers[EXTENSIONS_HEADER.toLowerCase()], RANK_EXTENSION)).toBe(
      true,
    );
  });

  it.each([
    // The same turma named as staff write it: its section letter no longer matches "sériE".
    ['1ª série E Língua Portuguesa', ['1ª série E — Língua Portuguesa']],
    ['2 ano B geografia', ['2º ano B — Geografia', '1º ano B — Geografia · Unidade 2']],
    // Fewer words the search did not name first.
    ['física', ['Física', 'Educação Física']],
    // A whole word before the start of one, before the inside of one, whatever else the name has.
    ['arte', ['Oficina de Arte', 'Artesanato', 'Quarteto']],
  ])('"%s" comes best match first', async (query, expected) => {
    expect(await ranked(query)).toEqual(expected);
  });

  it('still sorts by the column asked for', async () => {
    expect(await byName('arte')).toEqual(['Artesanato', 'Oficina de Arte', 'Quarteto']);
    expect(await byName('física')).toEqual(['Educação Física', 'Física']);
  });

  it('matches a one-character word at the start of a word only', async () => {
    expect(await byName('E')).toEqual([
      '1ª série E — Língua Portuguesa',
      'Educação Física',
      'Ensino Religioso',
    ]);
  });

  it('keeps a one-character word that occurs inside another word of the query', async () => {
    expect(await byName('série e')).toEqual(['1ª série E — Língua Portuguesa']);
  });

  it('takes a number alone as the whole of an ordinal', async () => {
    expect(await ranked('2')).toEqual([
      // Whole words all: then the fewer unmet words, then by name ("2a…" before "2o…").
      '2ª série B — Geografia',
      '2º ano B — Geografia',
      '1º ano B — Geografia · Unidade 2',
    ]);
  });
});

describe('ordinal signs as schools write them', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      fixtures: {
        turmas: [
          turma('o1', '8° ano A — Arte', 1),
          turma('o2', '8ºA — Matemática', 2),
          turma('o3', '8ªB — Química', 3),
          turma('o4', '8º ano B — História', 4),
          turma('o5', '7º ano A — Arte', 5),
        ],
      },
    });
  });
  afterAll(() => server.stop());

  const ranked = async (query: string) => names((await server.listClasses({ query })).data);

  it.each([
    // The degree sign typed for "º", in the name or in the search.
    ['8º ano a arte', ['8° ano A — Arte']],
    ['8° ano b', ['8º ano B — História']],
    // The section written against the ordinal is a word of its own.
    ['8 a matematica', ['8ºA — Matemática']],
    ['8ºA arte', ['8° ano A — Arte']],
    ['química 8 b', ['8ªB — Química']],
  ])('"%s" finds the turma it names', async (query, expected) => {
    expect(await ranked(query)).toEqual(expected);
  });

  it('puts both turmas "8 a" names first, whichever sign they were written with', async () => {
    expect(await ranked('8 a')).toEqual([
      '8ºA — Matemática',
      '8° ano A — Arte',
      // "a" at the start of "ano".
      '8º ano B — História',
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
  // Names share words, as turma names do, so that searches find many turmas as well as few;
  // ordinals, section letters and numbers among them.
  const SHARED_WORDS = [
    ...fc.sample(wordArbitrary, { seed: 2025, numRuns: 30 }),
    ...['1º', '2º', '2ª', '2', '12', 'A', 'E', 'ano', 'série', 'Educação', 'Física'],
  ];
  const nameWordArbitrary = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...SHARED_WORDS) },
    { weight: 1, arbitrary: wordArbitrary },
  );
  const nameArbitrary = fc
    .array(fc.tuple(nameWordArbitrary, fc.constantFrom(...SEPARATORS)), {
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
      const inDatabase = await server.database.query<{ id: string; folded: string }>(
        `SELECT id, search_name AS folded FROM classes
         ORDER BY ${columns[field]} ${direction}, id ${direction}`,
      );
      // Names in natural order ("2" before "12"), which no SQL collation here gives.
      if (field === 'name') {
        inDatabase.sort(
          (a, b) =>
            compareNaturally(a.folded, b.folded) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
        );
        if (direction === 'DESC') inDatabase.reverse();
      }
      expect(ordered.get(sortBy)!.map(({ id }) => id)).toEqual(inDatabase.map(({ id }) => id));
    }
  });

  /** A piece of names' text, across words, or a word of its own: searches that mostly fail. */
  const anyWordArbitrary = fc.oneof(
    fc
      .tuple(fc.constantFrom(...NAMES), fc.nat(), fc.integer({ min: 1, max: 12 }))
      .map(([name, start, length]) => {
        const text = name.replace(/[\s—/,.·-]+/g, '');
        const from = start % text.length;
        return text.slice(from, from + length);
      }),
    wordArbitrary.map((word) => word.slice(0, 12)),
  );
  /**
   * Words of one name as staff type them: each whole, its start, its first character, or a piece
   * of it; searches that find that turma, and others that share the words.
   */
  const oneNameArbitrary = fc
    .tuple(
      fc.constantFrom(...NAMES),
      fc.array(fc.tuple(fc.nat(), fc.nat(3), fc.nat(), fc.integer({ min: 1, max: 12 })), {
        minLength: 1,
        maxLength: 4,
      }),
    )
    .map(([name, picks]) => {
      const words = name.split(/[\s—/,.·-]+/).filter((word) => word !== '');
      return picks.map(([which, how, from, length]) => {
        const word = words[which % words.length] ?? 'x';
        const piece = word.slice(from % word.length, (from % word.length) + length);
        return [word, word.slice(0, length), word[0]!, piece][how]!;
      });
    });
  const queryArbitrary = fc
    .tuple(
      fc.oneof(
        { weight: 3, arbitrary: oneNameArbitrary },
        { weight: 1, arbitrary: fc.array(anyWordArbitrary, { minLength: 1, maxLength: 8 }) },
      ),
      fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
      fc.constantFrom(' ', '  ', ' - ', ', '),
    )
    .map(([words, upper, separator]) =>
      words.map((word, at) => (upper[at] ? word.toUpperCase() : word)).join(separator),
    )
    // An ordinal sign ends a word ("aªÉa" is two): more than the limit is a 400, tested above.
    .filter((query) => new Set(foldedWords(query)).size <= QUERY_WORDS_MAX);

  it('returns exactly the turmas with every word, in the requested order or best match first, on every page', async () => {
    await fc.assert(
      fc.asyncProperty(
        queryArbitrary,
        fc.constantFrom(undefined, ...SORT_VALUES),
        fc.constantFrom(10, 33, 100),
        async (query, sortBy, pageSize) => {
          const expected = (
            sortBy === undefined
              ? rankedByRule(ordered.get('name')!, query)
              : ordered.get(sortBy)!.filter(({ name }) => matchesQuery(name, query))
          ).map(({ id }) => id);
          const pages = Math.max(1, Math.ceil(expected.length / pageSize));
          for (let page = 1; page <= pages; page++) {
            const { data, totalRecords } = await server.listClasses({
              query,
              ...(sortBy && { sortBy }),
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
