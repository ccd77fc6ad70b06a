/**
 * Requests broken below the API (bytes Node refuses, bad URLs or Host, bodies cut off or not
 * Unicode) still get the JSON Error body with the security headers, and write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invariantViolations, storedStudents } from './testing/database.ts';
import { STANDARD_FIXTURES, STUDENTS, TURMAS } from './testing/fixtures.ts';
import { exchange, expectRawError, RawConnection } from './testing/raw-http.ts';
import {
  expectError,
  expectWriteOk,
  startTestServer,
  TEST_TOKEN,
  type LogEntry,
  type TestServer,
} from './testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ fixtures: STANDARD_FIXTURES });
});
afterAll(() => server.stop());

const AUTH = `Authorization: Bearer ${TEST_TOKEN}`;
const addStudent = JSON.stringify({
  name: 'Dora Nunes',
  email: 'dora@escola.example',
  classes: [{ id: TURMAS.turmaB.id }],
});

/** A request as lines (joined with CRLF, ended by an empty line) and a body, as bytes. */
const bytes = (lines: string[], body = '') =>
  Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`, 'latin1');

/** Runs `act` and returns the log lines it produced, once the server has logged `until`. */
async function logDuring(act: () => Promise<void>, until: (entry: LogEntry) => boolean) {
  const from = server.logLines.length;
  await act();
  await server.waitForLogLine(until, from);
  return server.logLines.slice(from);
}

const MALFORMED = 'Malformed HTTP request';
const BAD_URL = 'Malformed request URL or Host header';

describe('requests Node’s HTTP parser refuses', () => {
  it.each<[string, Buffer, number, string]>([
    [
      'a NUL byte in a header value',
      bytes(['GET /v1/classe HTTP/1.1', 'Host: x', AUTH, 'X-Note: a\0b']),
      400,
      MALFORMED,
    ],
    [
      'a method that is not a token',
      bytes(['G@T /v1/classe HTTP/1.1', 'Host: x', AUTH]),
      400,
      MALFORMED,
    ],
    [
      'a raw non-ASCII byte in the path',
      bytes(['GET /v1/cl\xe1sse HTTP/1.1', 'Host: x', AUTH]),
      400,
      MALFORMED,
    ],
    [
      'two different Content-Length headers',
      bytes(
        [
          'POST /v1/classe/add-student HTTP/1.1',
          'Host: x',
          AUTH,
          'Content-Type: application/json',
          'Content-Length: 2',
          'Content-Length: 3',
        ],
        '{}',
      ),
      400,
      MALFORMED,
    ],
    [
      'Content-Length beside Transfer-Encoding: chunked',
      bytes(
        [
          'POST /v1/classe/add-student HTTP/1.1',
          'Host: x',
          AUTH,
          'Content-Type: application/json',
          'Content-Length: 7',
          'Transfer-Encoding: chunked',
        ],
        '2\r\n{}\r\n0\r\n\r\n',
      ),
      400,
      MALFORMED,
    ],
    [
      'a chunk size that is not hexadecimal',
      bytes(
        [
          'POST /v1/classe/add-student HTTP/1.1',
          'Host: x',
          AUTH,
          'Content-Type: application/json',
          'Transfer-Encoding: chunked',
        ],
        'zz\r\n{}\r\n0\r\n\r\n',
      ),
      400,
      MALFORMED,
    ],
    [
      'headers over 16 KiB',
      bytes(['GET /v1/classe HTTP/1.1', 'Host: x', AUTH, `X-Padding: ${'p'.repeat(20_000)}`]),
      431,
      'Request headers too large',
    ],
  ])('%s: the Error body, never the token in the log', async (_, request, status, message) => {
    let id = '';
    const lines = await logDuring(
      async () => {
        const answer = await exchange(server.port, request);
        expectRawError(answer, status, message);
        id = answer!.headers['x-request-id']!;
      },
      // The line about it carries the answer's id (a `request` line when its headers were read).
      (entry) => entry.requestId === id,
    );
    expect(
      lines.filter((line) => line.includes(id)).map((line) => JSON.parse(line) as LogEntry),
    ).toEqual([expect.objectContaining({ status })]);
    for (const line of lines) expect(line).not.toContain(TEST_TOKEN);
  });
});

describe('requests without a URL or Host the adapter can use', () => {
  it.each<[string, Buffer]>([
    ['a backslash in the path', bytes(['GET /v1\\classe HTTP/1.1', 'Host: x', AUTH])],
    ['a Host header that is no host', bytes(['GET /v1/classe HTTP/1.1', 'Host: a b', AUTH])],
    ['the asterisk form of OPTIONS', bytes(['OPTIONS * HTTP/1.1', 'Host: x', AUTH])],
    // Node's own check answers this one by default, with a bare 400.
    ['HTTP/1.1 without a Host header', bytes(['GET /v1/classe HTTP/1.1', AUTH])],
  ])('%s: 400 Error body, logged with its id', async (_, request) => {
    const answer = await exchange(server.port, request);
    expectRawError(answer, 400, BAD_URL);
    // Logged before the answer is written.
    const id = answer!.headers['x-request-id'];
    expect(server.logLines.filter((line) => line.includes(`"requestId":"${id}"`))).toEqual([
      expect.stringContaining('"msg":"malformed request"'),
    ]);
  });
});

describe('requests Node would answer or drop on its own', () => {
  it('CONNECT: 404 Error body instead of a dropped connection', async () => {
    const answer = await exchange(server.port, bytes(['CONNECT x:443 HTTP/1.1', 'Host: x:443']));
    expectRawError(answer, 404, 'No route CONNECT');
  });

  it('an Expect value other than 100-continue is ignored, not a bare 417', async () => {
    const answer = await exchange(
      server.port,
      bytes(['GET /v1/classe?pageSize=1 HTTP/1.1', 'Host: x', AUTH, 'Expect: magic']),
    );
    expect(answer?.status).toBe(200);
    expect(JSON.parse(answer!.text)).toMatchObject({ totalRecords: 7 });
    expect(answer!.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('broken bytes after a request read in full', () => {
  it('a body sent without a length: the request gets its own answer, not the 400 of its body', async () => {
    // Node's http client sends a DELETE body this way: the body then reads as the next request.
    const answer = await exchange(
      server.port,
      bytes(['DELETE /v1/classe/remove-student HTTP/1.1', 'Host: x', AUTH], '{"email": "x"}'),
    );
    expectRawError(answer, 415, 'Content-Type must be application/json');
  });

  it('a pipelined request that is malformed: the one before it is answered first', async () => {
    const from = server.logLines.length;
    const connection = await RawConnection.open(server.port);
    try {
      connection.write(
        Buffer.concat([
          bytes(['GET /v1/classe?pageSize=1 HTTP/1.1', 'Host: x', AUTH]),
          bytes(['G@T /v1/classe HTTP/1.1', 'Host: x', AUTH]),
        ]),
      );
      const first = await connection.nextAnswer();
      expect(first?.status).toBe(200);
      expect(JSON.parse(first!.text)).toMatchObject({ totalRecords: 7 });
      expect(first!.headers.connection).toBe('close');
      await connection.closed();
      // The line about the broken bytes names the answer the connection closed after.
      const broken = await server.waitForLogLine(
        (entry) => entry.answered === 'the request before it',
        from,
      );
      expect(broken.requestId).toBe(first!.headers['x-request-id']);
    } finally {
      connection.destroy();
    }
  });
});

describe('a body cut off half-way', () => {
  const start = [
    'POST /v1/classe/add-student HTTP/1.1',
    'Host: x',
    AUTH,
    'Content-Type: application/json',
  ];

  it('by a broken chunk: answered 400, logged as a 400, not as an error of the server', async () => {
    const lines = await logDuring(
      async () => {
        const answer = await exchange(
          server.port,
          bytes([...start, 'Transfer-Encoding: chunked'], `4\r\n{"na\r\nzz\r\n`),
        );
        expectRawError(answer, 400, MALFORMED);
      },
      (entry) => entry.msg === 'request',
    );
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.filter((entry) => entry.level === 'error')).toEqual([]);
    expect(entries.find((entry) => entry.msg === 'request')).toMatchObject({ status: 400 });
  });

  it('by the client leaving before its Content-Length: logged as a 400, not as an error', async () => {
    const lines = await logDuring(
      async () => {
        const connection = await RawConnection.open(server.port);
        connection.write(bytes([...start, 'Content-Length: 100'], '{"name": "Dora'));
        connection.destroy();
      },
      (entry) => entry.msg === 'request',
    );
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.filter((entry) => entry.level === 'error')).toEqual([]);
    expect(entries.find((entry) => entry.msg === 'request')).toMatchObject({ status: 400 });
  });
});

describe('bodies that are not Unicode text', () => {
  const post = (body: string | Uint8Array<ArrayBuffer>) =>
    server.request('/classe/add-student', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });

  it('bytes that are not UTF-8 (a Latin-1 "é"): 400, not a name with U+FFFD in it', async () => {
    const latin1 = Buffer.from(addStudent.replace('Dora', 'Jos\xe9'), 'latin1');
    expectError(await post(new Uint8Array(latin1)), 400, 'body: must be JSON encoded as UTF-8');
  });

  it.each([
    [
      'the name',
      { name: 'Dora \ud800', email: 'dora@escola.example', classes: [{ id: 't3' }] },
      'name',
    ],
    [
      'a turma id',
      { name: 'Dora', email: 'dora@escola.example', classes: [{ id: 't3' }, { id: '\udc00' }] },
      'classes.1.id',
    ],
    ['a field name', { name: 'Dora', email: 'dora@escola.example', '\ud83d': 1 }, 'body'],
  ])('a lone surrogate in %s: 400 naming where', async (_, body, field) => {
    // JSON.stringify writes a lone surrogate as the escape "\ud800": valid JSON, not valid text.
    expectError(
      await post(JSON.stringify(body)),
      400,
      `${field}: must be Unicode text (it holds a lone surrogate)`,
    );
  });

  it('an escaped surrogate pair is a character like any other', async () => {
    const body = JSON.stringify({ ...STUDENTS.ana, classes: [{ id: TURMAS.turmaB.id }] });
    expectWriteOk(await post(body.replace('Ana Souza', 'Ana \\ud83d\\ude00 Souza')));
    // Enrolment does not rename: Ana keeps her name, and the pair was read as one character.
    expectWriteOk(
      await post(
        JSON.stringify({ name: 'x', email: 'eva@escola.example', classes: [{ id: 't3' }] }).replace(
          '"x"',
          '"Eva \\ud83d\\ude00"',
        ),
      ),
    );
    expect(await storedStudents(server.database)).toContainEqual({
      email: 'eva@escola.example',
      name: 'Eva 😀',
    });
  });
});

describe('after all of them', () => {
  it('the database holds only what the accepted writes wrote, and every invariant', async () => {
    expect((await storedStudents(server.database)).map((student) => student.email)).toEqual([
      STUDENTS.ana.email,
      STUDENTS.bruno.email,
      STUDENTS.carla.email,
      'eva@escola.example',
    ]);
    expect(await invariantViolations(server.database)).toEqual([]);
  });
});
