// The harness of component tests: the real API seeded per test, behind MSW's scripted faults.
import { describe, expect, it, vi } from 'vitest';
import { createTestApiClient, TEST_API_BASE_URL, TEST_TOKEN } from '../api-client';
import { aTurma, manyTurmas } from '../sample-classes';
import { installReferenceApi } from './reference-api';
import { apiError } from '../expect-api-error';

const names = (page: { data: { name: string }[] }) => page.data.map((turma) => turma.name);

describe('installReferenceApi: listing', () => {
  it('answers the first page by name, with the bearer token checked and the request recorded', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(45) });

    const page = await createTestApiClient().getClasses();

    expect(page.totalRecords).toBe(45);
    expect(page.data).toHaveLength(20);
    expect(names(page).slice(0, 3)).toEqual(['Artes 1º A', 'Artes 2º A', 'Artes 3º A']);
    expect(backend.listRequests()).toEqual([
      {
        method: 'GET',
        pathname: '/v1/classe',
        searchParams: {},
        body: undefined,
        authorization: `Bearer ${TEST_TOKEN}`,
        // The console sends its own id only to a server that has said it takes one; a read is
        // in no run.
        requestId: null,
        runId: null,
      },
    ]);
  });

  it('searches names ignoring case and accents', async () => {
    installReferenceApi({
      turmas: [
        aTurma({ id: 'a', name: 'Matemática 9º A' }),
        aTurma({ id: 'b', name: 'Educação Física 2º B' }),
        aTurma({ id: 'c', name: 'MATEMATICA 1º C' }),
      ],
    });
    const api = createTestApiClient();

    expect(names(await api.getClasses({ query: 'matematica' }))).toEqual([
      'MATEMATICA 1º C',
      'Matemática 9º A',
    ]);
    expect(names(await api.getClasses({ query: '  EDUCAÇÃO fís ' }))).toEqual([
      'Educação Física 2º B',
    ]);
    expect(names(await api.getClasses({ query: '9o' }))).toEqual(['Matemática 9º A']);
    expect(await api.getClasses({ query: 'química' })).toEqual({ data: [], totalRecords: 0 });
  });

  it('sorts by any field either way, ties broken by id', async () => {
    installReferenceApi({
      turmas: [
        aTurma({ id: 'b', name: 'B', countStudents: 5 }),
        aTurma({ id: 'a', name: 'C', countStudents: 5 }),
        aTurma({ id: 'c', name: 'A', countStudents: 9 }),
      ],
    });
    const api = createTestApiClient();
    const ids = async (sortBy: 'countStudents' | '-countStudents' | '-name') =>
      (await api.getClasses({ sortBy })).data.map((turma) => turma.id);

    expect(await ids('countStudents')).toEqual(['a', 'b', 'c']);
    expect(await ids('-countStudents')).toEqual(['c', 'b', 'a']);
    expect(await ids('-name')).toEqual(['a', 'b', 'c']);
  });

  it('pages from 1, and past the end answers no rows with the true total', async () => {
    installReferenceApi({ turmas: manyTurmas(45) });
    const api = createTestApiClient();
    const all = await api.getClasses({ pageSize: 100 });

    const third = await api.getClasses({ page: 3, pageSize: 20 });
    expect(third.data).toEqual(all.data.slice(40, 45));
    expect(third.totalRecords).toBe(45);
    expect(await api.getClasses({ page: 4, pageSize: 20 })).toEqual({ data: [], totalRecords: 45 });
  });

  it('answers 400 naming the parameter the contract refuses', async () => {
    installReferenceApi();

    const error = await apiError(createTestApiClient().getClasses({ pageSize: 101 }));

    expect(error.status).toBe(400);
    expect(error.body).toEqual({
      status: '400',
      message: 'pageSize: must be an integer from 1 to 100',
    });
  });

  it('answers 401 without the accepted token', async () => {
    installReferenceApi({ token: 'the-right-one' });

    const wrong = await apiError(createTestApiClient().getClasses());
    // The client sends nothing without a token, so the bare request asks the server itself.
    const missing = await fetch(`${TEST_API_BASE_URL}/classe`);

    expect(wrong.isUnauthorized).toBe(true);
    expect(wrong.message).toBe('Invalid or expired token');
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { message: string }).message).toMatch(
      /^Missing bearer token/,
    );
    await expect(
      createTestApiClient().getClasses({}, { token: 'the-right-one' }),
    ).resolves.toMatchObject({ totalRecords: 0 });
  });
});

describe('installReferenceApi: failures and timing', () => {
  it('fails the next requests as told, then answers normally', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(3) });
    const api = createTestApiClient();
    backend.failNext({ status: 500 });
    backend.failNext({ status: 502, body: '<html><body>Bad gateway</body></html>' });
    backend.failNext('network');

    expect(await apiError(api.getClasses())).toMatchObject({ kind: 'http', status: 500 });
    expect(await apiError(api.getClasses())).toMatchObject({
      kind: 'http',
      status: 502,
      message: 'The server answered 502 with a non-JSON body',
    });
    expect(await apiError(api.getClasses())).toMatchObject({ kind: 'network' });
    await expect(api.getClasses()).resolves.toMatchObject({ totalRecords: 3 });
  });

  it('fails only the requests a filter picks, as many times as told', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(3) });
    const api = createTestApiClient();
    backend.failNext({ status: 503 }, { times: 2, where: (r) => r.searchParams.page === '2' });

    await expect(api.getClasses({ page: 1 })).resolves.toMatchObject({ totalRecords: 3 });
    expect((await apiError(api.getClasses({ page: 2 }))).status).toBe(503);
    expect((await apiError(api.getClasses({ page: 2 }))).status).toBe(503);
    await expect(api.getClasses({ page: 2 })).resolves.toMatchObject({ data: [] });
  });

  it('keeps held requests pending until released, so a later answer can arrive first', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(45) });
    const api = createTestApiClient();
    const slow = backend.hold((r) => r.searchParams.query === 'mat');

    const older = api.getClasses({ query: 'mat' });
    const newer = await api.getClasses({ query: 'hist' });
    expect(slow.requests).toHaveLength(1);
    let olderSettled = false;
    void older.finally(() => (olderSettled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(olderSettled).toBe(false);

    slow.release();

    expect(names(newer).every((name) => name.startsWith('História'))).toBe(true);
    expect(names(await older).every((name) => name.startsWith('Matemática'))).toBe(true);
    // Released: the same request is answered at once now.
    await expect(api.getClasses({ query: 'mat' })).resolves.toMatchObject({ totalRecords: 5 });
  });

  it('lets the caller abort a pending request', async () => {
    const backend = installReferenceApi();
    backend.hold();
    const controller = new AbortController();

    const pending = createTestApiClient().getClasses({}, { signal: controller.signal });
    await vi.waitFor(() => expect(backend.requests).toHaveLength(1));
    controller.abort();

    expect((await apiError(pending)).kind).toBe('aborted');
  });

  it('lets a held request time out', async () => {
    const backend = installReferenceApi();
    backend.hold();

    const error = await apiError(createTestApiClient({ timeoutMs: 50 }).getClasses());

    expect(error.kind).toBe('timeout');
  });

  it('answers routes the API does not have as the API does: 404 with an Error body', async () => {
    installReferenceApi();

    const response = await fetch(`${TEST_API_BASE_URL}/classes`, {
      headers: { Authorization: `Bearer ${TEST_TOKEN}` },
    });

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: '404', message: 'No route GET /v1/classes' });
  });
});

describe('installReferenceApi: writes', () => {
  const turmas = [
    aTurma({ id: 'a', countStudents: 2, updatedAt: '2026-01-01T00:00:00.000Z' }),
    aTurma({ id: 'b', countStudents: 0, updatedAt: '2026-01-01T00:00:00.000Z' }),
  ];
  const count = (backend: { turmas: () => { id: string; countStudents: number }[] }) =>
    Object.fromEntries(backend.turmas().map((turma) => [turma.id, turma.countStudents]));

  it('enrols a new student in several turmas, moving counts and updatedAt', async () => {
    const backend = installReferenceApi({ turmas });

    await expect(
      createTestApiClient().addStudentToClasses({
        name: 'Ana Souza',
        email: ' Ana@Escola.br ',
        classes: [{ id: 'a' }, { id: 'b' }],
      }),
    ).resolves.toEqual({});

    expect(count(backend)).toEqual({ a: 3, b: 1 });
    expect(backend.turmas().every((turma) => turma.updatedAt > '2026-01-01T00:00:00.000Z')).toBe(
      true,
    );
    expect(backend.enrolments('a')).toEqual(['ana@escola.br']);
    expect(backend.requests[0]?.body).toEqual({
      name: 'Ana Souza',
      email: 'ana@escola.br',
      classes: [{ id: 'a' }, { id: 'b' }],
    });
  });

  it('counts a student once however often they are enrolled', async () => {
    const backend = installReferenceApi({ turmas });
    const api = createTestApiClient();
    const student = { name: 'Ana', email: 'ana@escola.br' };

    await api.addStudentToClass('b', student);
    await api.addStudentToClass('b', { ...student, expirationDate: '2026-12-31T23:59:59Z' });

    expect(count(backend)).toEqual({ a: 2, b: 1 });
  });

  it('changes nothing and answers 404 naming unknown turma ids', async () => {
    const backend = installReferenceApi({ turmas });

    const error = await apiError(
      createTestApiClient().addStudentToClasses({
        name: 'Ana',
        email: 'ana@escola.br',
        classes: [{ id: 'a' }, { id: 'x' }, { id: 'y' }],
      }),
    );

    expect(error.status).toBe(404);
    expect(error.message).toBe('No class with id x, y');
    expect(backend.turmas()).toEqual(turmas);
  });

  it('removes a student from several turmas, leaving the turmas they were not in', async () => {
    const backend = installReferenceApi({ turmas, enrolments: { a: ['ana@escola.br'] } });

    await createTestApiClient().removeStudentFromClasses({
      email: 'ANA@escola.br',
      classes: [{ id: 'a' }, { id: 'b' }],
    });

    expect(count(backend)).toEqual({ a: 1, b: 0 });
    expect(backend.enrolments('a')).toEqual([]);
    expect(backend.turmas()[1]?.updatedAt).toBe('2026-01-01T00:00:00.000Z');
  });

  it('answers 404 when removing a student nobody enrolled', async () => {
    installReferenceApi({ turmas });

    const error = await apiError(
      createTestApiClient().removeStudentFromClasses({
        email: 'nobody@escola.br',
        classes: [{ id: 'a' }],
      }),
    );

    expect(error.status).toBe(404);
    expect(error.message).toBe('Student not found');
  });

  it('answers 400 naming the body field the contract refuses', async () => {
    installReferenceApi({ turmas });

    // The client refuses such a body itself, so it goes out through fetch directly.
    const response = await fetch(`${TEST_API_BASE_URL}/classe/a/add-student`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TEST_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ana', email: 'not-an-address' }),
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      status: '400',
      message: 'email: must be a valid e-mail address',
    });
  });
});

describe('installReferenceApi: a database per test', () => {
  const turma = aTurma({ id: 'a', countStudents: 0 });

  it('keeps what a test writes to that test (here: an enrolment)', async () => {
    const backend = installReferenceApi({ turmas: [turma] });

    await createTestApiClient().addStudentToClass('a', { name: 'Ana', email: 'ana@escola.br' });

    expect(backend.turmas()[0]?.countStudents).toBe(1);
  });

  it('starts the next test from its own seed alone', async () => {
    const backend = installReferenceApi({ turmas: [turma] });

    await expect(createTestApiClient().getClasses()).resolves.toMatchObject({
      data: [{ id: 'a', countStudents: 0 }],
    });
    expect(backend.enrolments('a')).toEqual([]);
  });
});
