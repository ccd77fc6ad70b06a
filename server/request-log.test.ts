/**
 * Request logs: one JSON line per request with method, path and status, and never the bearer
 * token (nor anything else from headers, query string or body).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGGED_PATH_MAX } from './log.ts';
import { STANDARD_FIXTURES, STUDENTS, TURMAS } from './testing/fixtures.ts';
import { startTestServer, TEST_TOKEN, type TestServer } from './testing/test-server.ts';

const WRONG_TOKEN = 'guessed-token-0123456789';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ fixtures: STANDARD_FIXTURES });
});
afterAll(() => server.stop());

/** The `request` lines logged while `act` ran, parsed. */
async function requestLinesDuring(act: () => Promise<unknown>) {
  const from = server.logLines.length;
  await act();
  const lines = server.logLines.slice(from);
  return {
    lines,
    requests: lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === 'request'),
  };
}

describe('request logs', () => {
  it('log the request id, method, path (without the query string), status and credential of a call', async () => {
    const { requests } = await requestLinesDuring(() =>
      server.request('/classe?query=matematica&pageSize=5', {
        headers: { 'X-Request-Id': 'support-ticket-42' },
      }),
    );

    expect(requests).toEqual([
      {
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
        level: 'info',
        msg: 'request',
        requestId: 'support-ticket-42',
        method: 'GET',
        path: '/v1/classe',
        status: 200,
        credential: 'token-1',
        ms: expect.any(Number) as unknown,
      },
    ]);
  });

  it('cut a path longer than any route, saying its length', async () => {
    const path = `/classe/${'x'.repeat(4_000)}/students`;
    const { requests } = await requestLinesDuring(() => server.request(path));

    expect(requests).toEqual([
      expect.objectContaining({
        path: `/v1${path}`.slice(0, LOGGED_PATH_MAX) + '…',
        pathLength: path.length + 3,
        // An id that long is no turma's.
        status: 400,
      }),
    ]);
  });

  it('never contain the token, whether it is right or wrong', async () => {
    const { lines, requests } = await requestLinesDuring(async () => {
      await server.request('/classe');
      await server.request('/classe', { authorization: `Bearer ${WRONG_TOKEN}` });
      await server.request('/classe', { authorization: `Basic ${WRONG_TOKEN}` });
      await server.request('/nope');
    });

    expect(requests.map(({ method, path, status }) => [method, path, status])).toEqual([
      ['GET', '/v1/classe', 200],
      ['GET', '/v1/classe', 401],
      ['GET', '/v1/classe', 401],
      ['GET', '/v1/nope', 404],
    ]);
    for (const line of lines) {
      expect(line).not.toContain(TEST_TOKEN);
      expect(line).not.toContain(WRONG_TOKEN);
    }
  });

  it('log writes with their status and without the student’s e-mail', async () => {
    const { lines, requests } = await requestLinesDuring(async () => {
      await server.addStudentToClass(TURMAS.turmaB.id, {
        name: 'Dora Nunes',
        email: 'dora.private@escola.example',
      });
      await server.removeStudentFromClasses({
        email: 'dora.private@escola.example',
        classes: [{ id: 'ghost' }],
      });
      await server.addStudentToClasses({ ...STUDENTS.ana, classes: [] });
    });

    const writes = requests.filter((entry) => entry.method !== 'GET');
    expect(writes.map(({ method, path, status }) => [method, path, status])).toEqual([
      ['POST', `/v1/classe/${TURMAS.turmaB.id}/add-student`, 200],
      ['DELETE', '/v1/classe/remove-student', 404],
      ['POST', '/v1/classe/add-student', 400],
    ]);
    for (const line of lines) {
      expect(line).not.toContain('dora.private');
      expect(line).not.toContain(TEST_TOKEN);
    }
  });
});
