/**
 * Who may call what: the health probe and the OpenAPI description need no token; every v1
 * operation answers 401 without a valid bearer token, and writes nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './server.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { storedEnrolments, storedStudents, type StoredEnrolment } from './testing/database.ts';
import { STANDARD_FIXTURES, STUDENTS, TURMAS } from './testing/fixtures.ts';
import {
  expectError,
  startTestServer,
  TEST_TOKEN,
  type RequestOptions,
  type TestServer,
} from './testing/test-server.ts';

const SECOND_TOKEN = 'second-token-0123456789abcdefghijkl';

let server: TestServer;
let initialEnrolments: StoredEnrolment[];
beforeAll(async () => {
  server = await startTestServer({
    fixtures: STANDARD_FIXTURES,
    tokens: [TEST_TOKEN, SECOND_TOKEN],
  });
  initialEnrolments = await storedEnrolments(server.database);
});
afterAll(() => server.stop());

const newStudent = { name: 'Dora Nunes', email: 'dora@escola.example' };

/** The four operations, each with a request that would succeed with a valid token. */
const OPERATIONS: [operationId: string, path: string, options: RequestOptions][] = [
  ['getClasses', '/classe', {}],
  [
    'addStudentToClasses',
    '/classe/add-student',
    { method: 'POST', json: { ...newStudent, classes: [{ id: TURMAS.turmaB.id }] } },
  ],
  [
    'addStudentToClass',
    `/classe/${TURMAS.turmaB.id}/add-student`,
    { method: 'POST', json: newStudent },
  ],
  [
    'removeStudentFromClasses',
    '/classe/remove-student',
    {
      method: 'DELETE',
      json: { email: STUDENTS.ana.email, classes: [{ id: TURMAS.historia.id }] },
    },
  ],
];

const MISSING = 'Missing bearer token: send Authorization: Bearer <token>';
const MALFORMED = 'Malformed Authorization header: expected Bearer <token>';
const INVALID = 'Invalid or expired token';

const CREDENTIALS: [description: string, authorization: string | null, message: string][] = [
  ['no Authorization header', null, MISSING],
  ['a wrong token', 'Bearer wrong-token', INVALID],
  ['a prefix of the right token', 'Bearer test-toke', INVALID],
  ['the right token with a suffix', `Bearer ${TEST_TOKEN}x`, INVALID],
  ['Basic credentials', 'Basic dGVzdDp0ZXN0', MALFORMED],
  ['the token without the Bearer scheme', TEST_TOKEN, MALFORMED],
  ['Bearer without a token', 'Bearer', MALFORMED],
];

describe.each(OPERATIONS)('%s refuses a caller without a valid token', (_, path, options) => {
  it.each(CREDENTIALS)('%s: 401 Error body', async (_description, authorization, message) => {
    expectError(await server.request(path, { ...options, authorization }), 401, message);
  });
});

describe('accepted credentials', () => {
  it.each([TEST_TOKEN, SECOND_TOKEN])('every configured token is accepted (%s)', async (token) => {
    const answer = await server.request('/classe', { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(200);
  });

  it('the authorization check comes before the route: unknown routes are 401 too', async () => {
    expectError(await server.request('/nope', { authorization: null }), 401, MISSING);
  });
});

describe('endpoints that need no token', () => {
  it('GET /v1/health answers 200 {status: "ok"}', async () => {
    const answer = await server.request('/health', { authorization: null });

    // What else it reports of the database is the served document's to check.
    expect({ status: answer.status, body: answer.body }).toMatchObject({
      status: 200,
      body: { status: 'ok' },
    });
  });

  it('GET /v1/openapi.json is the OpenAPI 3.1.0 description of version 1.0.0 and its four operations', async () => {
    const answer = await server.request('/openapi.json', { authorization: null });
    expect(answer.status).toBe(200);

    const operation = z.object({ operationId: z.string() });
    const document = z
      .object({
        openapi: z.string(),
        info: z.object({ version: z.string() }),
        // Each path item: its operations, and a description of what other methods get.
        paths: z.record(z.string(), z.record(z.string(), z.union([operation, z.string()]))),
      })
      .parse(answer.body);
    const operations = Object.fromEntries(
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods).flatMap(([method, operation]) =>
          typeof operation === 'string'
            ? []
            : [[operation.operationId, `${method.toUpperCase()} ${path}`]],
        ),
      ),
    );

    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.0.0');
    expect(operations).toMatchObject({
      getClasses: 'GET /classe',
      addStudentToClasses: 'POST /classe/add-student',
      addStudentToClass: 'POST /classe/{id}/add-student',
      removeStudentFromClasses: 'DELETE /classe/remove-student',
    });
  });
});

describe('after every refused call', () => {
  it('nothing was written: no new student, the same enrolments', async () => {
    expect((await storedStudents(server.database)).map((student) => student.email)).toEqual([
      STUDENTS.ana.email,
      STUDENTS.bruno.email,
      STUDENTS.carla.email,
    ]);
    expect(await storedEnrolments(server.database)).toEqual(initialEnrolments);
  });
});

describe('configured tokens', () => {
  it('refuses to start with a token no Authorization header could carry', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'turmas-tokens-'));
    try {
      await expect(startServer({ dataDir, tokens: ['good-token', 'has space'] })).rejects.toThrow(
        '1 API token(s) use characters a bearer token cannot carry',
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
