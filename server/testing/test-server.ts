/**
 * A real reference server on a free port and a database of its own (SQLite in a temporary
 * DATA_DIR, or a new PostgreSQL database: database.ts), and the HTTP calls the tests
 * make against it with the global fetch, which the API tests' setup has checking each answer
 * against the served OpenAPI document (openapi-conformance.ts).
 */
import { expect } from 'vitest';
import {
  classListResponseSchema,
  type Class,
  type ClassListQuery,
  type ClassListResponse,
} from '#contract';
import type { AdmissionLimits } from '../admission.ts';
import type { AuthFailureLimits } from '../auth-failures.ts';
import type { Timeouts } from '../http-server.ts';
import { startServer, type RunningServer, type ServerOptions } from '../server.ts';
import {
  createTestDatabase,
  enrolmentRowsPerTurma,
  turmasWithDriftedCount,
  writeFixtures,
  type Fixtures,
  type TestDatabase,
} from './database.ts';
import { fetchServedDocument, useServedDocument } from './openapi-conformance.ts';

/** At least 32 characters, as startServer requires of every token. */
export const TEST_TOKEN = 'test-token-0123456789abcdefghijklmnop';

/**
 * The suite floods the server and sends wrong tokens on purpose (fuzzers, concurrency checks):
 * no admission or failed-authentication limit unless a test sets one (admission.test.ts does).
 */
export const NO_ADMISSION_LIMIT: AdmissionLimits = {
  perClient: Number.MAX_SAFE_INTEGER,
  inFlight: Number.MAX_SAFE_INTEGER,
  running: Number.MAX_SAFE_INTEGER,
};
export const NO_AUTH_FAILURE_LIMIT: AuthFailureLimits = {
  failures: Number.MAX_SAFE_INTEGER,
  windowMs: 60_000,
};

export interface TestServerOptions {
  /** Written into the new DATA_DIR before the server starts. */
  fixtures?: Fixtures;
  /** SQLite only: anything else to do in the new DATA_DIR before the server starts. */
  prepare?: (dataDir: string) => void;
  /** Demo turmas the server seeds itself on first start (startServer's seedClasses). */
  seedClasses?: number;
  tokens?: readonly string[];
  /** startServer's TOKENS_FILE (credentials-file.ts). */
  tokensFile?: string;
  /** startServer's options of the same names. */
  trustProxy?: boolean;
  timeouts?: Timeouts;
  corsOrigins?: readonly string[];
  /** The built console to serve (startServer's staticDir); none by default. */
  staticDir?: string;
  /** startServer's `extensions`: false is API_EXTENSIONS=off. */
  extensions?: boolean;
  /** startServer's; NO_ADMISSION_LIMIT and NO_AUTH_FAILURE_LIMIT by default. */
  admission?: AdmissionLimits;
  authFailures?: AuthFailureLimits;
  /** startServer's; its default (CONNECTIONS_PER_ADDRESS_DEFAULT) unless given. */
  connectionsPerAddress?: number;
  /** startServer's: metrics on this port, the store opened another way, the address at once. */
  metricsPort?: number;
  openStore?: ServerOptions['openStore'];
  onListening?: (url: string) => void;
}

export interface RequestOptions {
  method?: string;
  /** Sent as JSON (and Content-Type: application/json). */
  json?: unknown;
  /** Sent as is, with the headers given; for bodies that are not valid JSON. */
  body?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** The whole Authorization header; the test token by default, null for none. */
  authorization?: string | null;
}

/** One HTTP answer, body already read (so no connection is left open). */
export interface Answer {
  status: number;
  /** Every header, names in lower case. */
  headers: Record<string, string>;
  contentType: string;
  text: string;
  /** The JSON body; undefined when the answer is not JSON. */
  body: unknown;
}

export interface TestServer {
  url: string;
  port: number;
  /** The server's database, for looks the API cannot give (database.ts). */
  database: TestDatabase;
  dataDir: string;
  /** Every line the server logged, in order, across restarts. */
  logLines: string[];
  /** Resolves with the first line from `logLines[from]` on that `matches`, once it is logged. */
  waitForLogLine(matches: (entry: LogEntry) => boolean, from?: number): Promise<LogEntry>;
  /** Any call under /v1 (`path` starts after /v1). */
  request(path: string, options?: RequestOptions): Promise<Answer>;
  /** getClasses, expecting 200 and a body the contract accepts. */
  listClasses(query?: ClassListQuery | Record<string, string>): Promise<ClassListResponse>;
  /** Every turma, through as many pages of 100 as it takes, in the given order. */
  listAllClasses(sortBy?: ClassListQuery['sortBy']): Promise<Class[]>;
  /** The three writes; each checks the countStudents invariant after the answer. */
  addStudentToClasses(body: unknown): Promise<Answer>;
  addStudentToClass(turmaId: string, body: unknown): Promise<Answer>;
  removeStudentFromClasses(body: unknown): Promise<Answer>;
  /** Where GET /metrics answers, with `metricsPort`. */
  readonly metricsUrl: string | undefined;
  /** RunningServer.close: not ready for `notReadyMs`, then stops; the database is kept. */
  close(notReadyMs?: number): Promise<void>;
  /** Closes the server and starts a new one on the same DATA_DIR. */
  restart(): Promise<void>;
  /** Closes the server (if running) and deletes its database. */
  stop(): Promise<void>;
}

/** One structured log line, parsed. */
export type LogEntry = Record<string, unknown> & { level: string; msg: string };

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const { dataDir } = database;
  const logLines: string[] = [];
  const logWaiters = new Set<() => void>();
  const startOptions = (): ServerOptions => ({
    dataDir,
    postgres: database.postgres,
    tokens: options.tokens ?? [TEST_TOKEN],
    tokensFile: options.tokensFile,
    seedClasses: options.seedClasses ?? 0,
    trustProxy: options.trustProxy,
    timeouts: options.timeouts,
    corsOrigins: options.corsOrigins,
    staticDir: options.staticDir,
    extensions: options.extensions,
    admission: options.admission ?? NO_ADMISSION_LIMIT,
    authFailures: options.authFailures ?? NO_AUTH_FAILURE_LIMIT,
    connectionsPerAddress: options.connectionsPerAddress,
    metricsPort: options.metricsPort,
    openStore: options.openStore,
    onListening: options.onListening,
    log: (line) => {
      logLines.push(line);
      for (const wake of logWaiters) wake();
    },
  });

  let running: RunningServer | undefined;
  try {
    if (options.fixtures) await writeFixtures(database, options.fixtures);
    options.prepare?.(dataDir);
    running = await startServer(startOptions());
  } catch (error) {
    await database.drop();
    throw error;
  }
  const { url } = running;
  await useServedDocument(() => fetchServedDocument(url));

  const server: TestServer = {
    get url() {
      if (!running) throw new Error('The test server is not running');
      return running.url;
    },
    get port() {
      if (!running) throw new Error('The test server is not running');
      return running.port;
    },
    database,
    dataDir,
    logLines,

    async waitForLogLine(matches, from = 0) {
      for (let at = from; ;) {
        for (; at < logLines.length; at++) {
          const entry = JSON.parse(logLines[at]!) as LogEntry;
          if (matches(entry)) return entry;
        }
        await new Promise<void>((resolve) => {
          const wake = () => {
            logWaiters.delete(wake);
            resolve();
          };
          logWaiters.add(wake);
        });
      }
    },

    async request(path, requestOptions = {}) {
      return send(`${server.url}/v1${path}`, requestOptions);
    },

    async listClasses(query = {}) {
      const search = new URLSearchParams(
        Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
      );
      const answer = await server.request(`/classe?${search.toString()}`);
      expect(answer.status, answer.text).toBe(200);
      return classListResponseSchema.parse(answer.body);
    },

    async listAllClasses(sortBy = 'name') {
      const turmas: Class[] = [];
      for (let page = 1; ; page++) {
        const { data, totalRecords } = await server.listClasses({ page, pageSize: 100, sortBy });
        turmas.push(...data);
        if (data.length === 0 || turmas.length >= totalRecords) return turmas;
      }
    },

    async addStudentToClasses(body) {
      return checked(server.request('/classe/add-student', { method: 'POST', json: body }));
    },

    async addStudentToClass(turmaId, body) {
      const path = `/classe/${encodeURIComponent(turmaId)}/add-student`;
      return checked(server.request(path, { method: 'POST', json: body }));
    },

    async removeStudentFromClasses(body) {
      return checked(server.request('/classe/remove-student', { method: 'DELETE', json: body }));
    },

    get metricsUrl() {
      return running?.metricsUrl;
    },

    async close(notReadyMs) {
      await running?.close(notReadyMs);
      running = undefined;
    },

    async restart() {
      await running?.close();
      running = undefined;
      running = await startServer(startOptions());
    },

    async stop() {
      await running?.close();
      running = undefined;
      await database.drop();
    },
  };

  async function checked(answer: Promise<Answer>): Promise<Answer> {
    const result = await answer;
    await expectCountsMatchEnrolments(server);
    return result;
  }

  return server;
}

/** Calls under `${baseUrl}/v1` (`path` starts after /v1), as TestServer.request does. */
export const apiAt =
  (baseUrl: string) =>
  (path: string, options: RequestOptions = {}): Promise<Answer> =>
    send(`${baseUrl}/v1${path}`, options);

async function send(url: string, options: RequestOptions): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const authorization =
    options.authorization === undefined ? `Bearer ${TEST_TOKEN}` : options.authorization;
  if (authorization !== null) headers.authorization = authorization;
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(url, { method: options.method ?? 'GET', headers, body });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  const isJson = /^application\/json\b/.test(contentType);
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    contentType,
    text,
    body: isJson ? JSON.parse(text) : undefined,
  };
}

/**
 * countStudents is the number of enrolment rows behind each turma: in the database itself, and in
 * what getClasses answers.
 */
export async function expectCountsMatchEnrolments(server: TestServer): Promise<void> {
  expect(
    await turmasWithDriftedCount(server.database),
    'turmas whose count_students drifted',
  ).toEqual([]);
  const listed = await server.listAllClasses();
  const countsListed = Object.fromEntries(listed.map((turma) => [turma.id, turma.countStudents]));
  expect(countsListed, 'countStudents answered by getClasses').toEqual(
    await enrolmentRowsPerTurma(server.database),
  );
}

/** A write that succeeded: 200 with exactly `{}` as JSON. */
export function expectWriteOk(answer: Answer): void {
  expect({ status: answer.status, body: answer.body }, answer.text).toEqual({
    status: 200,
    body: {},
  });
  expect(answer.contentType).toMatch(/^application\/json\b/);
}

/** An Error body `{status, message}` of exactly this status and message, served as JSON. */
export function expectError(answer: Answer, status: number, message: string): void {
  expect({ status: answer.status, body: answer.body }, answer.text).toEqual({
    status,
    body: { status: String(status), message },
  });
  expect(answer.contentType).toMatch(/^application\/json\b/);
}

export const names = (turmas: readonly Class[]): string[] => turmas.map((turma) => turma.name);
export const ids = (turmas: readonly Class[]): string[] => turmas.map((turma) => turma.id);
