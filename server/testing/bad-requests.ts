/**
 * fast-check generators of requests to every /v1 route, mostly wrong: wrong types, huge strings,
 * unicode (lone surrogates, NUL, RTL marks, combining marks), nulls, extra fields, 10,000 ids,
 * broken JSON, bytes that are not UTF-8, wrong content types, odd methods and credentials. Each
 * field is valid more often than not, so some requests get through: about one in thirty is an
 * accepted write (one in seven a 200), and the database keeps changing under the bad ones.
 *
 * `expectedStatuses` is the oracle: which statuses the API allows for a request (README.md, "The
 * API, where the spec is silent"), from what it aims at and what it sends.
 */
import fc from 'fast-check';
import { METHODS } from 'node:http';
import { BODY_MAX_BYTES, SORT_VALUES } from '#contract';
import { TURMAS } from './fixtures.ts';
import { TEST_TOKEN } from './test-server.ts';

/** What a request's path names; `none` for anything the API has no route for. */
export type Route = 'list' | 'health' | 'openapi' | 'addToMany' | 'addToOne' | 'remove' | 'none';

export interface Probe {
  method: string;
  /** Path and query string, percent-encoded as sent. */
  target: string;
  /** The route the path names, whatever the method. */
  aim: Route;
  authorization: string | undefined;
  /** Whether `authorization` carries the test token as a bearer credential. */
  validToken: boolean;
  contentType: string | undefined;
  body: Uint8Array<ArrayBuffer> | undefined;
  /** Sent as a stream: no length declared (chunked over HTTP). */
  streamed: boolean;
  headers: [string, string][];
}

// ---------------------------------------------------------------------------------------------
// Text

const ODD_TEXT = [
  '\u0000',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\ud83d\ude00',
  '\u202e',
  '\ufeff',
  '\u0301',
  '\u200b',
  '\u2028',
  '\u00a0',
  'é',
  'ß',
  'İ',
  'ﬃ',
  '\u212a',
  '\ufdfa',
  '<img src=x onerror=alert(1)>',
  '"',
  "'",
  '\\',
  '%',
  '_',
  '*',
  '\n',
  '\r\n',
  '\t',
  ' ',
  '🧑‍🏫',
  'Matemática',
  '9º',
  '../',
  '{}',
  'null',
  'NEAR',
  'AND',
  'NOT',
  '^',
  '-',
  ':',
];

/** Any text: every code point, the odd ones above (lone surrogates included), and long runs. */
export const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 3, arbitrary: fc.string({ unit: fc.constantFrom(...ODD_TEXT), maxLength: 8 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(100, 101, 200, 201, 254, 255, 5_000, 70_000)
      .map((n) => 'x'.repeat(n)),
  },
);

/** What a header value may hold (fetch refuses NUL, CR, LF and anything above U+00FF). */
const headerText = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((code) => code !== 0x7f)
    .map((code) => String.fromCharCode(code)),
  maxLength: 30,
});

/**
 * Percent-encoding of every code point outside the unreserved set, lone surrogates included, as
 * the bytes a sloppy client would send for them (WTF-8, e.g. %ED%A0%80): encodeURIComponent
 * throws on those.
 */
export function percentEncode(value: string): string {
  let encoded = '';
  for (const char of value) {
    if (/^[A-Za-z0-9._~-]$/.test(char)) {
      encoded += char;
      continue;
    }
    const code = char.codePointAt(0)!;
    const bytes =
      code < 0x80
        ? [code]
        : code < 0x800
          ? [0xc0 | (code >> 6), 0x80 | (code & 63)]
          : code < 0x10000
            ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
            : [
                0xf0 | (code >> 18),
                0x80 | ((code >> 12) & 63),
                0x80 | ((code >> 6) & 63),
                0x80 | (code & 63),
              ];
    for (const byte of bytes) encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

// ---------------------------------------------------------------------------------------------
// Targets

const numberLike = fc.oneof(
  fc.integer({ min: -3, max: 120 }).map(String),
  fc.constantFrom(
    '1e2',
    '0x10',
    ' 3 ',
    '2147483647',
    '2147483648',
    '9007199254740993',
    '-0',
    '1.5',
    'NaN',
    'Infinity',
    '',
  ),
  text,
);

const queryParam = fc
  .oneof(
    fc.tuple(fc.constantFrom('page', 'pageSize'), numberLike),
    fc.tuple(
      fc.constant('sortBy'),
      fc.oneof(
        fc.constantFrom(...SORT_VALUES, 'NAME', '--name', 'name,-name', ' name', 'id'),
        text,
      ),
    ),
    fc.tuple(
      fc.constant('query'),
      fc.oneof(
        fc.constantFrom(
          'mat',
          'MATEMÁTICA',
          '9º',
          'ab',
          '%',
          '_',
          '"',
          'a"b',
          '*',
          'x'.repeat(201),
        ),
        text,
      ),
    ),
    fc.tuple(fc.oneof(fc.constantFrom('access_token', '__proto__', 'page[]'), text), text),
  )
  .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`);

/** Percent signs that decode to nothing valid, and separators where values belong. */
const rawQueryParam = fc
  .tuple(
    fc.constantFrom('page', 'pageSize', 'sortBy', 'query'),
    fc.constantFrom(
      '%',
      '%zz',
      '%E0%A4%A',
      '%ED%A0%80',
      '%00',
      '%FF',
      '+',
      '&',
      '=',
      '==',
      '%C0%AF',
    ),
  )
  .map(([key, value]) => `${key}=${value}`);

const TEN_THOUSAND_PARAMS = `?${Array.from({ length: 10_000 }, (_, i) => `id=${i}`).join('&')}`;

const listQuery = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .array(
        fc.oneof({ weight: 5, arbitrary: queryParam }, { weight: 1, arbitrary: rawQueryParam }),
        {
          maxLength: 5,
        },
      )
      .map((params) => (params.length > 0 ? `?${params.join('&')}` : '')),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(TEN_THOUSAND_PARAMS, '?', '??', '?&&', '?=', '?page', '#x'),
  },
);

const TURMA_IDS = Object.values(TURMAS).map((turma) => turma.id);

const turmaId = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...TURMA_IDS, ' t4 ') },
  { weight: 1, arbitrary: fc.constantFrom('ghost', 'T4', '') },
  { weight: 1, arbitrary: text },
);

/** Paths the API has no route for, some one character away from a real one. */
const unknownPath = fc.oneof(
  fc.constantFrom(
    '/v1',
    '/v1/',
    '/v1/classe/',
    '/v1//classe',
    '/v1/CLASSE',
    '/v1/classes',
    '/v1/classe/add-student/',
    '/v1/classe/remove-student/x',
    '/v1/classe/x/add-student/y',
    '/v1/classe/x/remove-student',
    '/v1/health/x',
    '/v1/openapi.json/',
  ),
  text.map((segment) => `/v1/x-${percentEncode(segment)}`),
);

const aimed = (aim: Route, path: string) => ({ aim, target: path });

const target: fc.Arbitrary<{ aim: Route; target: string }> = fc.oneof(
  {
    weight: 4,
    arbitrary: listQuery.map((query) => aimed('list', `/v1/classe${query}`)),
  },
  { weight: 4, arbitrary: fc.constant(aimed('addToMany', '/v1/classe/add-student')) },
  {
    weight: 4,
    arbitrary: turmaId
      // "." and ".." are path segments of their own: the URL would lose them.
      .filter((id) => id !== '.' && id !== '..')
      .map((id) =>
        aimed(id === '' ? 'none' : 'addToOne', `/v1/classe/${percentEncode(id)}/add-student`),
      ),
  },
  { weight: 4, arbitrary: fc.constant(aimed('remove', '/v1/classe/remove-student')) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(aimed('health', '/v1/health'), aimed('openapi', '/v1/openapi.json')),
  },
  { weight: 2, arbitrary: unknownPath.map((path) => aimed('none', path)) },
);

// ---------------------------------------------------------------------------------------------
// Bodies

const ABSENT = Symbol('absent');

const weird: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(text, text, { maxKeys: 2 }),
);

/** Mostly a valid value, sometimes anything, sometimes left out. */
const field = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 12, arbitrary: valid },
    { weight: 2, arbitrary: weird },
    { weight: 1, arbitrary: fc.constant(ABSENT) },
  );

/** A few students, spelt in several cases and paddings: one row each, whatever the spelling. */
const email = fc
  .tuple(
    fc.constantFrom('ana', 'bruno', 'carla', 'dora', 'eva', 'x.y', 'fábio'),
    fc.constantFrom('escola.example', 'Escola.Example', 'ESCOLA.EXAMPLE', 'outra.example'),
    fc.boolean(),
    fc.constantFrom('', ' ', '\t'),
  )
  .map(
    ([local, domain, upper, pad]) => `${pad}${upper ? local.toUpperCase() : local}@${domain}${pad}`,
  );

const studentName = fc.oneof(
  fc.constantFrom('Dora Nunes', 'Zoë', '李雷', 'Ana'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
  text,
);

const classes = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .uniqueArray(turmaId, { minLength: 1, maxLength: 4 })
      .map((ids) => ids.map((id) => ({ id }))),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(turmaId, { minLength: 2, maxLength: 3 })
      .map((ids) => ids.map((id) => ({ id }))),
  },
  {
    weight: 1,
    arbitrary: fc.array(
      fc.oneof(weird, fc.record({ id: weird }), fc.record({ id: turmaId, room: weird })),
      {
        maxLength: 3,
      },
    ),
  },
);

const expirationDate = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2100-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString()),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '2026-12-31T23:59:59-03:00',
      '2026-12-31T23:59:59.123456789+05:30',
      '9999-12-31T23:59:59-23:59',
      '9999-12-31T23:59:59+23:59',
      '0000-01-01T00:00:00Z',
      '2024-02-29T12:00:00Z',
      '2026-02-29T12:00:00Z',
      '2026-12-31T24:00:00Z',
      '2026-12-31T23:59:60Z',
      '+002026-12-31T00:00:00Z',
      '2026-12-31t23:59:59z',
      '2026-12-31 23:59:59Z',
      '2026-12-31T23:59:59+0300',
    ),
  },
);

function writeBody(aim: Route): fc.Arbitrary<Record<string, unknown>> {
  const shape: Record<string, fc.Arbitrary<unknown>> = aim === 'remove'
    ? { email: field(email), classes: field(classes) }
    : aim === 'addToOne'
      ? { name: field(studentName), email: field(email), expirationDate: field(expirationDate) }
      : {
          name: field(studentName),
          email: field(email),
          classes: field(classes),
          expirationDate: field(expirationDate),
        };
  const extra = fc.oneof(
    { weight: 9, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.dictionary(
        fc.oneof(fc.constantFrom('__proto__', 'constructor', 'expirationdate', 'id', 'name'), text),
        weird,
        { minKeys: 1, maxKeys: 2 },
      ),
    },
  );
  return fc.tuple(fc.record(shape), extra).map(([fields, more]) => {
    const body: Record<string, unknown> = { ...more };
    for (const [key, value] of Object.entries(fields)) if (value !== ABSENT) body[key] = value;
    return body;
  });
}

const validAddToMany = {
  name: 'Dora Nunes',
  email: 'dora@escola.example',
  classes: [{ id: 't3' }],
};
const padTo = (json: string, bytes: number) => json.padEnd(bytes, ' ');

/** Bodies made once: the big ones, and the JSON that no generator of values writes. */
const SPECIAL_BODIES = [
  '',
  ' ',
  'null',
  '[]',
  '{}',
  '"x"',
  '1e999',
  'true',
  '{"name":',
  '{"a":1}}',
  '[1,2',
  '\u0000',
  `\ufeff${JSON.stringify(validAddToMany)}`,
  '{"name":"A","name":"B","email":"dora@escola.example","classes":[{"id":"t3"}]}',
  '{"name":"Dora \\ud800","email":"dora@escola.example","classes":[{"id":"t3"}]}',
  '{"name":"Dora","email":"dora@escola.example","classes":[{"id":"t3"}],"\\udfff":1}',
  // 10,000 ids: over 64 KiB as objects, under it as bare numbers or empty strings.
  JSON.stringify({
    ...validAddToMany,
    classes: Array.from({ length: 10_000 }, (_, i) => ({ id: `t${i}` })),
  }),
  JSON.stringify({ ...validAddToMany, classes: Array.from({ length: 10_000 }, () => 1) }),
  JSON.stringify({
    email: 'ana@escola.example',
    classes: Array.from({ length: 10_000 }, () => ''),
  }),
  `${'['.repeat(30_000)}${']'.repeat(30_000)}`,
  `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
  padTo(JSON.stringify(validAddToMany), BODY_MAX_BYTES),
  padTo(JSON.stringify(validAddToMany), BODY_MAX_BYTES + 1),
];

const utf8 = (value: string) => new Uint8Array(Buffer.from(value, 'utf8'));

function body(aim: Route): fc.Arbitrary<Uint8Array<ArrayBuffer> | undefined> {
  return fc.oneof(
    { weight: 12, arbitrary: writeBody(aim).map((value) => utf8(JSON.stringify(value))) },
    {
      weight: 1,
      arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => utf8(JSON.stringify(value))),
    },
    {
      weight: 1,
      arbitrary: writeBody(aim).chain((value) => {
        const json = JSON.stringify(value);
        return fc.nat({ max: json.length }).map((cut) => utf8(json.slice(0, cut)));
      }),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }).map(utf8) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 80 }) },
    { weight: 2, arbitrary: fc.constantFrom(...SPECIAL_BODIES).map(utf8) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

// ---------------------------------------------------------------------------------------------
// Headers and methods

const credentials: fc.Arbitrary<{ authorization: string | undefined; validToken: boolean }> =
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .constantFrom(
          `Bearer ${TEST_TOKEN}`,
          `bearer ${TEST_TOKEN}`,
          `BEARER ${TEST_TOKEN}`,
          `Bearer   ${TEST_TOKEN}`,
        )
        .map((authorization) => ({ authorization, validToken: true })),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constant(undefined),
          fc.constantFrom(
            'Bearer',
            `Basic ${TEST_TOKEN}`,
            TEST_TOKEN,
            `Bearer ${TEST_TOKEN}x`,
            `Bearer ${TEST_TOKEN.slice(0, -1)}`,
            `Bearer ${TEST_TOKEN.toUpperCase()}`,
            `Bearer ${TEST_TOKEN} ${TEST_TOKEN}`,
            `Bearer\t${TEST_TOKEN}`,
            `Token ${TEST_TOKEN}`,
            `Bearer ${TEST_TOKEN},`,
            `Bearer ${Buffer.from(TEST_TOKEN).toString('base64')}`,
          ),
          headerText.map((value) => `Bearer ${value}`),
          headerText,
        )
        .map((authorization) => ({ authorization, validToken: false })),
    },
  );

const contentType = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json;charset=latin1',
      'application/json ; x=y',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      undefined,
      '',
      'text/plain',
      'text/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/merge-patch+json',
      'application/jsonx',
      'json',
      '*/*',
      'application/json, text/plain',
    ),
  },
  { weight: 1, arbitrary: headerText },
);

/** Headers a client or a proxy might add; none that changes how HTTP frames the request. */
const extraHeaders = fc.array(
  fc.tuple(
    fc.oneof(
      fc.constantFrom(
        'accept',
        'accept-encoding',
        'accept-language',
        'content-encoding',
        'origin',
        'referer',
        'cookie',
        'forwarded',
        'x-forwarded-for',
        'x-forwarded-host',
        'x-forwarded-proto',
        'x-http-method-override',
        'x-requested-with',
        'if-none-match',
        'range',
        'cache-control',
      ),
      fc.stringMatching(/^x-[a-z0-9-]{1,16}$/),
    ),
    headerText,
  ),
  { maxLength: 3 },
);

/** The method each route takes; any other makes the path one the API has no route for. */
const ROUTE_METHOD: Record<Route, string> = {
  list: 'GET',
  health: 'GET',
  openapi: 'GET',
  addToMany: 'POST',
  addToOne: 'POST',
  remove: 'DELETE',
  none: 'GET',
};
const OTHER_METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'PROPFIND',
  'QUERY',
  'FOO',
  'propfind',
  'get',
  'delete',
];

/** fetch and Request upper-case these six, and only these (Fetch standard, "normalize"). */
export const normalMethod = (method: string) =>
  ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT'].includes(method.toUpperCase())
    ? method.toUpperCase()
    : method;

export const probe: fc.Arbitrary<Probe> = target.chain(({ aim, target: path }) =>
  fc
    .record({
      method: fc.oneof(
        { weight: 5, arbitrary: fc.constant(ROUTE_METHOD[aim]) },
        { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) },
      ),
      credentials,
      contentType,
      body: body(aim),
      streamed: fc.boolean(),
      headers: extraHeaders,
    })
    .map(
      ({
        method,
        credentials: { authorization, validToken },
        body: bytes,
        streamed,
        ...rest
      }): Probe => {
        // GET and HEAD requests cannot carry a body in fetch.
        const bodiless = ['GET', 'HEAD'].includes(normalMethod(method));
        const result: Probe = {
          method,
          target: path,
          aim,
          authorization,
          validToken,
          ...rest,
          body: bodiless ? undefined : bytes,
          streamed: !bodiless && bytes !== undefined && streamed,
        };
        return Object.assign(result, { [fc.toStringMethod]: () => describeProbe(result) });
      },
    ),
);

/** A one-line account of a probe for failure messages (bodies can be 140 KB). */
export function describeProbe(probe: Probe): string {
  const body =
    probe.body === undefined
      ? 'no body'
      : `${probe.body.byteLength} bytes${probe.streamed ? ' streamed' : ''}: ${JSON.stringify(
          Buffer.from(probe.body.subarray(0, 160)).toString('utf8'),
        )}`;
  return [
    `${probe.method} ${probe.target.length > 200 ? `${probe.target.slice(0, 200)}…` : probe.target}`,
    `authorization ${JSON.stringify(probe.authorization)}`,
    `content-type ${JSON.stringify(probe.contentType)}`,
    `headers ${JSON.stringify(probe.headers)}`,
    body,
  ].join(' | ');
}

// ---------------------------------------------------------------------------------------------
// The oracle

/** The route the API serves for this method and path. */
export function routeOf(probe: Probe): Route {
  const method = normalMethod(probe.method);
  switch (probe.aim) {
    case 'list':
    case 'health':
    case 'openapi':
      // Hono answers HEAD with the GET route, without the body.
      return method === 'GET' || method === 'HEAD' ? probe.aim : 'none';
    case 'addToMany':
    case 'addToOne':
      return method === 'POST' ? probe.aim : 'none';
    case 'remove':
      return method === 'DELETE' ? probe.aim : 'none';
    default:
      return 'none';
  }
}

const mediaType = (value: string | undefined) => value?.split(';')[0]?.trim().toLowerCase();

/** A Content-Encoding other than identity, as the headers combine it: a write's 415. */
const encoded = (probe: Probe) =>
  probe.headers
    .filter(([name]) => name === 'content-encoding')
    .flatMap(([, value]) => value.split(','))
    .some((coding) => !['', 'identity'].includes(coding.trim().toLowerCase()));

/** Node refuses a request line and headers over 16 KiB (431); near it, the exact count decides. */
const HEADER_LIMIT = 16 * 1024;

/**
 * The statuses the API allows for `probe`: 401 before anything but /health and /openapi.json,
 * 404 for a path it has no route for and 405 for another method on one it has, 415 for a
 * compressed body, 413 over 64 KiB, 415 unless declared JSON, and 200/400/404 once a write gets
 * to its validation. Over HTTP, Node's parser comes first: it refuses methods it does
 * not know and headers over 16 KiB.
 */
export function expectedStatuses(probe: Probe, transport: 'app' | 'http'): number[] {
  const method = normalMethod(probe.method);
  const statuses = apiStatuses(probe);
  if (transport === 'app') return statuses;
  if (!METHODS.includes(method)) return [400];
  const headerBytes =
    probe.target.length +
    probe.headers.reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0) +
    (probe.authorization?.length ?? 0) +
    (probe.contentType?.length ?? 0);
  if (headerBytes > HEADER_LIMIT) return [431];
  return headerBytes > HEADER_LIMIT - 1024 ? [...statuses, 431] : statuses;
}

function apiStatuses(probe: Probe): number[] {
  const route = routeOf(probe);
  if (route === 'health' || route === 'openapi') return [200];
  if (probe.aim === 'health' || probe.aim === 'openapi') return [405];
  if (!probe.validToken) return [401];
  if (route === 'none') return probe.aim === 'none' ? [404] : [405];
  if (route === 'list') return [200, 400];
  if (encoded(probe)) return [415];
  if ((probe.body?.byteLength ?? 0) > BODY_MAX_BYTES) return [413];
  if (mediaType(probe.contentType) !== 'application/json') return [415];
  return [200, 400, 404];
}

/** The probe as a fetch/Request init. */
export function requestInit(probe: Probe): RequestInit & { duplex?: 'half' } {
  const headers = new Headers();
  for (const [name, value] of probe.headers) headers.append(name, value);
  if (probe.authorization !== undefined) headers.set('authorization', probe.authorization);
  if (probe.contentType !== undefined) headers.set('content-type', probe.contentType);
  const bytes = probe.body;
  if (bytes === undefined) return { method: probe.method, headers };
  if (!probe.streamed) return { method: probe.method, headers, body: bytes };
  // Three pieces, so a limit has to be counted across chunks.
  const third = Math.ceil(bytes.byteLength / 3);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.byteLength; at += third) {
        controller.enqueue(bytes.slice(at, at + third));
      }
      controller.close();
    },
  });
  return { method: probe.method, headers, body, duplex: 'half' };
}

// ---------------------------------------------------------------------------------------------
// Raw bytes, for what fetch cannot send

export interface RawProbe {
  bytes: Buffer;
  /** A HEAD request: its answer has no body. */
  head: boolean;
}

/** Latin-1 characters for bytes 0x00–0xFF, without CR and LF (which would end the line early). */
const lineByte = (min = 0) =>
  fc
    .integer({ min, max: 0xff })
    .filter((code) => code !== 0x0a && code !== 0x0d)
    .map((code) => String.fromCharCode(code));

const rawTarget: fc.Arbitrary<{ aim: Route; target: string }> = fc.oneof(
  { weight: 8, arbitrary: target },
  {
    weight: 1,
    arbitrary: fc
      .tuple(target, fc.string({ unit: lineByte(), minLength: 1, maxLength: 3 }), fc.nat())
      .map(([{ target: path }, junk, at]) => {
        const cut = at % (path.length + 1);
        return aimed('none', path.slice(0, cut) + junk + path.slice(cut));
      }),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        '*',
        'http://x/v1/classe',
        'http://evil.example/v1/classe',
        '//v1/classe',
        'v1/classe',
        '/v1\\classe',
        '/v1/classe?query=\\',
        '/%',
        '/v1/%2e%2e/%2e%2e/etc/passwd',
      )
      .map((path) => aimed('none', path)),
  },
);

/** Raw header lines; none declares a length or transfer coding (the framing below does). */
const rawHeaderLine = fc.oneof(
  {
    weight: 4,
    arbitrary: extraHeaders.map((headers) => headers.map(([name, value]) => `${name}: ${value}`)),
  },
  fc
    .tuple(
      fc.oneof(
        fc.constantFrom(
          'Expect',
          'Upgrade',
          'Connection',
          'Te',
          'Trailer',
          'Content-Encoding',
          'X-A ',
        ),
        fc.string({
          unit: lineByte(0x21).filter((char) => char !== ':'),
          minLength: 1,
          maxLength: 12,
        }),
      ),
      fc.oneof(
        fc.constantFrom(
          '100-continue',
          'websocket',
          'upgrade, keep-alive',
          'close',
          'gzip',
          'trailers',
        ),
        fc.string({ unit: lineByte(), maxLength: 20 }),
      ),
    )
    .map(([name, value]) => [`${name}: ${value}`]),
  fc.constant(['X-Folded: a', ' b']),
);

const FRAMINGS = [
  'length',
  'length',
  'length',
  'chunked',
  'chunk-extension',
  'none',
  'bad-chunk',
  'two-lengths',
  'length-and-chunked',
  'negative-length',
] as const;

function framed(
  framing: (typeof FRAMINGS)[number],
  body: Buffer,
): { lines: string[]; body: Buffer } {
  const size = body.byteLength.toString(16);
  const chunked = (head: string) =>
    Buffer.concat([
      Buffer.from(body.byteLength > 0 ? `${head}\r\n` : ''),
      body,
      Buffer.from(body.byteLength > 0 ? '\r\n0\r\n\r\n' : '0\r\n\r\n'),
    ]);
  switch (framing) {
    case 'length':
      return { lines: [`Content-Length: ${body.byteLength}`], body };
    case 'chunked':
      return { lines: ['Transfer-Encoding: chunked'], body: chunked(size) };
    case 'chunk-extension':
      return { lines: ['Transfer-Encoding: chunked'], body: chunked(`${size};note="x"`) };
    case 'bad-chunk':
      return { lines: ['Transfer-Encoding: chunked'], body: chunked(`z${size}`) };
    case 'two-lengths':
      return {
        lines: [`Content-Length: ${body.byteLength}`, `Content-Length: ${body.byteLength + 1}`],
        body,
      };
    case 'length-and-chunked':
      return {
        lines: [`Content-Length: ${body.byteLength}`, 'Transfer-Encoding: chunked'],
        body: chunked(size),
      };
    case 'negative-length':
      return { lines: ['Content-Length: -1'], body };
    case 'none':
      // Without a length the body would be read as the next request: send none.
      return { lines: [], body: Buffer.alloc(0) };
  }
}

/** Mostly `usual`, now and then one of `odd`: most raw requests break in one or two places. */
const usually = <T>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: usual }, { weight: 1, arbitrary: odd });

export const rawProbe: fc.Arbitrary<RawProbe> = fc
  .record({
    aimed: rawTarget,
    method: fc.constantFrom(
      'get',
      'G ET',
      'FOO',
      'GET\0',
      'G\xc9T',
      'PRI',
      '',
      'PUT',
      'OPTIONS',
      'PROPFIND',
      'TRACE',
      'CONNECT',
    ),
    version: usually(
      fc.constant('HTTP/1.1'),
      fc.constantFrom('HTTP/1.0', 'HTTP/2.0', 'HTTP/1.2', 'http/1.1', 'HTTP/1.1x', 'HTTP/9.9'),
    ),
    host: usually(
      fc.constantFrom('Host: x', 'Host: 127.0.0.1'),
      fc.constantFrom(
        undefined,
        'Host: a b',
        'Host: x:99999',
        'Host: [::1]',
        'Host:',
        'Host: \xe9',
      ),
    ),
    credentials,
    contentType,
    headers: rawHeaderLine,
    framing: usually(fc.constant('length' as const), fc.constantFrom(...FRAMINGS)),
    body: fc.oneof(
      {
        weight: 3,
        arbitrary: writeBody('addToMany').map((value) => Buffer.from(JSON.stringify(value))),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(...SPECIAL_BODIES.slice(0, 16))
          .map((value) => Buffer.from(value)),
      },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 60 }).map((bytes) => Buffer.from(bytes)) },
    ),
  })
  .chain(({ aimed: { aim, target: path }, method, ...rest }) =>
    usually(fc.constant(ROUTE_METHOD[aim]), fc.constant(method)).map((chosen) => ({
      ...rest,
      method: chosen,
      target: path,
    })),
  )
  .map(
    ({
      method,
      target: path,
      version,
      host,
      credentials: { authorization },
      contentType: type,
      headers,
      framing,
      body: bytes,
    }) => {
      const frame = framed(framing, bytes);
      const lines = [
        `${method} ${path} ${version}`,
        ...(host === undefined ? [] : [host]),
        ...(authorization === undefined ? [] : [`Authorization: ${authorization}`]),
        ...(type === undefined ? [] : [`Content-Type: ${type}`]),
        ...headers,
        ...frame.lines,
      ];
      const result: RawProbe = {
        bytes: Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), frame.body]),
        head: method === 'HEAD',
      };
      return Object.assign(result, {
        [fc.toStringMethod]: () => JSON.stringify(result.bytes.subarray(0, 600).toString('latin1')),
      });
    },
  );
