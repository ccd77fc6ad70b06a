/**
 * An in-memory Class Enrollment API v1 for component tests, answering at TEST_API_BASE_URL through
 * MSW with the reference server's semantics (server/app.ts, server/db.ts): every query and body is
 * validated with the contract's schemas (400 naming the field), the bearer token is checked (401),
 * unknown turma ids and students answer 404, and writes change the state (countStudents,
 * updatedAt) so a test sees counts refresh.
 *
 *   const backend = installTurmasBackend({ turmas: manyTurmas(45) });
 *   render(<TurmasPage api={createTestApiClient()} />);
 *   expect(backend.listRequests().map((r) => r.searchParams.page)).toEqual(['1', '2']);
 *
 *   const nextPage = backend.hold((r) => r.searchParams.page === '3'); // page 3 stays pending
 *   nextPage.release();                                                  // ...until now
 *   backend.failNext({ status: 500 });   // the next request answers 500 with an Error body
 *   backend.failNext({ status: 502, body: '<html>Bad gateway</html>' }); // a proxy's HTML page
 *   backend.failNext('network');         // the next request fails as if offline
 *
 * Routes the API does not have are left unhandled on purpose: the setup file fails the test.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { z } from 'zod/mini';
import {
  addStudentToClassBodySchema,
  addStudentToClassesBodySchema,
  BODY_MAX_BYTES,
  classIdSchema,
  classListQuerySchema,
  describeIssues,
  foldForSearch,
  removeStudentFromClassesBodySchema,
  type Class,
  type ClassListParams,
  type ClassListResponse,
  type ErrorBody,
  type SortField,
} from '#contract';
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
  /** Answers the caught requests (from the state at that moment) and stops holding. */
  release(): void;
}

export interface TurmasBackendOptions {
  turmas?: Class[];
  /** E-mails already enrolled, by turma id; counted in the turmas' countStudents as given. */
  enrolments?: Record<string, string[]>;
  /** The one bearer token accepted; TEST_TOKEN by default. */
  token?: string;
}

export interface TurmasBackend {
  /** The turmas as they are now (counts and updatedAt move with writes), in the given order. */
  turmas(): Class[];
  /** Every request that reached the backend, oldest first. */
  readonly requests: readonly RecordedRequest[];
  /** The GET /classe requests, oldest first. */
  listRequests(): RecordedRequest[];
  /** The e-mails enrolled in a turma, sorted. */
  enrolments(classId: string): string[];
  /**
   * When a student's enrolment in a turma ends, as stored (ISO in UTC); null for no expiry,
   * undefined when the student is not in the turma.
   */
  expiryOf(classId: string, email: string): string | null | undefined;
  /** The next `times` requests (of those `where` accepts) fail this way. */
  failNext(failure: Failure, options?: { times?: number; where?: RequestFilter }): void;
  /** Keeps every request `where` accepts (all by default) pending until `release()`. */
  hold(where?: RequestFilter): Hold;
}

const BASE_PATH = new URL(TEST_API_BASE_URL).pathname;
const LIST_PATH = `${BASE_PATH}/classe`;

export function installTurmasBackend({
  turmas = [],
  enrolments = {},
  token = TEST_TOKEN,
}: TurmasBackendOptions = {}): TurmasBackend {
  const classes = new Map(turmas.map((turma) => [turma.id, { ...turma }]));
  /** Turma id → e-mail → expiry (null: none). */
  const members = new Map(turmas.map((turma) => [turma.id, new Map<string, string | null>()]));
  /** Students exist once enrolled, even after leaving every turma (as in server/db.ts). */
  const students = new Set<string>();
  for (const [classId, emails] of Object.entries(enrolments)) {
    const turma = classes.get(classId);
    if (!turma) throw new Error(`enrolments name an unknown turma id ${classId}`);
    for (const email of emails) {
      members.get(classId)!.set(email.toLowerCase(), null);
      students.add(email.toLowerCase());
    }
    turma.countStudents = Math.max(turma.countStudents, emails.length);
  }

  const requests: RecordedRequest[] = [];
  const failures: { failure: Failure; times: number; where: RequestFilter }[] = [];
  const holds: { where: RequestFilter; requests: RecordedRequest[]; released: Promise<void> }[] =
    [];

  /** The steps every route shares, in the server's order where it has them. */
  const route =
    (answer: (recorded: RecordedRequest, params: Record<string, unknown>) => Response) =>
    async ({ request, params }: { request: Request; params: Record<string, unknown> }) => {
      const text = await request.text();
      const recorded: RecordedRequest = {
        method: request.method,
        pathname: new URL(request.url).pathname,
        searchParams: Object.fromEntries(new URL(request.url).searchParams),
        body: text === '' ? undefined : parseJsonOr(text, text),
        authorization: request.headers.get('Authorization'),
      };
      requests.push(recorded);

      const holding = holds.filter((hold) => hold.where(recorded));
      for (const hold of holding) hold.requests.push(recorded);
      await Promise.all(holding.map((hold) => hold.released));

      const failure = failures.find((entry) => entry.times > 0 && entry.where(recorded));
      if (failure) {
        failure.times -= 1;
        return failureResponse(failure.failure);
      }
      const refusal = checkToken(recorded.authorization, token);
      if (refusal) return refusal;
      if (recorded.method !== 'GET') {
        const problem = checkWriteRequest(request, text);
        if (problem) return problem;
      }
      return answer(recorded, params);
    };

  function listClasses(params: ClassListParams): ClassListResponse {
    const needle = params.query ? foldForSearch(params.query) : '';
    const descending = params.sortBy.startsWith('-');
    const field = params.sortBy.replace(/^-/, '') as SortField;
    const direction = descending ? -1 : 1;
    const matching = [...classes.values()]
      .filter((turma) => foldForSearch(turma.name).includes(needle))
      .sort(
        (a, b) =>
          direction * (compare(sortKey(a, field), sortKey(b, field)) || compare(a.id, b.id)),
      );
    const offset = (params.page - 1) * params.pageSize;
    return {
      data: matching.slice(offset, offset + params.pageSize).map((turma) => ({ ...turma })),
      totalRecords: matching.length,
    };
  }

  function unknownClasses(classIds: string[]): Response | undefined {
    const unknown = classIds.filter((id) => !classes.has(id));
    return unknown.length > 0
      ? errorBody(404, `No class with id ${unknown.join(', ')}`)
      : undefined;
  }

  function enrol(email: string, classIds: string[], expirationDate: string | undefined): Response {
    const unknown = unknownClasses(classIds);
    if (unknown) return unknown;
    students.add(email);
    const expiry = expirationDate ? new Date(expirationDate).toISOString() : null;
    const now = new Date().toISOString();
    for (const classId of classIds) {
      const turma = classes.get(classId)!;
      const enrolled = members.get(classId)!;
      if (!enrolled.has(email)) turma.countStudents += 1;
      // Re-enrolling with the same expiry changes nothing, as in the server's trigger.
      if (!enrolled.has(email) || enrolled.get(email) !== expiry) turma.updatedAt = now;
      enrolled.set(email, expiry);
    }
    return HttpResponse.json({});
  }

  function remove(email: string, classIds: string[]): Response {
    const unknown = unknownClasses(classIds);
    if (unknown) return unknown;
    if (!students.has(email)) return errorBody(404, 'Student not found');
    const now = new Date().toISOString();
    for (const classId of classIds) {
      if (!members.get(classId)!.delete(email)) continue;
      const turma = classes.get(classId)!;
      turma.countStudents -= 1;
      turma.updatedAt = now;
    }
    return HttpResponse.json({});
  }

  mswServer.use(
    http.get(
      `${TEST_API_BASE_URL}/classe`,
      route(({ searchParams }) => {
        const query = classListQuerySchema.safeParse(searchParams);
        if (!query.success) return errorBody(400, describeIssues(query.error, 'query'));
        return HttpResponse.json(listClasses(query.data));
      }),
    ),
    http.post(
      `${TEST_API_BASE_URL}/classe/add-student`,
      route(({ body }) =>
        withValid(addStudentToClassesBodySchema, body, ({ classes: refs, email, expirationDate }) =>
          enrol(
            email,
            refs.map((ref) => ref.id),
            expirationDate,
          ),
        ),
      ),
    ),
    http.post(
      `${TEST_API_BASE_URL}/classe/:id/add-student`,
      route(({ body }, params) => {
        const id = classIdSchema.safeParse(params.id);
        if (!id.success) return errorBody(400, describeIssues(id.error, 'id'));
        return withValid(addStudentToClassBodySchema, body, ({ email, expirationDate }) =>
          enrol(email, [id.data], expirationDate),
        );
      }),
    ),
    http.delete(
      `${TEST_API_BASE_URL}/classe/remove-student`,
      route(({ body }) =>
        withValid(removeStudentFromClassesBodySchema, body, ({ email, classes: refs }) =>
          remove(
            email,
            refs.map((ref) => ref.id),
          ),
        ),
      ),
    ),
  );

  return {
    turmas: () => [...classes.values()].map((turma) => ({ ...turma })),
    requests,
    listRequests: () =>
      requests.filter((request) => request.method === 'GET' && request.pathname === LIST_PATH),
    enrolments: (classId) => [...(members.get(classId)?.keys() ?? [])].sort(),
    expiryOf: (classId, email) => members.get(classId)?.get(email.toLowerCase()),
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

// ---------------------------------------------------------------------------------------------

/** What the server orders by: the folded name (as its search_name column), instants, counts. */
function sortKey(turma: Class, field: SortField): string | number {
  switch (field) {
    case 'name':
      return foldForSearch(turma.name);
    case 'createdAt':
    case 'updatedAt':
      return Date.parse(turma[field]);
    case 'countStudents':
      return turma.countStudents;
  }
}

function compare(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function errorBody(status: number, message: string): Response {
  return HttpResponse.json<ErrorBody>({ status: String(status), message }, { status });
}

function failureResponse(failure: Failure): Response {
  if (failure === 'network') return HttpResponse.error();
  const { status, body } = failure;
  if (body === undefined) return errorBody(status, `Simulated ${status} answer`);
  if (typeof body === 'string') return HttpResponse.html(body, { status });
  return HttpResponse.json(body, { status });
}

/** The messages of hono/bearer-auth as server/app.ts words them. */
function checkToken(authorization: string | null, token: string): Response | undefined {
  if (authorization === null) {
    return errorBody(401, 'Missing bearer token: send Authorization: Bearer <token>');
  }
  const match = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/.exec(authorization);
  if (!match) return errorBody(401, 'Malformed Authorization header: expected Bearer <token>');
  if (match[1] !== token) return errorBody(401, 'Invalid or expired token');
  return undefined;
}

/** The server's write guards: a body limit, JSON only, and JSON that parses. */
function checkWriteRequest(request: Request, text: string): Response | undefined {
  if (new TextEncoder().encode(text).length > BODY_MAX_BYTES) {
    return errorBody(413, `Request body must be at most ${BODY_MAX_BYTES} bytes`);
  }
  const type = request.headers.get('Content-Type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    return errorBody(415, 'Content-Type must be application/json');
  }
  if (parseJsonOr(text, NOT_JSON) === NOT_JSON) return errorBody(400, 'body: must be valid JSON');
  return undefined;
}

function withValid<Schema extends z.ZodMiniType>(
  schema: Schema,
  body: unknown,
  answer: (valid: z.output<Schema>) => Response,
): Response {
  const parsed = schema.safeParse(body);
  return parsed.success
    ? answer(parsed.data)
    : errorBody(400, describeIssues(parsed.error, 'body'));
}

const NOT_JSON = Symbol('not JSON');

function parseJsonOr<T>(text: string, fallback: T): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}
