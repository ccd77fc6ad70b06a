/**
 * The Class Enrollment API v1, as the reference server answers it.
 *
 * Every answer outside 2xx is the spec's Error body `{status, message}` (status as a string),
 * JSON, and never a stack trace: see `errorBody` and `onError` below.
 */
import { zValidator } from '@hono/zod-validator';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod/mini';
import {
  addStudentToClassBodySchema,
  addStudentToClassesBodySchema,
  AUDIT_EXTENSION,
  BODY_MAX_BYTES,
  classIdSchema,
  classListQuerySchema,
  describeIssues,
  EXPIRING_EXTENSION,
  EXTENSIONS_HEADER,
  ME_EXTENSION,
  RANK_EXTENSION,
  removeStudentFromClassesBodySchema,
  REQUEST_ID_EXTENSION,
  ROSTER_EXTENSION,
  RUN_ID_HEADER,
  RUN_ID_PATTERN,
  SORT_BY_DEFAULT,
  STUDENTS_BY_EMAIL_EXTENSION,
  type ErrorBody,
  type MeResponse,
} from '#contract';
import { configureZod } from '#contract/zod-messages';
import {
  auditQuerySchema,
  expiringQuerySchema,
  rosterQuerySchema,
  studentsByEmailQuerySchema,
  studentSearchQuerySchema,
  undoBodySchema,
} from '#contract/extensions';
import {
  AuditEntryNotFoundError,
  StoreUnavailableError,
  UnknownClassesError,
  UnknownStudentError,
  type Store,
  type WriteAuthor,
} from './store/store.ts';
import { jsonTextProblem, loneSurrogateAt, NESTING_MAX, VALUES_MAX } from './json-text.ts';
import { allowedMethods } from './allowed-methods.ts';
import { ADMISSION_DEFAULTS, createAdmission, type AdmissionLimits } from './admission.ts';
import {
  AUTH_FAILURE_DEFAULTS,
  createAuthFailures,
  type AuthFailureLimits,
} from './auth-failures.ts';
import { clientAddress } from './client-address.ts';
import {
  createCredentialCheck,
  followedBy,
  positionalCredentials,
  READ_ONLY,
  type Credential,
  type CredentialEntry,
} from './credentials.ts';
import type { Logger } from './log.ts';
import type { Metrics } from './metrics.ts';
import { answersNoted, createOutageLog, type OutageLog } from './outage-log.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { ALWAYS_READY, type Readiness } from './readiness.ts';
import { namedAudit, namedRoster, namedUndo } from './turma-names.ts';
import { waitAtMost } from './wait-at-most.ts';

export interface ApiOptions {
  store: Store;
  /** API_TOKENS: each a `write` credential named `token-<n>` by its position (credentials.ts). */
  tokens?: readonly string[] | undefined;
  /** More credentials, read on every request: the generated token's, a credentials file's. */
  credentials?: (() => readonly CredentialEntry[]) | undefined;
  log: Logger;
  /** Where clients reach this server (PUBLIC_URL), for the OpenAPI document's `servers`. */
  publicUrl?: string | undefined;
  /**
   * The read endpoints beyond v1 (the roster extension, docs/decisions/015-roster-extension.md),
   * announced in the Api-Extensions header of every answer; on unless false (API_EXTENSIONS=off).
   */
  extensions?: boolean | undefined;
  /** Whether a proxy's X-Forwarded-For says where a request comes from (TRUST_PROXY). */
  trustProxy?: boolean | undefined;
  /** Requests in flight per client and in all (admission.ts); ADMISSION_DEFAULTS by default. */
  admission?: AdmissionLimits | undefined;
  /** Failed authentications per address (auth-failures.ts); AUTH_FAILURE_DEFAULTS by default. */
  authFailures?: AuthFailureLimits | undefined;
  /** Starting, ready or draining (readiness.ts); ready by default. */
  readiness?: Readiness | undefined;
  /** Where admission refusals are counted (metrics.ts); none by default. */
  metrics?: Metrics | undefined;
}

export function errorBody(c: Context, status: ContentfulStatusCode, message: string) {
  return c.json<ErrorBody>({ status: String(status), message }, status);
}

/** Validates one request part with the contract, answering 400 with a message naming the field. */
function valid<Target extends 'json' | 'query' | 'param', Schema extends z.ZodMiniType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      return errorBody(c, 400, describeIssues(result.error, target === 'json' ? 'body' : target));
    }
  });
}

/** The API speaks JSON only: say so plainly instead of reporting every field as missing. */
const requireJson: MiddlewareHandler = async (c, next) => {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    return errorBody(c, 415, 'Content-Type must be application/json');
  }
  await next();
};

const tooLarge = (c: Context) =>
  errorBody(c, 413, `Request body must be at most ${BODY_MAX_BYTES} bytes`);

const CUT_OFF = 'body: the request ended before its body did';

/**
 * At most BODY_MAX_BYTES in a write's body (413 past it): as Content-Length declares it (Node's
 * parser then holds the body to that length), or as counted while it arrives when no length is
 * declared (a chunked body), buffering it meanwhile. A body that stops half-way (the client left,
 * a chunk was malformed) is the request's fault: 400. hono/body-limit let that read error through
 * as a 500, logged as an error of ours.
 */
const limitBody: MiddlewareHandler = async (c, next) => {
  const declared = c.req.header('content-length');
  if (Number(declared) > BODY_MAX_BYTES) return tooLarge(c);
  const body = c.req.raw.body;
  if (declared !== undefined || !body) return next();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader: ReadableStreamDefaultReader<Uint8Array> = body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      // Not cancelled: the adapter drains what is left, so the client reads the 413.
      if (size > BODY_MAX_BYTES) return tooLarge(c);
      chunks.push(read.value);
    }
  } catch {
    return errorBody(c, 400, CUT_OFF);
  }
  c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
  await next();
};

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON text must be UTF-8 (RFC 8259) and its strings Unicode text. Otherwise a byte that is not
 * UTF-8 would be read as U+FFFD, and a lone surrogate (`"\ud800"`, valid JSON) would be stored as
 * bytes that are not UTF-8 at all: either way a student's name would change without a word.
 * Its shape is bounded before anything parses it, so that no body costs more than any other.
 */
const requireJsonText: MiddlewareHandler = async (c, next) => {
  let bytes: ArrayBuffer;
  try {
    bytes = await c.req.arrayBuffer();
  } catch {
    return errorBody(c, 400, CUT_OFF);
  }
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return errorBody(c, 400, 'body: must be JSON encoded as UTF-8');
  }
  switch (jsonTextProblem(text)) {
    case 'too deep':
      return errorBody(c, 400, `body: nested deeper than ${NESTING_MAX} levels`);
    case 'too many values':
      return errorBody(c, 400, `body: holds more than ${VALUES_MAX} values`);
    case 'lone surrogate': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return next(); // the validator answers malformed JSON
      }
      const field = loneSurrogateAt(parsed);
      if (field !== undefined) {
        return errorBody(c, 400, `${field}: must be Unicode text (it holds a lone surrogate)`);
      }
    }
  }
  await next();
};

/**
 * Bodies come as they are (identity). A compressed one would reach the JSON parser as bytes it
 * cannot read (a 400 about JSON), and one labelled compressed but sent plain would be taken on
 * trust: 415, with Accept-Encoding saying what is accepted (RFC 9110, 15.5.16).
 */
const requireIdentityEncoding: MiddlewareHandler = async (c, next) => {
  const codings = c.req.header('content-encoding')?.split(',') ?? [];
  if (codings.some((coding) => !['', 'identity'].includes(coding.trim().toLowerCase()))) {
    c.header('Accept-Encoding', 'identity');
    return errorBody(c, 415, 'Content-Encoding must be identity: send the body uncompressed');
  }
  await next();
};

const writeGuards = [requireIdentityEncoding, limitBody, requireJson, requireJsonText] as const;
/** The methods of the writes, whose routes read a body. */
const BODY_METHODS = new Set(['POST', 'DELETE']);

const classIdParamSchema = z.object({ id: classIdSchema });

/** The extensions this server offers when they are on: the Api-Extensions header's list. */
const OFFERED_EXTENSIONS = [
  ROSTER_EXTENSION,
  RANK_EXTENSION,
  STUDENTS_BY_EMAIL_EXTENSION,
  REQUEST_ID_EXTENSION,
  EXPIRING_EXTENSION,
  AUDIT_EXTENSION,
  ME_EXTENSION,
];

/** What a 503 asks a client to wait: a database restart takes seconds. */
export const RETRY_AFTER_SECONDS = 2;

/**
 * The longest /v1/health waits for the database: a hung one would hold it for the pool's
 * timeouts (10 s to connect), past probes' usual 1–3 s timeouts.
 */
const HEALTH_WAIT_MS = 2_000;

/** The `/v1` routes, mounted by server.ts (production) and dev-entry.ts (`npm run dev`). */
export function createApi({
  store: storeAsGiven,
  tokens = [],
  credentials,
  log,
  publicUrl,
  extensions = true,
  trustProxy = false,
  admission: limits = ADMISSION_DEFAULTS,
  authFailures = AUTH_FAILURE_DEFAULTS,
  readiness = ALWAYS_READY,
  metrics,
}: ApiOptions) {
  configureZod();
  // The database's failures are logged as an outage, not once per request (outage-log.ts): its
  // answers tell when one is over.
  const outages = createOutageLog(log);
  const store = answersNoted(storeAsGiven, outages);
  const { authenticate, credentialOf } = createAuthentication(
    followedBy(positionalCredentials(tokens), credentials),
    authFailures,
    log,
    trustProxy,
  );
  const admission = createAdmission(limits, (c, status, message) => {
    metrics?.refused(status);
    return errorBody(c, status, message);
  });
  // /v1/openapi.json is admitted without a credential: its address's client (no name is empty).
  const clientOf = (c: Context) =>
    `${c.get('credential')?.name ?? ''} ${clientAddress(c, trustProxy)}`;
  const admitted = admission.admit(clientOf);
  // Reads are admitted before their route; writes once their body has arrived (`write`), so that
  // a slow upload holds no place a request could run in, but refused before it is read.
  const admitReads: MiddlewareHandler = (c, next) =>
    BODY_METHODS.has(c.req.method) ? next() : admitted(c, next);
  // A `read` credential's write is refused first: before admission and before its body is read.
  const requireWrite: MiddlewareHandler = async (c, next) => {
    if (credentialOf(c).role !== 'write') return errorBody(c, 403, READ_ONLY);
    await next();
  };
  const write = [requireWrite, admission.refuseEarly(clientOf), ...writeGuards, admitted] as const;
  // Who wrote, for the audit trail (decision 019); a run id that is not sane is ignored.
  const authorOf = (c: Context): WriteAuthor => {
    const runId = c.req.header(RUN_ID_HEADER);
    return {
      credential: credentialOf(c).name,
      runId: runId !== undefined && RUN_ID_PATTERN.test(runId) ? runId : undefined,
    };
  };
  const openApiDocument = buildOpenApiDocument({ publicUrl, extensions });
  const openApiText = JSON.stringify(openApiDocument);
  // Set before any route answers, so that every answer of /v1 carries it, errors included: the
  // console learns of the extension from answers it gets anyway (decision 015).
  const announceExtensions: MiddlewareHandler = async (c, next) => {
    c.header(EXTENSIONS_HEADER, OFFERED_EXTENSIONS.join(', '));
    await next();
  };

  return (
    new Hono()
      .basePath('/v1')
      .use('*', extensions ? announceExtensions : (_c, next) => next())
      // Whenever the event loop runs, ready or not: an orchestrator's liveness probe.
      .get('/live', (c) => c.json({ status: 'ok' }))
      // Ahead of admission: it answers while every client is held back, and says so. Not ready
      // (starting, draining, the database away) is a 503 with the reason; saturation is not.
      .get('/health', async (c) => {
        const reason = readiness.notReady();
        if (reason !== undefined) {
          c.header('Retry-After', String(RETRY_AFTER_SECONDS));
          return errorBody(c, 503, `Not ready: ${reason}`);
        }
        // The check goes on past it, bounded by the pool's own timeouts.
        const database = await waitAtMost(store.check(), HEALTH_WAIT_MS);
        if (database === undefined) {
          throw new StoreUnavailableError(
            `the database did not answer within ${HEALTH_WAIT_MS / 1000} s`,
          );
        }
        return c.json({ status: 'ok', ...database, admission: admission.state() });
      })
      // Admitted too, as the address's client without a token; written once, sent as it is.
      .get('/openapi.json', admitted, (c) =>
        c.body(openApiText, 200, { 'Content-Type': 'application/json' }),
      )
      .route('/', otherMethods(openApiDocument, true))
      .use('*', authenticate)
      .use('*', admitReads)
      .route('/', v1Routes(store, extensions, write, authorOf))
      .route('/', extensions ? extensionRoutes(store, write, authorOf, credentialOf) : new Hono())
      .route('/', otherMethods(openApiDocument, false))
      // A catch-all rather than notFound(): a mounted app's notFound handler is never called.
      .all('*', (c) => errorBody(c, 404, `No route ${c.req.method} ${c.req.path}`))
      .onError((error, c) => answerError(error, c, log, outages))
  );
}

/**
 * The bearer token check, and the credential each request was let in with (with its address, the
 * client admission counts; by its name, the request log). A failed authentication counts against
 * its address; past the limit, a 429 (auth-failures.ts).
 */
function createAuthentication(
  entries: () => readonly CredentialEntry[],
  limits: AuthFailureLimits,
  log: Logger,
  trustProxy: boolean,
) {
  const failures = createAuthFailures(limits, log);
  const unauthorized = (message: string) => ({
    message: (c: Context) => {
      const retryAfter = failures.fail(clientAddress(c, trustProxy));
      if (retryAfter === undefined) return errorBody(c, 401, message);
      c.header('Retry-After', String(retryAfter));
      return errorBody(
        c,
        429,
        'Too many failed authentications from this address. Try again later.',
      );
    },
  });
  const credentialCheck = createCredentialCheck(entries);
  const authenticate = bearerAuth({
    // Hono parses the header; the comparison is ours (createCredentialCheck), on node:crypto:
    // synchronous, where Hono's default async crypto.subtle cost more (decision 004).
    verifyToken: (candidate, c) => {
      const credential = credentialCheck(candidate);
      if (credential) c.set('credential', credential);
      return credential !== undefined;
    },
    noAuthenticationHeader: unauthorized(
      'Missing bearer token: send Authorization: Bearer <token>',
    ),
    invalidAuthenticationHeader: unauthorized(
      'Malformed Authorization header: expected Bearer <token>',
    ),
    invalidToken: unauthorized('Invalid or expired token'),
  });
  // Only routes behind `authenticate` call it, where a credential is always set.
  const credentialOf = (c: Context): Credential => {
    const credential = c.get('credential');
    if (!credential) throw new Error(`${c.req.path} is not behind authentication`);
    return credential;
  };
  return { authenticate, credentialOf };
}

/**
 * Another method on a path the document has: 405 naming those it takes (allowed-methods.ts); on
 * the paths that need no token (`open`), before a token is asked for.
 */
function otherMethods(openApiDocument: ReturnType<typeof buildOpenApiDocument>, open: boolean) {
  const refusals = new Hono();
  for (const route of allowedMethods(openApiDocument).filter((each) => each.open === open)) {
    refusals.all(route.path, (c) => {
      c.header('Allow', route.allow);
      const message = `Method ${c.req.method} not allowed on ${c.req.path}: use ${route.allow}`;
      return errorBody(c, 405, message);
    });
  }
  return refusals;
}

/** The plain v1's list and writes; `write` admits a write and checks its body first. */
function v1Routes(
  store: Store,
  extensions: boolean,
  write: WriteMiddleware,
  authorOf: (c: Context) => WriteAuthor,
) {
  return (
    new Hono()
      // How a page is found: store/class-search.ts. Without sortBy the store ranks a search
      // (RANK_EXTENSION); a plain v1 server, extensions off, lists by name.
      .get('/classe', valid('query', classListQuerySchema), async (c) => {
        const params = c.req.valid('query');
        return c.json(
          await store.listClasses(
            extensions ? params : { ...params, sortBy: params.sortBy ?? SORT_BY_DEFAULT },
          ),
        );
      })
      .post(
        '/classe/add-student',
        ...write,
        valid('json', addStudentToClassesBodySchema),
        async (c) => {
          const { classes, ...student } = c.req.valid('json');
          await store.enrol({ ...student, classIds: classes.map((ref) => ref.id) }, authorOf(c));
          return c.json({});
        },
      )
      .post(
        '/classe/:id/add-student',
        ...write,
        valid('param', classIdParamSchema),
        valid('json', addStudentToClassBodySchema),
        async (c) => {
          const classIds = [c.req.valid('param').id];
          await store.enrol({ ...c.req.valid('json'), classIds }, authorOf(c));
          return c.json({});
        },
      )
      .delete(
        '/classe/remove-student',
        ...write,
        valid('json', removeStudentFromClassesBodySchema),
        async (c) => {
          const { email, classes } = c.req.valid('json');
          await store.remove({ email, classIds: classes.map((ref) => ref.id) }, authorOf(c));
          return c.json({});
        },
      )
  );
}

type WriteMiddleware = readonly [
  MiddlewareHandler,
  MiddlewareHandler,
  ...typeof writeGuards,
  MiddlewareHandler,
];

/** The extensions' routes; without them their paths are unknown, like any other (404). */
function extensionRoutes(
  store: Store,
  write: WriteMiddleware,
  authorOf: (c: Context) => WriteAuthor,
  credentialOf: (c: Context) => Credential,
) {
  return new Hono()
    .get('/me', (c) => {
      const { name, role } = credentialOf(c);
      return c.json<MeResponse>({ name, role });
    })
    .get('/audit', valid('query', auditQuerySchema), async (c) =>
      c.json(await namedAudit(store, await store.listAudit(c.req.valid('query')))),
    )
    .post('/audit/undo', ...write, valid('json', undoBodySchema), async (c) =>
      c.json(await namedUndo(store, await store.undo(c.req.valid('json'), authorOf(c)))),
    )
    .get(
      '/classe/:id/students',
      valid('param', classIdParamSchema),
      valid('query', rosterQuerySchema),
      async (c) => {
        const { id } = c.req.valid('param');
        return c.json(
          await namedRoster(store, id, await store.listRoster(id, c.req.valid('query'))),
        );
      },
    )
    .get('/students', valid('query', studentSearchQuerySchema), async (c) =>
      c.json(await store.searchStudents(c.req.valid('query'))),
    )
    .get('/students/by-email', valid('query', studentsByEmailQuerySchema), async (c) =>
      c.json(await store.studentsByEmail(c.req.valid('query').email)),
    )
    .get('/enrolments/expiring', valid('query', expiringQuerySchema), async (c) => {
      const { after, classId, ...rest } = c.req.valid('query');
      // A window without `after` starts now, as the request is served.
      const window = { ...rest, after: after ?? new Date().toISOString(), classIds: classId };
      return c.json(await store.listExpiring(window));
    });
}

/** What a route's error answers: an Error body, never a stack trace. */
function answerError(error: Error, c: Context, log: Logger, outages: OutageLog) {
  if (error instanceof UnknownClassesError) return errorBody(c, 404, error.message);
  if (error instanceof UnknownStudentError) return errorBody(c, 404, error.message);
  if (error instanceof AuditEntryNotFoundError) return errorBody(c, 404, error.message);
  if (error instanceof StoreUnavailableError) {
    // The database is away: say when to try again, and log why (the reason holds no secret),
    // once for the outage rather than once per request (outage-log.ts).
    outages.failed(error.reason, about(c));
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return errorBody(c, 503, `Service unavailable: ${error.reason}. Try again shortly.`);
  }
  if (error instanceof HTTPException) {
    // bearerAuth's answers are already Error bodies (see `unauthorized`).
    if (error.res) return error.getResponse();
    // Hono's own 4xx (malformed JSON): keep the status, speak the Error body.
    const status = error.status;
    const message =
      error.message === 'Malformed JSON in request body'
        ? 'body: must be valid JSON'
        : error.message || 'Bad request';
    if (status < 500) return errorBody(c, status, message);
  }
  log.error('unhandled error', { ...about(c), error });
  return errorBody(c, 500, 'Internal server error');
}

/** What a log line says of the request it is about. */
export const about = (c: Context) => ({
  requestId: c.get('requestId'),
  method: c.req.method,
  path: c.req.path,
});
