/**
 * The expiring extension (`GET /v1/enrolments/expiring`, decision 015), on both engines: the
 * window's edges (at `after` in, at `before` out), `after` defaulting to now, no expiry never
 * listed, the filter by turmas, paging and the count, the order, the store's own writes, the 400s
 * and the Api-Extensions header. Every answer is checked against the served document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  foldForSearch,
  EXPIRING_CLASSES_MAX,
  EXPIRING_EXTENSION,
  EXTENSIONS_HEADER,
  listsExtension,
} from '#contract';
import { expiringResponseSchema, type ExpiringResponse } from '#contract/extensions';
import type { EnrolmentFixture, StudentFixture, TurmaFixture } from './testing/database.ts';
import {
  expectError,
  expectWriteOk,
  startTestServer,
  type TestServer,
} from './testing/test-server.ts';

// Made long ago, all at once: what is read here is the enrolments.
const MADE = { createdAt: '2020-02-02T08:00:00.000Z', updatedAt: '2020-02-02T08:00:00.000Z' };
const MAT: TurmaFixture = { id: 'x1', name: 'Matemática 9º A', ...MADE };
const HIST: TurmaFixture = { id: 'x2', name: 'história', ...MADE };
const FIS: TurmaFixture = { id: 'x3', name: 'Física', ...MADE };
const ANA: StudentFixture = { name: 'Ana Souza', email: 'ana@escola.example' };
const ALVARO: StudentFixture = { name: 'Álvaro Dias', email: 'alvaro@escola.example' };
const BRUNO: StudentFixture = { name: 'Bruno Lima', email: 'bruno@escola.example' };
const BRUNA: StudentFixture = { name: 'bruno lima', email: 'bruna@escola.example' };
const CAIO: StudentFixture = { name: 'Caio Prado', email: 'caio@escola.example' };

const PAST = '2001-05-01T12:00:00.000Z';
const JUNE_1 = '2090-06-01T00:00:00.000Z';
const JUNE_15 = '2090-06-15T12:30:00.000Z';
const JUNE_30 = '2090-06-30T23:59:59.999Z';
const JULY_1 = '2090-07-01T00:00:00.000Z';

const enrol = (
  where: TurmaFixture,
  who: StudentFixture,
  expirationDate?: string,
): EnrolmentFixture => ({ turma: where, student: who, ...(expirationDate && { expirationDate }) });

const ENROLMENTS = [
  enrol(MAT, ANA, JUNE_1),
  enrol(HIST, ANA, JUNE_15),
  enrol(MAT, BRUNO, JUNE_15),
  enrol(FIS, BRUNA, JUNE_15),
  enrol(FIS, ALVARO, JUNE_15),
  enrol(MAT, ALVARO, JUNE_15),
  enrol(HIST, CAIO, JULY_1),
  enrol(FIS, CAIO, JUNE_30),
  enrol(HIST, BRUNO, PAST),
  enrol(FIS, ANA),
];

type Item = [string, string, string];
/** Each enrolment as [e-mail, turma id, expiry]: what the order and the window are about. */
const items = (answer: ExpiringResponse): Item[] =>
  answer.data.map((row) => [row.student.email, row.class.id, row.expirationDate]);

const expiring = (params: Record<string, string | string[]>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const each of [value].flat()) search.append(name, each);
  }
  return `/enrolments/expiring?${search.toString()}`;
};

async function read(server: TestServer, params: Record<string, string | string[]>) {
  const answer = await server.request(expiring(params));
  expect(answer.status, answer.text).toBe(200);
  return expiringResponseSchema.parse(answer.body);
}

describe('enrolments by expiry window', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      fixtures: { turmas: [MAT, HIST, FIS], enrolments: ENROLMENTS },
    });
  });
  afterAll(() => server.stop());

  it('lists the window by expiry, then folded student name, e-mail, turma name, turma id', async () => {
    const answer = await read(server, { after: JUNE_1, before: JULY_1 });

    expect(items(answer)).toEqual([
      ['ana@escola.example', 'x1', JUNE_1],
      // Álvaro folds to "alvaro", before "ana"; his turmas by folded name: Física, Matemática.
      ['alvaro@escola.example', 'x3', JUNE_15],
      ['alvaro@escola.example', 'x1', JUNE_15],
      ['ana@escola.example', 'x2', JUNE_15],
      // Two students named "bruno lima" once folded: by e-mail.
      ['bruna@escola.example', 'x3', JUNE_15],
      ['bruno@escola.example', 'x1', JUNE_15],
      ['caio@escola.example', 'x3', JUNE_30],
    ]);
    expect(answer.totalRecords).toBe(7);
    expect(answer.data[0]).toEqual({
      student: { name: 'Ana Souza', email: 'ana@escola.example' },
      class: { id: 'x1', name: 'Matemática 9º A' },
      expirationDate: JUNE_1,
    });
  });

  it('takes the expiry at `after` and leaves out the one at `before`', async () => {
    const edges = await read(server, { after: JUNE_30, before: JULY_1 });
    expect(items(edges)).toEqual([['caio@escola.example', 'x3', JUNE_30]]);

    const pastAna = await read(server, { after: '2090-06-01T00:00:00.001Z', before: JUNE_15 });
    expect(pastAna).toEqual({ data: [], totalRecords: 0 });

    const empty = await read(server, { after: JULY_1, before: JULY_1 });
    expect(empty).toEqual({ data: [], totalRecords: 0 });
  });

  it('compares instants, whatever offset they are written with', async () => {
    // 2090-06-15T09:30-03:00 is JUNE_15 itself: at `after`, in; at `before`, out.
    const from = await read(server, { after: '2090-06-15T09:30:00-03:00', before: JUNE_30 });
    expect(items(from).map(([, , expiry]) => expiry)).toEqual(Array(5).fill(JUNE_15));
    const until = await read(server, { after: JUNE_1, before: '2090-06-15T09:30:00-03:00' });
    expect(items(until)).toEqual([['ana@escola.example', 'x1', JUNE_1]]);
  });

  it('starts the window now without `after`: the expired and those without expiry never show', async () => {
    const answer = await read(server, { before: '2100-01-01T00:00:00Z' });
    expect(answer.totalRecords).toBe(8);
    expect(items(answer).map(([email, id]) => `${email} ${id}`)).not.toContain(
      'bruno@escola.example x2',
    );

    const fromThePast = await read(server, { after: '2000-01-01T00:00:00Z', before: JUNE_1 });
    expect(items(fromThePast)).toEqual([['bruno@escola.example', 'x2', PAST]]);
    expect(await read(server, { before: PAST })).toEqual({ data: [], totalRecords: 0 });
  });

  it('keeps to the turmas named, one or several; an unknown id matches nothing', async () => {
    const window = { after: JUNE_1, before: JULY_1 };
    const one = await read(server, { ...window, classId: 'x3' });
    expect(items(one)).toEqual([
      ['alvaro@escola.example', 'x3', JUNE_15],
      ['bruna@escola.example', 'x3', JUNE_15],
      ['caio@escola.example', 'x3', JUNE_30],
    ]);
    const two = await read(server, { ...window, classId: ['x2', 'x1', 'nope'] });
    expect(items(two)).toEqual([
      ['ana@escola.example', 'x1', JUNE_1],
      ['alvaro@escola.example', 'x1', JUNE_15],
      ['ana@escola.example', 'x2', JUNE_15],
      ['bruno@escola.example', 'x1', JUNE_15],
    ]);
    expect(two.totalRecords).toBe(4);
    expect(await read(server, { ...window, classId: 'nope\u0000' })).toEqual({
      data: [],
      totalRecords: 0,
    });
  });

  it('pages the window in the same order, the count over all pages', async () => {
    const window = { after: JUNE_1, before: JULY_1, pageSize: '3' };
    const whole = items(await read(server, { after: JUNE_1, before: JULY_1 }));
    const pages = await Promise.all(
      ['1', '2', '3', '4'].map((page) => read(server, { ...window, page })),
    );
    expect(pages.map((page) => page.totalRecords)).toEqual([7, 7, 7, 7]);
    expect(pages.flatMap(items)).toEqual(whole);
    expect(pages[3]!.data).toEqual([]);
    const filtered = await read(server, { ...window, classId: 'x1', page: '2', pageSize: '2' });
    expect(items(filtered)).toEqual([['bruno@escola.example', 'x1', JUNE_15]]);
    expect(filtered.totalRecords).toBe(3);
  });

  it('answers what the writes did: a new expiry moves the enrolment, none removes it', async () => {
    const window = { after: JUNE_1, before: JULY_1, classId: 'x2' };
    expectWriteOk(
      await server.request('/classe/x2/add-student', {
        method: 'POST',
        json: { name: 'Caio Prado', email: 'caio@escola.example', expirationDate: JUNE_1 },
      }),
    );
    expect(items(await read(server, window))).toEqual([
      ['caio@escola.example', 'x2', JUNE_1],
      ['ana@escola.example', 'x2', JUNE_15],
    ]);
    expectWriteOk(
      await server.request('/classe/x2/add-student', {
        method: 'POST',
        json: { name: 'Ana Souza', email: 'ana@escola.example' },
      }),
    );
    expect(items(await read(server, window))).toEqual([['caio@escola.example', 'x2', JUNE_1]]);
  });

  it('says it offers the extension', async () => {
    const answer = await server.request(expiring({ before: JULY_1 }));
    expect(
      listsExtension(answer.headers[EXTENSIONS_HEADER.toLowerCase()], EXPIRING_EXTENSION),
    ).toBe(true);
  });

  const tooMany = Array.from({ length: EXPIRING_CLASSES_MAX + 1 }, (_, at) => `c${String(at)}`);
  const ISO = 'must be an ISO 8601 date-time with an offset or Z, e.g. 2026-12-31T23:59:59Z';
  it.each([
    [{}, `before: ${ISO}`],
    [{ before: '31/12/2090' }, `before: ${ISO}`],
    [{ before: '2090-02-30T00:00:00Z' }, `before: ${ISO}`],
    [{ before: [JUNE_1, JULY_1] }, `before: ${ISO}`],
    [
      { before: '9999-12-31T23:00:00-05:00' },
      'before: must be a date and time from year 0 to 9999',
    ],
    [{ before: JULY_1, after: 'yesterday' }, `after: ${ISO}`],
    [{ before: JUNE_1, after: JULY_1 }, 'after: must not come after `before`'],
    [{ before: JULY_1, classId: '' }, 'classId.0: must not be empty'],
    [
      { before: JULY_1, classId: tooMany },
      `classId: must name at most ${EXPIRING_CLASSES_MAX} turmas`,
    ],
    [{ before: JULY_1, pageSize: '0' }, 'pageSize: must be an integer from 1 to 100'],
    [{ before: JULY_1, page: '1e2' }, 'page: must be an integer in plain decimal digits'],
  ])('refuses %j with a 400 naming the parameter', async (params, message) => {
    expectError(await server.request(expiring(params)), 400, message);
  });

  it('asks for the token', async () => {
    const answer = await server.request(expiring({ before: JULY_1 }), { authorization: null });
    expect(answer.status).toBe(401);
  });
});

/** A small generator with a seed: the same data on every run and engine. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

/** Code point order, as both engines compare text. */
const byCodePoints = (a: string, b: string) => {
  const [x, y] = [Array.from(a, (c) => c.codePointAt(0)!), Array.from(b, (c) => c.codePointAt(0)!)];
  for (let at = 0; at < Math.min(x.length, y.length); at++)
    if (x[at] !== y[at]) return x[at]! - y[at]!;
  return x.length - y.length;
};

describe('enrolments by expiry window, on many enrolments sharing few expiries', () => {
  const pick = random(37);
  // Names that fold alike ("Ávila"/"avila"), few dates: most of the order is in the ties.
  const FIRST = ['Ávila', 'avila', 'Bia', 'bía', 'Çarla', 'Zé', 'ze', 'Ana', 'Ñoño', 'Öle'];
  const turmas: TurmaFixture[] = Array.from({ length: 9 }, (_, at) => ({
    id: `t${String(8 - at)}`,
    name: ['Lote 2', 'lote 2', 'Física', 'fisica', 'Ética'][at % 5]!,
    ...MADE,
  }));
  const students: StudentFixture[] = Array.from({ length: 70 }, (_, at) => ({
    name: `${FIRST[pick(FIRST.length)]!} ${String(pick(3))}`,
    email: `s${String(pick(1000))}.${String(at)}@escola.example`,
  }));
  const DATES = [JUNE_1, JUNE_15, JUNE_30, JULY_1, PAST];
  const enrolments: EnrolmentFixture[] = [];
  for (const student of students) {
    for (const turma of turmas) {
      if (pick(3) === 0) enrolments.push(enrol(turma, student, DATES[pick(DATES.length)]));
    }
  }
  const rank = (enrolment: EnrolmentFixture) =>
    [
      foldForSearch(enrolment.student.name),
      enrolment.student.email,
      foldForSearch(enrolment.turma.name),
      enrolment.turma.id,
    ] as const;
  /** The contract's order over the fixtures: what every page must agree with. */
  const expected = (after: string, before: string, classIds?: string[]): Item[] =>
    enrolments
      .filter(({ expirationDate: at, turma }) => {
        if (!at || Date.parse(at) < Date.parse(after) || Date.parse(at) >= Date.parse(before)) {
          return false;
        }
        return !classIds || classIds.includes(turma.id);
      })
      .sort((a, b) => {
        const [x, y] = [rank(a), rank(b)];
        return (
          Date.parse(a.expirationDate!) - Date.parse(b.expirationDate!) ||
          x.reduce((found, _, at) => found || byCodePoints(x[at]!, y[at]!), 0)
        );
      })
      .map(({ student, turma, expirationDate }) => [student.email, turma.id, expirationDate!]);

  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ fixtures: { turmas, enrolments } });
  });
  afterAll(() => server.stop());

  async function allPages(params: Record<string, string | string[]>, pageSize: number) {
    const pages: ExpiringResponse[] = [];
    for (let page = 1; ; page++) {
      const answer = await read(server, {
        ...params,
        page: String(page),
        pageSize: String(pageSize),
      });
      pages.push(answer);
      if (answer.data.length < pageSize) return pages;
    }
  }

  it('agrees with the order on every page, to the last one, with and without turmas named', async () => {
    const window = { after: JUNE_1, before: JULY_1 };
    const whole = expected(window.after, window.before);
    expect(whole.length).toBeGreaterThan(60);
    const pages = await allPages(window, 7);
    expect(pages.flatMap(items)).toEqual(whole);
    expect(new Set(pages.map((page) => page.totalRecords))).toEqual(new Set([whole.length]));

    const named = ['t3', 't7', 't0', 'nope'];
    const chosen = expected(window.after, window.before, named);
    const deep = await allPages({ ...window, classId: named }, 4);
    expect(deep.flatMap(items)).toEqual(chosen);
    expect(deep[0]!.totalRecords).toBe(chosen.length);
  });

  it('moves an enrolment in and out of the window as the writes say', async () => {
    const window = { after: JUNE_15, before: JUNE_30 };
    const ana = { name: 'Ana Zeta', email: 'ana.zeta@escola.example' };
    const turma = turmas[4]!;
    const before = await read(server, window);
    const write = async (expirationDate?: string) =>
      expectWriteOk(
        await server.request(`/classe/${turma.id}/add-student`, {
          method: 'POST',
          json: { ...ana, ...(expirationDate && { expirationDate }) },
        }),
      );
    const present = async (params: Record<string, string | string[]>) =>
      items(await read(server, { ...params, pageSize: '100' })).some(
        ([email]) => email === ana.email,
      );

    await write(JUNE_15);
    expect((await read(server, window)).totalRecords).toBe(before.totalRecords + 1);
    expect(await present({ ...window, classId: turma.id })).toBe(true);
    await write(JUNE_30);
    expect((await read(server, window)).totalRecords).toBe(before.totalRecords);
    expect(await present({ after: JUNE_30, before: JULY_1, classId: turma.id })).toBe(true);
    expectWriteOk(
      await server.request('/classe/remove-student', {
        method: 'DELETE',
        json: { email: ana.email, classes: [{ id: turma.id }] },
      }),
    );
    expect(await present({ after: JUNE_30, before: JULY_1, classId: turma.id })).toBe(false);
    expect(await read(server, window)).toEqual(before);
  });
});
