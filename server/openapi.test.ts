/**
 * The served OpenAPI document as a platform team would publish it: `redocly lint` with the
 * recommended-strict rules finds nothing; named schemas referenced everywhere; the student name
 * rule as one pattern that agrees with the contract; class ids unique; page and pageSize int32
 * with the contract's ranges; responses open to new fields; every status, an example for every
 * request and response; `servers` absolute when PUBLIC_URL says where the server is.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classListQuerySchema, classReferencesSchema, studentNameSchema } from '#contract';
import { configureZod } from '#contract/zod-messages';
import { buildOpenApiDocument } from './openapi.ts';
import { createTestDatabase } from './testing/database.ts';
import { killAllMains, startMain } from './testing/main-process.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

const run = promisify(execFile);
const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

type Json = Record<string, unknown>;
interface Document {
  servers: { url: string }[];
  paths: Record<string, Record<string, Json>>;
  components: {
    schemas: Record<string, Json>;
    responses: Record<string, Json>;
    parameters: Record<string, Json>;
  };
}

let server: TestServer;
let served: Document;
beforeAll(async () => {
  configureZod();
  server = await startTestServer();
  served = (await server.request('/openapi.json', { authorization: null })).body as Document;
});
afterAll(async () => {
  killAllMains();
  await server.stop();
});

/** Every object in `value`, with the JSON pointer to it. */
function* objectsIn(value: unknown, pointer = '#'): Generator<[string, Json]> {
  if (typeof value !== 'object' || value === null) return;
  if (!Array.isArray(value)) yield [pointer, value as Json];
  for (const [key, item] of Object.entries(value)) yield* objectsIn(item, `${pointer}/${key}`);
}

const operations = () =>
  Object.entries(served.paths).flatMap(([path, item]) =>
    // A path item's own `description` says what other methods get (405).
    Object.entries(item).flatMap(([method, operation]) =>
      method === 'description'
        ? []
        : [
            {
              name: `${method.toUpperCase()} ${path}`,
              ...(operation as {
                operationId: string;
                summary?: string;
                description?: string;
                tags?: string[];
                security?: unknown[];
                requestBody?: Json;
                responses: Record<string, { $ref?: string }>;
              }),
            },
          ],
    ),
  );

describe('redocly lint, recommended-strict', () => {
  it('finds no problem in the served document, offline', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'turmas-openapi-lint-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(served));
      const lint = await run(
        process.execPath,
        [REDOCLY, 'lint', '--extends=recommended-strict', '--format=json', file],
        {
          cwd: dir,
          // No usage report and no update check: the lint must work without a network.
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
        // It exits 1 on any problem: the report is what the failure should show.
      ).catch((error: unknown) => error as { stdout: string });
      const report = JSON.parse(lint.stdout) as { totals: Json; problems: Json[] };
      expect(report.problems).toEqual([]);
      expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('schemas', () => {
  it('names every resource, body and the Error body', () => {
    expect(Object.keys(served.components.schemas)).toEqual(
      expect.arrayContaining([
        'Class',
        'ClassList',
        'ErrorBody',
        'WriteSuccess',
        'Health',
        'AddStudentToClassesBody',
        'AddStudentBody',
        'RemoveStudentFromClassesBody',
        'ClassReference',
        'StudentName',
        'Email',
        'ExpirationDate',
      ]),
    );
  });

  it('are referenced wherever a body is described: no inline copy', () => {
    const inline = [...objectsIn({ paths: served.paths, responses: served.components.responses })]
      .filter(([pointer]) => /\/content\/[^/]+$/.test(pointer))
      .filter(
        ([, mediaType]) =>
          !/^#\/components\/schemas\/\w+$/.test(
            String((mediaType.schema as Json | undefined)?.$ref),
          ),
      );
    expect(inline.map(([pointer]) => pointer)).toEqual([]);
  });

  it('have no allOf, and no $schema or $id of their own', () => {
    const found = [...objectsIn(served.components.schemas)].filter(
      ([, schema]) => 'allOf' in schema || '$schema' in schema || '$id' in schema,
    );
    expect(found.map(([pointer]) => pointer)).toEqual([]);
  });

  it('leave responses open to fields a newer server adds', () => {
    const responseSchemas = ['Class', 'ClassList', 'ErrorBody', 'WriteSuccess', 'Health'];
    const closed = responseSchemas
      .flatMap((name) => [...objectsIn(served.components.schemas[name], name)])
      .filter(([, schema]) => schema.additionalProperties === false);
    expect(closed.map(([pointer]) => pointer)).toEqual([]);
    // Request bodies stay strict: an unknown field is a 400.
    expect(served.components.schemas.AddStudentToClassesBody).toMatchObject({
      additionalProperties: false,
    });
  });

  it('say the student name rule as one pattern, with its lengths, so that it stays a string', () => {
    expect(served.components.schemas.StudentName).toMatchObject({
      type: 'string',
      minLength: 1,
      maxLength: 200,
      pattern:
        '^(?=[^\\p{L}\\p{N}]*[\\p{L}\\p{N}])[^\\p{Cc}\\p{Cs}\\u202A-\\u202E\\u2066-\\u2069]*$',
    });
  });

  it('accept exactly the names the contract accepts (trimmed ones: the contract trims)', () => {
    const ajv = new Ajv2020({ strict: false });
    const valid = ajv.compile(served.components.schemas.StudentName!);
    const character = fc.oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      fc.constantFrom('\u0000', '\t', '\u007f', '\u0085', '\ud800', '\udfff', '\u200b', 'é'),
      // Bidirectional controls, the joiners and marks names use, and what holds no letter.
      fc.constantFrom('\u202a', '\u202e', '\u2066', '\u2069', '\u200d', '\u200c', '\u200e'),
      fc.constantFrom('\u200f', '\u0301', '\u00ad', '\u{e0041}', ' ', '-', '7', '李'),
    );
    fc.assert(
      fc.property(fc.array(character, { minLength: 1, maxLength: 12 }), (characters) => {
        const name = characters.join('');
        fc.pre(name === name.trim() && name.length > 0);
        expect(valid(name), JSON.stringify(name)).toBe(studentNameSchema.safeParse(name).success);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuse a repeated turma, as the contract does', () => {
    const references = served.components.schemas.ClassReferences!;
    expect(references).toMatchObject({
      type: 'array',
      uniqueItems: true,
      minItems: 1,
      maxItems: 100,
    });
    expect(classReferencesSchema.safeParse([{ id: 't1' }, { id: 't1' }]).success).toBe(false);
  });
});

describe('parameters', () => {
  it.each([
    ['Page', 'page', 1, 2_147_483_647],
    ['PageSize', 'pageSize', 1, 100],
  ])('%s is an int32 with the range the contract enforces', (key, name, minimum, maximum) => {
    expect(served.components.parameters[key]).toMatchObject({
      name,
      in: 'query',
      schema: { type: 'integer', format: 'int32', minimum, maximum },
    });
    const accepts = (value: number) =>
      classListQuerySchema.safeParse({ [name]: String(value) }).success;
    expect([minimum - 1, minimum, maximum, maximum + 1].map(accepts)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe('paths', () => {
  it('say what any other method gets: 405 with the Allow the server sends (the suite checks it)', () => {
    const other = (allow: string) =>
      `Any other method: 405 with an Error body and \`Allow: ${allow}\`.`;
    const said = Object.fromEntries(
      Object.entries(served.paths).map(([path, item]) => [path, item.description]),
    );
    expect(said).toEqual({
      '/classe': other('GET, HEAD'),
      '/classe/add-student': other('POST'),
      '/classe/{id}/add-student': other('POST'),
      '/classe/remove-student': other('DELETE'),
      '/classe/{id}/students': other('GET, HEAD'),
      '/students': other('GET, HEAD'),
      '/students/by-email': other('GET, HEAD'),
      '/enrolments/expiring': other('GET, HEAD'),
      '/audit': other('GET, HEAD'),
      '/audit/undo': other('POST'),
      '/me': other('GET, HEAD'),
      '/health': other('GET, HEAD'),
      '/live': other('GET, HEAD'),
      '/openapi.json': other('GET, HEAD'),
    });
  });

  it('say that a compressed body is refused, and what is accepted', () => {
    expect(served.components.responses.UnsupportedMediaType).toMatchObject({
      description: expect.stringContaining('Content-Encoding other than `identity`') as unknown,
      headers: { 'Accept-Encoding': { schema: { type: 'string', const: 'identity' } } },
    });
  });
});

describe('operations', () => {
  it('each have an id, a tag, a summary and a description', () => {
    for (const operation of operations()) {
      expect(operation, operation.name).toMatchObject({
        operationId: expect.any(String) as unknown,
        summary: expect.any(String) as unknown,
        description: expect.any(String) as unknown,
        tags: [expect.any(String)],
      });
    }
  });

  it('list every status the server sends, and a default', () => {
    const statuses = Object.fromEntries(
      operations().map((operation) => [operation.name, Object.keys(operation.responses)]),
    );
    // 429 and 503 on every one: the limits per address and admission come before any route.
    const everywhere = ['200', '400', '408', '429', '431', '503', 'default'];
    const writes = [...everywhere, '401', '403', '404', '413', '415'];
    expect(statuses).toEqual({
      'GET /classe': expect.arrayContaining([...everywhere, '401']) as unknown,
      'POST /classe/add-student': expect.arrayContaining(writes) as unknown,
      'POST /classe/{id}/add-student': expect.arrayContaining(writes) as unknown,
      'DELETE /classe/remove-student': expect.arrayContaining(writes) as unknown,
      'GET /health': expect.arrayContaining(everywhere) as unknown,
      'GET /live': expect.arrayContaining(everywhere) as unknown,
      'GET /openapi.json': expect.arrayContaining(everywhere) as unknown,
      // The roster extension's (decision 015)
      'GET /classe/{id}/students': expect.arrayContaining([...everywhere, '401', '404']) as unknown,
      'GET /students': expect.arrayContaining([...everywhere, '401']) as unknown,
      'GET /students/by-email': expect.arrayContaining([...everywhere, '401']) as unknown,
      'GET /enrolments/expiring': expect.arrayContaining([...everywhere, '401']) as unknown,
      // The audit extension's (decision 019)
      'GET /audit': expect.arrayContaining([...everywhere, '401']) as unknown,
      'POST /audit/undo': expect.arrayContaining(writes) as unknown,
      // The credentials extension's
      'GET /me': expect.arrayContaining([...everywhere, '401']) as unknown,
    });
  });

  it('give one example for every request and response body', () => {
    const bodies = [...objectsIn({ paths: served.paths, responses: served.components.responses })]
      .filter(([pointer]) => /\/content\/[^/]+$/.test(pointer))
      .filter(([, mediaType]) => !('example' in mediaType));
    expect(bodies.map(([pointer]) => pointer)).toEqual([]);
    const parameters = Object.entries(served.components.parameters).filter(
      ([, parameter]) => !('example' in parameter),
    );
    expect(parameters).toEqual([]);
  });
});

describe('servers', () => {
  it('is the relative /v1 by default: right for a browser on the same origin', () => {
    expect(served.servers).toEqual([expect.objectContaining({ url: '/v1' })]);
  });

  it.each([
    ['https://turmas.example', 'https://turmas.example/v1'],
    ['https://turmas.example/', 'https://turmas.example/v1'],
    ['http://10.0.0.5:3000/escola/', 'http://10.0.0.5:3000/escola/v1'],
  ])('PUBLIC_URL %s gives %s', (publicUrl, url) => {
    expect(buildOpenApiDocument({ publicUrl }).servers).toEqual([expect.objectContaining({ url })]);
  });

  it.each(['turmas.example', 'ftp://turmas.example', 'https://turmas.example/?a=1'])(
    'PUBLIC_URL %s is refused, naming the setting (the server does not start)',
    (publicUrl) => {
      expect(() => buildOpenApiDocument({ publicUrl })).toThrow(
        /^PUBLIC_URL must be an absolute http\(s\) address/,
      );
    },
  );

  it('follows PUBLIC_URL in the environment of `npm start`', async () => {
    const database = await createTestDatabase();
    try {
      const main = await startMain(database, {
        PUBLIC_URL: 'https://turmas.example',
        API_TOKENS: 'public-url-token-0123456789abcdefgh',
        SEED_CLASSES: '0',
      });
      const answer = await fetch(`${main.url}/v1/openapi.json`);
      expect(((await answer.json()) as Document).servers).toEqual([
        expect.objectContaining({ url: 'https://turmas.example/v1' }),
      ]);
      expect(await main.terminate()).toBe(0);
    } finally {
      await database.drop();
    }
  });
});
