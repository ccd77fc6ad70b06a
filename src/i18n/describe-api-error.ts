import { ApiError } from '../api/client';
import type { Messages } from './messages';

type ApiErrorTexts = Messages['apiErrors'];

/**
 * What to tell staff about a failed request, in their language: a sentence of ours for what
 * happened (with the status code, for support), then what the server said. The API speaks
 * English; each text it is known to send (server/app.ts, server/cors.ts, server/http-server.ts,
 * the store's errors, the contract's validation messages) has its sentence in the catalogue. A
 * text it is not known to send is quoted as it came, under ours, never passed off as ours.
 */
export function describeApiError(error: unknown, messages: Messages): string {
  const text = messages.apiErrors;
  if (!(error instanceof ApiError)) return text.unexpected;
  switch (error.kind) {
    case 'network':
      return error.crossOrigin === undefined ? text.network : text.crossOrigin(error.crossOrigin);
    case 'timeout':
      return text.timeout;
    case 'contract':
      return text.contract;
    case 'aborted':
      return text.unexpected;
    case 'http': {
      const status = error.status ?? 0;
      // Only an Error body is kept by the client: a proxy's HTML page never reaches here.
      const said = error.body?.message ?? '';
      const known = describeServerText(said, text);
      if (error.isUnauthorized && known) return `${known} ${text.signInAgain}`;
      const sentence = error.isUnauthorized
        ? text.unauthorized
        : status === 429
          ? text.tooManyRequests
          : status >= 500
            ? text.server(status)
            : text.rejected(status);
      const detail = describeServerSaid(said, messages);
      return detail === '' ? sentence : `${sentence} ${detail}`;
    }
  }
}

/**
 * What the server said (an Error body's message), in the staff's language when it is a known
 * text, else quoted; '' when it says nothing the status does not ("Internal server error").
 */
export function describeServerSaid(said: string, messages: Messages): string {
  const text = messages.apiErrors;
  return describeServerText(said, text) ?? text.serverSaid(quotable(said.trim()));
}

/**
 * One problem of a validation message ("must be a valid e-mail address", the part after the
 * field's path) in the staff's language; undefined when the contract does not word it so.
 */
export function describeServerProblem(problem: string, messages: Messages): string | undefined {
  return describeProblem(problem, messages.apiErrors.issues);
}

/** The longest server text quoted whole: past it, its start. */
const QUOTED_MAX = 200;

function quotable(said: string): string {
  return said.length <= QUOTED_MAX ? said : `${said.slice(0, QUOTED_MAX - 1)}…`;
}

/**
 * What a known server text means, in the staff's language: '' when it adds nothing to the
 * status's sentence ("Internal server error"), undefined when it is not known.
 */
function describeServerText(said: string, text: ApiErrorTexts): string | undefined {
  const trimmed = said.trim();
  if (trimmed === '') return '';
  for (const [pattern, word] of WHOLE_TEXTS) {
    const match = pattern.exec(trimmed);
    if (match) return word(text, match);
  }
  return describeValidation(trimmed, text);
}

type Wording<Texts> = (texts: Texts, match: RegExpExecArray) => string | undefined;

const group = (match: RegExpExecArray, index: number) => match[index] ?? '';

/** The texts of server/app.ts, server/cors.ts, server/http-server.ts and the store's errors. */
const WHOLE_TEXTS: [RegExp, Wording<ApiErrorTexts>][] = [
  [/^Missing bearer token\b/, (text) => text.known.noToken],
  [/^Malformed Authorization header\b/, (text) => text.known.malformedToken],
  [/^Invalid or expired token$/, (text) => text.known.invalidToken],
  [
    /^No class with id (.+)$/,
    (text, match) => text.known.noClass(group(match, 1), group(match, 1).split(', ').length),
  ],
  [/^Student not found$/, (text) => text.known.noStudent],
  [/^No route (\S+ \S+)$/, (text, match) => text.known.noRoute(group(match, 1))],
  [
    /^Request body must be at most (\d+) bytes$/,
    (text, match) => text.known.bodyTooLarge(String(Math.floor(Number(group(match, 1)) / 1024))),
  ],
  [/^Chunk extensions too large$/, (text) => text.known.chunkExtensions],
  [/^Content-Type must be application\/json$/, (text) => text.known.jsonOnly],
  [/^Request headers too large$/, (text) => text.known.headersTooLarge],
  [/^Request timed out\b/, (text) => text.known.requestTimedOut],
  [
    /^(Malformed HTTP request|Malformed request URL or Host header)$/,
    (text) => text.known.malformedRequest,
  ],
  [
    /^Origin (\S+) may not call this API: CORS_ORIGINS does not list it$/,
    (text, match) => text.known.originRefused(group(match, 1)),
  ],
  [
    /^Service unavailable: (.+)\. Try again shortly\.$/,
    (text, match) => {
      const reason = DATABASE_REASONS[group(match, 1)];
      return reason && text.known.unavailable(text.databaseReasons[reason]);
    },
  ],
  [/^(Internal server error|Bad request)$/, () => ''],
];

/** server/store/postgres-schema.ts `unavailableReason`, word for word. */
const DATABASE_REASONS: Record<string, keyof ApiErrorTexts['databaseReasons']> = {
  'cannot reach the database': 'unreachable',
  'the connection to the database failed': 'connectionFailed',
  'the database is restarting': 'restarting',
  'the database has no free connections': 'noConnections',
  'the database is out of resources': 'outOfResources',
  'the database took too long': 'tooSlow',
  'the database refused the credentials': 'credentialsRefused',
  'the database does not exist': 'missing',
  'the database is busy': 'busy',
  'timed out connecting': 'connectTimeout',
  'the connection to the database was lost': 'connectionLost',
};

/**
 * A 400 of the contract (`describeIssues`): "path: problem" parts joined by "; ". Known only when
 * every part is: a half-translated message would hide what the server said.
 */
function describeValidation(said: string, text: ApiErrorTexts): string | undefined {
  const sentences: string[] = [];
  for (const part of said.split('; ')) {
    const separator = part.indexOf(': ');
    if (separator <= 0) return undefined;
    const field = fieldName(part.slice(0, separator), text.fields);
    const problem = describeProblem(part.slice(separator + 2), text.issues);
    if (field === undefined || problem === undefined) return undefined;
    sentences.push(text.issue(field, problem));
  }
  return sentences.join(' ');
}

/** The request's fields as the contract's paths name them ("classes.0.id"). */
function fieldName(path: string, fields: ApiErrorTexts['fields']): string | undefined {
  const position = (index: string | undefined) => Number(index) + 1;
  const [head, index, tail, ...rest] = path.split('.');
  if (rest.length > 0) return undefined;
  const at = index !== undefined && /^\d+$/.test(index);
  if (index !== undefined && !at) return undefined;
  switch (head) {
    case 'classes':
      if (tail === 'id' && at) return fields.classIdAt(position(index));
      if (tail !== undefined) return undefined;
      return at ? fields.classAt(position(index)) : fields.classes;
    case 'email':
      if (tail !== undefined) return undefined;
      return at ? fields.emailAt(position(index)) : fields.email;
  }
  if (index !== undefined) return undefined;
  switch (head) {
    case 'body':
      return fields.body;
    case 'name':
      return fields.name;
    case 'id':
      return fields.classId;
    case 'expirationDate':
      return fields.expirationDate;
    case 'page':
      return fields.page;
    case 'pageSize':
      return fields.pageSize;
    case 'sortBy':
      return fields.sortBy;
    case 'query':
      return fields.query;
    default:
      return undefined;
  }
}

function describeProblem(problem: string, issues: ApiErrorTexts['issues']): string | undefined {
  for (const [pattern, word] of PROBLEMS) {
    const match = pattern.exec(problem);
    if (match) return word(issues, match);
  }
  return undefined;
}

/** contract/index.ts's messages, and those server/app.ts gives the body before it is parsed. */
const PROBLEMS: [RegExp, Wording<ApiErrorTexts['issues']>][] = [
  [/^is required$/, (issues) => issues.required],
  [/^must be a string$/, (issues) => issues.text],
  [/^must be an object \{"id": string\}$/, (issues) => issues.classObject],
  [/^must be a list of \{"id": string\}$/, (issues) => issues.classList],
  [/^must not be empty$/, (issues) => issues.empty],
  [/^must be at most (\d+) characters$/, (issues, match) => issues.maxLength(group(match, 1))],
  [/^must be a valid e-mail address$/, (issues) => issues.email],
  [/^must not contain control characters$/, (issues) => issues.controlCharacters],
  [/^must be Unicode text \(it holds a lone surrogate\)$/, (issues) => issues.loneSurrogate],
  [/^must not contain bidirectional controls \(U\+202A\b/, (issues) => issues.bidiControls],
  [/^must hold at least one letter or digit$/, (issues) => issues.noLetterOrDigit],
  [/^must name at least one turma$/, (issues) => issues.noClass],
  [/^must name at most (\d+) turmas$/, (issues, match) => issues.tooManyClasses(group(match, 1))],
  [/^must not repeat a turma id$/, (issues) => issues.repeatedClass],
  [/^must be an ISO 8601 date-time\b/, (issues) => issues.dateTime],
  [
    /^must be from (\S+) to (\S+)$/,
    (issues, match) => issues.range(group(match, 1), group(match, 2)),
  ],
  [/^must be a JSON object$/, (issues) => issues.jsonObject],
  [
    /^unknown fields? (.+)$/,
    (issues, match) => issues.unknownFields(group(match, 1), group(match, 1).split(', ').length),
  ],
  [/^must be an integer in plain decimal digits$/, (issues) => issues.integer],
  [
    /^must be an integer from (-?\d+) to (-?\d+)$/,
    (issues, match) => issues.integerRange(group(match, 1), group(match, 2)),
  ],
  [/^must be a single string$/, (issues) => issues.singleText],
  [/^must have at most (\d+) words$/, (issues, match) => issues.tooManyWords(group(match, 1))],
  [/^must be one of (.+)$/, (issues, match) => issues.oneOf(group(match, 1))],
  [/^must name at least one e-mail$/, (issues) => issues.noEmail],
  [/^must name at most (\d+) e-mails$/, (issues, match) => issues.tooManyEmails(group(match, 1))],
  [/^the request ended before its body did$/, (issues) => issues.cutOff],
  [/^must be JSON encoded as UTF-8$/, (issues) => issues.notUtf8],
  [/^must be valid JSON$/, (issues) => issues.notJson],
  [/^nested deeper than (\d+) levels$/, (issues, match) => issues.tooDeep(group(match, 1))],
  [/^holds more than (\d+) values$/, (issues, match) => issues.tooManyValues(group(match, 1))],
];
