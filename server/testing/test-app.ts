/**
 * The production app (server.ts `createApp`) called in-process through Hono's `app.request()`:
 * no socket, no HTTP parser, so thousands of requests take seconds. On a real SQLite file in a
 * temporary DATA_DIR, like the test server; what only the node adapter does (Content-Length,
 * chunked framing, malformed bytes) needs the test server or raw-http.ts instead. On a database
 * of its own, like the test server (database.ts). Each answer is
 * checked against the served OpenAPI document (openapi-conformance.ts).
 */
import type { CredentialEntry } from '../credentials.ts';
import { createLogger } from '../log.ts';
import { createApp } from '../server.ts';
import { openStore } from '../store/open-store.ts';
import { createTestDatabase, writeFixtures, type Fixtures, type TestDatabase } from './database.ts';
import { expectConformingAnswer, useServedDocument } from './openapi-conformance.ts';
import { NO_ADMISSION_LIMIT, NO_AUTH_FAILURE_LIMIT, TEST_TOKEN } from './test-server.ts';

/** app.request() needs a whole URL; no socket is involved. */
const ORIGIN = 'http://localhost';

export interface TestApp {
  database: TestDatabase;
  /** Every line the app logged, in order. */
  logLines: string[];
  /** `path` from the origin, e.g. `/v1/classe?page=2`. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** Closes the store and deletes its database. */
  stop(): Promise<void>;
}

export async function startTestApp(
  options: {
    fixtures?: Fixtures;
    tokens?: readonly string[];
    /** Named credentials besides `tokens` (ApiOptions' `credentials`). */
    credentials?: readonly CredentialEntry[];
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  if (options.fixtures) await writeFixtures(database, options.fixtures);
  const logLines: string[] = [];
  const log = createLogger((line) => logLines.push(line));
  const { store } = await openStore(database, log);
  const app = createApp({
    store,
    tokens: options.tokens ?? [TEST_TOKEN],
    credentials: options.credentials && (() => options.credentials ?? []),
    log,
    // As the test server: the fuzzers send wrong tokens on purpose.
    admission: NO_ADMISSION_LIMIT,
    authFailures: NO_AUTH_FAILURE_LIMIT,
  });
  await useServedDocument(async () => (await app.request(`${ORIGIN}/v1/openapi.json`)).json());
  return {
    database,
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
      await store.close();
      await database.drop();
    },
  };
}
