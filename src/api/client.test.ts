import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  sendJson,
  sendText,
  startScriptedServer,
  unusedOrigin,
  type ScriptedServer,
} from '../testing/scripted-server';
import {
  ApiError,
  createApiClient,
  isTransient,
  newRunId,
  parseRetryAfter,
  toSortBy,
  type ApiClientConfig,
} from './client';
import { findStudents, getClassStudents, getStudentsByEmail } from './extension-calls';
import { RUN_ID_PATTERN, SORT_FIELDS, type ClassListResponse } from '#contract';
import { aClassPage, aTurma } from '../testing/sample-classes';
import { apiError } from '../testing/expect-api-error';

let server: ScriptedServer;

beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function client(overrides: Partial<ApiClientConfig> = {}) {
  return createApiClient({
    baseUrl: `${server.origin}/v1`,
    getToken: () => 'stored-token',
    ...overrides,
  });
}

const classList: ClassListResponse = aClassPage([aTurma({ id: 'c-1' })], 41);

/** The one request sent: its method, raw URL, JSON content type and parsed body. */
function expectJsonSent(method: string, rawUrl: string, body: unknown) {
  const [request] = server.requests;
  expect(request?.method).toBe(method);
  expect(request?.rawUrl).toBe(rawUrl);
  expect(request?.headers['content-type']).toBe('application/json');
  expect(JSON.parse(request?.body ?? '')).toEqual(body);
  return request;
}

describe('getClasses', () => {
  it('GETs /classe with the bearer token and returns the parsed list', async () => {
    server.handle((_request, response) => sendJson(response, 200, classList));

    await expect(client().getClasses()).resolves.toEqual(classList);

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('GET');
    expect(request?.rawUrl).toBe('/v1/classe');
    expect(request?.headers.authorization).toBe('Bearer stored-token');
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.headers['content-type']).toBeUndefined();
  });

  it('drops fields the contract does not know', async () => {
    server.handle((_request, response) =>
      sendJson(response, 200, {
        ...classList,
        nextPage: 2,
        data: [{ ...classList.data[0], x: 1 }],
      }),
    );

    await expect(client().getClasses()).resolves.toEqual(classList);
  });

  it('sends page, pageSize, sortBy and query in a stable order, encoded', async () => {
    server.handle((_request, response) => sendJson(response, 200, classList));

    await client().getClasses({
      query: '  Matemática 9º A&B=1  ',
      sortBy: '-createdAt',
      pageSize: 50,
      page: 2,
    });

    const [request] = server.requests;
    expect(request?.rawUrl).toBe(
      '/v1/classe?page=2&pageSize=50&sortBy=-createdAt&query=Matem%C3%A1tica+9%C2%BA+A%26B%3D1',
    );
    expect(request?.searchParams.get('query')).toBe('Matemática 9º A&B=1');
  });

  it('omits undefined, NaN and blank values so the server applies its defaults', async () => {
    server.handle((_request, response) => sendJson(response, 200, classList));

    await client().getClasses({ page: undefined, pageSize: 20, sortBy: undefined, query: '   ' });
    await client().getClasses({ page: Number.NaN, query: '' });

    expect(server.requests.map((request) => request.rawUrl)).toEqual([
      '/v1/classe?pageSize=20',
      '/v1/classe',
    ]);
  });

  it('accepts a base URL with a trailing slash', async () => {
    server.handle((_request, response) => sendJson(response, 200, classList));

    await client({ baseUrl: `${server.origin}/v1/` }).getClasses({ page: 1 });

    expect(server.requests[0]?.rawUrl).toBe('/v1/classe?page=1');
  });

  it('reads the token at call time and lets options.token override it', async () => {
    server.handle((_request, response) => sendJson(response, 200, classList));
    let token: string | null = 'first';
    const api = client({ getToken: () => token });

    await api.getClasses();
    token = 'second';
    await api.getClasses();
    await api.getClasses({}, { token: 'candidate' });

    expect(server.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer first',
      'Bearer second',
      'Bearer candidate',
    ]);
    expect(server.requests.every((request) => !request.rawUrl.includes('candidate'))).toBe(true);
  });

  it('without a token sends nothing but the health check, and fails as the 401 it would get', async () => {
    server.handle((_request, response) => sendJson(response, 200, classList));
    const api = client({ getToken: () => null });

    const list = await apiError(api.getClasses());
    const write = await apiError(
      api.addStudentToClass('turma-1', { name: 'Bruno Lima', email: 'bruno@example.com' }),
    );
    await api.checkHealth();

    for (const error of [list, write]) {
      expect(error).toMatchObject({ kind: 'http', status: 401, body: undefined });
      expect(error.isUnauthorized).toBe(true);
      expect(error.isTransient).toBe(false);
    }
    expect(
      server.requests.map((request) => [request.rawUrl, request.headers.authorization]),
    ).toEqual([['/v1/health', undefined]]);
  });

  it('uses the fetch given in the config, called as a plain function', async () => {
    server.handle((_request, response) => sendJson(response, 200, classList));
    const spy = vi.fn(function (this: unknown, ...args: Parameters<typeof fetch>) {
      expect(this).toBeUndefined();
      return fetch(...args);
    });

    await client({ fetch: spy }).getClasses();

    expect(spy).toHaveBeenCalledOnce();
    expect(spy.mock.calls[0]?.[0]).toBe(`${server.origin}/v1/classe`);
  });
});

describe('extensions beyond v1', () => {
  const roster = { data: [], totalRecords: 0 };
  const answerWith = (status: number, extensions?: string) =>
    server.handle((_request, response) => {
      if (extensions !== undefined) response.setHeader('Api-Extensions', extensions);
      sendJson(response, status, status < 400 ? roster : { status: String(status), message: 'x' });
    });

  it('getClassStudents and findStudents GET their paths with the query in the contract order', async () => {
    answerWith(200);
    const api = client();
    await getClassStudents(api, '9º A/1', { query: ' ana ', sortBy: '-expirationDate', page: 2 });
    await findStudents(api, { pageSize: 5, query: 'ana@escola' });

    expect(server.requests.map((request) => request.rawUrl)).toEqual([
      '/v1/classe/9%C2%BA%20A%2F1/students?page=2&sortBy=-expirationDate&query=ana',
      '/v1/students?pageSize=5&query=ana%40escola',
    ]);
  });

  it('getStudentsByEmail repeats the email parameter, in the order given, trimmed', async () => {
    answerWith(200);
    await getStudentsByEmail(client(), [' Ana@Escola.example ', 'b+1@escola.example']);

    expect(server.requests.map((request) => request.rawUrl)).toEqual([
      '/v1/students/by-email?email=Ana%40Escola.example&email=b%2B1%40escola.example',
    ]);
  });

  it('knows none before an answer, then what each answer of the server says', async () => {
    const api = client();
    const seen: boolean[] = [];
    api.extensions.subscribe(() => seen.push(api.extensions.has('roster')));
    expect(api.extensions.has('roster')).toBe(false);

    answerWith(200, 'other, Roster');
    await api.getClasses();
    expect(api.extensions.has('roster')).toBe(true);

    // An error answer of the server's own says it too.
    answerWith(401, 'audit');
    await expect(api.getClasses()).rejects.toThrow();
    expect(api.extensions.has('roster')).toBe(false);
    expect(seen).toEqual([true, false]);
  });

  it('sends its own X-Request-Id only to a server that offers it, and keeps the answered one', async () => {
    const api = client();
    const answerWithId = (status: number, extensions: string) =>
      server.handle((request, response) => {
        response.setHeader('Api-Extensions', extensions);
        response.setHeader('X-Request-Id', request.headers['x-request-id'] ?? 'server-made');
        sendJson(
          response,
          status,
          status < 400 ? roster : { status: String(status), message: 'x' },
        );
      });
    answerWithId(200, 'roster');
    await api.getClasses();
    answerWithId(500, 'roster');
    const plain = await api.getClasses().catch((error: unknown) => error);
    answerWithId(200, 'roster, request-id');
    await api.getClasses();
    answerWithId(500, 'roster, request-id');
    const offered = await api.getClasses().catch((error: unknown) => error);

    const sent = server.requests.map((request) => request.headers['x-request-id']);
    expect(sent.slice(0, 3)).toEqual([undefined, undefined, undefined]);
    expect(sent[3]).toMatch(/^[0-9a-f]{32}$/);
    expect(plain).toMatchObject({ status: 500, requestId: 'server-made' });
    expect(offered).toMatchObject({ status: 500, requestId: sent[3] });
  });

  it("sends a write's run id only to a server that offers audit: a plain v1 sees no X-Run-Id", async () => {
    const api = client();
    const answer = (extensions: string | null) =>
      server.handle((_request, response) => {
        if (extensions !== null) response.setHeader('Api-Extensions', extensions);
        sendJson(response, 200, {});
      });
    const body = { name: 'Ana', email: 'ana@x.test', classes: [{ id: 'c-1' }] };
    answer(null);
    await api.addStudentToClasses(body, { runId: 'run-1' });
    await api.addStudentToClasses(body, { runId: 'run-1' });
    answer('roster, request-id');
    await api.addStudentToClasses(body, { runId: 'run-1' });
    await api.addStudentToClasses(body, { runId: 'run-1' });
    answer('roster, audit');
    await api.addStudentToClasses(body, { runId: 'run-1' });
    await api.addStudentToClasses(body, { runId: 'run-1' });
    await api.addStudentToClasses(body);

    // The extensions known are those the answer before said.
    const sent = server.requests.map((request) => request.headers['x-run-id']);
    expect(sent).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      'run-1',
      undefined,
    ]);
    expect(newRunId()).toMatch(RUN_ID_PATTERN);
    expect(newRunId()).not.toBe(newRunId());
  });

  it('is not changed by a 5xx, which may come from a proxy in front of the server', async () => {
    const api = client();
    answerWith(200, 'roster');
    await api.getClasses();
    answerWith(502);
    await expect(api.getClasses()).rejects.toThrow();
    expect(api.extensions.has('roster')).toBe(true);
  });

  it("is not changed by a proxy's error without the header, and is by the server's own", async () => {
    const api = client();
    answerWith(200, 'roster');
    await api.getClasses();
    for (const status of [400, 404, 413, 429]) {
      answerWith(status);
      await expect(api.getClasses()).rejects.toThrow();
      expect(api.extensions.has('roster'), `after a bare ${status}`).toBe(true);
    }
    answerWith(404, 'audit');
    await expect(api.getClasses()).rejects.toThrow();
    expect(api.extensions.has('roster')).toBe(false);
    expect(api.extensions.has('audit')).toBe(true);
    answerWith(200);
    await api.getClasses();
    expect(api.extensions.has('audit')).toBe(false);
  });
});

describe('writes', () => {
  beforeEach(() => server.handle((_request, response) => sendJson(response, 200, {})));

  it('addStudentToClasses POSTs the normalised body as JSON', async () => {
    await expect(
      client().addStudentToClasses({
        name: ' Ana Souza ',
        email: '  Ana.Souza@Example.COM ',
        classes: [{ id: 'c-1' }, { id: 'c-2' }],
        expirationDate: '2026-12-31T23:59:59Z',
      }),
    ).resolves.toEqual({});

    const request = expectJsonSent('POST', '/v1/classe/add-student', {
      name: 'Ana Souza',
      email: 'ana.souza@example.com',
      classes: [{ id: 'c-1' }, { id: 'c-2' }],
      expirationDate: '2026-12-31T23:59:59Z',
    });
    expect(request?.headers.authorization).toBe('Bearer stored-token');
  });

  it('addStudentToClass POSTs to the URL-encoded class id', async () => {
    await client().addStudentToClass('turma 9/A?x#1', {
      name: 'Bruno Lima',
      email: 'BRUNO@example.com',
    });

    expectJsonSent('POST', '/v1/classe/turma%209%2FA%3Fx%231/add-student', {
      name: 'Bruno Lima',
      email: 'bruno@example.com',
    });
  });

  it('removeStudentFromClasses sends DELETE with a JSON body', async () => {
    await client().removeStudentFromClasses({
      email: 'Carla@Example.com',
      classes: [{ id: 'c-9' }],
    });

    expectJsonSent('DELETE', '/v1/classe/remove-student', {
      email: 'carla@example.com',
      classes: [{ id: 'c-9' }],
    });
  });

  it('treats an empty 204 answer as success', async () => {
    server.handle((_request, response) => {
      response.writeHead(204);
      response.end();
    });

    await expect(
      client().removeStudentFromClasses({ email: 'carla@example.com', classes: [{ id: 'c-9' }] }),
    ).resolves.toEqual({});
  });

  it('rejects a body that breaks the contract before sending anything', async () => {
    const error = await apiError(
      client().removeStudentFromClasses({ email: 'not-an-email', classes: [] }),
    );

    expect(error.kind).toBe('contract');
    expect(error.status).toBeUndefined();
    expect(error.message).toBe(
      'The request did not match the API contract: email: must be a valid e-mail address; classes: must name at least one turma',
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('errors', () => {
  it.each([
    [400, 'pageSize: must be an integer from 1 to 100', false, false],
    [401, 'missing or invalid bearer token', true, false],
    [404, 'unknown turma ids: c-404', false, true],
    [500, 'internal error', false, false],
  ])(
    '%i with an Error body is an http ApiError carrying the API message',
    async (status, message, isUnauthorized, isNotFound) => {
      server.handle((_request, response) =>
        sendJson(response, status, { status: String(status), message }),
      );

      const error = await apiError(client().getClasses({ pageSize: 500 }));

      expect(error.kind).toBe('http');
      expect(error.status).toBe(status);
      expect(error.message).toBe(message);
      expect(error.body).toEqual({ status: String(status), message });
      expect(error.isUnauthorized).toBe(isUnauthorized);
      expect(error.isNotFound).toBe(isNotFound);
    },
  );

  it('carries the status of a failed write too', async () => {
    server.handle((_request, response) =>
      sendJson(response, 404, { status: '404', message: 'student not found' }),
    );

    const error = await apiError(
      client().removeStudentFromClasses({ email: 'x@example.com', classes: [{ id: 'c-1' }] }),
    );

    expect(error.kind).toBe('http');
    expect(error.isNotFound).toBe(true);
    expect(error.message).toBe('student not found');
  });

  it('turns an HTML error page into a plain message without the page', async () => {
    server.handle((_request, response) =>
      sendText(response, 502, '<html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>'),
    );

    const error = await apiError(client().getClasses());

    expect(error.kind).toBe('http');
    expect(error.status).toBe(502);
    expect(error.body).toBeUndefined();
    expect(error.message).toBe('The server answered 502 with a non-JSON body');
  });

  it('names an error answer whose JSON is not the Error body, or that is empty', async () => {
    server.handle((_request, response) => sendJson(response, 503, { error: 'overloaded' }));
    const wrongShape = await apiError(client().getClasses());
    server.handle((_request, response) => sendText(response, 500, ''));
    const empty = await apiError(client().getClasses());

    expect([wrongShape.kind, wrongShape.status, wrongShape.message]).toEqual([
      'http',
      503,
      'The server answered 503 with a body that is not an API error',
    ]);
    expect([empty.kind, empty.status, empty.message]).toEqual([
      'http',
      500,
      'The server answered 500 with an empty body',
    ]);
  });

  it('is a network error when nothing listens', async () => {
    const error = await apiError(client({ baseUrl: `${await unusedOrigin()}/v1` }).getClasses());

    expect(error.kind).toBe('network');
    expect(error.status).toBeUndefined();
    expect(error.message).toMatch(/^Could not reach the server/);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('is a network error when the server drops the connection', async () => {
    server.handle((_request, response) => response.socket?.destroy());

    const error = await apiError(client().getClasses());

    expect(error.kind).toBe('network');
  });

  it('times out when the server never answers', async () => {
    server.handle(() => {});

    const error = await apiError(client({ timeoutMs: 100 }).getClasses());

    expect(error.kind).toBe('timeout');
    expect(error.status).toBeUndefined();
    expect(error.message).toBe('The server did not answer within 0.1 s');
  });

  it('times out when the body never finishes', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"data": [');
    });

    const error = await apiError(client({ timeoutMs: 100 }).getClasses());

    expect(error.kind).toBe('timeout');
  });

  it('is aborted when the caller aborts while waiting', async () => {
    const controller = new AbortController();
    server.handle(() => controller.abort());

    const error = await apiError(client().getClasses({}, { signal: controller.signal }));

    expect(error.kind).toBe('aborted');
    expect(error.message).toBe('The request was cancelled');
    expect(server.requests).toHaveLength(1);
  });

  it('is aborted without a request when the signal is already aborted', async () => {
    const error = await apiError(client().getClasses({}, { signal: AbortSignal.abort() }));

    expect(error.kind).toBe('aborted');
    expect(server.requests).toHaveLength(0);
  });

  it('is a contract error when a 200 has a field of the wrong type', async () => {
    server.handle((_request, response) =>
      sendJson(response, 200, {
        ...classList,
        data: [{ ...classList.data[0], countStudents: '27' }],
      }),
    );

    const error = await apiError(client().getClasses());

    expect(error.kind).toBe('contract');
    expect(error.status).toBe(200);
    expect(error.message).toMatch(
      /^The response did not match the API contract: data\.0\.countStudents: .*expected number/,
    );
  });

  it('is a contract error when a 200 lacks data', async () => {
    server.handle((_request, response) => sendJson(response, 200, { totalRecords: 3 }));

    const error = await apiError(client().getClasses());

    expect(error.kind).toBe('contract');
    expect(error.message).toMatch(/^The response did not match the API contract: data: /);
    expect(error.message).not.toContain('totalRecords');
  });

  it('is a contract error when a 200 is not JSON', async () => {
    server.handle((_request, response) =>
      sendText(response, 200, '{"data": [', 'application/json'),
    );

    const error = await apiError(client().getClasses());

    expect(error.kind).toBe('contract');
    expect(error.status).toBe(200);
    expect(error.message).toBe('The server answered 200 with a body that is not JSON');
  });

  it('is a contract error when a write answers something other than an object', async () => {
    server.handle((_request, response) => sendJson(response, 200, ['ok']));

    const error = await apiError(
      client().addStudentToClass('c-1', { name: 'Ana', email: 'ana@example.com' }),
    );

    expect(error.kind).toBe('contract');
    expect(error.message).toMatch(/^The response did not match the API contract: response: /);
  });
});

describe('a call to an API on another origin that gets no answer', () => {
  // The page is http://api.test (vitest.config.ts); the scripted server is on 127.0.0.1.
  const refusedFetch: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));

  it('names that origin: CORS or the page’s CSP may have refused it', async () => {
    const origin = await unusedOrigin();
    const error = await apiError(client({ baseUrl: `${origin}/v1` }).getClasses());

    expect(error.kind).toBe('network');
    expect(error.crossOrigin).toBe(origin);
    expect(error.message).toBe(
      `Could not reach the server: the API is on ${origin}, another origin, so CORS or the ` +
        'page’s Content-Security-Policy may have refused the call',
    );
    // Retried like any failure without an answer: the browser does not say which it was.
    expect(error.isTransient).toBe(true);
  });

  it('does not, while the browser says it is offline: the connection is the cause', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const error = await apiError(client({ fetch: refusedFetch }).getClasses());
      expect([error.kind, error.crossOrigin, error.message]).toEqual([
        'network',
        undefined,
        'Could not reach the server',
      ]);
    } finally {
      onLine.mockRestore();
    }
  });

  it.each([
    ['a path on the page’s site', '/v1'],
    ['a URL on the page’s own origin', 'http://api.test/v1'],
  ])('does not for %s', async (_, baseUrl) => {
    const error = await apiError(client({ baseUrl, fetch: refusedFetch }).getClasses());

    expect([error.kind, error.crossOrigin]).toEqual(['network', undefined]);
  });

  it('does not for what is not a failure to connect (a timeout)', async () => {
    server.handle(() => {});

    const error = await apiError(client({ timeoutMs: 100 }).getClasses());

    expect([error.kind, error.crossOrigin]).toEqual(['timeout', undefined]);
  });
});

describe('Retry-After', () => {
  /** A 503 with the given Retry-After header (none when undefined) and an Error body. */
  function answer503(retryAfter: string | undefined) {
    server.handle((_request, response) => {
      response.writeHead(503, {
        'Content-Type': 'application/json',
        ...(retryAfter === undefined ? {} : { 'Retry-After': retryAfter }),
      });
      response.end(JSON.stringify({ status: '503', message: 'overloaded' }));
    });
  }

  it('reads delta-seconds into milliseconds', async () => {
    answer503('120');

    const error = await apiError(client().getClasses());

    expect([error.kind, error.status, error.retryAfterMs]).toEqual(['http', 503, 120_000]);
  });

  it('reads an HTTP-date relative to now', async () => {
    // Only Date is faked: the sockets and the request timeout keep real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
      answer503('Sun, 01 Mar 2026 12:00:42 GMT');

      const error = await apiError(client().getClasses());

      expect(error.retryAfterMs).toBe(42_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is carried on an error whose body is not the API Error body too', async () => {
    server.handle((_request, response) => {
      response.writeHead(429, { 'Content-Type': 'text/html', 'Retry-After': '3' });
      response.end('<html>slow down</html>');
    });

    const error = await apiError(client().getClasses());

    expect([error.status, error.retryAfterMs]).toEqual([429, 3000]);
  });

  it('is undefined without the header, and with one that is garbage', async () => {
    answer503(undefined);
    const without = await apiError(client().getClasses());
    answer503('soon');
    const garbage = await apiError(client().getClasses());

    expect(without.retryAfterMs).toBeUndefined();
    expect(garbage.retryAfterMs).toBeUndefined();
  });

  it('is undefined on errors that had no answer', async () => {
    const error = await apiError(client({ baseUrl: `${await unusedOrigin()}/v1` }).getClasses());

    expect(error.kind).toBe('network');
    expect(error.retryAfterMs).toBeUndefined();
  });
});

describe('isTransient: the one retry policy', () => {
  it.each([
    ['no answer', new ApiError('network', 'offline'), true],
    [
      'no answer from another origin (CORS?)',
      new ApiError('network', 'refused?', { crossOrigin: 'https://api.example' }),
      true,
    ],
    ['a timeout', new ApiError('timeout', 'slow'), true],
    ['too many requests', new ApiError('http', '429', { status: 429 }), true],
    ['a server error', new ApiError('http', '500', { status: 500 }), true],
    ['a gateway timeout', new ApiError('http', '504', { status: 504 }), true],
    ['a bad request', new ApiError('http', '400', { status: 400 }), false],
    ['a refused token', new ApiError('http', '401', { status: 401 }), false],
    ['an unknown turma', new ApiError('http', '404', { status: 404 }), false],
    ['a 2xx we could not read', new ApiError('contract', 'bad', { status: 200 }), false],
    ['a request we cancelled', new ApiError('aborted', 'cancelled'), false],
    ['a bug', new TypeError('x is undefined'), false],
  ])('%s: %s', (_, error, expected) => {
    expect(isTransient(error)).toBe(expected);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('1994-11-06T08:49:00Z');

  it.each([
    ['0', 0],
    ['7', 7000],
    [' 30 ', 30_000],
    ['Sun, 06 Nov 1994 08:49:37 GMT', 37_000],
    ['Sunday, 06-Nov-94 08:49:37 GMT', 37_000],
    ['Sun Nov  6 08:49:37 1994', 37_000],
  ])('reads %j as %i ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });

  it('reads a date already past as no wait at all, never a negative one', () => {
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:48:00 GMT', now)).toBe(0);
  });

  it.each([null, '', '   ', '-1', '1.5', '1e3', 'soon', '12abc', 'Sun, 06 Nov 1994 25:49:37 GMT'])(
    'reads %j as no advice',
    (value) => {
      expect(parseRetryAfter(value, now)).toBeUndefined();
    },
  );
});

describe('toSortBy', () => {
  it.each(SORT_FIELDS)('maps %s ascending and descending', (field) => {
    expect(toSortBy([{ id: field, desc: false }])).toBe(field);
    expect(toSortBy([{ id: field, desc: true }])).toBe(`-${field}`);
  });

  it('leaves the order to the server when nothing is sorted', () => {
    expect(toSortBy([])).toBeUndefined();
  });

  it('uses only the first sort, as the API sorts by one field', () => {
    expect(
      toSortBy([
        { id: 'countStudents', desc: true },
        { id: 'name', desc: false },
      ]),
    ).toBe('-countStudents');
  });
});
