/**
 * Turma searches as staff type them, for bench:api (docs/decisions/013-word-search.md): a pool of
 * distinct queries drawn from the demo turmas' own names, so that a scenario measures searches
 * the index has not just answered, not one URL repeated on top of its caches.
 *
 * Each query names a random turma of the seeded data: all its words in any order; two or three of
 * them; one; a word still being typed ("geo", "matem"); a typo; or short words ("a", "2", "9 e").
 * Words come with and without accents and ordinal signs, in any case.
 */
import { SORT_VALUES } from '#contract';
import { className, randomNumbers } from '../server/seed.ts';

/** `count` distinct queries about the demo turmas numbered 0…classes-1 (server/seed.ts). */
export function queryPool(classes: number, count = 1_000, seed = 36): string[] {
  const next = randomNumbers(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const shuffled = <T>(items: readonly T[]): T[] =>
    items
      .map((item) => ({ item, key: next() }))
      .sort((a, b) => a.key - b.key)
      .map(({ item }) => item);
  /** As typed: accents kept or not, the ordinal sign kept or not, any case. */
  const typed = (word: string) => {
    let text = next() < 0.5 ? word.normalize('NFD').replace(/\p{M}/gu, '') : word;
    if (next() < 0.5) text = text.replace(/[ºª]$/u, '');
    const casing = next();
    return casing < 0.6 ? text.toLowerCase() : casing < 0.8 ? text.toUpperCase() : text;
  };
  const kinds: [number, (words: string[]) => string[]][] = [
    [0.35, (words) => shuffled(words).map(typed)],
    [
      0.3,
      (words) =>
        shuffled(words)
          .slice(0, 2 + Math.floor(next() * 2))
          .map(typed),
    ],
    [0.1, (words) => [typed(pick(words))]],
    // Still typing: the last word cut short.
    [
      0.1,
      (words) => {
        const chosen = shuffled(words)
          .slice(0, 1 + Math.floor(next() * 2))
          .map(typed);
        const last = chosen.pop()!;
        return [...chosen, last.slice(0, Math.max(2, Math.ceil(last.length * next())))];
      },
    ],
    // A typo: a letter left out of the longest word.
    [
      0.08,
      (words) => {
        const chosen = shuffled(words)
          .slice(0, 1 + Math.floor(next() * 3))
          .map(typed);
        const longest = chosen.reduce((a, b) => (b.length > a.length ? b : a));
        const at = Math.floor(next() * longest.length);
        return chosen.map((word) =>
          word === longest && word.length > 3 ? word.slice(0, at) + word.slice(at + 1) : word,
        );
      },
    ],
    // Short words: a section letter, a digit, or both.
    [
      0.07,
      () => {
        const short = () => pick(['a', 'b', 'c', 'd', 'e', 'f', '1', '2', '3', '5', '8', '9']);
        return next() < 0.6 ? [short()] : [short(), short()];
      },
    ],
  ];
  const pool = new Set<string>();
  // Bounded: a data set too small for `count` distinct queries gives fewer.
  for (let tries = 0; pool.size < count && tries < count * 100; tries++) {
    const words = className(Math.floor(next() * classes))
      .split(/[\s—·]+/u)
      .filter((word) => word !== '');
    let draw = next();
    const [, make] = kinds.find(([weight]) => (draw -= weight) < 0) ?? kinds[0]!;
    pool.add(make(words).join(' '));
  }
  return [...pool];
}

/** The paths a pool scenario draws from, each `GET /v1/classe` with a page that exists. */
export interface PoolPaths {
  /** The queries best match first: mostly the first page, as staff read; 5% any page. */
  ranked: string[];
  /** The queries in a random order of the eight: 40% on any page. */
  sorted: string[];
  /** No query, a random order: half on any page. */
  lists: string[];
}

/**
 * Paths for `queryPool(classes)`, its pages chosen within what each query finds (`count` asks the
 * server), so that a deep page is a real one.
 */
export async function poolPaths(
  classes: number,
  count: (query: string) => Promise<number>,
  seed = 3632,
): Promise<PoolPaths> {
  const next = randomNumbers(seed);
  /** The first page for `first` of the requests, one of the next four for `near`, else any. */
  const pageOf = (total: number, pageSize: number, first: number, near: number) => {
    const pages = Math.max(1, Math.ceil(total / pageSize));
    const draw = next();
    if (draw < first) return 1;
    if (draw < first + near) return Math.min(pages, 2 + Math.floor(next() * 4));
    return 1 + Math.floor(next() * pages);
  };
  const path = (params: Record<string, string | number>) =>
    `/v1/classe?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
  const paths: PoolPaths = { ranked: [], sorted: [], lists: [] };
  for (const query of queryPool(classes)) {
    const total = await count(query);
    const pageSize = next() < 0.8 ? 20 : 100;
    paths.ranked.push(path({ query, page: pageOf(total, pageSize, 0.75, 0.2), pageSize }));
    const sortBy = SORT_VALUES[Math.floor(next() * SORT_VALUES.length)]!;
    paths.sorted.push(path({ query, sortBy, page: pageOf(total, pageSize, 0.4, 0.2), pageSize }));
    const listSort = SORT_VALUES[Math.floor(next() * SORT_VALUES.length)]!;
    paths.lists.push(
      path({ sortBy: listSort, page: pageOf(classes, pageSize, 0.3, 0.2), pageSize }),
    );
  }
  return paths;
}

/** What the student page and expiring soon ask (issue 37), each a path that exists. */
export interface StudentDayPaths {
  /** One student by e-mail, as the student page reads them. */
  students: string[];
  /** Expiry windows of 7 days to a year, half of them for 1–5 turmas; 40% past the first page. */
  expiring: string[];
}

/**
 * 1,000 student pages and 1,000 expiring-soon windows, their students and turmas read from the
 * server (`get`, a path under /v1) so that each names real ones.
 */
export async function studentDayPaths(
  getJson: (path: string) => Promise<Record<string, unknown>>,
  count = 1_000,
  seed = 3733,
): Promise<StudentDayPaths> {
  type Answer = { data: { email: string; classes: { id: string }[] }[]; totalRecords: number };
  const get = async (path: string) => (await getJson(path)) as unknown as Answer;
  const next = randomNumbers(seed);
  const emails = new Set<string>();
  const turmaIds = new Set<string>();
  const { totalRecords } = await get('/students?query=a&pageSize=1');
  const pages = Math.max(1, Math.floor(totalRecords / 100));
  for (let tries = 0; emails.size < count && tries < 50; tries++) {
    const page = 1 + Math.floor(next() * pages);
    for (const student of (await get(`/students?query=a&pageSize=100&page=${page}`)).data) {
      emails.add(student.email);
      for (const turma of student.classes) turmaIds.add(turma.id);
    }
  }
  const turmas = [...turmaIds];
  const dayMs = 24 * 3600 * 1000;
  const expiring: string[] = [];
  for (let i = 0; i < count; i++) {
    const days = [7, 30, 45, 60, 90, 180, 365][Math.floor(next() * 7)]!;
    const params = new URLSearchParams({
      before: new Date(Date.now() + days * dayMs).toISOString(),
    });
    if (next() < 0.5) {
      const chosen = 1 + Math.floor(next() * 5);
      for (let n = 0; n < chosen; n++) {
        params.append('classId', turmas[Math.floor(next() * turmas.length)]!);
      }
    }
    const pageSize = next() < 0.8 ? 20 : 100;
    const found = await get(`/enrolments/expiring?${params}&pageSize=1`);
    const last = Math.max(1, Math.ceil(found.totalRecords / pageSize));
    const draw = next();
    const page =
      draw < 0.6
        ? 1
        : draw < 0.8
          ? Math.min(last, 2 + Math.floor(next() * 4))
          : 1 + Math.floor(next() * last);
    params.set('pageSize', String(pageSize));
    params.set('page', String(page));
    expiring.push(`/v1/enrolments/expiring?${params}`);
  }
  return {
    students: [...emails]
      .slice(0, count)
      .map((email) => `/v1/students/by-email?${new URLSearchParams({ email })}`),
    expiring,
  };
}
