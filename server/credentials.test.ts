/**
 * Named credentials (decision 019): `GET /v1/me`, and the name each write's audit entry and each
 * request's log line carry. In-process (test-app.ts): every answer is checked against the served
 * OpenAPI document. One engine is enough: nothing here depends on the store's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EXTENSIONS_HEADER, listsExtension, ME_EXTENSION, type AuditResponse } from '#contract';
import { startTestApp, type TestApp } from './testing/test-app.ts';
import { TEST_TOKEN } from './testing/test-server.ts';

const SECOND_TOKEN = 'second-token-0123456789abcdefghijkl';
const MADE = { createdAt: '2020-02-02T08:00:00.000Z', updatedAt: '2020-02-02T08:00:00.000Z' };
const MAT = { id: 'a1', name: 'Matemática', ...MADE };

let app: TestApp;
afterEach(async () => {
  await app.stop();
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function me(token: string) {
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
