/**
 * `API_EXTENSIONS=off` (docs/decisions/015-roster-extension.md): the plain v1, as the platform
 * serves it. The extension's paths are unknown (404, like any), no answer carries the
 * Api-Extensions header, and the OpenAPI document says nothing of it. A file of its own: the
 * answers of a test file are checked against the first document it meets, here the plain one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSIONS_HEADER } from '#contract';
import { STANDARD_FIXTURES } from './testing/fixtures.ts';
import { killAllMains, startMain } from './testing/main-process.ts';
import { createTestDatabase } from './testing/database.ts';
import {
  apiAt,
  expectError,
  startTestServer,
  TEST_TOKEN,
  type Answer,
  type TestServer,
} from './testing/test-server.ts';

const header = EXTENSIONS_HEADER.toLowerCase();

describe('a server with API_EXTENSIONS=off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ fixtures: STANDARD_FIXTURES, extensions: false });
  });
  afterAll(async () => {
    killAllMains();
    await server.stop();
  });

  it.each([
    ['/classe/t4/students', 'GET /v1/classe/t4/students'],
    ['/classe/nope/students?sortBy=-email', 'GET /v1/classe/nope/students'],
    ['/students?query=ana', 'GET /v1/students'],
    ['/students/by-email?email=ana%40escola.example', 'GET /v1/students/by-email'],
    ['/enrolments/expiring?before=2030-01-01T00:00:00Z', 'GET /v1/enrolments/expiring'],
    ['/me', 'GET /v1/me'],
  ])('answers %s with 404, like any unknown path', async (path, route) => {
    const answer = await server.request(path);
    expectError(answer, 404, `No route ${route}`);
    expect(answer.headers[header]).toBeUndefined();
  });

  it('announces no extension on any answer', async () => {
    const answers: Answer[] = [
      await server.request('/classe'),
      await server.request('/classe?pageSize=0'),
      await server.request('/classe', { authorization: null }),
      await server.request('/health', { authorization: null }),
      await server.request('/openapi.json', { authorization: null }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 400, 401, 200, 200]);
    for (const answer of answers) expect(answer.headers[header], answer.text).toBeUndefined();
  });

  it('lists a search by name, as the plain v1 does: no best match first', async () => {
    const { data } = await server.listClasses({ query: 'matematica' });
    expect(data.map(({ name }) => name)).toEqual(['Matemática 9º A', 'matematica avançada']);
  });

  it('leaves the extension out of the OpenAPI document, components and tag included', async () => {
    const document = (await server.request('/openapi.json', { authorization: null })).body as {
      tags: { name: string }[];
      paths: Record<string, unknown>;
      components: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths)).toEqual([
      '/classe',
      '/classe/add-student',
      '/classe/{id}/add-student',
      '/classe/remove-student',
      '/health',
      '/live',
      '/openapi.json',
    ]);
    expect(document.tags.map((tag) => tag.name)).not.toContain('extensions');
    const text = JSON.stringify(document);
    for (const word of [
      'x-extension',
      'Roster',
      'StudentMatch',
      'StudentRecord',
      'UnknownClass"',
      'best match',
    ]) {
      expect(text).not.toContain(word);
    }
  });

  it('is what API_EXTENSIONS=off gives `npm start`', async () => {
    const database = await createTestDatabase();
    try {
      const main = await startMain(database, { API_TOKENS: TEST_TOKEN, API_EXTENSIONS: 'off' });
      const answer = await apiAt(main.url)('/students');
      expect(answer.status).toBe(404);
      expect(answer.headers[header]).toBeUndefined();
      expect(await main.terminate()).toBe(0);
    } finally {
      await database.drop();
    }
  });

  it('is refused, with its name, when API_EXTENSIONS is neither on nor off', async () => {
    const database = await createTestDatabase();
    try {
      await expect(
        startMain(database, { API_TOKENS: TEST_TOKEN, API_EXTENSIONS: 'no' }),
      ).rejects.toThrow(
        /API_EXTENSIONS must be on or off, got \\"no\\".*"variable":"API_EXTENSIONS"/,
      );
    } finally {
      await database.drop();
    }
  });
});
