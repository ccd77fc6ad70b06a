/**
 * What an operator runs the server with (decision 018): X-Request-Id on every answer and log
 * line, readiness apart from liveness (503 while starting and draining), and the metrics on a
 * port of their own, labelled by route template only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ID_EXTENSION, REQUEST_ID_HEADER } from '#contract';
import { exchange } from './testing/raw-http.ts';
import { openStore } from './store/open-store.ts';
import { sample, scrape } from './testing/metrics-text.ts';
import { startTestServer, type LogEntry, type TestServer } from './testing/test-server.ts';

const CONSOLE = 'http://console.example:8080';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: TestServer;
let startedAt: number;

beforeAll(async () => {
  startedAt = Date.now() / 1000;
  server = await startTestServer({ seedClasses: 3, corsOrigins: [CONSOLE], metricsPort: 0 });
});
afterAll(() => server.stop());

const logsOf = (id: string) =>
  server.logLines.map((line) => JSON.parse(line) as LogEntry).filter((e) => e.requestId === id);

describe('X-Request-Id', () => {
  it('echoes a sane id, logs it, and is offered in Api-Extensions', async () => {
    const id = 'console-7f3a.2026:11~27!';
    const answer = await server.request('/classe', { headers: { [REQUEST_ID_HEADER]: id } });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-request-id']).toBe(id);
    expect(answer.headers['api-extensions']).toContain(REQUEST_ID_EXTENSION);
    expect(logsOf(id)).toEqual([expect.objectContaining({ msg: 'request', status: 200 })]);
  });

  it('makes one when none is sent, errors and 404s included', async () => {
    for (const [path, status] of [
      ['/classe', 200],
      ['/classe?page=0', 400],
      ['/nowhere', 404],
    ] as const) {
      const answer = await server.request(path);
      expect(answer.status).toBe(status);
      expect(answer.headers['x-request-id']).toMatch(UUID);
      expect(logsOf(answer.headers['x-request-id']!)).toHaveLength(1);
    }
    const unauthorized = await server.request('/classe', { authorization: null });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers['x-request-id']).toMatch(UUID);
  });

  it.each([
    ['65 characters', 'a'.repeat(65)],
    ['a space', 'my id'],
    ['a tab', 'my\tid'],
    ['non-ASCII', 'pedido-ção'],
  ])('replaces an id with %s by its own', async (_what, id) => {
    const answer = await server.request('/classe', {
      headers: { [REQUEST_ID_HEADER]: Buffer.from(id, 'utf8').toString('latin1') },
    });
    expect(answer.headers['x-request-id']).toMatch(UUID);
  });

  it('is on the answers Node writes itself', async () => {
    const bad = 'GET /v1/classe HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n';
    const parserRefused = await exchange(server.port, bad);
    expect(parserRefused?.status).toBe(400);
    expect(parserRefused?.headers['x-request-id']).toMatch(UUID);
    const noHost = await exchange(server.port, 'GET /v1/classe HTTP/1.1\r\n\r\n');
    expect(noHost?.status).toBe(400);
    expect(noHost?.headers['x-request-id']).toMatch(UUID);
  });

  it('is allowed and exposed to the listed origins', async () => {
    const preflight = await fetch(`${server.url}/v1/classe`, {
      method: 'OPTIONS',
      headers: {
        origin: CONSOLE,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,x-request-id',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'x-request-id',
    );
    const answer = await server.request('/classe', { headers: { origin: CONSOLE } });
    expect(answer.headers['access-control-expose-headers']?.toLowerCase()).toContain(
      'x-request-id',
    );
  });
});

describe('metrics', () => {
  it('are not on the API port', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
  });

  it('count requests by route template, never by raw path, id, e-mail or query', async () => {
    const email = 'metrics.probe@example.com';
    await server.request('/classe?query=segredo&page=1');
    await server.request('/classe/turma-secreta-42/students');
    await server.request(`/students/by-email?email=${encodeURIComponent(email)}`);
    await server.request('/inexistente-xyz');
    // Refused before the handler: counted as the route asked for, not as the middleware's `/v1/*`.
    await server.request('/classe/turma-sem-token/students', { authorization: null });
    const answer = await fetch(server.metricsUrl!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const text = await answer.text();
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/v1\/classe",status="200"\} \d+/,
    );
    expect(text).toContain('route="/v1/classe/:id/students",status="404"');
    expect(text).toContain('route="/v1/classe/:id/students",status="401"');
    expect(text).toContain('route="/v1/students/by-email"');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/v1\/classe"/,
    );
    for (const leak of [
      'segredo',
      'turma-secreta-42',
      'metrics.probe',
      'inexistente',
      'sem-token',
    ]) {
      expect(text).not.toContain(leak);
    }
    for (const series of [
      'http_requests_in_flight',
      'http_requests_refused_total',
      'turmas_index_entries{index="turmas"} 3',
      'nodejs_eventloop_lag_seconds',
      'process_cpu_seconds_total',
    ]) {
      expect(text).toContain(series);
    }
  });

  it('say when each index was last loaded and last caught up', async () => {
    const before = sample(await scrape(server.metricsUrl), TURMAS_REFRESHED)!;
    await clockPast(Date.now());
    await server.listClasses();
    const text = await scrape(server.metricsUrl);
    const now = Date.now() / 1000;
    for (const index of ['turmas', 'students']) {
      const loaded = sample(text, `turmas_index_loaded_timestamp_seconds{index="${index}"}`);
      const refreshed = sample(text, `turmas_index_refreshed_timestamp_seconds{index="${index}"}`);
      expect(loaded).toBeGreaterThanOrEqual(startedAt);
      expect(refreshed).toBeGreaterThanOrEqual(loaded!);
      expect(refreshed).toBeLessThanOrEqual(now);
    }
    // A list catches the turma index up first.
    expect(sample(text, TURMAS_REFRESHED)).toBeGreaterThan(before);
  });

  it("do not move when each index last caught up by scraping: an idle server's stands still", async () => {
    const refreshed = (text: string) =>
      ['turmas', 'students'].map((index) =>
        sample(text, `turmas_index_refreshed_timestamp_seconds{index="${index}"}`),
      );
    const first = await scrape(server.metricsUrl);
    await clockPast(Date.now());
    const second = await scrape(server.metricsUrl);
    await clockPast(Date.now());
    const third = await scrape(server.metricsUrl);

    expect(refreshed(first)).toEqual([expect.any(Number), expect.any(Number)]);
    expect(refreshed(second)).toEqual(refreshed(first));
    expect(refreshed(third)).toEqual(refreshed(first));
    // The entries are still counted, and a request's read still moves the time.
    expect(sample(third, 'turmas_index_entries{index="turmas"}')).toBe(3);
    await server.listClasses();
    expect(sample(await scrape(server.metricsUrl), TURMAS_REFRESHED)).toBeGreaterThan(
      refreshed(first)[0]!,
    );
  });
});

/** Resolves once the clock has passed `ms`: times taken after it are later, to the millisecond. */
async function clockPast(ms: number): Promise<void> {
  while (Date.now() <= ms) await new Promise((resolve) => setImmediate(resolve));
}

const TURMAS_REFRESHED = 'turmas_index_refreshed_timestamp_seconds{index="turmas"}';

describe('readiness', () => {
  it('listens at once: health 503 with the reason, liveness 200, others 503 + Retry-After', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let url!: (address: string) => void;
    const listening = new Promise<string>((resolve) => (url = resolve));
    const starting = startTestServer({
      seedClasses: 2,
      onListening: url,
      openStore: async (...args) => {
        await held;
        return openStore(...args);
      },
    });
    const base = await listening;
    const health = await fetch(`${base}/v1/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({
      status: '503',
      message: 'Not ready: starting: migrating the schema and loading the turma index',
    });
    expect((await fetch(`${base}/v1/live`)).status).toBe(200);
    const list = await fetch(`${base}/v1/classe`);
    expect(list.status).toBe(503);
    expect(list.headers.get('retry-after')).toBe('5');
    expect(list.headers.get('x-request-id')).toMatch(UUID);
    release();
    const started = await starting;
    try {
      expect((await started.request('/health')).status).toBe(200);
      expect((await started.request('/classe')).status).toBe(200);
    } finally {
      await started.stop();
    }
  });

  it('drains: health 503 for the moment given while requests are still served, then stops', async () => {
    const draining = await startTestServer({ seedClasses: 1 });
    const { url } = draining;
    try {
      const closed = draining.close(600);
      const health = await draining.request('/health');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({
        message: expect.stringContaining('draining') as unknown,
      });
      expect((await draining.request('/live')).status).toBe(200);
      expect((await draining.request('/classe')).status).toBe(200);
      await closed;
      await expect(fetch(`${url}/v1/live`)).rejects.toThrow();
    } finally {
      await draining.stop();
    }
  });

  it('health waits at most 2 s for a database that does not answer, then 503 with the reason', async () => {
    const hung = await startTestServer({
      seedClasses: 1,
      // A database hung, not down: the check's statement never answers.
      openStore: async (...args) => {
        const opened = await openStore(...args);
        return { ...opened, store: { ...opened.store, check: () => new Promise<never>(() => {}) } };
      },
    });
    try {
      const started = performance.now();
      const health = await fetch(`${hung.url}/v1/health`, { signal: AbortSignal.timeout(5_000) });
      const ms = performance.now() - started;
      expect(health.status).toBe(503);
      expect(health.headers.get('retry-after')).toBe('2');
      expect(await health.json()).toEqual({
        status: '503',
        message: 'Service unavailable: the database did not answer within 2 s. Try again shortly.',
      });
      expect(ms).toBeGreaterThanOrEqual(1_900);
      expect(ms).toBeLessThan(3_000);
      // The request path does not wait on the health check.
      expect((await hung.request('/classe')).status).toBe(200);
    } finally {
      await hung.stop();
    }
  });

  it('saturation does not make health a 503', async () => {
    const health = await server.request('/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ admission: { saturated: false } });
  });
});
