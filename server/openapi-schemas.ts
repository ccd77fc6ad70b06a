/**
 * `components.schemas` of the OpenAPI document: generated from the zod contract, one named schema
 * per resource, body and field the bodies share, referenced with `$ref` wherever used. What zod
 * cannot say (descriptions, examples, `uniqueItems` for a refine) is added here by name.
 */
import { z } from 'zod/mini';
import {
  addStudentToClassBodySchema,
  addStudentToClassesBodySchema,
  classIdSchema,
  classListResponseSchema,
  classReferenceSchema,
  classReferencesSchema,
  classSchema,
  CLASSES_PER_REQUEST_MAX,
  emailSchema,
  errorBodySchema,
  EXPIRATION_DATE_MAX,
  EXPIRATION_DATE_MIN,
  expirationDateSchema,
  removeStudentFromClassesBodySchema,
  STUDENT_CLASSES_LISTED_MAX,
  studentNameSchema,
  writeSuccessSchema,
  meResponseSchema,
} from '#contract';
import {
  expiringEnrolmentSchema,
  expiringResponseSchema,
  auditEntrySchema,
  auditResponseSchema,
  undoBodySchema,
  undoResponseSchema,
  rosterEntrySchema,
  rosterResponseSchema,
  studentClassSchema,
  studentMatchSchema,
  studentEnrolmentSchema,
  studentRecordSchema,
  studentSearchResponseSchema,
  studentsByEmailResponseSchema,
} from '#contract/extensions';
import { LOCK_WAIT_MS } from './store/sqlite-lock.ts';

export type JsonSchema = Record<string, unknown>;

/** What `GET /v1/health` answers; the server writes it in app.ts, the store adds `writeLock`. */
const healthSchema = z.object({
  status: z.literal('ok'),
  writeLock: z.optional(
    z.object({ held: z.boolean(), writesWaiting: z.int().check(z.nonnegative()) }),
  ),
  admission: z.object({
    inFlight: z.int().check(z.nonnegative()),
    waiting: z.int().check(z.nonnegative()),
    saturated: z.boolean(),
  }),
});

/** The liveness answer: the process runs, ready or not. */
const liveSchema = z.object({ status: z.literal('ok') });

/** The document describing itself, loosely: its full shape is the OpenAPI 3.1 schema's. */
const openApiDocumentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.object({}),
});

const NAMED = {
  // Resources and answers
  Class: classSchema,
  ClassList: classListResponseSchema,
  ErrorBody: errorBodySchema,
  WriteSuccess: writeSuccessSchema,
  Health: healthSchema,
  Live: liveSchema,
  OpenApiDocument: openApiDocumentSchema,
  // Request bodies
  AddStudentToClassesBody: addStudentToClassesBodySchema,
  AddStudentBody: addStudentToClassBodySchema,
  RemoveStudentFromClassesBody: removeStudentFromClassesBodySchema,
  // Fields the bodies share
  ClassId: classIdSchema,
  ClassReference: classReferenceSchema,
  ClassReferences: classReferencesSchema,
  StudentName: studentNameSchema,
  Email: emailSchema,
  ExpirationDate: expirationDateSchema,
  // The roster extension's answers (decision 015)
  RosterEntry: rosterEntrySchema,
  Roster: rosterResponseSchema,
  StudentClass: studentClassSchema,
  StudentMatch: studentMatchSchema,
  StudentSearchResult: studentSearchResponseSchema,
  // The students-by-email extension's
  StudentEnrolment: studentEnrolmentSchema,
  StudentRecord: studentRecordSchema,
  StudentsByEmailResult: studentsByEmailResponseSchema,
  // The expiring extension's
  ExpiringEnrolment: expiringEnrolmentSchema,
  ExpiringResult: expiringResponseSchema,
  // The audit extension's (decision 019)
  AuditEntry: auditEntrySchema,
  AuditResult: auditResponseSchema,
  UndoBody: undoBodySchema,
  UndoResult: undoResponseSchema,
  // The credentials extension's
  Me: meResponseSchema,
} satisfies Record<string, z.ZodMiniType>;

export type SchemaName = keyof typeof NAMED;

/** The schemas only the extension's operations use: left out with API_EXTENSIONS=off. */
export const EXTENSION_SCHEMAS: readonly SchemaName[] = [
  'RosterEntry',
  'Roster',
  'StudentClass',
  'StudentMatch',
  'StudentSearchResult',
  'StudentEnrolment',
  'StudentRecord',
  'StudentsByEmailResult',
  'ExpiringEnrolment',
  'ExpiringResult',
  'AuditEntry',
  'AuditResult',
  'UndoBody',
  'UndoResult',
  'Me',
];

export const schemaRef = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });

const AUDIT_ENTRY_EXAMPLE = {
  id: '42',
  at: '2026-11-28T10:00:00.000Z',
  credential: 'secretaria-sede',
  operation: 'remove',
  runId: null,
  undoes: null,
  student: { id: '7', email: 'ana@escola.example' },
  changes: [
    {
      classId: 't4',
      before: {
        enrolled: true,
        expirationDate: '2026-12-31T23:59:59.000Z',
        enrolledAt: '2024-02-01T10:00:00.000Z',
      },
      after: { enrolled: false, expirationDate: null, enrolledAt: null },
    },
  ],
  undoneIn: [],
};

const CLASS_EXAMPLE = {
  id: 't4',
  name: 'Matemática 9º A',
  createdAt: '2024-01-05T10:00:00.000Z',
  updatedAt: '2024-03-01T10:00:00.000Z',
  countStudents: 2,
};

const ROSTER_ENTRY_EXAMPLE = {
  name: 'Ana Souza',
  email: 'ana@escola.example',
  expirationDate: '2026-12-31T23:59:59.000Z',
  enrolledAt: '2024-02-01T10:00:00.000Z',
  updatedAt: '2024-03-01T10:00:00.000Z',
};

const STUDENT_MATCH_EXAMPLE = {
  name: 'Ana Souza',
  email: 'ana@escola.example',
  classes: [
    { id: 't5', name: 'História', expirationDate: null },
    { id: 't4', name: 'Matemática 9º A', expirationDate: '2026-12-31T23:59:59.000Z' },
  ],
  countClasses: 2,
};

const STUDENT_RECORD_EXAMPLE = {
  name: 'Ana Souza',
  email: 'ana@escola.example',
  classes: [
    {
      id: 't5',
      name: 'História',
      expirationDate: null,
      enrolledAt: '2024-02-01T10:00:00.000Z',
    },
    {
      id: 't4',
      name: 'Matemática 9º A',
      expirationDate: '2026-12-31T23:59:59.000Z',
      enrolledAt: '2024-02-01T10:00:00.000Z',
    },
  ],
};

const EXPIRING_EXAMPLE = {
  student: { name: 'Ana Souza', email: 'ana@escola.example' },
  class: { id: 't4', name: 'Matemática 9º A' },
  expirationDate: '2026-12-31T23:59:59.000Z',
};

/**
 * Descriptions and examples by schema (and by property, under `properties`), merged into what zod
 * generates. `uniqueItems` stands for the contract's "must not repeat a turma id" refine, which
 * JSON Schema cannot see inside a function.
 */
const ANNOTATIONS: Record<SchemaName, JsonSchema> = {
  Class: {
    description: 'A turma (class).',
    properties: {
      id: { description: 'Identifier of the turma.' },
      name: { description: 'Name of the turma.' },
      createdAt: { description: 'When the turma was created (UTC).' },
      updatedAt: { description: 'When the turma last changed (UTC).' },
      countStudents: { description: 'How many students are enrolled in the turma.' },
    },
    examples: [CLASS_EXAMPLE],
  },
  ClassList: {
    description:
      'One page of turmas. Past the last page `data` is empty and `totalRecords` still true.',
    properties: {
      data: { description: 'The turmas of this page, in the order asked for.' },
      totalRecords: { description: 'How many turmas match the query, over all pages.' },
    },
    examples: [{ data: [CLASS_EXAMPLE], totalRecords: 1 }],
  },
  ErrorBody: {
    description: 'Every answer outside 2xx. `message` names the field at fault where there is one.',
    properties: {
      status: {
        description: 'The HTTP status code, as a string.',
        pattern: '^[1-5][0-9]{2}$',
      },
      message: { description: 'What went wrong, in one line, in English.' },
    },
    examples: [{ status: '400', message: 'email: must be a valid e-mail address' }],
  },
  WriteSuccess: {
    description: 'A write succeeded: an empty JSON object.',
    examples: [{}],
  },
  Live: {
    description: 'The process runs and its event loop turns; it may not be ready yet.',
    examples: [{ status: 'ok' }],
  },
  Health: {
    description:
      'The server is up. `writeLock` (SQLite only): whether another process (a seed, a backup, ' +
      "a script) holds the database's write lock now, and how many writes wait for it; a " +
      `write waits at most ${LOCK_WAIT_MS / 1000} s, then answers 503. Reads go on meanwhile. ` +
      '`admission`: the requests admitted and not yet answered (`inFlight`), how many of them ' +
      'wait their turn, and whether the server is `saturated` (new requests get 503 now); ' +
      'busy or not, the probe answers 200.',
    examples: [
      {
        status: 'ok',
        writeLock: { held: false, writesWaiting: 0 },
        admission: { inFlight: 3, waiting: 0, saturated: false },
      },
    ],
  },
  OpenApiDocument: {
    description: 'This document (OpenAPI 3.1).',
    examples: [
      { openapi: '3.1.0', info: { title: 'Class Enrollment API', version: '1.0.0' }, paths: {} },
    ],
  },
  AddStudentToClassesBody: {
    description: 'A student to enrol in several turmas.',
    examples: [
      {
        name: 'Dora Nunes',
        email: 'dora@escola.example',
        classes: [{ id: 't3' }, { id: 't4' }],
        expirationDate: '2026-12-31T23:59:59Z',
      },
    ],
  },
  AddStudentBody: {
    description: 'A student to enrol in the turma named by the path.',
    examples: [{ name: 'Dora Nunes', email: 'dora@escola.example' }],
  },
  RemoveStudentFromClassesBody: {
    description: 'A student to remove from several turmas.',
    examples: [{ email: 'dora@escola.example', classes: [{ id: 't3' }, { id: 't4' }] }],
  },
  ClassId: {
    description: 'Identifier of a turma, compared exactly (surrounding spaces included).',
    examples: ['t4'],
  },
  ClassReference: {
    description: 'A turma, by its id.',
    examples: [{ id: 't4' }],
  },
  ClassReferences: {
    description: `1 to ${CLASSES_PER_REQUEST_MAX} turmas, each at most once. All or nothing: if one id is unknown, nothing is written.`,
    uniqueItems: true,
    examples: [[{ id: 't3' }, { id: 't4' }]],
  },
  StudentName: {
    description:
      'Name of the student; surrounding spaces are trimmed and it must hold at least one ' +
      'letter or digit (of any script). No control characters, no lone surrogates, no ' +
      'bidirectional embedding, override or isolate controls (U+202A to U+202E, U+2066 to ' +
      'U+2069); joiners (ZWJ, ZWNJ), direction marks (LRM, RLM) and combining marks are fine.',
    examples: ['Dora Nunes'],
  },
  Email: {
    description:
      'Identifies the student: trimmed and compared case-insensitively. ' +
      'A new address creates the student.',
    examples: ['dora@escola.example'],
  },
  ExpirationDate: {
    description:
      `When the enrolment ends: ISO 8601 with an offset or Z, from ${EXPIRATION_DATE_MIN} ` +
      `to ${EXPIRATION_DATE_MAX}. Absent: it never ends. Enrolling an enrolled student ` +
      'replaces the expiry.',
    examples: ['2026-12-31T23:59:59Z'],
  },
  RosterEntry: {
    description: 'A student enrolled in the turma (extension, not part of v1).',
    properties: {
      name: { description: 'Name of the student.' },
      email: { description: 'E-mail of the student, lower-cased.' },
      expirationDate: { description: 'When this enrolment ends (UTC); null: it never ends.' },
      enrolledAt: {
        description:
          'When the student was first enrolled in this turma (UTC); re-enrolling keeps it.',
      },
      updatedAt: {
        description: 'When this enrolment last changed (UTC): enrolled, or its expiry changed.',
      },
    },
    examples: [ROSTER_ENTRY_EXAMPLE],
  },
  Roster: {
    description:
      "One page of a turma's students (extension, not part of v1). Past the last page `data` " +
      'is empty and `totalRecords` still true.',
    properties: {
      data: { description: 'The students of this page, in the order asked for.' },
      totalRecords: { description: "How many of the turma's students match, over all pages." },
    },
    examples: [{ data: [ROSTER_ENTRY_EXAMPLE], totalRecords: 1 }],
  },
  StudentClass: {
    description: "A turma the student is in, with that enrolment's expiry.",
    properties: {
      id: { description: 'Identifier of the turma.' },
      name: { description: 'Name of the turma.' },
      expirationDate: { description: 'When this enrolment ends (UTC); null: it never ends.' },
    },
    examples: [STUDENT_MATCH_EXAMPLE.classes[1]],
  },
  StudentMatch: {
    description: 'A student whose name or e-mail matched (extension, not part of v1).',
    properties: {
      name: { description: 'Name of the student.' },
      email: { description: 'E-mail of the student, lower-cased.' },
      classes: {
        description: `Their turmas by name (ignoring case and accents), then id: at most ${STUDENT_CLASSES_LISTED_MAX}.`,
      },
      countClasses: { description: 'How many turmas the student is in, all of them.' },
    },
    examples: [STUDENT_MATCH_EXAMPLE],
  },
  StudentSearchResult: {
    description:
      'One page of students (extension, not part of v1). Past the last page `data` is empty ' +
      'and `totalRecords` still true.',
    properties: {
      data: {
        description: 'The students of this page, by name (ignoring case and accents), then e-mail.',
      },
      totalRecords: { description: 'How many students match, over all pages.' },
    },
    examples: [{ data: [STUDENT_MATCH_EXAMPLE], totalRecords: 1 }],
  },
  StudentEnrolment: {
    description: "A turma the student is in, with that enrolment's expiry and when it began.",
    properties: {
      id: { description: 'Identifier of the turma.' },
      name: { description: 'Name of the turma.' },
      expirationDate: { description: 'When this enrolment ends (UTC); null: it never ends.' },
      enrolledAt: {
        description:
          'When the student was first enrolled in this turma (UTC); re-enrolling keeps it.',
      },
    },
    examples: [STUDENT_RECORD_EXAMPLE.classes[1]],
  },
  StudentRecord: {
    description: 'A student with every turma they are in (extension, not part of v1).',
    properties: {
      name: { description: 'Name of the student.' },
      email: { description: 'E-mail of the student, lower-cased.' },
      classes: {
        description:
          'All their turmas, none left out, by name (ignoring case and accents), then id.',
      },
    },
    examples: [STUDENT_RECORD_EXAMPLE],
  },
  StudentsByEmailResult: {
    description: 'The students asked for by e-mail (extension, not part of v1).',
    properties: {
      data: {
        description:
          'The students found, each once, in the order their e-mails were asked; an e-mail ' +
          'with no student is left out.',
      },
    },
    examples: [{ data: [STUDENT_RECORD_EXAMPLE] }],
  },
  ExpiringEnrolment: {
    description: 'An enrolment that expires in the window asked (extension, not part of v1).',
    properties: {
      student: { description: 'The student: name, and e-mail lower-cased.' },
      class: { description: 'The turma: id and name.' },
      expirationDate: { description: 'When this enrolment ends (UTC).' },
    },
    examples: [EXPIRING_EXAMPLE],
  },
  ExpiringResult: {
    description: 'One page of the enrolments that expire in a window (extension, not part of v1).',
    properties: {
      data: {
        description:
          "By expiry, then the student's name (ignoring case and accents), e-mail, then the " +
          "turma's name and id.",
      },
      totalRecords: { description: 'How many enrolments expire in the window, over all pages.' },
    },
    examples: [{ data: [EXPIRING_EXAMPLE], totalRecords: 1 }],
  },
  AuditEntry: {
    description: 'One write, as the audit trail keeps it (extension, not part of v1).',
    properties: {
      id: { description: 'The entry: what an undo names.' },
      at: { description: 'When it was written (UTC, the database clock).' },
      credential: { description: 'The name of the credential it was written with.' },
      operation: { description: '`enrol`, `remove`, or `undo` (of the entry `undoes` names).' },
      runId: { description: 'The run it was part of (its `X-Run-Id`), if any.' },
      undoes: { description: 'For an `undo`, the entry it reversed.' },
      student: { description: "The student's id and e-mail." },
      changes: {
        description:
          "Each turma of the write, with the student's state there before and after: enrolled " +
          'or not, the expiry (null: none) and when the enrolment began.',
      },
      undoneIn: {
        description:
          'The turmas of `changes` that undos of this entry set back now, whatever the read’s ' +
          'filters (an undo by another credential, or after the time range, counts): an undo ' +
          'restores the turmas it changed, less those an undo of it put back in turn. Empty ' +
          'when none; absent from servers older than it.',
      },
    },
    examples: [AUDIT_ENTRY_EXAMPLE],
  },
  AuditResult: {
    description: 'One page of the audit trail, newest first (extension, not part of v1).',
    properties: {
      data: {
        description:
          'The entries, newest first. Filtered by `runId`, also the undos of the run’s entries ' +
          'and the undos of those (two levels), whatever run they were part of: an undo is ' +
          'newer than what it reversed, so it is on the same page or an earlier one.',
      },
      next: { description: "The next page's `cursor`; null on the last page." },
    },
    examples: [{ data: [AUDIT_ENTRY_EXAMPLE], next: null }],
  },
  UndoBody: {
    description: 'What to undo: one entry (`entryId`) or every entry of a run (`runId`).',
    examples: [{ entryId: '42' }],
  },
  Me: {
    description:
      'The credential this request was made with (extension, not part of v1): its name, as the ' +
      'audit trail shows it, and its role: `read` lists, reads and searches; `write` also ' +
      'enrols, removes and undoes.',
    examples: [{ name: 'secretaria-sede', role: 'write' }],
  },
  UndoResult: {
    description:
      'Per entry undone, newest first, each turma: `restored`, `unchanged` (the entry changed ' +
      'nothing there) or `refused` with the reason (extension, not part of v1).',
    properties: {
      entries: { description: 'One per entry undone, with the `undo` entry written, if any.' },
    },
    examples: [
      {
        entries: [
          {
            entryId: '42',
            email: 'ana@escola.example',
            undoEntryId: '57',
            classes: [{ classId: 't4', outcome: 'restored', reason: null }],
          },
        ],
      },
    ],
  },
};

/** `^\P{Cc}*$` or `^[^\u202A-\u202E]*$`: text without any of these characters. */
const EXCLUSION = /^\^(?:\\P\{(\w+)\}|\[\^([^\]]+)\])\*\$$/;
/** `[\p{L}\p{N}]`: text holding at least one of these characters. */
const PRESENCE = /^\[([^^\]][^\]]*)\]$/;

/**
 * zod writes each `z.regex` of a string as one `allOf` member; with two of them code generators
 * type the field `unknown & unknown`. Patterns that exclude characters (`^\P{X}*$`, `^[^…]*$`)
 * and patterns that need one of a class (`[…]`) combine into one: `^(?=[^C]*[C])[^XY…]*$` holds
 * exactly when each of them does, in time linear in the text.
 */
function mergeCharacterPatterns(schema: JsonSchema): void {
  const members = schema.allOf;
  if (!Array.isArray(members)) return;
  const excluded: string[] = [];
  const needed: string[] = [];
  for (const member of members as JsonSchema[]) {
    const pattern = Object.keys(member).length === 1 ? member.pattern : undefined;
    if (typeof pattern !== 'string') return;
    const exclusion = EXCLUSION.exec(pattern);
    const presence = PRESENCE.exec(pattern);
    if (exclusion) excluded.push(exclusion[1] ? `\\p{${exclusion[1]}}` : exclusion[2]!);
    else if (presence) needed.push(presence[1]!);
    else return;
  }
  if (schema.pattern !== undefined) throw new Error('A string with a pattern and an allOf');
  delete schema.allOf;
  const lookaheads = needed.map((characters) => `(?=[^${characters}]*[${characters}])`);
  schema.pattern = `^${lookaheads.join('')}${excluded.length > 0 ? `[^${excluded.join('')}]*$` : ''}`;
}

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `extra` merged into `target`, objects key by key, anything else replaced. */
function deepMerge(target: JsonSchema, extra: JsonSchema): JsonSchema {
  for (const [key, value] of Object.entries(extra)) {
    const current = target[key];
    if (isObject(current) && isObject(value)) deepMerge(current, value);
    else target[key] = value;
  }
  return target;
}

/** Annotations of a property the contract does not have would describe nothing: say so. */
function expectProperties(name: string, schema: JsonSchema, annotations: JsonSchema): void {
  const described = Object.keys((annotations.properties as JsonSchema | undefined) ?? {});
  const present = (schema.properties as JsonSchema | undefined) ?? {};
  const missing = described.filter((property) => !(property in present));
  if (missing.length > 0) throw new Error(`${name} has no ${missing.join(', ')}`);
}

/**
 * Each schema as zod's `input` side: what the server accepts (strict bodies, no unknown field)
 * and what the console's parsing of responses accepts (unknown fields allowed, on purpose).
 */
export function buildSchemas(): Record<SchemaName, JsonSchema> {
  const ids = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(NAMED)) ids.add(schema, { id });
  const { schemas } = z.toJSONSchema(ids, {
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'any',
    uri: (id) => schemaRef(id as SchemaName).$ref,
    override: ({ jsonSchema }) => mergeCharacterPatterns(jsonSchema as JsonSchema),
  });
  return Object.fromEntries(
    Object.entries(ANNOTATIONS).map(([name, annotations]) => {
      // Each came out as a document of its own; in components they are plain subschemas.
      const { $schema: _dialect, $id: _id, ...schema } = (schemas[name] ?? {}) as JsonSchema;
      if (Object.keys(schema).length === 0) throw new Error(`zod gave no schema for ${name}`);
      expectProperties(name, schema, annotations);
      return [name, deepMerge(schema, annotations)];
    }),
  ) as Record<SchemaName, JsonSchema>;
}
