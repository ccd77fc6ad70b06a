/**
 * Named credentials (decision 019): `GET /v1/me`, and the name each write's audit entry and each
 * request's log line carry, roles, the credentials file followed while running. In-process
 * (test-app.ts) where no socket is needed: every answer is checked against the served OpenAPI
 * document. On both engines, as every API test (vitest.config.ts): the names written into the
 * trail and the writes a `read` credential is refused are the store's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EXTENSIONS_HEADER, listsExtension, ME_EXTENSION } from '#contract';
import type { AuditResponse } from '#contract/extensions';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newCredential, parseCredentialsFile } from './credentials-file.ts';
import { namedCredential, READ_ONLY } from './credentials.ts';
import { storedContent } from './testing/database.ts';
import { startTestApp, type TestApp } from './testing/test-app.ts';
import {
  startTestServer,
  TEST_TOKEN,
  type LogEntry,
  type TestServer,
} from './testing/test-server.ts';

const SECOND_TOKEN = 'second-token-0123456789abcdefghijkl';
const MADE = { createdAt: '2020-02-02T08:00:00.000Z', updatedAt: '2020-02-02T08:00:00.000Z' };
const MAT = { id: 'a1', name: 'Matemática', ...MADE };

let app: TestApp | undefined;
afterEach(async () => {
  await app?.stop();
  app = undefined;
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function me(token: string) {
  if (!app) throw new Error('no app started');
  const response = await app.request('/v1/me', { headers: bearer(token) });
  return {
    status: response.status,
    body: (await response.json()) as unknown,
    extensions: response.headers.get(EXTENSIONS_HEADER),
  };
}

describe('GET /v1/me', () => {
  it('names API_TOKENS by position, each a write credential, and is announced', async () => {
    app = await startTestApp({ tokens: [TEST_TOKEN, SECOND_TOKEN] });
    const first = await me(TEST_TOKEN);
    expect(first).toMatchObject({ status: 200, body: { name: 'token-1', role: 'write' } });
    expect(listsExtension(first.extensions, ME_EXTENSION)).toBe(true);
    expect((await me(SECOND_TOKEN)).body).toEqual({ name: 'token-2', role: 'write' });
  });

  it('answers 401 without a valid token', async () => {
    app = await startTestApp();
    expect((await me('wrong-token-0123456789abcdefghijklmn')).status).toBe(401);
  });
});

describe('the audit trail and the request log', () => {
  it('name the credential of each write, never its token', async () => {
    app = await startTestApp({ fixtures: { turmas: [MAT] }, tokens: [TEST_TOKEN, SECOND_TOKEN] });
    const response = await app.request('/v1/classe/add-student', {
      method: 'POST',
      headers: { ...bearer(SECOND_TOKEN), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ana', email: 'ana@escola.example', classes: [{ id: 'a1' }] }),
    });
    expect(response.status).toBe(200);
    const audit = await app.request('/v1/audit', { headers: bearer(TEST_TOKEN) });
    const { data } = (await audit.json()) as AuditResponse;
    expect(data.map((entry) => entry.credential)).toEqual(['token-2']);
    // As stored, whatever the engine: the name, and neither token anywhere in the row. The
    // newest entries wait in a tail of their own until they are folded (decision 019).
    const rows = await app.database.query<Record<string, unknown>>(
      'SELECT * FROM audit UNION ALL SELECT * FROM audit_tail',
    );
    expect(rows.map((row) => row.credential)).toEqual(['token-2']);
    expect(JSON.stringify(rows)).not.toContain(SECOND_TOKEN);
    expect(JSON.stringify(rows)).not.toContain(TEST_TOKEN);

    const requests = app.logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request');
    expect(requests.map(({ path, credential }) => `${String(path)} ${String(credential)}`)).toEqual(
      ['/v1/classe/add-student token-2', '/v1/audit token-1'],
    );
    for (const line of app.logLines) {
      expect(line).not.toContain(TEST_TOKEN);
      expect(line).not.toContain(SECOND_TOKEN);
    }
  });
});

const READ_TOKEN = 'read-token-0123456789abcdefghijklmnopq';

describe('a read credential', () => {
  const JSON_TYPE = { 'Content-Type': 'application/json' };
  it.each([
    ['POST', '/v1/classe/add-student'],
    ['POST', '/v1/classe/a1/add-student'],
    ['DELETE', '/v1/classe/remove-student'],
    ['POST', '/v1/audit/undo'],
  ])('gets 403 on %s %s, before its body is read', async (method, path) => {
    app = await startTestApp({
      fixtures: { turmas: [MAT] },
      credentials: [namedCredential('leitura', 'read', READ_TOKEN)],
    });
    const stored = await storedContent(app.database);
    // Not even JSON: the body is never looked at.
    const response = await app.request(path, {
      method,
      headers: { ...bearer(READ_TOKEN), ...JSON_TYPE },
      body: 'not json',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ status: '403', message: READ_ONLY });
    const audit = await app.request('/v1/audit', { headers: bearer(READ_TOKEN) });
    expect(((await audit.json()) as AuditResponse).data).toEqual([]);
    expect(await storedContent(app.database)).toBe(stored);
  });

  it('gets 200 on every read', async () => {
    app = await startTestApp({
      fixtures: { turmas: [MAT] },
      credentials: [namedCredential('leitura', 'read', READ_TOKEN)],
    });
    const reads = [
      '/v1/classe',
      '/v1/classe/a1/students',
      '/v1/students?query=ana',
      '/v1/students/by-email?email=ana%40escola.example',
      '/v1/enrolments/expiring?before=2099-01-01T00:00:00Z',
      '/v1/audit',
      '/v1/me',
    ];
    const statuses = [];
    for (const path of reads) {
      statuses.push((await app.request(path, { headers: bearer(READ_TOKEN) })).status);
    }
    expect(statuses).toEqual(reads.map(() => 200));
    expect((await me(READ_TOKEN)).body).toEqual({ name: 'leitura', role: 'read' });
  });
});

describe('the credentials file', () => {
  it('parses names, roles and hashes, and says which line is wrong', () => {
    const hash = 'ab'.repeat(32);
    const parse = (text: string) => parseCredentialsFile(text, new Set(['token-1']));
    expect(parse(`# comment\n\nsede write ${hash}  # inline\n`)).toMatchObject({
      ok: true,
      entries: [{ credential: { name: 'sede', role: 'write' } }],
    });
    expect(parse(`a read ${hash}\nb admin ${'cd'.repeat(32)}`)).toEqual({
      ok: false,
      line: 2,
      reason: 'the role must be read or write',
    });
    expect(parse(`a read ${hash}\na write ${'cd'.repeat(32)}`)).toMatchObject({ line: 2 });
    expect(parse(`a read ${hash}\nb write ${hash}`)).toMatchObject({ line: 2 });
    expect(parse(`token-1 read ${hash}`)).toMatchObject({ ok: false, line: 1 });
    expect(parse(`Sede read ${hash}`)).toMatchObject({ ok: false, line: 1 });
    expect(parse('sede read 1234')).toMatchObject({ ok: false, line: 1 });
  });

  it('is followed: a credential added, revoked within 5 s, a bad edit ignored', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'turmas-credentials-'));
    const file = join(dir, 'tokens');
    const sede = newCredential('secretaria-sede', 'write');
    const coord = newCredential('coord-fund2', 'read');
    // The file holds the token's SHA-256, never the token.
    expect(sede.line).not.toContain(sede.token);
    expect(sede.line.split(' ')).toEqual([
      'secretaria-sede',
      'write',
      createHash('sha256').update(sede.token).digest('hex'),
    ]);
    await writeFile(file, `# credentials\n${sede.line}\n`);
    const server = await startTestServer({ fixtures: { turmas: [MAT] }, tokensFile: file });
    try {
      const as = (token: string) => ({ authorization: `Bearer ${token}` });
      // API_TOKENS still works beside the file.
      expect((await server.request('/me')).body).toEqual({ name: 'token-1', role: 'write' });
      const written = await server.request('/classe/add-student', {
        ...as(sede.token),
        method: 'POST',
        json: { name: 'Ana', email: 'ana@escola.example', classes: [{ id: 'a1' }] },
      });
      expect(written.status).toBe(200);
      const audit = (await server.request('/audit')).body as AuditResponse;
      expect(audit.data.map((entry) => entry.credential)).toEqual(['secretaria-sede']);

      const until = async (token: string, status: number) => {
        const started = performance.now();
        while ((await server.request('/me', as(token))).status !== status) {
          expect(performance.now() - started).toBeLessThan(5_000);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return performance.now() - started;
      };
      await writeFile(file, `${sede.line}\n${coord.line}\n`);
      await until(coord.token, 200);
      await writeFile(file, `${coord.line}\n`);
      const revokedMs = await until(sede.token, 401);
      expect(revokedMs).toBeLessThan(5_000);

      const from = server.logLines.length;
      await writeFile(file, `${coord.line}\nbroken line\n`);
      const refused = await server.waitForLogLine(
        (entry) => entry.msg.startsWith('credentials file not loaded'),
        from,
      );
      expect(refused).toMatchObject({ line: 2 });
      expect((await server.request('/me', as(coord.token))).body).toEqual({
        name: 'coord-fund2',
        role: 'read',
      });
      for (const line of server.logLines) {
        for (const secret of [sede.token, coord.token, TEST_TOKEN]) {
          expect(line).not.toContain(secret);
        }
        expect(line).not.toContain(coord.line.split(' ')[2]);
      }
    } finally {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the credentials file, logged', () => {
  it('says whose role changed, and warns of a file that lists none, at start and on reload', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'turmas-credentials-'));
    const file = join(dir, 'tokens');
    const sede = newCredential('secretaria-sede', 'write');
    await writeFile(file, '# none yet\n');
    // Without API_TOKENS: this server accepts no token at all.
    const server = await startTestServer({
      fixtures: { turmas: [MAT] },
      tokensFile: file,
      tokens: [],
    });
    const none =
      'credentials file lists no credential and API_TOKENS is unset: no token is accepted';
    const reloaded = (from: number) =>
      server.waitForLogLine((entry) => entry.msg === 'credentials file loaded', from);
    try {
      const warnings = server.logLines
        .map((line) => JSON.parse(line) as LogEntry)
        .filter((entry) => entry.level === 'warn');
      expect(warnings).toEqual([expect.objectContaining({ msg: none })]);

      let from = server.logLines.length;
      await writeFile(file, `${sede.line}\n`);
      expect(await reloaded(from)).toMatchObject({ added: ['secretaria-sede'], roleChanged: [] });
      from = server.logLines.length;
      await writeFile(file, `${sede.line.replace(' write ', ' read ')}\n`);
      expect(await reloaded(from)).toMatchObject({
        credentials: 1,
        added: [],
        removed: [],
        roleChanged: [{ name: 'secretaria-sede', from: 'write', to: 'read' }],
      });
      expect((await server.request('/me', { authorization: `Bearer ${sede.token}` })).body).toEqual(
        { name: 'secretaria-sede', role: 'read' },
      );

      // A new token under the same name and role: the old one is revoked, and the log says so.
      const renewed = newCredential('secretaria-sede', 'read');
      from = server.logLines.length;
      await writeFile(file, `${renewed.line}\n`);
      expect(await reloaded(from)).toMatchObject({
        added: [],
        removed: [],
        roleChanged: [],
        tokenReplaced: ['secretaria-sede'],
      });
      const logged = server.logLines.slice(from).join('\n');
      expect(logged).not.toContain(renewed.token);
      expect(logged).not.toContain(renewed.line.split(' ')[2]!);

      from = server.logLines.length;
      await writeFile(file, '# every credential revoked\n');
      expect(await reloaded(from)).toMatchObject({ removed: ['secretaria-sede'] });
      expect(await server.waitForLogLine((entry) => entry.level === 'warn', from)).toMatchObject({
        msg: none,
      });
    } finally {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a credential revoked while its request runs', () => {
  it('lets that request finish as usual; the next one with it gets 401 within 5 s', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'turmas-credentials-'));
    const file = join(dir, 'tokens');
    const sede = newCredential('secretaria-sede', 'write');
    await writeFile(file, `${sede.line}\n`);
    const server = await startTestServer({ fixtures: { turmas: [MAT] }, tokensFile: file });
    try {
      const body = JSON.stringify({
        name: 'Ana',
        email: 'ana@escola.example',
        classes: [{ id: 'a1' }],
      });
      const held = heldWrite(server, sede.token, body, body.length >> 1);
      // The server has the request's headers (it let it in) before the credential goes.
      await held.continued;
      await writeFile(file, '# every credential revoked\n');
      const started = performance.now();
      const me = () => server.request('/me', { authorization: `Bearer ${sede.token}` });
      while ((await me()).status !== 401) {
        expect(performance.now() - started).toBeLessThan(5_000);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }

      expect(await held.finish()).toEqual({ status: 200, body: {} });
      const audit = (await server.request('/audit')).body as AuditResponse;
      expect(audit.data.map((entry) => entry.credential)).toEqual(['secretaria-sede']);
      const next = await server.request('/classe/add-student', {
        method: 'POST',
        authorization: `Bearer ${sede.token}`,
        json: { name: 'Bia', email: 'bia@escola.example', classes: [{ id: 'a1' }] },
      });
      expect(next.status).toBe(401);
      expect(next.body).toMatchObject({ status: '401' });
    } finally {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/**
 * An enrolment whose body is sent in two parts: `continued` once the server has taken the request
 * in with its headers (it answers `Expect: 100-continue` as it does), `finish` sends the rest.
 */
function heldWrite(server: TestServer, token: string, body: string, sentFirst: number) {
  const request = httpRequest(`${server.url}/v1/classe/add-student`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      expect: '100-continue',
    },
  });
  const answered = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.once('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
    });
  });
  const continued = new Promise<void>((resolve, reject) => {
    answered.catch(reject);
    request.once('continue', () => {
      request.write(body.slice(0, sentFirst));
      resolve();
    });
  });
  return {
    continued,
    finish() {
      request.end(body.slice(sentFirst));
      return answered;
    },
  };
}
