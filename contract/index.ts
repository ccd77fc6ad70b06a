/**
 * The Class Enrollment API v1 as zod schemas: the single source of the wire shapes.
 *
 * Imported as `#contract` by the console (parse every response, validate forms), the reference
 * server (validate every request) and the end-to-end tests, so it stays pure zod: no DOM, no Node
 * imports, and nothing happens on import. Where the spec is silent (limits, sortBy syntax,
 * required fields) see docs/decisions/001-api-decisions.md.
 */
// zod/mini: the same schemas as classic zod, built from functions, so a bundle carries only what
// it uses (decision 005).
import { z } from 'zod/mini';

// ---------------------------------------------------------------------------------------------
// Limits (README.md, "The API, where the spec is silent"; docs/decisions/001-api-decisions.md)

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
/** The spec types `page` as int32. */
export const PAGE_MAX = 2_147_483_647;
export const QUERY_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 200;
/** RFC 5321 caps a forward path at 256 octets including the angle brackets. */
export const EMAIL_MAX_LENGTH = 254;
export const CLASS_ID_MAX_LENGTH = 100;
export const CLASSES_PER_REQUEST_MAX = 100;
export const BODY_MAX_BYTES = 64 * 1024;

export const SORT_FIELDS = ['name', 'createdAt', 'updatedAt', 'countStudents'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export const SORT_VALUES = [
  'name',
  '-name',
  'createdAt',
  '-createdAt',
  'updatedAt',
  '-updatedAt',
  'countStudents',
  '-countStudents',
] as const satisfies readonly (SortField | `-${SortField}`)[];
export type SortBy = (typeof SORT_VALUES)[number];
export const SORT_BY_DEFAULT: SortBy = 'name';

// ---------------------------------------------------------------------------------------------
// Building blocks

/** "is required" when absent, "must be a <type>" when present with the wrong type. */
const typeError = (expected: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : `must be ${expected}`;

export const isoDateTime = z.iso.datetime({
  offset: true,
  error: 'must be an ISO 8601 date-time with an offset or Z, e.g. 2026-12-31T23:59:59Z',
});

// Not trimmed: ids are opaque, and " padded " is another turma than "padded".
export const classIdSchema = z
  .string({ error: typeError('a string') })
  .check(
    z.minLength(1, 'must not be empty'),
    z.maxLength(CLASS_ID_MAX_LENGTH, `must be at most ${CLASS_ID_MAX_LENGTH} characters`),
  );

/** E-mails identify students and are compared case-insensitively: we send and store them lower-cased. */
export const emailSchema = z
  .pipe(
    z
      .string({ error: typeError('a string') })
      .check(
        z.trim(),
        z.maxLength(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`),
        z.toLowerCase(),
      ),
    z.email({ error: 'must be a valid e-mail address' }),
  )
  // The input side of the pipe has no format of its own: say it for the OpenAPI document.
  .register(z.globalRegistry, { format: 'email' });

/**
 * The bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): they
 * reorder the text after them, so that "Aluno \u202Egnp.exe\u202C" shows as "Aluno exe.png".
 * Names need none (LRM and RLM, which only mark a direction, stay allowed).
 */
const BIDI_CONTROLS = String.raw`\u202A-\u202E\u2066-\u2069`;

/**
 * One character a student name may not hold: a control character, half of a UTF-16 pair, or a
 * bidirectional control. Names stored before the rule may hold them: the console shows them
 * escaped (src/components/visible-name/visible-name.ts).
 */
export const NAME_REFUSED_CHARACTER = new RegExp(String.raw`[\p{Cc}\p{Cs}${BIDI_CONTROLS}]`, 'u');

/** A letter or digit of any script: a name needs one, so that it cannot be blank or invisible. */
export const NAME_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export const NAME_NO_LETTER_MESSAGE = 'must hold at least one letter or digit';
export const NAME_BIDI_CONTROL_MESSAGE =
  'must not contain bidirectional controls (U+202A to U+202E, U+2066 to U+2069)';

export const studentNameSchema = z.string({ error: typeError('a string') }).check(
  z.trim(),
  // Blank is said once, not also as "no letter".
  z.minLength(1, { error: 'must not be empty', abort: true }),
  z.maxLength(NAME_MAX_LENGTH, `must be at most ${NAME_MAX_LENGTH} characters`),
  // Tabs, NULs and line breaks in a name only ever come from a bad paste or a broken import.
  z.regex(/^\P{Cc}*$/u, 'must not contain control characters'),
  // Half of a UTF-16 pair is not a character: it cannot be stored as UTF-8 or shown. The server
  // refuses it in any field before this check (server/app.ts); here it lets a form say so.
  z.regex(/^\P{Cs}*$/u, 'must be Unicode text (it holds a lone surrogate)'),
  z.regex(new RegExp(String.raw`^[^${BIDI_CONTROLS}]*$`, 'u'), NAME_BIDI_CONTROL_MESSAGE),
  // Zero-width spaces, soft hyphens or tag characters alone would be a name nobody can see.
  z.regex(NAME_LETTER_OR_DIGIT, NAME_NO_LETTER_MESSAGE),
);

export const classReferenceSchema = z.strictObject(
  { id: classIdSchema },
  { error: typeError('an object {"id": string}') },
);
export type ClassReference = z.infer<typeof classReferenceSchema>;

export const classReferencesSchema = z
  .array(classReferenceSchema, { error: typeError('a list of {"id": string}') })
  .check(
    z.minLength(1, 'must name at least one turma'),
    z.maxLength(CLASSES_PER_REQUEST_MAX, `must name at most ${CLASSES_PER_REQUEST_MAX} turmas`),
    z.refine((refs) => new Set(refs.map((ref) => ref.id)).size === refs.length, {
      error: 'must not repeat a turma id',
    }),
  );

// ---------------------------------------------------------------------------------------------
// Resources (spec section 2)

/** Responses are parsed leniently (unknown fields dropped) so a newer platform does not break us. */
export const classSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  countStudents: z.int().check(z.nonnegative()),
});
export type Class = z.infer<typeof classSchema>;

/**
 * A turma as the console carries it between screens (the selection, the forms' turma lists):
 * the API has no call to fetch one turma, so its name travels with its id.
 */
export type ClassSummary = Pick<Class, 'id' | 'name'>;

export const classListResponseSchema = z.object({
  data: z.array(classSchema),
  totalRecords: z.int().check(z.nonnegative()),
});
export type ClassListResponse = z.infer<typeof classListResponseSchema>;

export const errorBodySchema = z.object({
  status: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The three writes answer an empty JSON object on success. */
export const writeSuccessSchema = z.object({});
export type WriteSuccess = z.infer<typeof writeSuccessSchema>;

// ---------------------------------------------------------------------------------------------
// List query (spec 4.1). Values arrive as query-string text, hence the coercion.

/**
 * Plain decimal digits (a minus sign only so that "-1" hears it is out of range): Number(), which
 * z.coerce uses, would also read "0x10" as 16, "1e2" as 100, " 1" as 1 and "" as 0.
 */
const DECIMAL_INTEGER = /^-?[0-9]+$/;
const INTEGER_FORMAT = 'must be an integer in plain decimal digits';

export const integerParam = (min: number, max: number) => {
  const range = `must be an integer from ${min} to ${max}`;
  return z.pipe(
    // A number too, so that callers (the console, the tests) may pass `page: 2`.
    z.union([z.number(), z.string().check(z.regex(DECIMAL_INTEGER, INTEGER_FORMAT))], {
      error: INTEGER_FORMAT,
    }),
    // Past 2^1024 the digits read as Infinity, which z.number() calls no number at all.
    z.coerce
      .number<number | string>({ error: range })
      .check(z.int(INTEGER_FORMAT), z.gte(min, range), z.lte(max, range)),
  );
};

/** The degree sign, often typed for "º": read as it. */
const DEGREE_SIGN = /°/g;
/** An ordinal sign written against what follows ("8ºA"): a word ends after it, as in "8º A". */
const GLUED_ORDINAL = /([ºª])(?=[\p{L}\p{N}])/gu;

/**
 * What `query` matches against: case- and accent-insensitive, so "matematica" finds
 * "Matemática 9º A" ("Matemática 9º A" → "matematica 9o a"; "8°A" → "8o a"). The reference server
 * searches names folded this way, and the console highlights what matched with the same fold.
 */
export function foldForSearch(text: string): string {
  return text
    .replace(DEGREE_SIGN, 'º')
    .replace(GLUED_ORDINAL, '$1 ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

/** More words than this in one `query` is a 400: each is one more condition on every turma. */
export const QUERY_WORDS_MAX = 8;

/** What splits names and queries into words: spaces, punctuation ("—", "-", "/", ","), symbols. */
const WORD_SEPARATORS = /[\p{White_Space}\p{P}\p{S}\p{C}]+/u;

/** The words of a text already folded (`foldForSearch`), in order, repeats included. */
export function splitFoldedWords(folded: string): string[] {
  return folded.split(WORD_SEPARATORS).filter((word) => word !== '');
}

/** The folded words of a name or a query, in order, repeats included. */
export function foldedWords(text: string): string[] {
  return splitFoldedWords(foldForSearch(text));
}

/**
 * How one folded query word meets one folded word of a name, best first: the whole word, its
 * start, or inside it. A one-character word (a section letter, a digit) meets only a whole word
 * or a word's start: "e" finds "E" and "Ensino", never "sériE". A number before º/ª ("2º" folds
 * to "2o") is named whole by the number alone, so "2" is a whole word of "2º ano" and "2ª série".
 */
export type WordMatch = 'whole' | 'start' | 'inside';

export function matchWord(nameWord: string, queryWord: string): WordMatch | undefined {
  if (nameWord === queryWord) return 'whole';
  if (nameWord.startsWith(queryWord)) {
    const ordinal =
      nameWord.length === queryWord.length + 1 &&
      /^[0-9]+[oa]$/.test(nameWord) &&
      /^[0-9]+$/.test(queryWord);
    return ordinal ? 'whole' : 'start';
  }
  return queryWord.length > 1 && nameWord.includes(queryWord) ? 'inside' : undefined;
}

/**
 * What `query` asks for: a turma matches when each of these words meets a word of its folded
 * name (`matchWord`), in any order ("3º A matematica" finds "3º ano A — Matemática"). Repeats are
 * left out, and so is a word of two or more characters inside another word of the query, which
 * adds no condition; a one-character word always stays ("serie e" still asks for a word "e…").
 * No words, no filter.
 */
export function searchWords(query: string): string[] {
  const words = [...new Set(foldedWords(query))];
  return words.filter(
    (word) => word.length === 1 || !words.some((other) => other !== word && other.includes(word)),
  );
}

/** A search's text (turmas, and the extensions' rosters and students): trimmed, ≤ 200 characters, ≤ 8 folded words. */
export const searchQueryParam = z.optional(
  z.string({ error: 'must be a single string' }).check(
    z.trim(),
    z.maxLength(QUERY_MAX_LENGTH, `must be at most ${QUERY_MAX_LENGTH} characters`),
    z.refine(
      (query) => new Set(foldedWords(query)).size <= QUERY_WORDS_MAX,
      `must have at most ${QUERY_WORDS_MAX} words`,
    ),
  ),
);

/**
 * Unknown query parameters are ignored, as is usual for query strings (cache busters, tracking).
 * No `sortBy`: by name, or best match first when there is a query and the server ranks
 * (`RANK_EXTENSION`); the server decides, so the schema leaves it absent.
 */
export const classListQuerySchema = z.object({
  page: z._default(integerParam(1, PAGE_MAX), 1),
  pageSize: z._default(integerParam(1, PAGE_SIZE_MAX), PAGE_SIZE_DEFAULT),
  sortBy: z.optional(z.enum(SORT_VALUES, { error: `must be one of ${SORT_VALUES.join(', ')}` })),
  query: searchQueryParam,
});
/** What a caller passes (all optional); what the server works with after defaults. */
export type ClassListQuery = z.input<typeof classListQuerySchema>;
export type ClassListParams = z.output<typeof classListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Write bodies (spec 4.2, 4.3, 4.4). Strict: an unknown field is far more likely a typo
// (an `expirationdate` silently ignored would enrol without expiry) than a feature.

/**
 * The instants an expiry may name, both included. ISO 8601 writes years outside 0000–9999 with a
 * sign and six digits: "9999-12-31T23:59:59-23:59" is year 10000 once in UTC, and
 * "0000-01-01T00:00:00+23:59" year -1. Nothing before the Unix epoch is a useful expiry either.
 */
export const EXPIRATION_DATE_MIN = '1970-01-01T00:00:00Z';
export const EXPIRATION_DATE_MAX = '9999-12-31T23:59:59Z';
const EXPIRATION_RANGE = `must be from ${EXPIRATION_DATE_MIN} to ${EXPIRATION_DATE_MAX}`;

export const expirationDateSchema = z.optional(
  isoDateTime.check(
    z.refine((value) => {
      const instant = Date.parse(value);
      // Not a date ("31/12/2026" is NaN) or not in the format ("+010000-01-01T00:00:00Z"): the
      // format check above says so, once.
      if (Number.isNaN(instant) || !/^\d{4}-/.test(value)) return true;
      return (
        instant >= Date.parse(EXPIRATION_DATE_MIN) && instant <= Date.parse(EXPIRATION_DATE_MAX)
      );
    }, EXPIRATION_RANGE),
  ),
);
const jsonObject = { error: 'must be a JSON object' };

export const addStudentToClassesBodySchema = z.strictObject(
  {
    name: studentNameSchema,
    email: emailSchema,
    classes: classReferencesSchema,
    expirationDate: expirationDateSchema,
  },
  jsonObject,
);
export type AddStudentToClassesBody = z.input<typeof addStudentToClassesBodySchema>;

export const addStudentToClassBodySchema = z.strictObject(
  {
    name: studentNameSchema,
    email: emailSchema,
    expirationDate: expirationDateSchema,
  },
  jsonObject,
);
export type AddStudentToClassBody = z.input<typeof addStudentToClassBodySchema>;

export const removeStudentFromClassesBodySchema = z.strictObject(
  {
    email: emailSchema,
    classes: classReferencesSchema,
  },
  jsonObject,
);
export type RemoveStudentFromClassesBody = z.input<typeof removeStudentFromClassesBodySchema>;

// ---------------------------------------------------------------------------------------------
// Extensions: read endpoints the reference server offers beyond the platform's v1 (a turma's
// roster, finding a student). Not part of v1: the console uses them only when the server says it
// has them, and works as with the plain v1 otherwise (docs/decisions/015-roster-extension.md).

/**
 * The response header that lists the extensions a server offers, comma-separated, on every `/v1`
 * answer (CORS exposes it). The console reads it from the answers it gets anyway, so finding out
 * costs no request and a plain v1 platform, which never sends it, shows no failure anywhere.
 */
export const EXTENSIONS_HEADER = 'Api-Extensions';
/** `GET /v1/classe/{id}/students` and `GET /v1/students`. */
export const ROSTER_EXTENSION = 'roster';
/**
 * `GET /v1/classe` with a `query` and no `sortBy` answers best match first: more query words
 * met as whole words, then as word starts (`matchWord`), then fewer words of the name the query
 * did not meet (a query word met whole meets no other word by its start), then the name typed
 * exactly, then name, then id. Without it a list is by name, as the plain v1 says.
 */
export const RANK_EXTENSION = 'rank';
/** `GET /v1/students/by-email`: students read by e-mail, each with all their turmas. */
export const STUDENTS_BY_EMAIL_EXTENSION = 'students-by-email';
/**
 * The server takes a sane `X-Request-Id` (1 to 64 visible ASCII characters) as the request's id,
 * answers it back and logs it; every answer carries one either way. The console sends its own
 * only where this is offered, so that a plain v1 platform sees no new request header.
 */
export const REQUEST_ID_EXTENSION = 'request-id';
/** The request and answer header of REQUEST_ID_EXTENSION. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Whether an `Api-Extensions` header value lists `extension` (case and spaces do not matter). */
export function listsExtension(header: string | null | undefined, extension: string): boolean {
  if (!header) return false;
  return header.split(',').some((name) => name.trim().toLowerCase() === extension.toLowerCase());
}

export const ROSTER_SORT_FIELDS = ['name', 'email', 'expirationDate', 'enrolledAt'] as const;
export type RosterSortField = (typeof ROSTER_SORT_FIELDS)[number];
export const ROSTER_SORT_VALUES = [
  'name',
  '-name',
  'email',
  '-email',
  'expirationDate',
  '-expirationDate',
  'enrolledAt',
  '-enrolledAt',
] as const satisfies readonly (RosterSortField | `-${RosterSortField}`)[];
export type RosterSortBy = (typeof ROSTER_SORT_VALUES)[number];
export const ROSTER_SORT_BY_DEFAULT: RosterSortBy = 'name';

/** At most this many of a student's turmas are listed in `GET /v1/students`; `countClasses` has all. */
export const STUDENT_CLASSES_LISTED_MAX = 100;

/** At most this many e-mails in one `GET /v1/students/by-email`. */
export const STUDENTS_BY_EMAIL_MAX = 100;

/** `GET /v1/enrolments/expiring`: enrolments whose expiry falls in a window, soonest first. */
export const EXPIRING_EXTENSION = 'expiring';
/** At most this many turmas in one `GET /v1/enrolments/expiring`'s filter. */
export const EXPIRING_CLASSES_MAX = 100;

/**
 * The audit extension (decision 019): `GET /v1/audit` reads who wrote what, and
 * `POST /v1/audit/undo` reverses one entry or a whole run.
 */
export const AUDIT_EXTENSION = 'audit';
/**
 * The request header that groups writes into one run (a bulk run, a move's two calls): 1 to 64
 * visible ASCII characters, else ignored. Sent only to a server that offers AUDIT_EXTENSION.
 */
export const RUN_ID_HEADER = 'X-Run-Id';
export const RUN_ID_PATTERN = /^[\x21-\x7e]{1,64}$/;
export const AUDIT_PAGE_SIZE_MAX = 100;
export const AUDIT_OPERATIONS = ['enrol', 'remove', 'undo'] as const;
export const UNDO_OUTCOMES = ['restored', 'unchanged', 'refused'] as const;
/**
 * The credentials extension (decision 019): `GET /v1/me` names the credential a request was
 * made with and its role. A `read` credential lists and searches; a `write` one also enrols,
 * removes and undoes, and a write with a `read` credential is answered 403.
 */
export const ME_EXTENSION = 'me';
export const CREDENTIAL_ROLES = ['read', 'write'] as const;
export type CredentialRole = (typeof CREDENTIAL_ROLES)[number];
/** Small and asked on the first screen (a read credential sees no write control), so here. */
export const meResponseSchema = z.object({
  name: z.string(),
  role: z.enum(CREDENTIAL_ROLES),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
// ---------------------------------------------------------------------------------------------
// Turning zod issues into the one-line messages the Error body carries

/**
 * "pageSize: must be an integer from 1 to 100; email: must be a valid e-mail address".
 * `root` names what an issue without a path is about ("body", "query").
 */
export function describeIssues(error: z.core.$ZodError, root = 'body'): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.length > 0 ? issue.path.join('.') : root;
      return `${path}: ${unrecognizedKeys(issue) ?? issue.message}`;
    })
    .join('; ');
}

function unrecognizedKeys(issue: z.core.$ZodIssue): string | undefined {
  return issue.code === 'unrecognized_keys'
    ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`
    : undefined;
}
