/**
 * Named credentials (decision 019): `GET /v1/me`, and the name each write's audit entry and each
 * request's log line carry. In-process (test-app.ts): every answer is checked against the served
 * OpenAPI document. One engine is enough: nothing here depends on the store's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EXTENSIONS_HEADER, listsExtension, ME_EXTENSION } from '#contract';
import type { AuditResponse } from '#contract/extensions';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newCredential, parseCredentialsFile } from './credentials-file.ts';
import { namedCredential, READ_ONLY } from './credentials.ts';
import { startTestApp, type TestApp } from './testing/test-app.ts';
import { startTestServer, TEST_TOKEN } from './testing/test-server.ts';

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
    expect(sede.line).not.toContain(sede.token);
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
