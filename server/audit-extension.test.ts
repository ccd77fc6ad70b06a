/**
 * The audit extension (`GET /v1/audit`, `POST /v1/audit/undo`, decision 019), on both engines:
 * each write's exact before and after, undo restoring them exactly (enrolledAt included),
 * refusing a turma written since, a run, an undo of an undo, the filters and paging, and
 * retention. Every answer is checked against the served document (test-app.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_EXTENSION, EXTENSIONS_HEADER, listsExtension, RUN_ID_HEADER } from '#contract';
import type {
  AuditEntry,
  AuditQuery,
  AuditResponse,
  EnrolmentState,
  UndoResponse,
} from '#contract/extensions';
import { createLogger } from './log.ts';
import { openStore } from './store/open-store.ts';
import type { TurmaFixture } from './testing/database.ts';
import { startTestApp, type TestApp } from './testing/test-app.ts';
import { TEST_TOKEN } from './testing/test-server.ts';

const MADE = { createdAt: '2020-02-02T08:00:00.000Z', updatedAt: '2020-02-02T08:00:00.000Z' };
const MAT: TurmaFixture = { id: 'a1', name: 'Matemática', ...MADE };
const HIST: TurmaFixture = { id: 'a2', name: 'História', ...MADE };
const ANA = { name: 'Ana Souza', email: 'ana@escola.example' };
const BIA = { name: 'Bia Lima', email: 'bia@escola.example' };
const DEC = '2090-12-31T23:59:59.000Z';
const JUN = '2090-06-30T00:00:00.000Z';
const OUT: EnrolmentState = { enrolled: false, expirationDate: null, enrolledAt: null };
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let app: TestApp;
beforeEach(async () => {
  app = await startTestApp({ fixtures: { turmas: [MAT, HIST] } });
});
afterEach(async () => {
  await app.stop();
});

const headers = (runId?: string) => ({
  Authorization: `Bearer ${TEST_TOKEN}`,
  'Content-Type': 'application/json',
  ...(runId && { [RUN_ID_HEADER]: runId }),
});

async function send(method: string, path: string, body: unknown, runId?: string) {
  const response = await app.request(`/v1${path}`, {
    method,
    headers: headers(runId),
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const enrol = (who: typeof ANA, turmas: TurmaFixture[], expirationDate?: string, run?: string) =>
  send(
    'POST',
    '/classe/add-student',
    {
      ...who,
      ...(expirationDate && { expirationDate }),
      classes: turmas.map(({ id }) => ({ id })),
    },
    run,
  );
const remove = (who: typeof ANA, turmas: TurmaFixture[], run?: string) =>
  send(
    'DELETE',
    '/classe/remove-student',
    { email: who.email, classes: turmas.map(({ id }) => ({ id })) },
    run,
  );
const undo = async (target: { entryId: string } | { runId: string }) => {
  const answer = await send('POST', '/audit/undo', target);
  expect(answer.status).toBe(200);
  return answer.body as UndoResponse;
};

async function trail(query: AuditQuery = {}): Promise<AuditResponse> {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  );
  const response = await app.request(`/v1/audit?${search}`, { headers: headers() });
  expect(response.status).toBe(200);
  expect(listsExtension(response.headers.get(EXTENSIONS_HEADER), AUDIT_EXTENSION)).toBe(true);
  return (await response.json()) as AuditResponse;
}
const latest = async () => (await trail({ pageSize: 1 })).data[0]!;

/** The student's state in a turma, from the roster extension. */
async function stateIn(turma: TurmaFixture, email: string): Promise<EnrolmentState> {
  const response = await app.request(`/v1/classe/${turma.id}/students?pageSize=50`, {
    headers: headers(),
  });
  const roster = (await response.json()) as {
    data: { email: string; expirationDate: string | null; enrolledAt: string }[];
  };
  const row = roster.data.find((each) => each.email === email);
  return row
    ? { enrolled: true, expirationDate: row.expirationDate ?? null, enrolledAt: row.enrolledAt }
    : OUT;
}

// Each change names its turma as it is now.
const change = (turma: TurmaFixture, before: EnrolmentState, after: EnrolmentState) => ({
  classId: turma.id,
  className: turma.name,
  before,
  after,
});

describe('each write', () => {
  it('records its exact before and after, per turma, with credential and run', async () => {
    expect((await enrol(ANA, [MAT], DEC, 'run-1')).status).toBe(200);
    const first = await latest();
    const mat = await stateIn(MAT, ANA.email);
    expect(mat).toMatchObject({ enrolled: true, expirationDate: DEC });
    expect(mat.enrolledAt).toMatch(ISO);
    expect(first).toMatchObject({
      operation: 'enrol',
      credential: 'token-1',
      runId: 'run-1',
      undoes: null,
      student: { email: ANA.email },
      changes: [change(MAT, OUT, mat)],
    });
    expect(first.at).toMatch(ISO);

    // A move of the expiry in MAT and a new enrolment in HIST, no run (an insane one is ignored).
    expect((await enrol(ANA, [MAT, HIST], JUN, 'not a run id')).status).toBe(200);
    const second = await latest();
    const hist = await stateIn(HIST, ANA.email);
    expect(second).toMatchObject({
      operation: 'enrol',
      runId: null,
      changes: [
        change(MAT, mat, { ...mat, expirationDate: JUN }),
        change(HIST, OUT, { enrolled: true, expirationDate: JUN, enrolledAt: hist.enrolledAt }),
      ],
    });

    expect((await remove(ANA, [MAT, HIST])).status).toBe(200);
    expect(await latest()).toMatchObject({
      operation: 'remove',
      changes: [
        change(MAT, { ...mat, expirationDate: JUN }, OUT),
        change(HIST, { enrolled: true, expirationDate: JUN, enrolledAt: hist.enrolledAt }, OUT),
      ],
    });
  });

  it('records a removal per turma in the order asked, and says where the student was not', async () => {
    expect((await enrol(ANA, [MAT], DEC)).status).toBe(200);
    const mat = await stateIn(MAT, ANA.email);

    expect((await remove(ANA, [HIST, MAT], 'run-2')).status).toBe(200);
    expect(await latest()).toMatchObject({
      operation: 'remove',
      credential: 'token-1',
      runId: 'run-2',
      undoes: null,
      student: { email: ANA.email },
      changes: [change(HIST, OUT, OUT), change(MAT, mat, OUT)],
    });
  });

  it('a refused write leaves no entry', async () => {
    expect((await remove(ANA, [MAT])).status).toBe(404);
    expect((await enrol(ANA, [MAT, { ...MAT, id: 'none' }])).status).toBe(404);
    expect((await trail()).data).toEqual([]);
  });
});

describe('undo', () => {
  it('brings a removal back with its expiry and original enrolledAt', async () => {
    await enrol(ANA, [MAT], DEC);
    const enrolled = await stateIn(MAT, ANA.email);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await remove(ANA, [MAT]);
    const removal = await latest();

    const answer = await undo({ entryId: removal.id });
    expect(answer.entries).toEqual([
      {
        entryId: removal.id,
        email: ANA.email,
        undoEntryId: expect.any(String) as string,
        classes: [{ classId: MAT.id, className: MAT.name, outcome: 'restored', reason: null }],
      },
    ]);
    expect(await stateIn(MAT, ANA.email)).toEqual(enrolled);
    expect(await latest()).toMatchObject({
      id: answer.entries[0]!.undoEntryId,
      operation: 'undo',
      undoes: removal.id,
      changes: [change(MAT, OUT, enrolled)],
    });
  });

  it('removes a membership the enrolment created, and sets an old expiry back', async () => {
    await enrol(ANA, [MAT], DEC);
    const before = await stateIn(MAT, ANA.email);
    await enrol(ANA, [MAT, HIST], JUN);
    const move = await latest();

    await undo({ entryId: move.id });
    expect(await stateIn(MAT, ANA.email)).toEqual(before);
    expect(await stateIn(HIST, ANA.email)).toEqual(OUT);
  });

  it('refuses a turma written since, says why, and still restores the others', async () => {
    await enrol(ANA, [MAT, HIST], DEC);
    await remove(ANA, [MAT, HIST]);
    const removal = await latest();
    await enrol(ANA, [MAT], JUN);
    const later = await stateIn(MAT, ANA.email);
    // Another student's write of the same turma does not block it.
    await enrol(BIA, [HIST]);

    const answer = await undo({ entryId: removal.id });
    expect(answer.entries[0]!.classes).toEqual([
      {
        classId: MAT.id,
        className: MAT.name,
        outcome: 'refused',
        reason: expect.stringContaining('changed after this entry') as string,
      },
      { classId: HIST.id, className: HIST.name, outcome: 'restored', reason: null },
    ]);
    expect(await stateIn(MAT, ANA.email)).toEqual(later);
    expect(await stateIn(HIST, ANA.email)).toMatchObject({ enrolled: true, expirationDate: DEC });
    // Undone once: the second time it is refused, and nothing is written.
    const again = await undo({ entryId: removal.id });
    expect(again.entries[0]).toMatchObject({ undoEntryId: null });
    expect(again.entries[0]!.classes.map((each) => each.outcome)).toEqual(['refused', 'refused']);
  });

  it('undoes a whole run, newest first, back to where it began', async () => {
    await enrol(ANA, [MAT], DEC);
    const start = await stateIn(MAT, ANA.email);
    await enrol(ANA, [MAT, HIST], JUN, 'bulk-7');
    await remove(ANA, [MAT], 'bulk-7');
    await enrol(BIA, [MAT, HIST], undefined, 'bulk-7');

    const answer = await undo({ runId: 'bulk-7' });
    expect(answer.entries).toHaveLength(3);
    expect(answer.entries.flatMap((entry) => entry.classes.map((each) => each.outcome))).toEqual([
      'restored',
      'restored',
      'restored',
      'restored',
      'restored',
    ]);
    expect(await stateIn(MAT, ANA.email)).toEqual(start);
    expect(await stateIn(HIST, ANA.email)).toEqual(OUT);
    expect(await stateIn(MAT, BIA.email)).toEqual(OUT);
    // The run's read: its entries, and the undos of them.
    const read = (await trail({ runId: 'bulk-7' })).data;
    expect(read.map((entry) => (entry.undoes ? `undo of ${entry.undoes}` : entry.id))).toEqual([
      ...answer.entries.toReversed().map(({ entryId }) => `undo of ${entryId}`),
      ...answer.entries.map(({ entryId }) => entryId),
    ]);
  });

  it('an undo can itself be undone', async () => {
    await enrol(ANA, [MAT], DEC);
    const enrolled = await stateIn(MAT, ANA.email);
    await remove(ANA, [MAT]);
    const first = await undo({ entryId: (await latest()).id });
    const second = await undo({ entryId: first.entries[0]!.undoEntryId! });
    expect(second.entries[0]!.classes[0]).toMatchObject({ outcome: 'restored' });
    expect(await stateIn(MAT, ANA.email)).toEqual(OUT);
    await undo({ entryId: second.entries[0]!.undoEntryId! });
    expect(await stateIn(MAT, ANA.email)).toEqual(enrolled);
  });

  it('answers 404 for an unknown entry or run, and 400 for a body of neither', async () => {
    expect((await send('POST', '/audit/undo', { entryId: '999' })).status).toBe(404);
    expect((await send('POST', '/audit/undo', { runId: 'nothing' })).status).toBe(404);
    expect((await send('POST', '/audit/undo', {})).status).toBe(400);
    expect((await send('POST', '/audit/undo', { entryId: '1', runId: 'x' })).status).toBe(400);
  });
});

describe('the read', () => {
  it('filters by student, turma, credential, run and time, newest first, in pages', async () => {
    const start = new Date().toISOString();
    await enrol(ANA, [MAT], DEC, 'r1');
    await enrol(BIA, [HIST], DEC, 'r2');
    await enrol(ANA, [HIST], DEC, 'r2');
    await remove(BIA, [HIST]);
    const all = (await trail()).data;
    expect(all.map((entry) => entry.operation)).toEqual(['remove', 'enrol', 'enrol', 'enrol']);
    const ids = all.map((entry) => entry.id);
    const idsOf = (page: AuditResponse) => page.data.map((entry: AuditEntry) => entry.id);

    expect(idsOf(await trail({ email: 'ANA@escola.example' }))).toEqual([ids[1], ids[3]]);
    expect(idsOf(await trail({ classId: HIST.id }))).toEqual([ids[0], ids[1], ids[2]]);
    expect(idsOf(await trail({ runId: 'r2' }))).toEqual([ids[1], ids[2]]);
    expect(idsOf(await trail({ credential: 'token-1' }))).toEqual(ids);
    expect(idsOf(await trail({ credential: 'other' }))).toEqual([]);
    expect(idsOf(await trail({ classId: HIST.id, email: BIA.email }))).toEqual([ids[0], ids[2]]);
    expect(idsOf(await trail({ after: start }))).toEqual(ids);
    expect(idsOf(await trail({ before: start }))).toEqual([]);
    expect(idsOf(await trail({ after: '2090-01-01T00:00:00Z' }))).toEqual([]);

    const first = await trail({ pageSize: 3 });
    expect(idsOf(first)).toEqual(ids.slice(0, 3));
    expect(first.next).toBe(ids[2]);
    const second = await trail({ pageSize: 3, cursor: first.next! });
    expect(idsOf(second)).toEqual(ids.slice(3));
    expect(second.next).toBeNull();
  });

  it("answers a run's entries with the undos of them and of those undos, in pages", async () => {
    const CAIO = { name: 'Caio Reis', email: 'caio@escola.example' };
    await enrol(ANA, [MAT], DEC, 'lote');
    const [e1] = (await trail()).data;
    await enrol(BIA, [HIST], DEC);
    const outside = await latest();
    await enrol(BIA, [MAT], undefined, 'lote');
    const e2 = await latest();
    await enrol(CAIO, [MAT, HIST], JUN, 'lote');
    const e3 = await latest();
    const u1 = (await undo({ entryId: e1!.id })).entries[0]!.undoEntryId!;
    await undo({ entryId: outside.id }); // not the run's: not in its read
    const u2 = (await undo({ entryId: u1 })).entries[0]!.undoEntryId!;
    // Whole, and sent in another run: an undo's own run does not hide it.
    const u3 = await send('POST', '/audit/undo', { entryId: e3.id }, 'desfeito');
    const u3Id = (u3.body as UndoResponse).entries[0]!.undoEntryId!;
    expect((u3.body as UndoResponse).entries[0]!.classes.map((each) => each.outcome)).toEqual([
      'restored',
      'restored',
    ]);

    const want = [u3Id, u2, u1, e3.id, e2.id, e1!.id];
    const first = await trail({ runId: 'lote', pageSize: 4 });
    expect(first.data.map((entry) => entry.id)).toEqual(want.slice(0, 4));
    expect(first.next).toBe(e3.id);
    const second = await trail({ runId: 'lote', pageSize: 4, cursor: first.next! });
    expect(second.data.map((entry) => entry.id)).toEqual(want.slice(4));
    expect(second.next).toBeNull();
    expect(first.data.slice(0, 3).map((entry) => [entry.operation, entry.undoes])).toEqual([
      ['undo', e3.id],
      ['undo', u1],
      ['undo', e1!.id],
    ]);
    for (const pageSize of [1, 2, 3, 5, 6]) {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const page: AuditResponse = await trail({
          runId: 'lote',
          pageSize,
          ...(cursor && { cursor }),
        });
        ids.push(...page.data.map((entry) => entry.id));
        cursor = page.next;
      } while (cursor);
      expect(ids).toEqual(want);
    }
    expect((await trail({ runId: 'lote', email: ANA.email })).data.map(({ id }) => id)).toEqual([
      u2,
      u1,
      e1!.id,
    ]);
    expect((await trail({ runId: 'desfeito' })).data.map(({ id }) => id)).toEqual([u3Id]);
  });

  it('tells what later undos set back, whatever the filter: another credential, a window', async () => {
    const OTHER_TOKEN = 'another-token-of-the-coordenacao-000001';
    await app.stop();
    app = await startTestApp({
      fixtures: { turmas: [MAT, HIST] },
      tokens: [TEST_TOKEN, OTHER_TOKEN],
    });
    const undoAs = async (token: string, entryId: string) => {
      const response = await app.request('/v1/audit/undo', {
        method: 'POST',
        headers: { ...headers(), Authorization: `Bearer ${token}` },
        body: JSON.stringify({ entryId }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as UndoResponse).entries[0]!;
    };
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    await enrol(ANA, [MAT, HIST], DEC);
    const both = await latest();
    await enrol(BIA, [MAT]);
    const kept = await latest();
    await enrol(ANA, [MAT], JUN);
    await pause();
    const cut = new Date().toISOString();
    await pause();
    const reads: AuditQuery[] = [
      { credential: 'token-1' },
      { before: cut },
      { credential: 'token-1', email: ANA.email, before: cut },
      { classId: HIST.id, before: cut },
    ];
    const undoneIn = async (id: string) =>
      Promise.all(
        reads.map(async (query) => {
          const page = await trail(query);
          expect(page.data.map((entry) => entry.operation)).not.toContain('undo');
          return page.data.find((entry) => entry.id === id)?.undoneIn;
        }),
      );

    expect(await undoneIn(both.id)).toEqual([[], [], [], []]);
    // Another credential's undo, after the window: MAT was written since, so only HIST is back.
    const first = await undoAs(OTHER_TOKEN, both.id);
    expect(first.classes.map((each) => each.outcome)).toEqual(['refused', 'restored']);
    expect(await undoneIn(both.id)).toEqual([[HIST.id], [HIST.id], [HIST.id], [HIST.id]]);
    expect((await trail({ credential: 'token-1' })).data.find(({ id }) => id === kept.id)).toEqual(
      expect.objectContaining({ undoneIn: [] }),
    );
    // That undo undone in turn puts HIST's change back: the entry is no longer undone.
    const second = await undoAs(OTHER_TOKEN, first.undoEntryId!);
    expect(await undoneIn(both.id)).toEqual([[], [], [], []]);
    const undos = (await trail({ credential: 'token-2' })).data;
    expect(undos.map(({ id, undoneIn }) => [id, undoneIn])).toEqual([
      [second.undoEntryId, []],
      [first.undoEntryId, [HIST.id]],
    ]);
    // And undone again: HIST is set back once more, whatever came between.
    await undoAs(OTHER_TOKEN, both.id);
    expect(await undoneIn(both.id)).toEqual([[HIST.id], [HIST.id], [HIST.id], [HIST.id]]);
  });

  // PostgreSQL refused both (text without U+0000, timestamps without year 0): a 500 each.
  it('answers filters at the edge of what it takes: U+0000, year 0', async () => {
    await enrol(ANA, [MAT], DEC);
    const [entry] = (await trail()).data;
    const idsOf = async (query: AuditQuery) => (await trail(query)).data.map(({ id }) => id);
    expect(await idsOf({ classId: '\0' })).toEqual([]);
    expect(await idsOf({ credential: 'token-1\0' })).toEqual([]);
    expect(await idsOf({ after: '0000-01-01T00:00:00Z' })).toEqual([entry!.id]);
    expect(await idsOf({ after: '0000-06-01T00:00:00+01:00' })).toEqual([entry!.id]);
    expect(await idsOf({ before: '0000-12-31T23:59:59.999Z' })).toEqual([]);
    expect(
      await idsOf({ after: '0000-01-01T00:00:00Z', before: '9999-12-31T23:59:59.999Z' }),
    ).toEqual([entry!.id]);
  });

  it('answers 400 for a malformed filter', async () => {
    for (const query of ['pageSize=0', 'cursor=abc', 'after=yesterday', 'email=nope']) {
      const response = await app.request(`/v1/audit?${query}`, { headers: headers() });
      expect(response.status).toBe(400);
    }
  });
});

describe('retention', () => {
  it('prunes entries older than the cut, in batches, and keeps the newer', async () => {
    await enrol(ANA, [MAT, HIST], DEC);
    await remove(ANA, [MAT]);
    await enrol(BIA, [MAT]);
    // The app's own store and this one share the database (SQLite's file, or PostgreSQL's).
    const { store } = await openStore(
      app.database,
      createLogger(() => undefined),
    );
    try {
      expect(await store.pruneAudit('2000-01-01T00:00:00.000Z', 10)).toBe(0);
      const future = new Date(Date.now() + 60_000).toISOString();
      expect(await store.pruneAudit(future, 2)).toBe(2);
      expect((await trail()).data.map((entry) => entry.student.email)).toEqual([BIA.email]);
      expect((await trail({ classId: MAT.id })).data).toHaveLength(1);
      expect(await store.pruneAudit(future, 2)).toBe(1);
      expect((await trail()).data).toEqual([]);
      expect((await trail({ classId: HIST.id })).data).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
