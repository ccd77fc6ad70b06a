/**
 * The extensions' schemas (decisions 015, 016, 019): what the reference server's reads beyond v1
 * and the audit trail's calls take and answer. Apart from index.ts, whose v1 schemas the first
 * screen loads, so that these load only with the features and the server that use them.
 */
import { z } from 'zod/mini';
import {
  AUDIT_OPERATIONS,
  AUDIT_PAGE_SIZE_MAX,
  EXPIRING_CLASSES_MAX,
  PAGE_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  ROSTER_SORT_BY_DEFAULT,
  ROSTER_SORT_VALUES,
  RUN_ID_PATTERN,
  STUDENTS_BY_EMAIL_MAX,
  UNDO_OUTCOMES,
  classIdSchema,
  emailSchema,
  integerParam,
  isoDateTime,
  searchQueryParam,
} from './index.ts';
/**
 * `GET /v1/classe/{id}/students`. `query` matches word-wise over name and e-mail with the turma
 * search's folding; ties in any sort are broken by e-mail. With `expirationDate`, no expiry
 * counts as later than any date: last going up, first going down.
 */
export const rosterQuerySchema = z.object({
  page: z._default(integerParam(1, PAGE_MAX), 1),
  pageSize: z._default(integerParam(1, PAGE_SIZE_MAX), PAGE_SIZE_DEFAULT),
  sortBy: z._default(
    z.enum(ROSTER_SORT_VALUES, { error: `must be one of ${ROSTER_SORT_VALUES.join(', ')}` }),
    ROSTER_SORT_BY_DEFAULT,
  ),
  query: searchQueryParam,
});
export type RosterQuery = z.input<typeof rosterQuerySchema>;
export type RosterParams = z.output<typeof rosterQuerySchema>;

/** One student enrolled in the turma. `expirationDate` is null when the enrolment never expires. */
export const rosterEntrySchema = z.object({
  name: z.string(),
  email: z.string(),
  expirationDate: z.nullable(isoDateTime),
  /** When the student was first enrolled in this turma (re-enrolling keeps it). */
  enrolledAt: isoDateTime,
  /** When this enrolment last changed (enrolled, or its expiry set again). */
  updatedAt: isoDateTime,
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

export const rosterResponseSchema = z.object({
  /** The turma's name: a roster opened from a link is named before any list shows the turma. */
  className: z.optional(z.string()),
  data: z.array(rosterEntrySchema),
  totalRecords: z.int().check(z.nonnegative()),
});
export type RosterResponse = z.infer<typeof rosterResponseSchema>;

/**
 * `GET /v1/students`: students whose name or e-mail match `query` word-wise (the same folding),
 * ordered by name, ties by e-mail; no query lists every student.
 */
export const studentSearchQuerySchema = z.object({
  page: z._default(integerParam(1, PAGE_MAX), 1),
  pageSize: z._default(integerParam(1, PAGE_SIZE_MAX), PAGE_SIZE_DEFAULT),
  query: searchQueryParam,
});
export type StudentSearchQuery = z.input<typeof studentSearchQuerySchema>;
export type StudentSearchParams = z.output<typeof studentSearchQuerySchema>;

/** A turma a student is in, with that enrolment's expiry (null: none). */
export const studentClassSchema = z.object({
  id: z.string(),
  name: z.string(),
  expirationDate: z.nullable(isoDateTime),
});
export type StudentClass = z.infer<typeof studentClassSchema>;

export const studentMatchSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** At most STUDENT_CLASSES_LISTED_MAX, ordered by turma name, ties by id. */
  classes: z.array(studentClassSchema),
  /** How many turmas the student is in, all of them. */
  countClasses: z.int().check(z.nonnegative()),
});
export type StudentMatch = z.infer<typeof studentMatchSchema>;

export const studentSearchResponseSchema = z.object({
  data: z.array(studentMatchSchema),
  totalRecords: z.int().check(z.nonnegative()),
});
export type StudentSearchResponse = z.infer<typeof studentSearchResponseSchema>;

/**
 * `GET /v1/students/by-email?email=a@x&email=b@y`: 1–100 e-mails (repeat the parameter), compared
 * case-insensitively. A single `email` arrives as a string, several as a list.
 */
export const studentsByEmailQuerySchema = z.object({
  email: z.pipe(
    z.union([z.string(), z.array(z.string())], { error: 'is required' }),
    z.pipe(
      z.transform((value: string | string[]) => (typeof value === 'string' ? [value] : value)),
      z
        .array(emailSchema)
        .check(
          z.minLength(1, 'must name at least one e-mail'),
          z.maxLength(STUDENTS_BY_EMAIL_MAX, `must name at most ${STUDENTS_BY_EMAIL_MAX} e-mails`),
        ),
    ),
  ),
});
export type StudentsByEmailQuery = z.input<typeof studentsByEmailQuerySchema>;
export type StudentsByEmailParams = z.output<typeof studentsByEmailQuerySchema>;

/** One of a student's turmas, with that enrolment's expiry (null: none) and when it began. */
export const studentEnrolmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  expirationDate: z.nullable(isoDateTime),
  enrolledAt: isoDateTime,
});
export type StudentEnrolment = z.infer<typeof studentEnrolmentSchema>;

/** A student with every turma they are in (no cap), ordered by turma name, ties by id. */
export const studentRecordSchema = z.object({
  name: z.string(),
  email: z.string(),
  classes: z.array(studentEnrolmentSchema),
});
export type StudentRecord = z.infer<typeof studentRecordSchema>;

/** The students found, in the order their e-mails were asked; an e-mail with no student is absent. */
export const studentsByEmailResponseSchema = z.object({
  data: z.array(studentRecordSchema),
});
export type StudentsByEmailResponse = z.infer<typeof studentsByEmailResponseSchema>;

const INSTANT_MIN = Date.parse('0000-01-01T00:00:00.000Z');
const INSTANT_MAX = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * An instant of the window, answered as toISOString() writes it (UTC, milliseconds): what both
 * engines compare. Years 0 to 9999 only, so that its text sorts as its time does.
 */
const windowInstant = z.pipe(
  isoDateTime.check(
    z.refine((value) => {
      const instant = Date.parse(value);
      return !(instant < INSTANT_MIN || instant > INSTANT_MAX);
    }, 'must be a date and time from year 0 to 9999'),
  ),
  z.transform((value: string) => new Date(value).toISOString()),
);

/**
 * `GET /v1/enrolments/expiring?before=…&after=…&classId=a&classId=b`: enrolments whose expiry is
 * at or after `after` (default: now) and before `before`, across every turma or only those named.
 */
export const expiringQuerySchema = z
  .object({
    before: windowInstant,
    after: z.optional(windowInstant),
    classId: z.optional(
      z.pipe(
        z.union([z.string(), z.array(z.string())]),
        z.pipe(
          z.transform((value: string | string[]) => (typeof value === 'string' ? [value] : value)),
          z
            .array(classIdSchema)
            .check(
              z.maxLength(EXPIRING_CLASSES_MAX, `must name at most ${EXPIRING_CLASSES_MAX} turmas`),
            ),
        ),
      ),
    ),
    page: z._default(integerParam(1, PAGE_MAX), 1),
    pageSize: z._default(integerParam(1, PAGE_SIZE_MAX), PAGE_SIZE_DEFAULT),
  })
  .check(
    z.refine((query) => query.after === undefined || query.after <= query.before, {
      error: 'must not come after `before`',
      path: ['after'],
      // Only once both are instants: a malformed one is said once, by its own check.
      when: (payload) => payload.issues.length === 0,
    }),
  );
export type ExpiringQuery = z.input<typeof expiringQuerySchema>;
export type ExpiringParams = z.output<typeof expiringQuerySchema>;

/** One enrolment that expires in the window: who, in which turma, and when. */
export const expiringEnrolmentSchema = z.object({
  student: z.object({ name: z.string(), email: z.string() }),
  class: z.object({ id: z.string(), name: z.string() }),
  expirationDate: isoDateTime,
});
export type ExpiringEnrolment = z.infer<typeof expiringEnrolmentSchema>;

/** By expiry, then student name (folded), e-mail, turma name (folded), turma id. */
export const expiringResponseSchema = z.object({
  data: z.array(expiringEnrolmentSchema),
  totalRecords: z.int().check(z.nonnegative()),
});
export type ExpiringResponse = z.infer<typeof expiringResponseSchema>;

const AUDIT_ENTRY_ID = /^[1-9][0-9]{0,17}$/;
const auditEntryIdSchema = z.string().check(z.regex(AUDIT_ENTRY_ID, 'must be an audit entry id'));
const runIdSchema = z
  .string()
  .check(z.regex(RUN_ID_PATTERN, 'must be 1 to 64 visible ASCII characters'));

/**
 * `GET /v1/audit`: newest first, `pageSize` at a time; `cursor` is the `next` of the page before.
 * Each filter narrows: the student's e-mail, a turma, a credential, a run, a time range.
 */
export const auditQuerySchema = z.object({
  email: z.optional(emailSchema),
  classId: z.optional(classIdSchema),
  credential: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  runId: z.optional(runIdSchema),
  after: z.optional(windowInstant),
  before: z.optional(windowInstant),
  cursor: z.optional(auditEntryIdSchema),
  pageSize: z._default(integerParam(1, AUDIT_PAGE_SIZE_MAX), PAGE_SIZE_DEFAULT),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
export type AuditParams = z.output<typeof auditQuerySchema>;

/** A student's state in one turma: enrolled or not, and then with which expiry since when. */
export const enrolmentStateSchema = z.object({
  enrolled: z.boolean(),
  expirationDate: z.nullable(isoDateTime),
  enrolledAt: z.nullable(isoDateTime),
});
export type EnrolmentState = z.infer<typeof enrolmentStateSchema>;

export const auditChangeSchema = z.object({
  classId: z.string(),
  /** The turma's name now; absent when it no longer exists. */
  className: z.optional(z.string()),
  before: enrolmentStateSchema,
  after: enrolmentStateSchema,
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: isoDateTime,
  credential: z.string(),
  operation: z.enum(AUDIT_OPERATIONS),
  runId: z.nullable(z.string()),
  /** The entry an `undo` reversed. */
  undoes: z.nullable(z.string()),
  student: z.object({ id: z.string(), email: z.string() }),
  changes: z.array(auditChangeSchema),
  /**
   * The turmas of `changes` that undos of this entry set back now, whatever the read's filters:
   * an undo restores the turmas it changed, less those an undo of it put back in turn. Empty
   * when none; absent from a server older than it, whose readers look for the undos on the page.
   */
  undoneIn: z.optional(z.array(z.string())),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** An undo as `restoredTurmas` reads it: its id and the turmas it moved. */
export interface UndoOf {
  id: string;
  turmas: readonly string[];
}

/**
 * `undoneIn`'s rule, one for the server that says it and the console that reads an older
 * server's pages: the turmas an entry's undos set back now are those they moved, less the ones an
 * undo of that undo put back in turn. `undosOf` gives each entry's undos; `known`, entries already
 * answered. An undo always undoes an older entry, so the recursion ends.
 */
export function restoredTurmas(
  undosOf: ReadonlyMap<string, readonly UndoOf[]>,
  known: Map<string, ReadonlySet<string>> = new Map(),
): (id: string) => ReadonlySet<string> {
  const restoredOf = (id: string): ReadonlySet<string> => {
    const answered = known.get(id);
    if (answered) return answered;
    const turmas = new Set<string>();
    for (const undo of undosOf.get(id) ?? []) {
      const takenBack = restoredOf(undo.id);
      for (const classId of undo.turmas) if (!takenBack.has(classId)) turmas.add(classId);
    }
    known.set(id, turmas);
    return turmas;
  };
  return restoredOf;
}

export const auditResponseSchema = z.object({
  data: z.array(auditEntrySchema),
  /** The next page's `cursor`; null on the last page. */
  next: z.nullable(z.string()),
});
export type AuditResponse = z.infer<typeof auditResponseSchema>;

/** `POST /v1/audit/undo`: one entry, or every entry of a run. */
export const undoBodySchema = z.union([
  z.strictObject({ entryId: auditEntryIdSchema }),
  z.strictObject({ runId: runIdSchema }),
]);
export type UndoBody = z.infer<typeof undoBodySchema>;

export const undoResponseSchema = z.object({
  entries: z.array(
    z.object({
      entryId: z.string(),
      /** The entry's student: an answer names whom a refusal left as they are. */
      email: z.string(),
      /** The `undo` entry written; null when no turma was restored. */
      undoEntryId: z.nullable(z.string()),
      classes: z.array(
        z.object({
          classId: z.string(),
          /** The turma's name now; absent when it no longer exists. */
          className: z.optional(z.string()),
          outcome: z.enum(UNDO_OUTCOMES),
          reason: z.nullable(z.string()),
        }),
      ),
    }),
  ),
});
export type UndoResponse = z.infer<typeof undoResponseSchema>;
