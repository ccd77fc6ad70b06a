/**
 * The thin typed fetch layer over the Class Enrollment API v1: one `request()` that knows the
 * wire rules (bearer auth, JSON in and out, timeout, contract parsing, typed errors) and one
 * line per operation on top of it. Everything the UI needs to decide what to show is on
 * `ApiError`; nothing here knows about React or TanStack Query.
 */
import { z } from 'zod/mini';
import {
  addStudentToClassBodySchema,
  AUDIT_EXTENSION,
  addStudentToClassesBodySchema,
  classListQuerySchema,
  classListResponseSchema,
  describeIssues,
  errorBodySchema,
  EXTENSIONS_HEADER,
  listsExtension,
  removeStudentFromClassesBodySchema,
  REQUEST_ID_EXTENSION,
  REQUEST_ID_HEADER,
  RUN_ID_HEADER,
  writeSuccessSchema,
  type AddStudentToClassBody,
  type AddStudentToClassesBody,
  type ClassListQuery,
  type ClassListResponse,
  type ErrorBody,
  type RemoveStudentFromClassesBody,
  type SortBy,
  type SortField,
  type WriteSuccess,
} from '#contract';

/** Only that the server answered matters, not what it said. */
const healthResponseSchema = z.unknown();

export const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * - `http`: the server answered with a non-2xx status (see `status` and `body`), or would have:
 *   a request with no credential to send is not sent, and fails as the 401 it would get.
 * - `network`: no answer at all (offline, DNS, connection refused or cut; or, for an API on
 *   another origin, a call the browser refused: see `crossOrigin`).
 * - `timeout`: no complete answer within `timeoutMs`.
 * - `aborted`: the caller's signal aborted the request (usually nobody is waiting any more).
 * - `contract`: a body, sent or received, does not have the shape the contract describes.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'contract';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The HTTP status whenever a response arrived ('http', and 'contract' on a malformed 2xx). */
  readonly status: number | undefined;
  /** The API's Error body, when the error response carried one. */
  readonly body: ErrorBody | undefined;
  /**
   * How long the server asked the client to wait before trying again ('http' only, from a valid
   * `Retry-After` header), in milliseconds from when the answer arrived; never negative.
   */
  readonly retryAfterMs: number | undefined;
  /**
   * On a 'network' error while the browser says it is online, the API's origin when it is not the
   * page's. The browser reports a call that CORS or the page's CSP refused exactly as one that
   * found no server, so the likely cause is then the API's address or its CORS settings.
   */
  readonly crossOrigin: string | undefined;
  /** The answer's X-Request-Id, which the server logged it under: for staff to quote to support. */
  readonly requestId: string | undefined;

  constructor(
    kind: ApiErrorKind,
    message: string,
    details: {
      status?: number;
      body?: ErrorBody;
      retryAfterMs?: number;
      crossOrigin?: string;
      requestId?: string;
      cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.body = details.body;
    this.retryAfterMs = details.retryAfterMs;
    this.crossOrigin = details.crossOrigin;
    this.requestId = details.requestId;
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }

  /**
   * The console's one retry policy: whether the same request may succeed later. No answer, too
   * many requests (429) or a server error may pass; any other refusal will answer the same.
   * A call to another origin that got no answer is retried too: the browser cannot tell a CORS
   * refusal (which fails again at once, costing nothing) from an outage (which may pass).
   */
  get isTransient(): boolean {
    if (this.kind === 'network' || this.kind === 'timeout') return true;
    return this.kind === 'http' && this.status !== undefined && isTransientStatus(this.status);
  }
}

const isTransientStatus = (status: number) => status === 429 || status >= 500;

/** `ApiError.isTransient` for anything thrown: what is not an ApiError is a bug, never retried. */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiError && error.isTransient;
}

/**
 * Whether a write that failed may have been made all the same: no answer (or one that could not
 * be read), a 429 or 5xx, or a failure of ours with the call perhaps sent.
 */
export function mayHaveBeenMade(error: unknown): boolean {
  return !(error instanceof ApiError) || error.kind !== 'http' || error.isTransient;
}

/** Retries of a request that may pass (`isTransient`), when the server did not say when. */
const RETRIES = 2;
/**
 * Retries when the server answered and said when (Retry-After, as its 429 and 503 do): it is up,
 * did nothing, and asks for a pace, so it is followed longer.
 */
const RETRIES_ASKED = 5;
/** The longest Retry-After followed as said; a longer one waits this (the server asks again). */
export const RETRY_AFTER_MAX_MS = 60_000;

/** How long the server asked to wait before `error`'s request is sent again, if it said. */
export function retryAfterOf(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.retryAfterMs === undefined) return undefined;
  return Math.min(error.retryAfterMs, RETRY_AFTER_MAX_MS);
}

/**
 * The console's one retry policy, for every query and mutation (src/app/query-client.ts); the
 * bulk runner follows the same rules with its own pacing. A read is sent again when it may pass
 * (`isTransient`); a write only when the server said when (it did nothing: a 429 or 503 with
 * Retry-After): after no answer, the write may have happened, and sending it again is the
 * person's decision. The wait is the Retry-After when there is one, else 1, 2, 4… s.
 */
export const retryPolicy = {
  retry(failures: number, error: unknown, { write = false } = {}): boolean {
    if (!isTransient(error)) return false;
    if (retryAfterOf(error) !== undefined) return failures < RETRIES_ASKED;
    return !write && failures < RETRIES;
  },
  delayMs(failures: number, error: unknown): number {
    return retryAfterOf(error) ?? Math.min(1000 * 2 ** failures, 30_000);
  },
};

export interface ApiClientConfig {
  /** e.g. '/v1' or 'http://127.0.0.1:3000/v1'; a trailing slash is allowed. */
  baseUrl: string;
  /** Read at call time, so signing in or out needs no new client. */
  getToken: () => string | null;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Told of each v1 write as it is sent: the sent log (sent-log.ts) keeps it, without `audit`. */
  onWrite?: (write: SentWrite) => void;
}

/** A v1 write as sent, with its answer to come. */
export interface SentWrite {
  method: Method;
  body: AddStudentToClassesBody | AddStudentToClassBody | RemoveStudentFromClassesBody;
  /** The one turma of `addStudentToClass`, which is in its path, not in its body. */
  classId: string | undefined;
  runId: string | undefined;
  answer: Promise<WriteSuccess>;
  /** Whether the server's answers, by now, offer AUDIT_EXTENSION. */
  audited: () => boolean;
}

/**
 * Which extensions beyond v1 the server offers (contract's EXTENSIONS_HEADER), as its latest
 * answer said: learnt from the answers the console gets anyway, so a plain v1 platform costs no
 * request and shows no failure. Starts as "none" until the first answer.
 */
export interface ExtensionsState {
  has: (extension: string) => boolean;
  /** Whether an answer has said it yet (a plain v1's says "none"). */
  known: () => boolean;
  /** Calls `listener` when an answer says something different; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
}

function createExtensionsState() {
  // Undefined until the first answer.
  let header: string | null | undefined;
  const listeners = new Set<() => void>();
  const state: ExtensionsState & { report(value: string | null): void } = {
    has: (extension) => listsExtension(header, extension),
    known: () => header !== undefined,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    report(value) {
      if (value === header) return;
      header = value;
      for (const listener of listeners) listener();
    },
  };
  return state;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Overrides `getToken`: the sign-in check tries a token before it is stored. */
  token?: string;
  /**
   * The run this write belongs to (`newRunId()`: one per enrolment, removal, move or bulk run),
   * sent as RUN_ID_HEADER only to a server that offers AUDIT_EXTENSION.
   */
  runId?: string;
  /**
   * An answer already on its way (public/shell.js's first list request): taken instead of asking
   * again when its URL and token are this request's; otherwise the request is sent as usual.
   */
  sent?: SentRequest;
}

export interface SentRequest {
  url: string;
  token: string | null;
  response: Promise<Response>;
}

export type Method = 'GET' | 'POST' | 'DELETE';

export interface RequestSpec<T> {
  method: Method;
  path: string;
  query?: URLSearchParams;
  body?: { schema: z.ZodMiniType; value: unknown };
  response: z.ZodMiniType<T>;
  options: RequestOptions | undefined;
  /** Sent even without a credential: the one operation the server answers anyone. */
  anonymous?: boolean;
}

/** What every request of one client shares: where, how long, with which token and fetch. */
interface Transport {
  baseUrl: string;
  timeoutMs: number;
  crossOrigin: string | undefined;
  getToken: () => string | null;
  fetch: typeof fetch | undefined;
}

/** The one `request()` of a client: its wire rules, with `extensions` told of each answer. */
function createRequest(
  config: ApiClientConfig,
  extensions: ReturnType<typeof createExtensionsState>,
) {
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const transport: Transport = {
    baseUrl,
    timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    crossOrigin: crossOriginOf(baseUrl),
    getToken: config.getToken,
    fetch: config.fetch,
  };

  return async function request<T>(spec: RequestSpec<T>): Promise<T> {
    // Only to a server that offers it: a plain v1 platform sees no new header (nor preflight).
    const requestId = extensions.has(REQUEST_ID_EXTENSION) ? newRequestId() : undefined;
    const runId = extensions.has(AUDIT_EXTENSION) ? spec.options?.runId : undefined;
    const { response, text } = await send(transport, spec, { requestId, runId });
    // The server's own answers say which extensions it has, errors included; a plain v1's say so
    // by success without the header. A proxy's error page (a 404, 413, 502) says nothing.
    const offered = response.headers.get(EXTENSIONS_HEADER);
    if (offered !== null || response.ok) extensions.report(offered);
    return readAnswer(response, text, spec.response);
  };
}

/** The ids a request names itself and its run by, each only where the server offers it. */
interface RequestIds {
  requestId: string | undefined;
  runId: string | undefined;
}

/** The headers every request carries. */
function requestHeaders(token: string | null | undefined, ids: RequestIds): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (ids.requestId) headers.set(REQUEST_ID_HEADER, ids.requestId);
  if (ids.runId) headers.set(RUN_ID_HEADER, ids.runId);
  return headers;
}

/** A new run's id, for `RequestOptions.runId` (32 hex digits, within RUN_ID_PATTERN). */
export const newRunId = (): string => newRequestId();

/** 32 hex digits; getRandomValues, as randomUUID exists only on HTTPS pages and localhost. */
function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The body as sent: parsed by its contract schema, then JSON. */
async function encodeBody(body: NonNullable<RequestSpec<unknown>['body']>): Promise<string> {
  // A body that fails the contract is the caller's bug (forms validate with the same
  // schemas first), so it fails here, next to the bug, instead of as a 400 from the
  // server. Parsing also normalises what goes out: e-mails trimmed and lower-cased.
  const parsed = body.schema.safeParse(body.value);
  if (!parsed.success) throw await contractError('request', body, parsed.error);
  return JSON.stringify(parsed.data);
}

let zodMessages: Promise<void> | undefined;

/**
 * The ApiError of a value that breaks the contract, its issues in zod's English words
 * (contract/zod-messages.ts): they load with the first such error, not with the first screen,
 * and the value is parsed again to word them. Offline, zod's bare "Invalid input".
 */
async function contractError(
  what: 'request' | 'response',
  { schema, value }: { schema: z.ZodMiniType; value: unknown },
  error: z.core.$ZodError,
  status?: number,
): Promise<ApiError> {
  zodMessages ??= import('#contract/zod-messages').then(({ configureZod }) => configureZod());
  await zodMessages.catch(() => {
    zodMessages = undefined;
  });
  const worded = schema.safeParse(value).error ?? error;
  const issues = describeIssues(worded, what === 'request' ? 'body' : 'response');
  return new ApiError('contract', `The ${what} did not match the API contract: ${issues}`, {
    status,
    cause: worded,
  });
}

/** Sends `spec` and reads the whole answer, or throws the ApiError of getting none. */
async function send(
  transport: Transport,
  spec: RequestSpec<unknown>,
  ids: RequestIds,
): Promise<{ response: Response; text: string }> {
  const token = spec.options?.token ?? transport.getToken();
  // Every operation needs the credential (spec §5), so the answer without one is known. Asking
  // anyway sent requests nobody wanted: from a page still mounting as its person signed out.
  if (!token && !spec.anonymous) {
    throw new ApiError('http', 'Not sent: there is no credential (signed out or expired)', {
      status: 401,
    });
  }
  const headers = requestHeaders(token, ids);
  let body: string | undefined;
  if (spec.body) {
    body = await encodeBody(spec.body);
    headers.set('Content-Type', 'application/json');
  }

  const search = spec.query?.toString();
  const url = `${transport.baseUrl}${spec.path}${search ? `?${search}` : ''}`;
  const { timeoutMs, crossOrigin } = transport;
  const callerSignal = spec.options?.signal;
  const timeoutSignal = AbortSignal.timeout(timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeoutSignal]) : timeoutSignal;
  // Resolved per call so tests and polyfills that replace the global are honoured; called
  // as a plain function because a browser's fetch throws when invoked as a method of `config`.
  const fetchImpl = transport.fetch ?? globalThis.fetch;

  try {
    const sent = spec.options?.sent;
    const response = await (sent && sent.url === url && sent.token === token && !ids.requestId
      ? sent.response
      : fetchImpl(url, { method: spec.method, headers, body, signal }));
    // Reading the body is inside the try: the timeout, an abort or a dropped connection can
    // all strike while it streams in.
    const text = await response.text();
    return { response, text };
  } catch (error) {
    throw failureWithoutResponse(error, { callerSignal, timeoutSignal, timeoutMs, crossOrigin });
  }
}

/** The answer's data as the contract types it, or the ApiError it amounts to. */
async function readAnswer<T>(
  response: Response,
  text: string,
  schema: z.ZodMiniType<T>,
): Promise<T> {
  const json = parseJson(text);
  if (!response.ok) {
    throw httpError(response.status, json, {
      retryAfterMs: parseRetryAfter(response.headers.get('Retry-After')),
      requestId: response.headers.get(REQUEST_ID_HEADER) ?? undefined,
    });
  }
  if (json === NOT_JSON) {
    throw new ApiError(
      'contract',
      `The server answered ${response.status} with a body that is not JSON`,
      { status: response.status },
    );
  }
  // The spec gives no status codes for the writes; a platform answering 204 (or 200 with no
  // body) still means success, so an empty body reads as the empty object.
  const value = json === undefined ? {} : json;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw await contractError('response', { schema, value }, parsed.error, response.status);
  }
  return parsed.data;
}

export function createApiClient(config: ApiClientConfig) {
  const extensions = createExtensionsState();
  const request = createRequest(config, extensions);

  /** The three writes: a JSON body checked against its schema, `{}` back on success. */
  function write(
    method: Method,
    path: string,
    schema: z.ZodMiniType,
    body: SentWrite['body'],
    options: RequestOptions | undefined,
    classId?: string,
  ): Promise<WriteSuccess> {
    const answer = request({
      method,
      path,
      body: { schema, value: body },
      response: writeSuccessSchema,
      options,
    });
    const audited = () => extensions.has(AUDIT_EXTENSION);
    config.onWrite?.({ method, body, classId, runId: options?.runId, answer, audited });
    return answer;
  }

  return {
    getClasses: (
      query: ClassListQuery = {},
      options?: RequestOptions,
    ): Promise<ClassListResponse> =>
      request({
        method: 'GET',
        path: '/classe',
        query: toSearchParams(query, classListQuerySchema.shape),
        response: classListResponseSchema,
        options,
      }),

    addStudentToClasses: (body: AddStudentToClassesBody, options?: RequestOptions) =>
      write('POST', '/classe/add-student', addStudentToClassesBodySchema, body, options),

    addStudentToClass: (classId: string, body: AddStudentToClassBody, options?: RequestOptions) =>
      write(
        'POST',
        `/classe/${encodeURIComponent(classId)}/add-student`,
        addStudentToClassBodySchema,
        body,
        options,
        classId,
      ),

    removeStudentFromClasses: (body: RemoveStudentFromClassesBody, options?: RequestOptions) =>
      write('DELETE', '/classe/remove-student', removeStudentFromClassesBodySchema, body, options),

    /**
     * Any call, its answer checked against `response`: the extensions' calls
     * (extension-calls.ts) are made through it, so that their schemas load with the features
     * that use them rather than with the first screen.
     */
    request,

    /** What the server's answers said of its extensions; see `useExtension`. */
    extensions: extensions as ExtensionsState,

    /** Whether the server answers (`/v1/health`): how a bulk run paused by an outage knows it is back. */
    checkHealth: (options?: RequestOptions) =>
      request({
        method: 'GET',
        path: '/health',
        response: healthResponseSchema,
        options,
        anonymous: true,
      }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The one place that maps table sorting to the API's sortBy syntax (field name, '-' prefix for
 * descending), so it can follow the real platform's syntax once that is known. The API sorts by
 * one field: only the first sort counts. Empty sorting leaves the order to the server.
 */
export function toSortBy(
  sorting: ReadonlyArray<{ id: SortField; desc: boolean }>,
): SortBy | undefined {
  const first = sorting[0];
  if (!first) return undefined;
  return first.desc ? `-${first.id}` : first.id;
}

/** The inverse of `toSortBy`, for showing which column the list is sorted by. */
export function fromSortBy(sortBy: SortBy): { id: SortField; desc: boolean } {
  return sortBy.startsWith('-')
    ? { id: sortBy.slice(1) as SortField, desc: true }
    : { id: sortBy as SortField, desc: false };
}

// ---------------------------------------------------------------------------------------------

/**
 * Parameters go out in the contract's order (stable URLs in logs and caches); values that carry
 * nothing (undefined, null, NaN, blank) are left out so the server applies its defaults. Anything
 * else is sent as text and judged by the server: `page` and `pageSize` are typed `unknown`
 * because the contract coerces them from query-string text.
 */
export function toSearchParams<Query extends object>(
  query: Query,
  shape: Record<keyof Query, unknown>,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of Object.keys(shape) as (keyof Query)[]) {
    const value: unknown = query[name];
    if ((typeof value !== 'string' && typeof value !== 'number') || Number.isNaN(value)) continue;
    const text = String(value).trim();
    if (text !== '') params.set(String(name), text);
  }
  return params;
}

const NOT_JSON = Symbol('not JSON');

/** `undefined` for an empty body, `NOT_JSON` for one that does not parse. */
function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/**
 * RFC 9110 §10.2.3: delta-seconds or an HTTP-date. `Date.parse` alone would read garbage such as
 * '1.5' or '-1' as dates in 2001, so a date must first have the shape of one of the three
 * HTTP-date forms; the obsolete asctime form has no zone and is GMT by definition.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) {
    const ms = Number(text) * 1000;
    return Number.isFinite(ms) ? ms : undefined;
  }
  let date = NaN;
  if (IMF_OR_RFC850_DATE.test(text)) date = Date.parse(text);
  else if (ASCTIME_DATE.test(text)) date = Date.parse(`${text} GMT`);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** 'Sun, 06 Nov 1994 08:49:37 GMT' and 'Sunday, 06-Nov-94 08:49:37 GMT'. */
const IMF_OR_RFC850_DATE = /^[A-Za-z]{3,9}, \d{2}[ -][A-Za-z]{3}[ -]\d{2,4} \d{2}:\d{2}:\d{2} GMT$/;
/** 'Sun Nov  6 08:49:37 1994'. */
const ASCTIME_DATE = /^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

function httpError(
  status: number,
  json: unknown,
  answer: { retryAfterMs: number | undefined; requestId: string | undefined },
): ApiError {
  const errorBody = errorBodySchema.safeParse(json);
  if (errorBody.success) {
    const message = errorBody.data.message.trim() || `The server answered ${status}`;
    return new ApiError('http', message, { status, body: errorBody.data, ...answer });
  }
  // Proxies and gateways answer with HTML pages: the status is all that is worth keeping.
  const what =
    json === NOT_JSON
      ? 'a non-JSON body'
      : json === undefined
        ? 'an empty body'
        : 'a body that is not an API error';
  return new ApiError('http', `The server answered ${status} with ${what}`, {
    status,
    ...answer,
  });
}

/**
 * The API's origin when the page is on another one: there the browser enforces CORS and the page's
 * CSP connect-src on every call. Undefined outside a page (Node) and for a path on the page's site.
 */
function crossOriginOf(baseUrl: string): string | undefined {
  const page = globalThis.location as Location | undefined;
  if (!page?.origin || page.origin === 'null') return undefined;
  const api = new URL(baseUrl, page.href).origin;
  return api === page.origin ? undefined : api;
}

function failureWithoutResponse(
  error: unknown,
  {
    callerSignal,
    timeoutSignal,
    timeoutMs,
    crossOrigin,
  }: {
    callerSignal: AbortSignal | undefined;
    timeoutSignal: AbortSignal;
    timeoutMs: number;
    crossOrigin: string | undefined;
  },
): ApiError {
  // The caller is checked first: when both fired, nobody is waiting for the answer anyway.
  if (callerSignal?.aborted) {
    return new ApiError('aborted', 'The request was cancelled', { cause: error });
  }
  if (timeoutSignal.aborted) {
    return new ApiError('timeout', `The server did not answer within ${formatSeconds(timeoutMs)}`, {
      cause: error,
    });
  }
  // fetch rejects with a TypeError when it gets no response, a refusal by CORS or CSP included;
  // offline, the connection is the cause whatever the origin.
  const online = (globalThis.navigator as Navigator | undefined)?.onLine !== false;
  if (error instanceof TypeError && online && crossOrigin !== undefined) {
    return new ApiError(
      'network',
      `Could not reach the server: the API is on ${crossOrigin}, another origin, so CORS or ` +
        'the page’s Content-Security-Policy may have refused the call',
      { cause: error, crossOrigin },
    );
  }
  return new ApiError('network', 'Could not reach the server', { cause: error });
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
