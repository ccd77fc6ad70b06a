/**
 * How the production server serves the built console: hashed assets cached forever and sent
 * brotli-compressed from the copy the build wrote, the rest revalidated, the SPA's own routes
 * answered with index.html, and the API's JSON left uncompressed.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server.ts';

const TOKEN = 'static-test-token-0123456789abcdefg';
// Long and repetitive enough that compressing it is worth it.
const SCRIPT = `export const turmas = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Turma ${i}`))};\n`;
const INDEX_HTML =
  '<!doctype html><html lang="pt-BR"><title>Turmas Admin</title><div id="root"></div>';

let server: RunningServer;
let dataDir: string;
let staticDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'turmas-static-data-'));
  staticDir = await mkdtemp(path.join(tmpdir(), 'turmas-static-dist-'));
  await mkdir(path.join(staticDir, 'assets'));
  await writeFile(path.join(staticDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(staticDir, 'config.js'), 'window.__TURMAS_CONFIG__ = {};\n');
  await writeFile(path.join(staticDir, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(path.join(staticDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  server = await startServer({ dataDir, staticDir, tokens: [TOKEN], log: () => {} });
});

afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(staticDir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Node's http, not fetch: fetch would undo the compression this test is about. */
function get(pathname: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(`${server.url}${pathname}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('static files', () => {
  it('sends the build’s brotli copy of a hashed asset to browsers that take brotli, cached for good', async () => {
    const answer = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });

    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('compresses the same asset with gzip for browsers without brotli', async () => {
    const answer = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip' });

    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('has index.html and config.js revalidated, so a deployment shows at once', async () => {
    for (const pathname of ['/', '/config.js']) {
      const answer = await get(pathname);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers the console’s own routes with index.html', async () => {
    const answer = await get('/turmas/qualquer-coisa?page=2');

    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    expect(answer.body.toString()).toBe(INDEX_HTML);
  });

  it('answers a missing asset with 404, not index.html', async () => {
    const answer = await get('/assets/enrol-dialog-gone123.js');

    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(answer.body.toString())).toEqual({
      status: '404',
      message: 'No route GET /assets/enrol-dialog-gone123.js',
    });
  });

  // A scraper or a probe pointed at the API's port by mistake: a 200 page would pass a probe for
  // good and fail a scrape far from its cause.
  it('answers /metrics and probe paths with a 404 saying where they are, not the console’s page', async () => {
    const expected = {
      '/metrics': "metrics are served on their own port (METRICS_PORT), never on the API's",
      '/healthz': 'readiness is GET /v1/health, liveness GET /v1/live (no token needed)',
      '/readyz': 'readiness is GET /v1/health, liveness GET /v1/live (no token needed)',
      '/health': 'readiness is GET /v1/health, liveness GET /v1/live (no token needed)',
      '/live/': 'readiness is GET /v1/health, liveness GET /v1/live (no token needed)',
    };
    for (const [pathname, where] of Object.entries(expected)) {
      const answer = await get(pathname);

      expect(answer.status, pathname).toBe(404);
      expect(answer.headers['content-type']).toMatch(/application\/json/);
      expect(JSON.parse(answer.body.toString())).toEqual({
        status: '404',
        message: `No route GET ${pathname}: ${where}`,
      });
    }
  });

  it('leaves the API’s JSON uncompressed', async () => {
    const answer = await get('/v1/classe', {
      Authorization: `Bearer ${TOKEN}`,
      'Accept-Encoding': 'gzip, br',
    });

    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.body.toString())).toEqual({ data: [], totalRecords: 0 });
  });
});
