/**
 * The reference API itself (server/server.ts `createApp`) answering component tests at
 * TEST_API_BASE_URL: MSW hands each request to `app.fetch` in-process, so no port is opened. Each
 * call gets a SQLite database of its own in a temporary DATA_DIR, closed and deleted when the test
 * ends. In front of the real app sit what tests script: failures, held (delayed) answers, and a
 * record of every request.
 *
 *   const backend = installReferenceApi({ turmas: manyTurmas(45) });
 *   render(<TurmasPage api={createTestApiClient()} />);
 *   expect(backend.listRequests().map((r) => r.searchParams.page)).toEqual(['1', '2']);
 *
 *   const nextPage = backend.hold((r) => r.searchParams.page === '3'); // page 3 stays pending
 *   nextPage.release();                                                  // ...until now
 *   backend.failNext({ status: 500 });   // the next request answers 500 with an Error body
 *   backend.failNext({ status: 502, body: '<html>Bad gateway</html>' }); // a proxy's HTML page
 *   backend.failNext('network');         // the next request fails as if offline
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { onTestFinished } from 'vitest';
import type { Class, CredentialRole, ErrorBody } from '#contract';
import { openDatabase } from '../../../server/store/sqlite-schema.ts';
import { createStore } from '../../../server/store/sqlite-store.ts';
import { namedCredential } from '../../../server/credentials.ts';
import type { Logger } from '../../../server/log.ts';
import { createApp } from '../../../server/server.ts';
import {
  writeSqliteFixtures,
  type EnrolmentFixture,
  type TurmaFixture,
} from '../../../server/testing/database.ts';
import { TEST_API_BASE_URL, TEST_TOKEN } from '../api-client';
import { mswServer } from './server';

export interface RecordedRequest {
  method: string;
  /** e.g. '/v1/classe' */
  pathname: string;
  /** The query string as an object, e.g. `{ page: '2', pageSize: '20', sortBy: 'name' }`. */
  searchParams: Record<string, string>;
  /** The body parsed as JSON (its raw text when it is not JSON); undefined without a body. */
  body: unknown;
  /** The Authorization header as sent, or null. */
  authorization: string | null;
  /** The X-Request-Id header as sent, or null. */
  requestId: string | null;
  /** The X-Run-Id header as sent, or null. */
  runId: string | null;
}

export type RequestFilter = (request: RecordedRequest) => boolean;

/**
 * What a failed request answers: a status with a body (an object is sent as JSON, a string as an
 * HTML page, none gives an Error body), or 'network' for no answer at all (offline, DNS).
 */
export type Failure = { status: number; body?: JsonBodyType | string } | 'network';

export interface Hold {
  /** The requests this hold caught so far, oldest first. */
  readonly requests: readonly RecordedRequest[];
  /** Lets the caught requests through to the API (as it is at that moment) and stops holding. */
  release(): void;
}

/**
 * A student enrolled in a turma: an e-mail alone (named after its local part, no expiry), or with
 * a name and an expiry (ISO in UTC) of its own.
 */
export type SeededEnrolment = string | { email: string; name?: string; expirationDate?: string };

export interface ReferenceApiOptions {
  /** Seeded in this order, with their timestamps; each countStudents is made of real enrolments. */
  turmas?: Class[];
  /** Students already enrolled, by turma id; part of the turmas' countStudents. */
  enrolments?: Record<string, SeededEnrolment[]>;
  /** The one bearer token accepted; TEST_TOKEN by default. */
  token?: string;
  /** The roster extension (decision 015); false serves the plain v1, as `API_EXTENSIONS=off`. */
  extensions?: boolean;
  /** Named credentials accepted besides `token`, as a credentials file lists them. */
  credentials?: { name: string; role: CredentialRole; token: string }[];
}

export interface ReferenceApi {
  /** The turmas as the store holds them now (counts and updatedAt move with writes), seed order. */
  turmas(): Class[];
  /** Every request that reached the API, oldest first. */
  readonly requests: readonly RecordedRequest[];
  /** The GET /classe requests, oldest first. */
  listRequests(): RecordedRequest[];
  /** The e-mails enrolled in a turma, sorted; the stand-ins behind seeded counts are left out. */
  enrolments(classId: string): string[];
  /**
   * When a student's enrolment in a turma ends, as stored (ISO in UTC); null for no expiry,
   * undefined when the student is not in the turma.
   */
  expiryOf(classId: string, email: string): string | null | undefined;
  /** The next `times` requests (of those `where` accepts) fail this way, never reaching the API. */
  failNext(failure: Failure, options?: { times?: number; where?: RequestFilter }): void;
  /** Keeps every request `where` accepts (all by default) pending until `release()`. */
  hold(where?: RequestFilter): Hold;
}

// tmpfs where there is one: SQLite's syncs on disk would dominate each test (decision 009).
const TEMP_ROOT = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

const LIST_PATH = `${new URL(TEST_API_BASE_URL).pathname}/classe`;

/** The stand-in students whose enrolments make up a seeded countStudents. */
const STAND_IN_DOMAIN = '@stand-in.test';
const standIn = (n: number) => ({ name: `Aluno ${n}`, email: `aluno-${n}${STAND_IN_DOMAIN}` });

/** Must be called inside a test or a beforeEach: the database goes when the test finishes. */
export function installReferenceApi({
  turmas = [],
  enrolments = {},
  token = TEST_TOKEN,
  extensions = true,
  credentials = [],
}: ReferenceApiOptions = {}): ReferenceApi {
  const fixtures = seedFixtures(turmas, enrolments);
  const dataDir = mkdtempSync(join(TEMP_ROOT, 'turmas-console-test-'));
  writeSqliteFixtures(dataDir, fixtures);
  const { db } = openDatabase(dataDir);
  let closed = false;
  onTestFinished(() => {
    closed = true;
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // An error the app logs is a 500 of its own making: fail the test through the setup file.
  const log: Logger = {
    info() {},
    error(msg, fields) {
      if (!closed) console.error(`reference API: ${msg}`, fields);
    },
  };
  const named = credentials.map(({ name, role, token }) => namedCredential(name, role, token));
  const app = createApp({
    store: createStore(db),
    tokens: [token],
    credentials: () => named,
    log,
    extensions,
  });

  const requests: RecordedRequest[] = [];
  const failures: { failure: Failure; times: number; where: RequestFilter }[] = [];
  const holds: { where: RequestFilter; requests: RecordedRequest[]; released: Promise<void> }[] =
    [];

  mswServer.use(
    http.all(`${TEST_API_BASE_URL}/*`, async ({ request }) => {
      const text = await request.clone().text();
      const url = new URL(request.url);
      const recorded: RecordedRequest = {
        method: request.method,
        pathname: url.pathname,
        searchParams: Object.fromEntries(url.searchParams),
        body: text === '' ? undefined : parseJsonOr(text),
        authorization: request.headers.get('Authorization'),
        requestId: request.headers.get('X-Request-Id'),
        runId: request.headers.get('X-Run-Id'),
      };
      requests.push(recorded);

      const holding = holds.filter((hold) => hold.where(recorded));
      for (const hold of holding) hold.requests.push(recorded);
      await Promise.all(holding.map((hold) => hold.released));

      const failure = failures.find((entry) => entry.times > 0 && entry.where(recorded));
      if (failure) {
        failure.times -= 1;
        // Every answer of the server carries an id: the client's, or one of its own.
        const requestId = recorded.requestId ?? `simulated-${requests.length}`;
        return failureResponse(failure.failure, requestId);
      }
      // A request still pending when its test ended finds the database gone.
      if (closed) return HttpResponse.error();
      // The request as MSW caught it, body unread: the app reads it as the node adapter's.
      return app.fetch(request);
    }),
  );

  const enrolledEmails = db
    .prepare<[string], string>(
      `SELECT s.email FROM enrolments e JOIN students s ON s.id = e.student_id
       WHERE e.class_id = ? AND s.email NOT LIKE '%${STAND_IN_DOMAIN}' ORDER BY s.email`,
    )
    .pluck();
  const expiry = db.prepare<[string, string], { expiry: string | null }>(
    `SELECT e.expiration_date AS expiry FROM enrolments e JOIN students s ON s.id = e.student_id
     WHERE e.class_id = ? AND s.email = ?`,
  );
  const allTurmas = db.prepare<[], Class>(
    `SELECT id, name, created_at AS createdAt, updated_at AS updatedAt,
            count_students AS countStudents
     FROM classes ORDER BY rowid`,
  );

  return {
    turmas: () => allTurmas.all(),
    requests,
    listRequests: () =>
      requests.filter((request) => request.method === 'GET' && request.pathname === LIST_PATH),
    enrolments: (classId) => enrolledEmails.all(classId),
    expiryOf: (classId, email) => expiry.get(classId, email.toLowerCase())?.expiry,
    failNext(failure, { times = 1, where = () => true } = {}) {
      failures.push({ failure, times, where });
    },
    hold(where = () => true) {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const hold = { where, requests: [] as RecordedRequest[], released };
      holds.push(hold);
      return {
        requests: hold.requests,
        release() {
          const index = holds.indexOf(hold);
          if (index !== -1) holds.splice(index, 1);
          release();
        },
      };
    },
  };
}

/**
 * The turmas with their timestamps, and enrolments behind every countStudents: the e-mails given,
 * then stand-in students up to the count, so the store's own count (kept by triggers) matches.
 */
function seedFixtures(turmas: Class[], enrolments: Record<string, SeededEnrolment[]>) {
  const fixtures = new Map<string, TurmaFixture>(
    turmas.map(({ id, name, createdAt, updatedAt }) => [id, { id, name, createdAt, updatedAt }]),
  );
  for (const classId of Object.keys(enrolments)) {
    if (!fixtures.has(classId)) throw new Error(`enrolments name an unknown turma id ${classId}`);
  }
  const rows: EnrolmentFixture[] = [];
  for (const { id, countStudents } of turmas) {
    const turma = fixtures.get(id)!;
    const seeded = enrolments[id] ?? [];
    for (const enrolment of seeded) {
      const { email, name, expirationDate } =
        typeof enrolment === 'string' ? { email: enrolment } : enrolment;
      const lowered = email.toLowerCase();
      const student = { name: name ?? lowered.split('@')[0]!, email: lowered };
      rows.push(
        expirationDate === undefined ? { turma, student } : { turma, student, expirationDate },
      );
    }
    for (let n = seeded.length + 1; n <= countStudents; n++) {
      rows.push({ turma, student: standIn(n) });
    }
  }
  return { turmas: [...fixtures.values()], enrolments: rows };
}

function failureResponse(failure: Failure, requestId: string): Response {
  if (failure === 'network') return HttpResponse.error();
  const { status, body } = failure;
  const init = { status, headers: { 'X-Request-Id': requestId } };
  if (body === undefined) {
    return HttpResponse.json<ErrorBody>(
      { status: String(status), message: `Simulated ${status} answer` },
      init,
    );
  }
  if (typeof body === 'string') return HttpResponse.html(body, init);
  return HttpResponse.json(body, init);
}

function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
