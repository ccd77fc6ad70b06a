/**
 * Every request the API must refuse, by field rule or at the HTTP level, gets exactly the JSON
 * Error body naming what is wrong, and writes nothing.
 */
import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedEnrolments, storedStudents, type StoredEnrolment } from './testing/database.ts';
import { STANDARD_EXPIRY, STANDARD_FIXTURES, STUDENTS, TURMAS } from './testing/fixtures.ts';
import {
  expectError,
  expectWriteOk,
  startTestServer,
  TEST_TOKEN,
  type TestServer,
} from './testing/test-server.ts';

let server: TestServer;
let initialEnrolments: StoredEnrolment[];
beforeAll(async () => {
  server = await startTestServer({ fixtures: STANDARD_FIXTURES });
  initialEnrolments = await storedEnrolments(server.database);
});
afterAll(() => server.stop());

const NO_LETTER = 'name: must hold at least one letter or digit';
const BIDI_CONTROL =
  'name: must not contain bidirectional controls (U+202A to U+202E, U+2066 to U+2069)';
const ISO_MESSAGE =
  'expirationDate: must be an ISO 8601 date-time with an offset or Z, e.g. 2026-12-31T23:59:59Z';
const EXPIRY_RANGE_MESSAGE =
  'expirationDate: must be from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59Z';
const TOO_LONG_EMAIL = `${'a'.repeat(240)}@escola.example`; // 255 characters

const student = { name: 'Dora Nunes', email: 'dora@escola.example' };
const validAddToMany = {
  ...student,
  classes: [{ id: TURMAS.turmaB.id }],
  expirationDate: '2026-12-31T23:59:59Z',
};
const validAddToOne = { ...student, expirationDate: '2026-12-31T23:59:59Z' };
const validRemove = { email: 'ana@escola.example', classes: [{ id: TURMAS.historia.id }] };

/** The body with `field` replaced by `value`, or left out when `value` is `absent`. */
const absent = Symbol('absent');
function withField(body: object, field: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...body };
  if (value === absent) Reflect.deleteProperty(copy, field);
  else copy[field] = value;
  return copy;
}

type FieldCase = [description: string, field: string, value: unknown, message: string];

const NAME_CASES: FieldCase[] = [
  ['name missing', 'name', absent, 'name: is required'],
  ['name empty', 'name', '', 'name: must not be empty'],
  ['name only whitespace', 'name', ' \t ', 'name: must not be empty'],
  ['name over 200 characters', 'name', 'N'.repeat(201), 'name: must be at most 200 characters'],
  ['name not a string', 'name', 42, 'name: must be a string'],
  ['name null', 'name', null, 'name: must be a string'],
  [
    'name with a control character',
    'name',
    'Dora\u0000Nunes',
    'name: must not contain control characters',
  ],
  ['name with a line break', 'name', 'Dora\nNunes', 'name: must not contain control characters'],
  // Names that lie: nothing to see, or text shown in another order than stored.
  ...[
    ['a zero-width space', '\u200b'],
    ['a soft hyphen', '\u00ad'],
    ['a tag character', '\u{e0041}'],
    ['punctuation', '— . —'],
    ['a combining mark', '\u0301'],
  ].map(([what, name]): FieldCase => [`name only ${what}`, 'name', name, NO_LETTER]),
  ...['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'].map(
    (control): FieldCase => [
      `name with U+${control.codePointAt(0)!.toString(16).toUpperCase()}`,
      'name',
      `Aluno ${control}gnp.exe`,
      BIDI_CONTROL,
    ],
  ),
];
const EMAIL_CASES: FieldCase[] = [
  ['email missing', 'email', absent, 'email: is required'],
  ['email without @', 'email', 'dora.escola.example', 'email: must be a valid e-mail address'],
  ['email without domain', 'email', 'dora@', 'email: must be a valid e-mail address'],
  ['email only whitespace', 'email', '   ', 'email: must be a valid e-mail address'],
  ['email over 254 characters', 'email', TOO_LONG_EMAIL, 'email: must be at most 254 characters'],
  ['email not a string', 'email', ['dora@escola.example'], 'email: must be a string'],
];
const EXPIRATION_CASES: FieldCase[] = [
  ['expirationDate not ISO 8601', 'expirationDate', '31/12/2026', ISO_MESSAGE],
  ['expirationDate without offset', 'expirationDate', '2026-12-31T23:59:59', ISO_MESSAGE],
  ['expirationDate a date only', 'expirationDate', '2026-12-31', ISO_MESSAGE],
  ['expirationDate an impossible date', 'expirationDate', '2026-02-30T00:00:00Z', ISO_MESSAGE],
  ['expirationDate a number', 'expirationDate', 1798761599000, ISO_MESSAGE],
  ['expirationDate null', 'expirationDate', null, ISO_MESSAGE],
  [
    'expirationDate past the year 9999 once in UTC',
    'expirationDate',
    '9999-12-31T23:59:59-23:59',
    EXPIRY_RANGE_MESSAGE,
  ],
  ['expirationDate in the year 10000', 'expirationDate', '+010000-01-01T00:00:00Z', ISO_MESSAGE],
  [
    'expirationDate in the year 0, which UTC makes year -1',
    'expirationDate',
    '0000-01-01T00:00:00+23:59',
    EXPIRY_RANGE_MESSAGE,
  ],
  ['expirationDate in the year 0', 'expirationDate', '0000-01-01T00:00:00Z', EXPIRY_RANGE_MESSAGE],
  [
    'expirationDate a second before 1970 in UTC',
    'expirationDate',
    '1970-01-01T00:59:59+01:00',
    EXPIRY_RANGE_MESSAGE,
  ],
  [
    'expirationDate half a second after 9999-12-31T23:59:59Z',
    'expirationDate',
    '9999-12-31T23:59:59.5Z',
    EXPIRY_RANGE_MESSAGE,
  ],
];
const CLASSES_CASES: FieldCase[] = [
  ['classes missing', 'classes', absent, 'classes: is required'],
  ['classes empty', 'classes', [], 'classes: must name at least one turma'],
  [
    'classes not an array',
    'classes',
    TURMAS.turmaB.id,
    'classes: must be a list of {"id": string}',
  ],
  [
    'classes with 101 ids',
    'classes',
    Array.from({ length: 101 }, (_, i) => ({ id: `t${i}` })),
    'classes: must name at most 100 turmas',
  ],
  [
    'classes repeating an id',
    'classes',
    [{ id: TURMAS.turmaB.id }, { id: TURMAS.turmaB.id }],
    'classes: must not repeat a turma id',
  ],
  ['classes item without id', 'classes', [{}], 'classes.0.id: is required'],
  ['classes item with empty id', 'classes', [{ id: '' }], 'classes.0.id: must not be empty'],
  ['classes item with numeric id', 'classes', [{ id: 4 }], 'classes.0.id: must be a string'],
  [
    'classes item id over 100 characters',
    'classes',
    [{ id: 'x'.repeat(101) }],
    'classes.0.id: must be at most 100 characters',
  ],
  [
    'classes item with an extra field',
    'classes',
    [{ id: TURMAS.turmaB.id }, { id: TURMAS.fisica.id, room: '12' }],
    'classes.1: unknown field room',
  ],
  [
    'classes item a bare string',
    'classes',
    [TURMAS.turmaB.id],
    'classes.0: must be an object {"id": string}',
  ],
];

const NOT_AN_OBJECT: [string, string][] = [
  ['an array', '[]'],
  ['null', 'null'],
  ['a number', '42'],
  ['a string', '"dora@escola.example"'],
];

describe('addStudentToClasses refuses a bad body with 400', () => {
  it.each([...NAME_CASES, ...EMAIL_CASES, ...CLASSES_CASES, ...EXPIRATION_CASES])(
    '%s',
    async (_, field, value, message) => {
      const body = withField(validAddToMany, field, value);
      expectError(await server.addStudentToClasses(body), 400, message);
    },
  );

  it('not for an id with spaces around it: ids are opaque, that is another turma (404)', async () => {
    const padded = ` ${TURMAS.turmaB.id} `;
    const classes = [{ id: TURMAS.turmaB.id }, { id: padded }];
    const body = withField(validAddToMany, 'classes', classes);
    expectError(await server.addStudentToClasses(body), 404, `No class with id ${padded}`);
  });

  it('an unknown top-level field (a typo must not enrol without expiry)', async () => {
    const { expirationDate, ...rest } = validAddToMany;
    const body = { ...rest, expirationdate: expirationDate };
    expectError(await server.addStudentToClasses(body), 400, 'body: unknown field expirationdate');
  });

  it('an empty object, naming every missing field', async () => {
    expectError(
      await server.addStudentToClasses({}),
      400,
      'name: is required; email: is required; classes: is required',
    );
  });
});

describe('addStudentToClass refuses a bad body or path with 400', () => {
  it.each([...NAME_CASES, ...EMAIL_CASES, ...EXPIRATION_CASES])(
    '%s',
    async (_, field, value, message) => {
      const body = withField(validAddToOne, field, value);
      expectError(await server.addStudentToClass(TURMAS.turmaB.id, body), 400, message);
    },
  );

  it('a classes field, which belongs to the many-turmas call', async () => {
    const body = { ...validAddToOne, classes: [{ id: TURMAS.fisica.id }] };
    expectError(
      await server.addStudentToClass(TURMAS.turmaB.id, body),
      400,
      'body: unknown field classes',
    );
  });

  it('a turma id in the path over 100 characters', async () => {
    expectError(
      await server.addStudentToClass('x'.repeat(101), validAddToOne),
      400,
      'id: must be at most 100 characters',
    );
  });
});

describe('removeStudentFromClasses refuses a bad body with 400', () => {
  it.each([...EMAIL_CASES, ...CLASSES_CASES])('%s', async (_, field, value, message) => {
    const body = withField(validRemove, field, value);
    expectError(await server.removeStudentFromClasses(body), 400, message);
  });

  it('a name field, which removal does not take', async () => {
    const body = { ...validRemove, name: 'Ana Souza' };
    expectError(await server.removeStudentFromClasses(body), 400, 'body: unknown field name');
  });
});

const WRITES = [
  ['addStudentToClasses', 'POST', '/classe/add-student'],
  ['addStudentToClass', 'POST', `/classe/${TURMAS.turmaB.id}/add-student`],
  ['removeStudentFromClasses', 'DELETE', '/classe/remove-student'],
] as const;

const BODY_LIMIT = 64 * 1024;
const TOO_LARGE = 'Request body must be at most 65536 bytes';

/** A valid JSON body of exactly `bytes` bytes: the valid body, padded with JSON whitespace. */
const paddedJson = (body: object, bytes: number) => JSON.stringify(body).padEnd(bytes, ' ');

describe.each(WRITES)(
  '%s refuses what is not a JSON object of at most 64 KiB',
  (_, method, path) => {
    const send = (body: string | Uint8Array<ArrayBuffer>, contentType?: string) =>
      server.request(path, {
        method,
        body,
        headers: contentType === undefined ? {} : { 'content-type': contentType },
      });

    it('a body over 64 KiB: 413', async () => {
      const answer = await send(paddedJson(validAddToMany, BODY_LIMIT + 1), 'application/json');
      expectError(answer, 413, TOO_LARGE);
    });

    it('a body of 64 KiB counted in bytes, not characters: 413', async () => {
      const body = JSON.stringify({ ...validAddToMany, name: 'é'.repeat(BODY_LIMIT / 2) });
      expect(body.length).toBeLessThan(BODY_LIMIT);
      expectError(await send(body, 'application/json'), 413, TOO_LARGE);
    });

    it.each(NOT_AN_OBJECT)('JSON that is %s: 400', async (_, json) => {
      expectError(await send(json, 'application/json'), 400, 'body: must be a JSON object');
    });

    it('malformed JSON: 400', async () => {
      expectError(
        await send('{"name": "Dora",', 'application/json'),
        400,
        'body: must be valid JSON',
      );
    });

    it('an empty body: 400', async () => {
      expectError(await send('', 'application/json'), 400, 'body: must be valid JSON');
    });

    it('a text/plain body, even if it holds JSON: 415', async () => {
      const answer = await send(JSON.stringify(validRemove), 'text/plain');
      expectError(answer, 415, 'Content-Type must be application/json');
    });

    it('a form body: 415', async () => {
      const answer = await send('email=ana%40escola.example', 'application/x-www-form-urlencoded');
      expectError(answer, 415, 'Content-Type must be application/json');
    });

    it('a body without Content-Type: 415', async () => {
      const answer = await send(new TextEncoder().encode(JSON.stringify(validRemove)));
      expectError(answer, 415, 'Content-Type must be application/json');
    });
  },
);

describe('the 64 KiB limit', () => {
  it('takes a body of exactly 64 KiB, and media type parameters and case do not matter', async () => {
    // Ana again in História with the expiry she has: accepted, and changes nothing.
    const reEnrolment = {
      ...STUDENTS.ana,
      classes: [{ id: TURMAS.historia.id }],
      expirationDate: STANDARD_EXPIRY,
    };
    const answer = await server.request('/classe/add-student', {
      method: 'POST',
      body: paddedJson(reEnrolment, BODY_LIMIT),
      headers: { 'content-type': 'Application/JSON; charset=UTF-8' },
    });

    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: {} });
  });

  it('also holds for a chunked body that declares no length: 413', async () => {
    // Node's own client: fetch gives up on the request once the server answers early.
    const { status, text } = await new Promise<{ status: number; text: string }>(
      (resolve, reject) => {
        const request = httpRequest(
          `${server.url}/v1/classe/add-student`,
          {
            method: 'POST',
            headers: {
              authorization: `Bearer ${TEST_TOKEN}`,
              'content-type': 'application/json',
            },
          },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, text: body }));
          },
        );
        request.on('error', reject);
        for (let i = 0; i < 9; i++) request.write(' '.repeat(8 * 1024));
        request.end(JSON.stringify(validAddToMany));
      },
    );

    expect(status).toBe(413);
    expect(JSON.parse(text)).toEqual({ status: '413', message: TOO_LARGE });
  });
});

describe('routes that do not exist under /v1', () => {
  it.each([
    ['GET', '/nope'],
    ['GET', '/classe/'],
    ['PUT', '/classe/x'],
    ['POST', '/classe/x/remove-student'],
  ])('%s /v1%s answers a 404 Error body, not an HTML page', async (method, path) => {
    const answer = await server.request(path, { method });
    expectError(answer, 404, `No route ${method} /v1${path}`);
  });
});

describe('a method a path does not take: 405 with Allow', () => {
  const ROSTER = `/classe/${TURMAS.turmaB.id}/students`;
  it.each([
    ['PUT', '/classe', 'GET, HEAD'],
    ['PATCH', '/classe', 'GET, HEAD'],
    ['DELETE', '/classe', 'GET, HEAD'],
    ['POST', '/classe', 'GET, HEAD'],
    ['OPTIONS', '/classe', 'GET, HEAD'],
    ['GET', '/classe/add-student', 'POST'],
    ['PUT', '/classe/add-student', 'POST'],
    ['PATCH', `/classe/${TURMAS.turmaB.id}/add-student`, 'POST'],
    ['POST', '/classe/remove-student', 'DELETE'],
    ['PUT', ROSTER, 'GET, HEAD'],
    ['PATCH', '/students', 'GET, HEAD'],
    ['DELETE', '/students/by-email', 'GET, HEAD'],
  ])('%s /v1%s: 405, Allow: %s', async (method, path, allow) => {
    const answer = await server.request(path, { method });
    expectError(answer, 405, `Method ${method} not allowed on /v1${path}: use ${allow}`);
    expect(answer.headers.allow).toBe(allow);
  });

  it('HEAD on a write: 405 with Allow and no body', async () => {
    // Straight through fetch: the helper would read the JSON body a HEAD answer leaves out.
    const answer = await fetch(`${server.url}/v1/classe/remove-student`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${TEST_TOKEN}` },
    });
    expect({
      status: answer.status,
      allow: answer.headers.get('allow'),
      text: await answer.text(),
    }).toEqual({ status: 405, allow: 'DELETE', text: '' });
  });

  it.each([
    ['PUT', '/health'],
    ['POST', '/openapi.json'],
  ])('%s /v1%s, which needs no token, says so without one', async (method, path) => {
    const answer = await server.request(path, { method, authorization: null });
    expectError(answer, 405, `Method ${method} not allowed on /v1${path}: use GET, HEAD`);
    expect(answer.headers.allow).toBe('GET, HEAD');
  });

  it('on a path that needs a token, the token is asked for first', async () => {
    const answer = await server.request('/classe', { method: 'PUT', authorization: null });
    expect(answer.status).toBe(401);
  });
});

describe.each(WRITES)('%s takes a body only as it is (identity)', (_, method, path) => {
  const REFUSED = 'Content-Encoding must be identity: send the body uncompressed';
  const json = JSON.stringify(method === 'DELETE' ? validRemove : validAddToMany);
  const send = (body: string | Uint8Array<ArrayBuffer>, contentEncoding: string) =>
    server.request(path, {
      method,
      body,
      headers: { 'content-type': 'application/json', 'content-encoding': contentEncoding },
    });

  it('a gzipped body: 415 with Accept-Encoding: identity, not a 400 about JSON', async () => {
    const answer = await send(new Uint8Array(gzipSync(json)), 'gzip');
    expectError(answer, 415, REFUSED);
    expect(answer.headers['accept-encoding']).toBe('identity');
  });

  it.each(['gzip', 'br', 'deflate', 'identity, gzip', 'x-custom'])(
    'plain JSON labelled %s: 415, not taken on trust',
    async (coding) => {
      expectError(await send(json, coding), 415, REFUSED);
    },
  );
});

describe('a body said to be as it is', () => {
  it.each(['identity', 'Identity', ''])('Content-Encoding "%s" is taken', async (coding) => {
    // Ana again in História with the expiry she has: accepted, and changes nothing.
    const reEnrolment = {
      ...STUDENTS.ana,
      classes: [{ id: TURMAS.historia.id }],
      expirationDate: STANDARD_EXPIRY,
    };
    const answer = await server.request('/classe/add-student', {
      method: 'POST',
      json: reEnrolment,
      headers: { 'content-encoding': coding },
    });
    expectWriteOk(answer);
  });
});

describe('after all those refusals', () => {
  it('the students and enrolments are still exactly the fixtures', async () => {
    expect((await storedStudents(server.database)).map((s) => s.email)).toEqual([
      'ana@escola.example',
      'bruno@escola.example',
      'carla@escola.example',
    ]);
    expect(await storedEnrolments(server.database)).toEqual(initialEnrolments);
  });
});
