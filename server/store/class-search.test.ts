/**
 * The turmas index on its own, against the rule in memory (testing/search-rule.ts), with limits
 * small enough that a few hundred turmas reach each of its methods: sorting a few turmas, walking
 * many, and ranking both ways, heads and pages past them. Through HTTP, only a million turmas
 * would reach some of them (search.test.ts and word-search.test.ts test the same rule that way).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldForSearch, SORT_VALUES, type SortBy, type SortField } from '#contract';
import { compareNaturally } from '../testing/natural-order.ts';
import { matchesQuery, rankedByRule } from '../testing/search-rule.ts';
import { ClassSearch, type ClassSearchLimits } from './class-search.ts';
import { builtNow } from './read-model.ts';

interface Turma {
  key: number;
  id: string;
  name: string;
  createdAt: number;
  countStudents: number;
  updatedAt: number;
}

const WORDS = ['1º', '2º', '2ª', '2', '12', 'A', 'B', 'E', 'ano', 'série', 'Arte', 'Artes'];
const MORE_WORDS = ['Educação', 'Física', 'Quarteto', 'Geografia', 'Unidade', 'Língua', 'Ensino'];
const nameArbitrary = fc
  .array(fc.constantFrom(...WORDS, ...MORE_WORDS), { minLength: 1, maxLength: 6 })
  .map((words) => words.join(' '));
const TURMAS: Turma[] = fc
  .sample(fc.tuple(nameArbitrary, fc.nat(50), fc.nat(5), fc.nat(50)), { seed: 32, numRuns: 400 })
  .map(([name, created, count, updated], at) => ({
    key: at + 1,
    id: `c${String((at * 7919) % 1000).padStart(3, '0')}`,
    name,
    createdAt: created,
    countStudents: count,
    updatedAt: updated,
  }));

/** Code-point order, as both databases sort folded names and ids. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const VALUE: Record<SortField, (turma: Turma) => string | number> = {
  name: (turma) => foldForSearch(turma.name),
  createdAt: (turma) => turma.createdAt,
  countStudents: (turma) => turma.countStudents,
  updatedAt: (turma) => turma.updatedAt,
};
/** Ordered as the API lists them: names in natural order ("2" before "12"), ties by id. */
function sorted(turmas: readonly Turma[], field: SortField): Turma[] {
  if (field === 'name') {
    return turmas.toSorted(
      (a, b) =>
        compareNaturally(foldForSearch(a.name), foldForSearch(b.name)) || compareText(a.id, b.id),
    );
  }
  return byValue(turmas, field);
}
/** Ordered as the stores read them from the database: names by code point. */
function byValue(turmas: readonly Turma[], field: SortField): Turma[] {
  const value = VALUE[field];
  return turmas.toSorted((a, b) => {
    const [x, y] = [value(a), value(b)];
    return (x < y ? -1 : x > y ? 1 : 0) || compareText(a.id, b.id);
  });
}

/**
 * Small enough for 400 turmas to reach every method: groups of a ranking sorted (below 50
 * turmas) or, sharing a place, walked in name order (from 7); lists walked or read whole; a
 * search's turmas found from the names of its rarest word (`sparse` 1/2) or by bitsets alone (0);
 * the names sorted in runs then merged (`sortedAtOnce` 7, an odd run left over) or at once.
 */
const LIMITS: ClassSearchLimits[] = [
  { few: 1 / 8, rankedHead: 7, walkedDepth: 12, sparse: 1 / 2, sortedAtOnce: 7 },
  { few: 1 / 64, rankedHead: 7, walkedDepth: 12, sparse: 0, sortedAtOnce: 1 << 16 },
];

const iso = (day: number) => new Date(Date.UTC(2024, 0, 1 + day)).toISOString();

function indexOf(turmas: readonly Turma[], limits: ClassSearchLimits = LIMITS[0]!) {
  const keys = (field: SortField) => byValue(turmas, field).map(({ key }) => key);
  return builtNow(
    ClassSearch.building(
      {
        classes: turmas.map(({ key, name, countStudents, updatedAt }) => ({
          key,
          searchName: foldForSearch(name),
          countStudents,
          updatedAt: iso(updatedAt),
        })),
        keysByName: keys('name'),
        keysByCreatedAt: keys('createdAt'),
        keysByCountStudents: keys('countStudents'),
        keysByUpdatedAt: keys('updatedAt'),
        keysById: turmas.toSorted((a, b) => compareText(a.id, b.id)).map(({ key }) => key),
      },
      limits,
    ),
  );
}

/** What the rule says `query` finds, in the order asked, as row keys. */
function expectedKeys(turmas: readonly Turma[], query: string, sortBy: SortBy | undefined) {
  let list: Turma[];
  if (sortBy === undefined) {
    list = rankedByRule(sorted(turmas, 'name'), query);
  } else {
    const field = sortBy.replace('-', '') as SortField;
    list = sorted(turmas, field).filter(({ name }) => matchesQuery(name, query));
    if (sortBy.startsWith('-')) list.reverse();
  }
  return list.map(({ key }) => key);
}

const wordsArbitrary = fc
  .array(
    fc.oneof(
      fc.constantFrom(...WORDS, ...MORE_WORDS),
      fc.constantFrom(...WORDS, ...MORE_WORDS).map((word) => word.slice(0, 2)),
      fc.constantFrom('a', 'e', '2', 'rt', 'fis', 'ica', 'o'),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((words) => words.join(' '));
/** A turma's name typed in full, or its words in another order (exactly named first). */
const typedNameArbitrary = fc
  .tuple(fc.constantFrom(...TURMAS.map(({ name }) => name)), fc.boolean())
  .map(([name, reversed]) => (reversed ? name.split(' ').reverse().join(' ') : name));
const queryArbitrary = fc.oneof(
  { arbitrary: wordsArbitrary, weight: 3 },
  { arbitrary: typedNameArbitrary, weight: 1 },
);

describe('the turmas index, each of its methods against the rule', () => {
  it.each(LIMITS)(
    'answers every page of every search as the rule says, in every order and best match first (%o)',
    (limits) => {
      const index = indexOf(TURMAS, limits);
      fc.assert(
        fc.property(
          queryArbitrary,
          fc.constantFrom(undefined, ...SORT_VALUES),
          fc.constantFrom(3, 10),
          (query, sortBy, pageSize) => {
            const expected = expectedKeys(TURMAS, query, sortBy);
            const pages = Math.max(1, Math.ceil(expected.length / pageSize));
            for (let page = 1; page <= pages; page++) {
              const answer = index.page(query, sortBy, page, pageSize);
              expect(answer.totalRecords).toBe(expected.length);
              expect(answer.keys, `${query} ${sortBy} page ${page}`).toEqual(
                expected.slice((page - 1) * pageSize, page * pageSize),
              );
            }
          },
        ),
        { numRuns: 300, seed: 32 },
      );
    },
  );

  it.each(LIMITS)(
    'answers pages asked in any order as the rule says, best match first (%o)',
    (limits) => {
      // A page within the best tier, then one past it; a page past the head, then another.
      fc.assert(
        fc.property(
          queryArbitrary,
          fc.array(fc.nat(40), { minLength: 1, maxLength: 6 }),
          fc.constantFrom(3, 10),
          (query, pages, pageSize) => {
            const index = indexOf(TURMAS, limits);
            const expected = expectedKeys(TURMAS, query, undefined);
            for (const at of pages) {
              const page = 1 + (at % Math.max(1, Math.ceil(expected.length / pageSize)));
              const answer = index.page(query, undefined, page, pageSize);
              expect(answer.totalRecords).toBe(expected.length);
              expect(answer.keys, `${query} page ${page}`).toEqual(
                expected.slice((page - 1) * pageSize, page * pageSize),
              );
            }
          },
        ),
        { numRuns: 100, seed: 36 },
      );
    },
  );

  // Its oracle sorts 200,000 names: seconds, more on a busy machine.
  it(
    'pages deep into a ranking of 200,000 turmas that share one place',
    { timeout: 60_000 },
    () => {
      const many = Array.from({ length: 200_000 }, (_, at) => ({
        key: at + 1,
        id: `m${String(at).padStart(6, '0')}`,
        name: `Turma ${at % 2 === 0 ? 'A' : 'B'}`,
        createdAt: at % 50,
        countStudents: 0,
        updatedAt: at % 50,
      }));
      const index = indexOf(many, {
        few: 1 / 64,
        rankedHead: 500,
        walkedDepth: 1_000,
        sparse: 1 / 128,
        sortedAtOnce: 1 << 16,
      });
      const page = index.page('turma', undefined, 1_500, 100);
      expect(page.totalRecords).toBe(200_000);
      expect(page.keys).toEqual(expectedKeys(many, 'turma', undefined).slice(149_900, 150_000));
    },
  );

  it('follows counts and times that writes changed, searched and sorted', () => {
    const turmas = TURMAS.map((turma) => ({ ...turma }));
    const index = indexOf(turmas);
    const changed = turmas.filter((_, at) => at % 9 === 0);
    for (const [round, query] of ['a', 'arte', '2 ano', 'e'].entries()) {
      // Read first, near the start and deep (whole lists kept), so that what the index kept
      // must follow the writes.
      for (const sortBy of SORT_VALUES)
        for (const page of [1, 6]) index.page(query, sortBy, page, 5);
      for (const turma of changed) {
        turma.countStudents = (turma.countStudents + round + 1) % 7;
        turma.updatedAt = 60 + round * 7 + (turma.key % 5);
      }
      index.update(
        changed.map(({ key, countStudents, updatedAt }) => ({
          key,
          countStudents,
          updatedAt: iso(updatedAt),
        })),
      );
      for (const sortBy of SORT_VALUES) {
        const expected = expectedKeys(turmas, query, sortBy);
        expect(index.page(query, sortBy, 2, 4).keys, `${query} ${sortBy}`).toEqual(
          expected.slice(4, 8),
        );
        expect(index.page(query, sortBy, 6, 5).keys, `${query} ${sortBy} deep`).toEqual(
          expected.slice(25, 30),
        );
      }
    }
  });
});

describe('best match first: the query as typed, and the words a query word takes', () => {
  const NAMES = [
    'Física – 2ª série B',
    '2ª série B — Física',
    '2ª série B — Química',
    'Física – 2ª série A',
    '8º ano A — Arte',
    '8º ano A 2026',
    '8º ano B — Arte',
    '1º ano E — Física',
    '1º ano E — Educação Física',
    'Ano 3 B',
    '3 ano B',
    '3º ano B — Artes · Unidade 2',
    'Educação A A',
    'A Educação A',
    'Ensino Religioso',
    'Oficina de Arte',
  ];
  const turmas: Turma[] = NAMES.map((name, at) => ({
    key: at + 1,
    // Ids against the names' order, so that no tie falls to the id by chance.
    id: `t${String(99 - at).padStart(2, '0')}`,
    name,
    createdAt: at,
    countStudents: 0,
    updatedAt: at,
  }));
  // Few turmas sorted (rankedFew); many, each group of one place walked by name (split down to
  // the tier's planes); many, the groups of fewer than 4 sorted (rankedSlice).
  const PATHS: [string, ClassSearchLimits][] = [
    ['few', { few: 1, rankedHead: 500, walkedDepth: 1_000, sparse: 1 / 128, sortedAtOnce: 64 }],
    ['many, walked', { few: 0, rankedHead: 3, walkedDepth: 1, sparse: 0, sortedAtOnce: 64 }],
    [
      'many, sorted',
      { few: 1 / 4, rankedHead: 3, walkedDepth: 1, sparse: 1 / 2, sortedAtOnce: 64 },
    ],
  ];
  /** Every page of `pageSize`, asked first to last and then last to first, joined. */
  function pagedNames(index: ClassSearch, query: string, pageSize: number) {
    const { totalRecords } = index.page(query, undefined, 1, pageSize);
    const pages = Math.ceil(totalRecords / pageSize);
    const read = (page: number) => index.page(query, undefined, page, pageSize).keys;
    const forward = Array.from({ length: pages }, (_, at) => read(at + 1)).flat();
    const backward = Array.from({ length: pages }, (_, at) => read(pages - at)).reverse();
    expect(backward.flat(), `${query}: pages asked backward`).toEqual(forward);
    expect(new Set(forward).size, `${query}: no turma twice`).toBe(totalRecords);
    return forward.map((key) => turmas[key - 1]!.name);
  }

  it.each(PATHS)('puts the name typed exactly first, on every page (%s)', (_, limits) => {
    for (const pageSize of [1, 2, 3, 20]) {
      const index = indexOf(turmas, limits);
      // Same words, all whole, none left over: by name "2ª…" came first.
      expect(pagedNames(index, 'Física – 2ª série B', pageSize).slice(0, 2)).toEqual([
        'Física – 2ª série B',
        '2ª série B — Física',
      ]);
      expect(pagedNames(index, '2ª série B — Física', pageSize).slice(0, 2)).toEqual([
        '2ª série B — Física',
        'Física – 2ª série B',
      ]);
      expect(pagedNames(index, '3 ano b', pageSize).slice(0, 2)).toEqual(['3 ano B', 'Ano 3 B']);
      expect(pagedNames(index, 'ano 3 b', pageSize).slice(0, 2)).toEqual(['Ano 3 B', '3 ano B']);
      // Repeats kept: "a educacao a" is one name exactly, not the other.
      expect(pagedNames(index, 'a educacao a', pageSize).slice(0, 2)).toEqual([
        'A Educação A',
        'Educação A A',
      ]);
      for (const query of ['Física – 2ª série B', 'fisica 2 serie b', 'a educacao a', 'b 3'])
        expect(pagedNames(index, query, pageSize)).toEqual(
          expectedKeys(turmas, query, undefined).map((key) => turmas[key - 1]!.name),
        );
    }
  });

  it.each(PATHS.slice(1))(
    'puts the name typed exactly first among many turmas, found by a rare word too (%s)',
    (_, limits) => {
      // "Robótica" is in 2 of 402 names: the exact one is found among that word's names.
      const many = [
        ...TURMAS,
        ...['2º ano Robótica', 'Robótica 2º ano'].map((name, at) => ({
          ...TURMAS[at]!,
          key: TURMAS.length + at + 1,
          id: `r${at}`,
          name,
        })),
      ];
      const index = indexOf(many, limits);
      for (const query of ['Robótica 2º ano', '2º ano Robótica', 'robotica 2 ano']) {
        const expected = expectedKeys(many, query, undefined);
        expect(index.page(query, undefined, 1, 2).keys, query).toEqual(expected.slice(0, 2));
      }
      expect(index.page('Robótica 2º ano', undefined, 1, 1).keys).toEqual([TURMAS.length + 2]);
      expect(index.page('2º ano Robótica', undefined, 1, 1).keys).toEqual([TURMAS.length + 1]);
    },
  );

  it.each(PATHS)(
    'leaves over the words a query word only starts where it meets another whole (%s)',
    (_, limits) => {
      for (const pageSize of [1, 2, 20]) {
        const index = indexOf(turmas, limits);
        // "a" meets "A" whole: "Arte" is left over like "2026", and then the name decides.
        // "8º ano B — Arte" has no word "a": last.
        for (const query of ['8 ano a', '8º ano A'])
          expect(pagedNames(index, query, pageSize), query).toEqual([
            '8º ano A 2026',
            '8º ano A — Arte',
            '8º ano B — Arte',
          ]);
        // "e" meets "E" whole: "Educação" is left over.
        expect(pagedNames(index, '1 ano e fisica', pageSize)).toEqual([
          '1º ano E — Física',
          '1º ano E — Educação Física',
        ]);
        // A word met only at a start is taken where the word meets none whole.
        expect(pagedNames(index, 'arte', pageSize)).toEqual([
          'Oficina de Arte',
          '8º ano A — Arte',
          '8º ano B — Arte',
          '3º ano B — Artes · Unidade 2',
        ]);
        for (const query of ['8 ano a', 'a', 'e', 'a arte', 'a ar', 'e educacao', 'ano a 8'])
          expect(pagedNames(index, query, pageSize), query).toEqual(
            expectedKeys(turmas, query, undefined).map((key) => turmas[key - 1]!.name),
          );
      }
    },
  );
});
