/**
 * The check every API test's answers go through (testing/openapi-conformance.ts): what it lets
 * pass and what it refuses, against the served document.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OpenApiConformance,
  takeProblems,
  type CheckedAnswer,
} from './testing/openapi-conformance.ts';
import { startTestApp, type TestApp } from './testing/test-app.ts';

let app: TestApp;
let conformance: OpenApiConformance;
beforeAll(async () => {
  app = await startTestApp();
  conformance = new OpenApiConformance(await (await app.request('/v1/openapi.json')).json());
});
afterAll(() => app.stop());

const TURMA = {
  id: 't1',
  name: 'Física',
  createdAt: '2024-01-02T10:00:00.000Z',
  updatedAt: '2024-01-15T10:00:00.000Z',
  countStudents: 2,
};

const answer = (
  method: string,
  target: string,
  status: number,
  body: unknown,
  contentType = 'application/json',
): CheckedAnswer => ({
  method,
  target,
  status,
  contentType,
  text: typeof body === 'string' ? body : JSON.stringify(body),
});

const error = (status: number) => ({ status: String(status), message: 'whatever' });

describe('answers the document allows', () => {
  it.each<[string, CheckedAnswer]>([
    [
      'a page of turmas',
      answer('GET', '/v1/classe?page=1', 200, { data: [TURMA], totalRecords: 1 }),
    ],
    [
      'fields it does not know, in a resource and in the list (clients must tolerate them)',
      answer('GET', '/v1/classe', 200, {
        data: [{ ...TURMA, room: 'B12' }],
        totalRecords: 1,
        nextPage: null,
      }),
    ],
    ['an enrolment', answer('POST', '/v1/classe/t1/add-student', 200, {})],
    ['the 408 of a slow body', answer('POST', '/v1/classe/add-student', 408, error(408))],
    ['the 431 of the health probe', answer('GET', '/v1/health', 431, error(431))],
    ['HEAD, by its GET, without a body', { ...answer('HEAD', '/v1/classe', 200, ''), text: '' }],
    ['the 404 of a path the API has not', answer('GET', '/v1/classes', 404, error(404))],
    ['the 401 of a method the API has not', answer('PUT', '/v1/classe', 401, error(401))],
    [
      'the console’s page, not the API',
      answer('GET', '/turmas', 200, '<!doctype html>', 'text/html'),
    ],
    [
      'an absolute-form target',
      answer('GET', 'http://x/v1/classe', 200, { data: [], totalRecords: 0 }),
    ],
    // HTTP plumbing OpenAPI does not describe (server/cors.ts).
    ['a CORS preflight’s 204', { ...answer('OPTIONS', '/v1/classe', 204, ''), text: '' }],
    ['a refused CORS preflight’s 403', answer('OPTIONS', '/v1/classe', 403, error(403))],
  ])('%s', (_what, checked) => {
    expect(conformance.problems(checked)).toEqual([]);
  });
});

describe('answers the document refuses', () => {
  it.each<[string, CheckedAnswer, RegExp]>([
    [
      'a status the operation does not list',
      answer('GET', '/v1/classe', 418, error(418)),
      /status 418 is not in the document for GET \/classe/,
    ],
    [
      'a status only `default` would cover',
      answer('GET', '/v1/classe', 500, error(500)),
      /status 500 is not in the document/,
    ],
    [
      'a 413 on a route without a body',
      answer('GET', '/v1/health', 413, error(413)),
      /status 413 is not in the document for GET \/health/,
    ],
    [
      'a body missing a required field',
      answer('GET', '/v1/classe', 200, { data: [TURMA] }),
      /must have required property 'totalRecords'/,
    ],
    [
      'a field of the wrong type',
      answer('GET', '/v1/classe', 200, {
        data: [{ ...TURMA, countStudents: '2' }],
        totalRecords: 1,
      }),
      /countStudents must be integer/,
    ],
    [
      'an Error body that is not one',
      answer('POST', '/v1/classe/add-student', 400, { error: 'bad' }),
      /must have required property 'status'/,
    ],
    [
      'an Error body whose status disagrees',
      answer('POST', '/v1/classe/add-student', 400, error(404)),
      /the Error body says status 404/,
    ],
    [
      'a body that is not JSON',
      answer('GET', '/v1/health', 200, 'ok', 'text/plain'),
      /Content-Type text\/plain is not one the document lists/,
    ],
    [
      'a success on a route the document does not name',
      answer('GET', '/v1/classe/t1', 200, {}),
      /a success on a route the document does not name/,
    ],
    [
      'a refused CORS preflight that is not an Error body',
      answer('OPTIONS', '/v1/classe', 403, 'Forbidden', 'text/plain'),
      /the body is not JSON/,
    ],
    [
      'an answer on a route the document does not name that is not an Error body',
      answer('GET', '/v1/classes', 404, 'Not Found', 'text/plain'),
      /the body is not JSON/,
    ],
  ])('%s', (_what, checked, problem) => {
    expect(conformance.problems(checked).join('\n')).toMatch(problem);
  });
});

describe('the global fetch of the API tests', () => {
  it('fails on an answer the document does not allow, and the test with it', async () => {
    // A server that is not ours, answering what ours never may.
    const teapot = createServer((_request, response) => {
      response.writeHead(418, { 'content-type': 'application/json' });
      response.end(JSON.stringify(error(418)));
    });
    teapot.listen(0, '127.0.0.1');
    await once(teapot, 'listening');
    try {
      const { port } = teapot.address() as AddressInfo;
      await expect(fetch(`http://127.0.0.1:${port}/v1/health`)).rejects.toThrow(
        /status 418 is not in the document for GET \/health/,
      );
      // Also kept for the end of the test, in case the test had caught the error.
      expect(takeProblems()).toEqual([expect.stringMatching(/status 418/)]);
    } finally {
      teapot.close();
    }
  });
});
