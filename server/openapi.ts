/**
 * `GET /v1/openapi.json`: the OpenAPI 3.1 description. Its schemas are generated from the same zod
 * contract the server validates with (openapi-schemas.ts); every status the server can send is
 * listed, and the API tests check each answer they get against the served document
 * (server/testing/openapi-conformance.ts), so the two cannot drift. Choices and figures:
 * docs/decisions/012-openapi-document.md.
 */
import { z } from 'zod/mini';
import {
  BODY_MAX_BYTES,
  classListQuerySchema,
  EXPIRING_CLASSES_MAX,
  AUDIT_EXTENSION,
  AUDIT_PAGE_SIZE_MAX,
  EXPIRING_EXTENSION,
  EXTENSIONS_HEADER,
  ME_EXTENSION,
  PAGE_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  QUERY_MAX_LENGTH,
  QUERY_WORDS_MAX,
  RANK_EXTENSION,
  ROSTER_EXTENSION,
  STUDENT_CLASSES_LISTED_MAX,
  STUDENTS_BY_EMAIL_EXTENSION,
  STUDENTS_BY_EMAIL_MAX,
  RUN_ID_HEADER,
  RUN_ID_PATTERN,
} from '#contract';
import { rosterQuerySchema, studentSearchQuerySchema } from '#contract/extensions';
import { ADMISSION_DEFAULTS } from './admission.ts';
import { READ_ONLY } from './credentials.ts';
import { AUTH_FAILURE_DEFAULTS } from './auth-failures.ts';
import { allowedMethods } from './allowed-methods.ts';
import { DEFAULT_TIMEOUTS } from './http-server.ts';
import { NESTING_MAX, VALUES_MAX } from './json-text.ts';
import { LOCK_WAIT_MS } from './store/sqlite-lock.ts';
import {
  buildSchemas,
  EXTENSION_SCHEMAS,
  schemaRef,
  type JsonSchema,
  type SchemaName,
} from './openapi-schemas.ts';

export interface OpenApiOptions {
  /**
   * Where clients reach this server (PUBLIC_URL), e.g. `https://turmas.example`: the document's
   * server becomes `<publicUrl>/v1`, which a generated client can call from anywhere. Without it
   * the server is the relative `/v1`, right for a browser on the same origin only.
   */
  publicUrl?: string | undefined;
  /** The roster extension's operations (decision 015); in the document unless false. */
  extensions?: boolean | undefined;
}

/** `<publicUrl>/v1`, or an Error naming PUBLIC_URL: a bad value should stop the start. */
function serverUrl(publicUrl: string | undefined): string {
  if (publicUrl === undefined || publicUrl === '') return '/v1';
  let url: URL | undefined;
  try {
    url = new URL(publicUrl);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username) {
    throw new Error(
      `PUBLIC_URL must be an absolute http(s) address without query or credentials, such as ` +
        `https://turmas.example, got "${publicUrl}"`,
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}/v1`;
}

// ---------------------------------------------------------------------------------------------
// Responses

const JSON_TYPE = 'application/json';
const responseRef = (name: ResponseName) => ({ $ref: `#/components/responses/${name}` });

const answer = (description: string, schema: SchemaName, example: unknown) => ({
  description,
  content: { [JSON_TYPE]: { schema: schemaRef(schema), example } },
});

const error = (description: string, status: number, message: string) =>
  answer(description, 'ErrorBody', { status: String(status), message });

const seconds = (ms: number) => `${ms / 1000} s`;

const retryAfter = {
  description: 'Seconds to wait before trying again.',
  schema: { type: 'integer', minimum: 1 },
};

const RESPONSES = {
  Written: answer('Done: an empty JSON object.', 'WriteSuccess', {}),
  MalformedRequest: error(
    'The request is malformed at the HTTP level: bytes, framing, URL or Host header.',
    400,
    'Malformed HTTP request',
  ),
  InvalidQuery: error(
    'A query parameter is invalid (the message names it), or the request is malformed at the ' +
      'HTTP level.',
    400,
    'pageSize: must be an integer from 1 to 100',
  ),
  InvalidBody: error(
    'The body or the path is invalid: a field missing, malformed, too long, repeated or unknown ' +
      '(the message names it); JSON that is not UTF-8, holds a lone surrogate, nests deeper than ' +
      `${NESTING_MAX} levels or holds more than ${VALUES_MAX} values (arrays, objects and ` +
      'members); a body cut off; or a request malformed at the HTTP level.',
    400,
    'email: must be a valid e-mail address',
  ),
  Unauthorized: error(
    'The bearer token is missing, malformed or not accepted.',
    401,
    'Missing bearer token: send Authorization: Bearer <token>',
  ),
  ReadOnlyCredential: error(
    'The credential can only read (role `read`): enrolling, removing and undoing need a `write` ' +
      'credential. Nothing was done; the body was not read.',
    403,
    READ_ONLY,
  ),
  UnknownClasses: error(
    'One or more turma ids are unknown (all are listed); nothing was written.',
    404,
    'No class with id t9, t10',
  ),
  UnknownClass: error('The turma is unknown.', 404, 'No class with id t9'),
  UnknownClassesOrStudent: error(
    'One or more turma ids are unknown (all are listed), or no student has this e-mail; nothing ' +
      'was removed.',
    404,
    'Student not found',
  ),
  RequestTimeout: error(
    `The request did not arrive in time: its headers must arrive within ` +
      `${seconds(DEFAULT_TIMEOUTS.headersMs)} and all of it within ` +
      `${seconds(DEFAULT_TIMEOUTS.requestMs)} (the server's defaults). The connection closes.`,
    408,
    `Request timed out: its headers must arrive within ${seconds(DEFAULT_TIMEOUTS.headersMs)} ` +
      `and all of it within ${seconds(DEFAULT_TIMEOUTS.requestMs)}`,
  ),
  BodyTooLarge: error(
    `The body is over ${BODY_MAX_BYTES} bytes (64 KiB).`,
    413,
    `Request body must be at most ${BODY_MAX_BYTES} bytes`,
  ),
  UnsupportedMediaType: {
    ...error(
      'The body is not declared as JSON (Content-Type: application/json), or it is declared ' +
        'encoded: a Content-Encoding other than `identity` (bodies are never compressed).',
      415,
      'Content-Type must be application/json',
    ),
    headers: {
      'Accept-Encoding': {
        description: 'Sent when the Content-Encoding was refused: `identity`, the only one taken.',
        schema: { type: 'string', const: 'identity' },
      },
    },
  },
  HeadersTooLarge: error(
    'The request line and headers are over 16 KiB. The connection closes.',
    431,
    'Request headers too large',
  ),
  TooManyRequests: {
    ...error(
      'This client has too many requests in flight (a client is a token and the address it ' +
        `calls from; at most ${ADMISSION_DEFAULTS.perClient} by default), or its address failed ` +
        `authentication more than ${AUTH_FAILURE_DEFAULTS.failures} times in ` +
        `${AUTH_FAILURE_DEFAULTS.windowMs / 1000} s, or holds too many connections (which then ` +
        'closes). Nothing was done. Try again after `Retry-After` seconds.',
      429,
      `Too many requests at once: at most ${ADMISSION_DEFAULTS.perClient} in flight per client. ` +
        'Try again shortly.',
    ),
    headers: { 'Retry-After': retryAfter },
  },
  ServiceUnavailable: {
    ...error(
      `The server is busy (${ADMISSION_DEFAULTS.inFlight} requests in flight from all clients ` +
        'by default, or too many bodies arriving at once), or it is starting (migrating the ' +
        'schema, loading its indexes), or the database cannot answer now ' +
        '(restarting, unreachable, overloaded, or its write lock held by another process for ' +
        `${LOCK_WAIT_MS / 1000} s): nothing was done. Try again after \`Retry-After\` seconds.`,
      503,
      'Service unavailable: cannot reach the database. Try again shortly.',
    ),
    headers: { 'Retry-After': retryAfter },
  },
  UnknownAuditEntry: error(
    'No audit entry has this id, or no entry this run id (extension, not part of v1).',
    404,
    'No audit entry 42',
  ),
  Unexpected: error(
    'Any other failure: 500 for a fault of the server (logged, never detailed here), or a ' +
      'status added by a proxy in front of it. Always this body when it comes from the server.',
    500,
    'Internal server error',
  ),
};
type ResponseName = keyof typeof RESPONSES;

/**
 * What any request may get, whatever it asks: Node's parser and timers come before any route, and
 * so do the limits per address and on bodies arriving (http-server.ts); past the token, admission
 * (admission.ts) and the slowing of failed authentication (auth-failures.ts).
 */
const transportResponses = {
  '408': responseRef('RequestTimeout'),
  '429': responseRef('TooManyRequests'),
  '431': responseRef('HeadersTooLarge'),
  '503': responseRef('ServiceUnavailable'),
  default: responseRef('Unexpected'),
};

const writeResponses = (notFound: ResponseName) => ({
  '200': responseRef('Written'),
  '400': responseRef('InvalidBody'),
  '401': responseRef('Unauthorized'),
  '403': responseRef('ReadOnlyCredential'),
  '404': responseRef(notFound),
  '413': responseRef('BodyTooLarge'),
  '415': responseRef('UnsupportedMediaType'),
  ...transportResponses,
});

// ---------------------------------------------------------------------------------------------
// Parameters

const parameterRef = (name: ParameterName) => ({ $ref: `#/components/parameters/${name}` });

/** An optional query parameter. */
const query = (name: string, description: string, schema: unknown, example: unknown) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
  example,
});

/**
 * sortBy and query as the contract generates them. page and pageSize arrive as text the contract
 * parses (plain decimal digits only); the document says what they stand for: int32 integers.
 * With the extensions on, a search without sortBy comes best match first (RANK_EXTENSION).
 */
function listParameters(extensions: boolean) {
  const generatedFrom = (querySchema: z.ZodMiniType) => {
    const { properties = {} } = z.toJSONSchema(querySchema, { io: 'input' });
    return (name: 'sortBy' | 'query') => {
      const schema = properties[name];
      if (typeof schema !== 'object') throw new Error(`The contract has no ${name}`);
      return schema;
    };
  };
  const generated = generatedFrom(classListQuerySchema);
  const roster = generatedFrom(rosterQuerySchema);
  const students = generatedFrom(studentSearchQuerySchema);
  const words =
    'in any order, ignoring case and accents. At most ' +
    `${QUERY_MAX_LENGTH} characters and ${QUERY_WORDS_MAX} words.`;
  const int32 = (minimum: number, maximum: number, defaultValue: number) => ({
    type: 'integer',
    format: 'int32',
    minimum,
    maximum,
    default: defaultValue,
  });
  const digits = 'Plain decimal digits (no sign, spaces, exponent or hexadecimal).';
  return {
    Page: query('page', `Page number, from 1. ${digits}`, int32(1, PAGE_MAX, 1), 1),
    PageSize: query(
      'pageSize',
      `Turmas per page, 1 to ${PAGE_SIZE_MAX}. ${digits}`,
      int32(1, PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
      PAGE_SIZE_DEFAULT,
    ),
    SortBy: query(
      'sortBy',
      'Field to sort by; a "-" prefix sorts descending. Ties are broken by id, in the same ' +
        'direction. Names sort ignoring case and accents. Without it, by name' +
        (extensions ? ', or best match first when `query` has words (see `query`).' : '.'),
      generated('sortBy'),
      '-countStudents',
    ),
    Query: query(
      'query',
      'Only turmas whose name has a word meeting each word of this text, in any order, ignoring ' +
        'case and accents ("3º A matematica" finds "3º ano A — Matemática"). A word of two or ' +
        'more characters meets a word of the name that holds it anywhere; a word of one ' +
        'character (a section letter, a digit) only a word that starts with it ("e" meets "E" ' +
        'and "Ensino", not "série"). A number is a whole word of an ordinal ("2" of "2º", ' +
        '"2ª"), and an ordinal sign ends a word, the degree sign read as "º" ("8ºA" and ' +
        '"8°A" are "8º A"). ' +
        (extensions
          ? 'Without `sortBy`, best match first: more words of the query met as whole words of ' +
            'the name, then as the start of one (before inside one); then fewer words of the ' +
            'name the query did not meet; then name, then id. A server that ranks says ' +
            `\`${RANK_EXTENSION}\` in the \`${EXTENSIONS_HEADER}\` header of every answer. `
          : '') +
        `At most ${QUERY_MAX_LENGTH} characters and ${QUERY_WORDS_MAX} words.`,
      generated('query'),
      'matemática 9º',
    ),
    ClassId: {
      name: 'id',
      in: 'path',
      required: true,
      description: 'Identifier of the turma.',
      schema: schemaRef('ClassId'),
      example: 't4',
    },
    // The roster extension's (decision 015)
    StudentsPageSize: query(
      'pageSize',
      `Students per page, 1 to ${PAGE_SIZE_MAX}. ${digits}`,
      int32(1, PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
      PAGE_SIZE_DEFAULT,
    ),
    RosterSortBy: query(
      'sortBy',
      'Field to sort by; a "-" prefix sorts descending. Ties are broken by e-mail, in the same ' +
        'direction. Names sort ignoring case and accents. With `expirationDate`, no expiry ' +
        'comes after every date going up, first going down.',
      roster('sortBy'),
      '-expirationDate',
    ),
    RosterQuery: query(
      'query',
      `Only students whose name or e-mail holds each word of this text (each in either), ${words}`,
      roster('query'),
      'ana souza',
    ),
    StudentQuery: query(
      'query',
      `Only students whose name or e-mail holds each word of this text (each in either), ${words} ` +
        'Without it, every student.',
      students('query'),
      'ana escola',
    ),
    StudentEmails: {
      name: 'email',
      in: 'query',
      required: true,
      description:
        `The students' e-mails, 1 to ${STUDENTS_BY_EMAIL_MAX}, the parameter repeated ` +
        '(`email=a@x&email=b@y`); compared case-insensitively. The request line and headers ' +
        'must stay under 16 KiB: ask for long e-mails in fewer at a time.',
      style: 'form',
      explode: true,
      schema: {
        type: 'array',
        items: schemaRef('Email'),
        minItems: 1,
        maxItems: STUDENTS_BY_EMAIL_MAX,
      },
      example: ['ana@escola.example', 'dora@escola.example'],
    },
    // The expiring extension's
    ExpiringBefore: {
      ...query(
        'before',
        'The end of the window: enrolments that expire before this instant (not at it). An ISO ' +
          '8601 date-time with an offset or Z, from year 0 to 9999.',
        { type: 'string', format: 'date-time' },
        '2026-12-31T23:59:59Z',
      ),
      required: true,
    },
    ExpiringAfter: query(
      'after',
      'The start of the window: enrolments that expire at or after this instant. Without it, ' +
        'now (enrolments already expired are left out). Must not come after `before`.',
      { type: 'string', format: 'date-time' },
      '2026-12-01T00:00:00Z',
    ),
    ...auditParameters(int32(1, AUDIT_PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT), digits),
    ExpiringClassIds: {
      ...query(
        'classId',
        `Only these turmas, 1 to ${EXPIRING_CLASSES_MAX}, the parameter repeated ` +
          '(`classId=t4&classId=t5`); an unknown id matches nothing. Without it, every turma.',
        { type: 'array', items: schemaRef('ClassId'), maxItems: EXPIRING_CLASSES_MAX },
        ['t4', 't5'],
      ),
      style: 'form',
      explode: true,
    },
  };
}

/** The audit extension's parameters (decision 019), in listParameters' terms. */
function auditParameters(pageSize: object, digits: string) {
  return {
    AuditEmail: query(
      'email',
      'Only the entries of the student with this e-mail (compared case-insensitively).',
      schemaRef('Email'),
      'ana@escola.example',
    ),
    AuditClassId: query(
      'classId',
      'Only the entries that wrote this turma.',
      schemaRef('ClassId'),
      't4',
    ),
    AuditCredential: query(
      'credential',
      'Only the entries written with the credential of this name.',
      { type: 'string', minLength: 1, maxLength: 200 },
      'secretaria-sede',
    ),
    AuditRunId: query(
      'runId',
      `Only the entries of this run (the \`${RUN_ID_HEADER}\` its writes were sent with), and the undos of them and of those undos, whatever run they were sent in.`,
      { type: 'string', pattern: RUN_ID_PATTERN.source },
      'bulk-2026-11-28-0001',
    ),
    AuditAfter: query(
      'after',
      'Only the entries written at or after this instant (ISO 8601, with an offset or Z).',
      { type: 'string', format: 'date-time' },
      '2026-11-01T00:00:00Z',
    ),
    AuditBefore: query(
      'before',
      'Only the entries written before this instant (ISO 8601, with an offset or Z).',
      { type: 'string', format: 'date-time' },
      '2026-12-01T00:00:00Z',
    ),
    AuditCursor: query(
      'cursor',
      'Where the page starts: the `next` of the page before. Without it, the newest entries.',
      { type: 'string', pattern: '^[1-9][0-9]{0,17}$' },
      '1234',
    ),
    AuditPageSize: query('pageSize', `Entries per page. ${digits}`, pageSize, PAGE_SIZE_DEFAULT),
  };
}

/** The parameters and responses only the extension's operations use. */
const EXTENSION_PARAMETERS = [
  'StudentsPageSize',
  'RosterSortBy',
  'RosterQuery',
  'StudentQuery',
  'StudentEmails',
  'ExpiringBefore',
  'ExpiringAfter',
  'ExpiringClassIds',
  'AuditEmail',
  'AuditClassId',
  'AuditCredential',
  'AuditRunId',
  'AuditAfter',
  'AuditBefore',
  'AuditCursor',
  'AuditPageSize',
];
const EXTENSION_RESPONSES: ResponseName[] = ['UnknownClass', 'UnknownAuditEntry'];

const notV1 = (extension: string) =>
  "An extension of this reference server, not part of the platform's Class Enrollment API v1: " +
  `a server that offers it says so in the \`${EXTENSIONS_HEADER}\` header of every answer ` +
  `(\`${extension}\`), and one started with API_EXTENSIONS=off answers 404 here.`;
const NOT_V1 = notV1(ROSTER_EXTENSION);

const readResponses = (ok: ReturnType<typeof answer>) => ({
  '200': ok,
  '400': responseRef('InvalidQuery'),
  '401': responseRef('Unauthorized'),
  ...transportResponses,
});

/** The roster extension's operations (decision 015). */
function extensionPaths(example: (name: SchemaName) => unknown) {
  return {
    '/classe/{id}/students': {
      get: {
        operationId: 'getClassStudents',
        tags: ['extensions'],
        'x-extension': true,
        summary: "List a turma's students",
        description: `One page of the students enrolled in the turma, sorted and filtered. ${NOT_V1}`,
        parameters: [
          parameterRef('ClassId'),
          parameterRef('Page'),
          parameterRef('StudentsPageSize'),
          parameterRef('RosterSortBy'),
          parameterRef('RosterQuery'),
        ],
        responses: {
          ...readResponses(answer("A page of the turma's students.", 'Roster', example('Roster'))),
          '404': responseRef('UnknownClass'),
        },
      },
    },
    '/students': {
      get: {
        operationId: 'searchStudents',
        tags: ['extensions'],
        'x-extension': true,
        summary: 'Find students',
        description:
          'One page of the students whose name or e-mail match, by name (ignoring case and ' +
          `accents), then e-mail, each with up to ${STUDENT_CLASSES_LISTED_MAX} of their turmas ` +
          `and how many they are in. ${NOT_V1}`,
        parameters: [
          parameterRef('Page'),
          parameterRef('StudentsPageSize'),
          parameterRef('StudentQuery'),
        ],
        responses: readResponses(
          answer('A page of students.', 'StudentSearchResult', example('StudentSearchResult')),
        ),
      },
    },
    '/students/by-email': {
      get: {
        operationId: 'getStudentsByEmail',
        tags: ['extensions'],
        'x-extension': true,
        summary: 'Read students by e-mail',
        description:
          'The students with these e-mails, each once, in the order asked, each with every turma ' +
          "they are in (none left out) and that enrolment's expiry and start. An e-mail with no " +
          `student is left out of the answer, not an error. ${notV1(STUDENTS_BY_EMAIL_EXTENSION)}`,
        parameters: [parameterRef('StudentEmails')],
        responses: readResponses(
          answer('The students found.', 'StudentsByEmailResult', example('StudentsByEmailResult')),
        ),
      },
    },
    '/enrolments/expiring': {
      get: {
        operationId: 'getExpiringEnrolments',
        tags: ['extensions'],
        'x-extension': true,
        summary: 'List enrolments by expiry',
        description:
          'One page of the enrolments whose expiry falls in the window (at or after `after`, ' +
          'before `before`), across every turma or only those named, by expiry, then the ' +
          "student's name and e-mail, then the turma's name and id; each with the student, the " +
          `turma and the expiry. Enrolments without an expiry never appear. ${notV1(EXPIRING_EXTENSION)}`,
        parameters: [
          parameterRef('ExpiringBefore'),
          parameterRef('ExpiringAfter'),
          parameterRef('ExpiringClassIds'),
          parameterRef('Page'),
          parameterRef('PageSize'),
        ],
        responses: readResponses(
          answer('A page of enrolments.', 'ExpiringResult', example('ExpiringResult')),
        ),
      },
    },
    '/audit': {
      get: {
        operationId: 'getAudit',
        tags: ['extensions'],
        'x-extension': true,
        summary: 'Read the audit trail',
        description:
          'The writes (enrolments, removals, undos), newest first, each with when, the ' +
          "credential's name, the run, the student and each turma's state before and after. " +
          `Every filter narrows. Entries are kept AUDIT_RETENTION_DAYS days (400 by default). ${notV1(AUDIT_EXTENSION)}`,
        parameters: [
          parameterRef('AuditEmail'),
          parameterRef('AuditClassId'),
          parameterRef('AuditCredential'),
          parameterRef('AuditRunId'),
          parameterRef('AuditAfter'),
          parameterRef('AuditBefore'),
          parameterRef('AuditCursor'),
          parameterRef('AuditPageSize'),
        ],
        responses: readResponses(
          answer('A page of entries.', 'AuditResult', example('AuditResult')),
        ),
      },
    },
    '/me': {
      get: {
        operationId: 'getMe',
        tags: ['extensions'],
        'x-extension': true,
        summary: 'Who am I',
        description:
          "The name and role of the request's credential: a console shows who is signed in, " +
          `and hides the writes of a \`read\` credential. ${notV1(ME_EXTENSION)}`,
        responses: {
          '200': answer('The credential.', 'Me', example('Me')),
          '400': responseRef('MalformedRequest'),
          '401': responseRef('Unauthorized'),
          ...transportResponses,
        },
      },
    },
    '/audit/undo': {
      post: {
        operationId: 'undoAudit',
        tags: ['extensions'],
        'x-extension': true,
        summary: 'Undo a write, or a run of writes',
        description:
          'Sets each turma of the entry (or of every entry of the run, newest first) back to the ' +
          "student's state before it: a removal comes back with its expiry and enrolment date, " +
          'an enrolment that created the membership is removed, one that changed an expiry sets ' +
          "the old one back. A turma where the student's state is no longer what the entry left " +
          'is not touched: the answer says which and why. Audited as `undo`, which can be ' +
          `undone in turn. The \`${RUN_ID_HEADER}\` header groups undos as it groups every write. ${notV1(AUDIT_EXTENSION)}`,
        requestBody: jsonBody('UndoBody', example('UndoBody')),
        responses: {
          ...writeResponses('UnknownAuditEntry'),
          '200': answer('What was restored, left or refused.', 'UndoResult', example('UndoResult')),
        },
      },
    },
  };
}
type ParameterName = keyof ReturnType<typeof listParameters>;

// ---------------------------------------------------------------------------------------------
// The document

const jsonBody = (schema: SchemaName, example: unknown) => ({
  required: true,
  content: { [JSON_TYPE]: { schema: schemaRef(schema), example } },
});

/**
 * Each path says what any other method gets: 405 with the `Allow` the server derives from this
 * document the same way (allowed-methods.ts). OpenAPI has no operation for "any other method".
 */
function sayingOtherMethods<Paths extends Record<string, Record<string, unknown>>>(
  paths: Paths,
): Paths {
  const allowed = allowedMethods({ paths });
  const described: Record<string, Record<string, unknown>> = {};
  for (const [index, [path, item]] of Object.entries(paths).entries()) {
    const allow = allowed[index]!.allow;
    described[path] = {
      description: `Any other method: 405 with an Error body and \`Allow: ${allow}\`.`,
      ...item,
    };
  }
  return described as Paths;
}

/** The probes and this document: no token needed. */
function servicePaths(example: (name: SchemaName) => unknown) {
  const serviceResponses = (description: string, schema: SchemaName) => ({
    '200': answer(description, schema, example(schema)),
    '400': responseRef('MalformedRequest'),
    ...transportResponses,
  });
  return {
    '/health': {
      get: {
        operationId: 'getHealth',
        tags: ['service'],
        summary: 'Readiness probe',
        description:
          'Answers 200 when the server is ready and its database answers; 503 with the reason ' +
          'while it starts (migrating the schema, loading the indexes), while the database does ' +
          'not answer, and while it drains before stopping (SIGTERM). Saturation never makes it ' +
          'a 503, nor does a write lock held by another process: both are reported in the ' +
          'body. Needs no token.',
        security: [],
        responses: serviceResponses('The server is ready.', 'Health'),
      },
    },
    '/live': {
      get: {
        operationId: 'getLiveness',
        tags: ['service'],
        summary: 'Liveness probe',
        description:
          'Answers 200 whenever the process runs, ready or not: while it starts, drains or its ' +
          'database is away too. Needs no token.',
        security: [],
        responses: serviceResponses('The process runs.', 'Live'),
      },
    },
    '/openapi.json': {
      get: {
        operationId: 'getOpenApiDocument',
        tags: ['service'],
        summary: 'This description',
        description: 'The OpenAPI 3.1 document of this API. Needs no token.',
        security: [],
        responses: serviceResponses('This document.', 'OpenApiDocument'),
      },
    },
  };
}

const ENROLMENT =
  'When the e-mail is new, the student is created with this name; otherwise the name is ' +
  'ignored. Enrolling a student already in a turma replaces the expiry.';

export function buildOpenApiDocument({ publicUrl, extensions = true }: OpenApiOptions = {}) {
  const allSchemas: Record<SchemaName, JsonSchema> = buildSchemas();
  const example = (name: SchemaName) => (allSchemas[name].examples as unknown[])[0];
  // Without the extension nothing of it shows: no operation, and no component only it used.
  const kept = <T>(components: Record<string, T>, extensionOnly: readonly string[]) =>
    Object.fromEntries(
      Object.entries(components).filter(([name]) => extensions || !extensionOnly.includes(name)),
    );
  const schemas = kept(allSchemas, EXTENSION_SCHEMAS);
  const parameters = kept(listParameters(extensions), EXTENSION_PARAMETERS);
  const responses = kept(RESPONSES, EXTENSION_RESPONSES);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Class Enrollment API',
      version: '1.0.0',
      description:
        'Lists turmas (classes), and enrols students in them or removes students from them. ' +
        'Every answer outside 2xx is an Error body `{status, message}`. A method a path does ' +
        'not take gets 405 with `Allow` (each path says which); a request body is sent as it ' +
        'is, never compressed (a `Content-Encoding` other than `identity` gets 415). Every ' +
        "answer carries `X-Request-Id`: the request's own when it sent a sane one (1 to 64 " +
        'visible ASCII characters), else one the server made; its log lines carry it too. ' +
        'Reference implementation.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: serverUrl(publicUrl),
        description:
          publicUrl === undefined || publicUrl === ''
            ? 'Relative to where this document was served (set PUBLIC_URL for an absolute one)'
            : 'This server',
      },
    ],
    security: [{ bearer: [] }],
    tags: [
      { name: 'classes', description: 'Turmas (classes).' },
      { name: 'enrolments', description: 'Who is in which turma.' },
      { name: 'service', description: 'Probes and this description; no token needed.' },
      ...(extensions
        ? [
            {
              name: 'extensions',
              description:
                "Reads this reference server offers beyond the platform's v1: a turma's " +
                `students and finding a student (\`${ROSTER_EXTENSION}\`), students read by ` +
                `e-mail (\`${STUDENTS_BY_EMAIL_EXTENSION}\`), enrolments by expiry ` +
                `(\`${EXPIRING_EXTENSION}\`), the audit trail and undo (\`${AUDIT_EXTENSION}\`), ` +
                `the request's credential (\`${ME_EXTENSION}\`). ` +
                'Every answer of a server that ' +
                `offers them lists them in its \`${EXTENSIONS_HEADER}\` header.`,
              'x-extension': true,
            },
          ]
        : []),
    ],
    paths: sayingOtherMethods({
      '/classe': {
        get: {
          operationId: 'getClasses',
          tags: ['classes'],
          summary: 'List turmas',
          description:
            'One page of turmas, filtered by name and sorted. Past the last page `data` is empty.',
          parameters: [
            parameterRef('Page'),
            parameterRef('PageSize'),
            parameterRef('SortBy'),
            parameterRef('Query'),
          ],
          responses: {
            '200': answer('A page of turmas.', 'ClassList', example('ClassList')),
            '400': responseRef('InvalidQuery'),
            '401': responseRef('Unauthorized'),
            ...transportResponses,
          },
        },
      },
      '/classe/add-student': {
        post: {
          operationId: 'addStudentToClasses',
          tags: ['enrolments'],
          summary: 'Enrol a student in several turmas',
          description: `All or nothing: if one turma id is unknown, nothing is written. ${ENROLMENT}`,
          requestBody: jsonBody('AddStudentToClassesBody', example('AddStudentToClassesBody')),
          responses: writeResponses('UnknownClasses'),
        },
      },
      '/classe/{id}/add-student': {
        post: {
          operationId: 'addStudentToClass',
          tags: ['enrolments'],
          summary: 'Enrol a student in one turma',
          description: ENROLMENT,
          parameters: [parameterRef('ClassId')],
          requestBody: jsonBody('AddStudentBody', example('AddStudentBody')),
          responses: writeResponses('UnknownClasses'),
        },
      },
      '/classe/remove-student': {
        delete: {
          operationId: 'removeStudentFromClasses',
          tags: ['enrolments'],
          summary: 'Remove a student from several turmas',
          description:
            'Irreversible. All or nothing: if one turma id or the e-mail is unknown, nothing is ' +
            'removed. Removing a student from a turma they are not in is not an error.',
          requestBody: jsonBody(
            'RemoveStudentFromClassesBody',
            example('RemoveStudentFromClassesBody'),
          ),
          responses: writeResponses('UnknownClassesOrStudent'),
        },
      },
      ...(extensions ? extensionPaths(example) : {}),
      ...servicePaths(example),
    }),
    components: {
      schemas,
      responses,
      parameters,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'An access token: `Authorization: Bearer <token>`.',
        },
      },
    },
  };
}
