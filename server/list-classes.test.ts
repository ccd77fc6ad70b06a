/**
 * getClasses (`GET /v1/classe`): shape, paging, sorting, search, and every 400 of its query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORT_VALUES, type SortBy, type SortField } from '#contract';
import type { TurmaFixture } from './testing/database.ts';
import { STANDARD_FIXTURES } from './testing/fixtures.ts';
import { compareNaturally } from './testing/natural-order.ts';
import {
  expectError,
  ids,
  names,
  startTestServer,
  type TestServer,
} from './testing/test-server.ts';

// Ascending orders; each descending order is its exact reverse (ties by id reversed too).
const ASCENDING: Record<SortField, string[]> = {
  // Case and accents do not count: "historia" and "História" tie, and t2 < t5 decides.
  name: [
    'Física',
    'historia',
    'História',
    'Inglês 100% online',
    'Matemática 9º A',
    'matematica avançada',
    'Turma_B',
  ],
  // t1 and t6 were created at the same instant.
  createdAt: [
    'historia',
    'matematica avançada',
    'Física',
    'História',
    'Inglês 100% online',
    'Matemática 9º A',
    'Turma_B',
  ],
  // t4 and t5 were last updated at the same instant.
  updatedAt: [
    'Física',
    'Inglês 100% online',
    'Turma_B',
    'matematica avançada',
    'historia',
    'Matemática 9º A',
    'História',
  ],
  // 0: t1 t2 t3, 1: t5 t7, 2: t4 t6.
  countStudents: [
    'matematica avançada',
    'historia',
    'Turma_B',
    'História',
    'Inglês 100% online',
    'Matemática 9º A',
    'Física',
  ],
};
function expectedOrder(sortBy: SortBy): string[] {
  const descending = sortBy.startsWith('-');
  const ascending = ASCENDING[sortBy.replace(/^-/, '') as SortField];
  return descending ? ascending.toReversed() : ascending;
}

describe('getClasses on the standard turmas', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ fixtures: STANDARD_FIXTURES });
  });
  afterAll(() => server.stop());

  it('answers {data, totalRecords} with the five fields of each turma, as stored', async () => {
    const answer = await server.request('/classe?sortBy=createdAt&pageSize=1');

    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^application\/json\b/);
    expect(answer.body).toStrictEqual({
      data: [
        {
          id: 't2',
          name: 'historia',
          createdAt: '2024-01-01T10:00:00.000Z',
          updatedAt: '2024-02-10T10:00:00.000Z',
          countStudents: 0,
        },
      ],
      totalRecords: 7,
    });
  });

  it('sorts by name, page 1, 20 per page when no parameter is given', async () => {
    const byDefault = await server.listClasses();
    const explicit = await server.listClasses({ page: 1, pageSize: 20, sortBy: 'name' });

    expect(byDefault).toEqual(explicit);
    expect(names(byDefault.data)).toEqual(ASCENDING.name);
  });

  it.each(SORT_VALUES)('sortBy=%s orders the turmas, ties broken by id', async (sortBy) => {
    const { data, totalRecords } = await server.listClasses({ sortBy });

    expect(names(data)).toEqual(expectedOrder(sortBy));
    expect(totalRecords).toBe(7);
  });

  it.each(SORT_VALUES)(
    'sortBy=%s pages stably: pages of 1, 2 and 3 give every turma once, in order',
    async (sortBy) => {
      const all = ids((await server.listClasses({ sortBy, pageSize: 100 })).data);
      expect(all).toHaveLength(7);
      for (const pageSize of [1, 2, 3]) {
        const seen: string[] = [];
        for (let page = 1; page <= Math.ceil(7 / pageSize) + 1; page++) {
          const { data, totalRecords } = await server.listClasses({ sortBy, pageSize, page });
          expect(totalRecords).toBe(7);
          seen.push(...ids(data));
        }
        expect(seen, `pageSize ${pageSize}`).toEqual(all);
      }
    },
  );

  it.each([
    ['without accents', 'matematica', ['Matemática 9º A', 'matematica avançada']],
    ['in capitals with accents', 'MATEMÁTICA', ['Matemática 9º A', 'matematica avançada']],
    ['decomposed (NFD) accents', 'mate\u0301matica', ['Matemática 9º A', 'matematica avançada']],
    ['a cedilla spelled plain', 'avancada', ['matematica avançada']],
    ['an ordinal indicator', 'matemática 9º a', ['Matemática 9º A']],
    ['surrounding spaces, which are trimmed', '  história  ', ['historia', 'História']],
    ['a substring in the middle', 'glês 100', ['Inglês 100% online']],
    ['nothing that matches', 'química', []],
  ])('query finds names ignoring case and accents: %s', async (_, query, expected) => {
    const { data, totalRecords } = await server.listClasses({ query, sortBy: 'name' });

    expect(names(data)).toEqual(expected);
    expect(totalRecords).toBe(expected.length);
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   '],
  ])('an %s query does not filter', async (_, query) => {
    const { data, totalRecords } = await server.listClasses({ query });

    expect(names(data)).toEqual(ASCENDING.name);
    expect(totalRecords).toBe(7);
  });

  it.each([
    ['a percent sign stays with its number', '100%', ['Inglês 100% online']],
    ['an underscore separates words', 'turma_b', ['Turma_B']],
    ['words around punctuation, in any order', 'ria/hist', ['historia', 'História']],
    ['no filter from punctuation alone', '% _ \\', ASCENDING.name],
  ])('punctuation and symbols split words: %s', async (_, query, expected) => {
    const { data, totalRecords } = await server.listClasses({ query, sortBy: 'name' });

    expect(names(data)).toEqual(expected);
    expect(totalRecords).toBe(expected.length);
  });

  it('totalRecords counts every match of the query, not only the page', async () => {
    const { data, totalRecords } = await server.listClasses({ query: 'matematica', pageSize: 1 });

    expect(names(data)).toEqual(['matematica avançada']);
    expect(totalRecords).toBe(2);
  });

  it('answers a search best match first when no sortBy is given, by name when one is', async () => {
    // Both meet "matematica" whole; "avançada" is the one word the search left unnamed, against
    // "9º" and "A".
    const ranked = await server.listClasses({ query: 'matematica' });
    const byName = await server.listClasses({ query: 'matematica', sortBy: 'name' });

    expect(names(ranked.data)).toEqual(['matematica avançada', 'Matemática 9º A']);
    expect(names(byName.data)).toEqual(['Matemática 9º A', 'matematica avançada']);
  });

  it('accepts a query of exactly 200 characters, counted after trimming', async () => {
    const { data, totalRecords } = await server.listClasses({ query: ` ${'x'.repeat(200)} ` });

    expect(data).toEqual([]);
    expect(totalRecords).toBe(0);
  });

  it('ignores query parameters it does not know', async () => {
    const { data } = await server.listClasses({ _: '1700000000', utm_source: 'mail' });

    expect(names(data)).toEqual(ASCENDING.name);
  });

  const INTEGER_PAGE = 'page: must be an integer in plain decimal digits';
  const INTEGER_PAGE_SIZE = 'pageSize: must be an integer in plain decimal digits';
  const PAGE_RANGE = 'page: must be an integer from 1 to 2147483647';
  const PAGE_SIZE_RANGE = 'pageSize: must be an integer from 1 to 100';
  it.each([
    ['page=0', PAGE_RANGE],
    ['page=-1', PAGE_RANGE],
    ['page=1.5', INTEGER_PAGE],
    ['page=abc', INTEGER_PAGE],
    ['page=2147483648', PAGE_RANGE],
    ['pageSize=0', PAGE_SIZE_RANGE],
    ['pageSize=101', PAGE_SIZE_RANGE],
    ['pageSize=x', INTEGER_PAGE_SIZE],
    ['pageSize=2.5', INTEGER_PAGE_SIZE],
    // Number() reads all of these as integers; only plain decimal digits are taken.
    ['page=0x10', INTEGER_PAGE],
    ['page=1e2', INTEGER_PAGE],
    ['page=%201', INTEGER_PAGE],
    ['page=1%20', INTEGER_PAGE],
    ['page=+1', INTEGER_PAGE], // "+" is a space in a query string
    ['page=%2B1', INTEGER_PAGE],
    ['page=', INTEGER_PAGE],
    ['page=1_000', INTEGER_PAGE],
    ['page=%EF%BC%91', INTEGER_PAGE], // a fullwidth digit one
    ['pageSize=0x10', INTEGER_PAGE_SIZE],
    ['pageSize=1e2', INTEGER_PAGE_SIZE],
    ['pageSize=%201', INTEGER_PAGE_SIZE],
    ['pageSize=0b11', INTEGER_PAGE_SIZE],
    ['pageSize=Infinity', INTEGER_PAGE_SIZE],
    [`page=${'9'.repeat(400)}`, PAGE_RANGE],
    ['sortBy=title', `sortBy: must be one of ${SORT_VALUES.join(', ')}`],
    ['sortBy=%2Bname', `sortBy: must be one of ${SORT_VALUES.join(', ')}`],
    [`query=${'x'.repeat(201)}`, 'query: must be at most 200 characters'],
    ['query=a&query=b', 'query: must be a single string'],
  ])('rejects %s with 400 naming the parameter', async (search, message) => {
    expectError(await server.request(`/classe?${search}`), 400, message);
  });

  it('names every invalid parameter at once', async () => {
    expectError(
      await server.request('/classe?page=0&pageSize=101'),
      400,
      `${PAGE_RANGE}; ${PAGE_SIZE_RANGE}`,
    );
  });
});

describe('getClasses paging through 45 seeded turmas', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seedClasses: 45 });
  });
  afterAll(() => server.stop());

  it('takes page and pageSize in plain decimal digits, leading zeros included', async () => {
    const { data } = await server.listClasses({ page: '02', pageSize: '007' });
    const { data: expected } = await server.listClasses({ page: 2, pageSize: 7 });

    expect(data).toHaveLength(7);
    expect(ids(data)).toEqual(ids(expected));
  });

  it('gives 20 turmas per page by default, with the total of all', async () => {
    const { data, totalRecords } = await server.listClasses();

    expect(data).toHaveLength(20);
    expect(totalRecords).toBe(45);
  });

  it('pages of 20 are slices of the full list, the last one partial', async () => {
    const all = await server.listClasses({ pageSize: 100 });
    const pages = await Promise.all([1, 2, 3].map((page) => server.listClasses({ page })));

    expect(all.data).toHaveLength(45);
    expect(pages.map((page) => page.data.length)).toEqual([20, 20, 5]);
    expect(pages.flatMap((page) => ids(page.data))).toEqual(ids(all.data));
    expect(pages.map((page) => page.totalRecords)).toEqual([45, 45, 45]);
  });

  it.each([4, 2_147_483_647])(
    'page %i, past the end, is empty with the true total',
    async (page) => {
      expect(await server.listClasses({ page })).toEqual({ data: [], totalRecords: 45 });
    },
  );

  it('pageSize 1 gives one turma per page: the first and the 45th', async () => {
    const all = ids((await server.listClasses({ pageSize: 100 })).data);
    const first = await server.listClasses({ pageSize: 1 });
    const last = await server.listClasses({ pageSize: 1, page: 45 });

    expect(ids(first.data)).toEqual([all[0]]);
    expect(ids(last.data)).toEqual([all[44]]);
    expect([first.totalRecords, last.totalRecords]).toEqual([45, 45]);
  });

  it('pageSize 100 gives all 45 on one page, in name order', async () => {
    const { data } = await server.listClasses({ pageSize: 100 });
    const folded = data.map((turma) =>
      turma.name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase(),
    );

    expect(data).toHaveLength(45);
    expect(folded).toEqual(folded.toSorted(compareNaturally));
  });
});

describe('getClasses orders numbers in names by their value (issue 34)', () => {
  const lot = (id: string, name: string): TurmaFixture => ({
    id,
    name,
    createdAt: '2024-01-01T10:00:00.000Z',
    updatedAt: '2024-01-01T10:00:00.000Z',
  });
  // By code point "Lote 1000" < "Lote 139" < "Lote 14" < "Lote 2", and "10º" < "9º".
  const NATURAL = [
    lot('n5', '9º ano A'),
    lot('n1', '10º ano A'),
    lot('n2', 'Lote 2'),
    lot('n7', 'Lote 14'),
    // A leading zero changes no value: a longer name after the same number.
    lot('n3', 'Lote 014 B'),
    lot('n6', 'Lote 139'),
    lot('n4', 'Lote 1000'),
  ];
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ fixtures: { turmas: NATURAL.toReversed() } });
  });
  afterAll(() => server.stop());

  it('sorts by name naturally, both ways, and pages through that order', async () => {
    const expected = NATURAL.map(({ name }) => name);

    expect(names((await server.listClasses({ sortBy: 'name' })).data)).toEqual(expected);
    expect(names((await server.listClasses({ sortBy: '-name' })).data)).toEqual(
      expected.toReversed(),
    );
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => server.listClasses({ sortBy: 'name', pageSize: 2, page })),
    );
    expect(pages.flatMap((page) => names(page.data))).toEqual(expected);
  });

  it('keeps that order within a search, and among equal matches of a best-match search', async () => {
    const lots = ['Lote 2', 'Lote 14', 'Lote 014 B', 'Lote 139', 'Lote 1000'];

    expect(names((await server.listClasses({ query: 'lote', sortBy: 'name' })).data)).toEqual(lots);
    // "Lote 014 B" leaves one more word unmatched: last of the best match, the rest by name.
    expect(names((await server.listClasses({ query: 'lote' })).data)).toEqual([
      'Lote 2',
      'Lote 14',
      'Lote 139',
      'Lote 1000',
      'Lote 014 B',
    ]);
  });
});
