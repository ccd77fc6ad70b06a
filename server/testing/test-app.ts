/**
 * The production app (server.ts `createApp`) called in-process through Hono's `app.request()`:
 * no socket, no HTTP parser, so thousands of requests take seconds. On a real SQLite file in a
 * temporary DATA_DIR, like the test server; what only the node adapter does (Content-Length,
 * chunked framing, malformed bytes) needs the test server or raw-http.ts instead. Each answer is
 * checked against the served OpenAPI document (openapi-conformance.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../store/sqlite-schema.ts';
import { createStore } from '../store/sqlite-store.ts';
import { createLogger } from '../log.ts';
import { createApp } from '../server.ts';
import { writeFixtures, type Fixtures } from './database.ts';
import { expectConformingAnswer, useServedDocument } from './openapi-conformance.ts';
import { TEST_TOKEN } from './test-server.ts';

/** app.request() needs a whole URL; no socket is involved. */
const ORIGIN = 'http://localhost';

export interface TestApp {
  dataDir: string;
  /** Every line the app logged, in order. */
  logLines: string[];
  /** `path` from the origin, e.g. `/v1/classe?page=2`. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** Closes the store and deletes DATA_DIR. */
  stop(): Promise<void>;
}

export async function startTestApp(
  options: { fixtures?: Fixtures; tokens?: readonly string[] } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'turmas-app-test-'));
  if (options.fixtures) writeFixtures(dataDir, options.fixtures);
  const { db } = openDatabase(dataDir);
  const logLines: string[] = [];
  const app = createApp({
    store: createStore(db),
    tokens: options.tokens ?? [TEST_TOKEN],
    log: createLogger((line) => logLines.push(line)),
  });
  await useServedDocument(async () => (await app.request(`${ORIGIN}/v1/openapi.json`)).json());
  return {
    dataDir,
    logLines,
    // A whole URL: app.request() would run a bare path through mergePath, which tidies it.
    async request(path, init) {
      const response = await app.request(`${ORIGIN}${path}`, init);
      await expectConformingAnswer(ORIGIN, {
        method: init?.method ?? 'GET',
        target: path,
        status: response.status,
        contentType: response.headers.get('content-type') ?? undefined,
        text: await response.clone().text(),
      });
      return response;
    },
    async stop() {
      db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
