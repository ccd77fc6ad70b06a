/**
 * The enrol form's values and its zod schema, built from the contract's own field schemas so the
 * form refuses exactly what the API would. The contract's messages are English text for
 * developers; each field here replaces them with the person's language.
 */
import type { Control } from 'react-hook-form';
import { z } from 'zod/mini';
import {
  addStudentToClassesBodySchema,
  CLASS_ID_MAX_LENGTH,
  CLASSES_PER_REQUEST_MAX,
  classReferencesSchema,
  EMAIL_MAX_LENGTH,
  emailSchema,
  NAME_BIDI_CONTROL_MESSAGE,
  NAME_MAX_LENGTH,
  NAME_NO_LETTER_MESSAGE,
  studentNameSchema,
  type ClassSummary,
} from '#contract';
import { formatsFor } from '../../i18n/formats';
import type { Locale } from '../../i18n/messages';
import { invisibleInEmail } from '../../components/invisible-in-email/invisible-in-email';
import {
  checkExpiry,
  defaultExpiry,
  type ExpiryProblem,
  type ExpiryValue,
} from '../../components/expiry-field/expiry';
import type { EnrolmentMessages } from './messages';

export interface EnrolFormValues {
  /** The turmas to enrol into, in the order they were added; names are for showing. */
  classes: ClassSummary[];
  name: string;
  email: string;
  expiry: ExpiryValue;
}

/** What a valid form gives: the many-turmas body, normalised by the contract (trimmed, lower-cased). */
export type EnrolRequest = z.output<typeof addStudentToClassesBodySchema>;

/** The form's control, for the fields that live in components of their own. */
export type EnrolFormControl = Control<EnrolFormValues, unknown, EnrolRequest>;

/** The form as it opens: the turmas it was opened with (each once), expiring at the end of the school year. */
export function initialEnrolValues(turmas: readonly ClassSummary[], now: Date): EnrolFormValues {
  const seen = new Set<string>();
  return {
    classes: turmas.filter((turma) => !seen.has(turma.id) && Boolean(seen.add(turma.id))),
    name: '',
    email: '',
    expiry: defaultExpiry(now),
  };
}

/** Whether closing now would throw away something the person typed or chose since `baseline`. */
export function hasUnsentChanges(values: EnrolFormValues, baseline: EnrolFormValues): boolean {
  const ids = (turmas: ClassSummary[]) => turmas.map((turma) => turma.id).join('\n');
  return (
    values.name.trim() !== baseline.name.trim() ||
    values.email.trim() !== baseline.email.trim() ||
    ids(values.classes) !== ids(baseline.classes) ||
    values.expiry.noExpiry !== baseline.expiry.noExpiry ||
    values.expiry.at !== baseline.expiry.at
  );
}

/**
 * The form's schema in the person's language. Past expiries are refused here (`checkExpiry`), not
 * by the API, which accepts them.
 */
export function createEnrolFormSchema(messages: EnrolmentMessages, locale: Locale) {
  const errors = messages.errors;
  const count = (value: number) => formatsFor(locale).number.format(value);
  const toReferences = (turmas: ClassSummary[]) => turmas.map(({ id }) => ({ id }));

  const expiryErrors: Record<ExpiryProblem, string> = {
    required: errors.expiryRequired,
    invalid: errors.expiryInvalid,
    past: errors.expiryPast,
  };

  const expiry = z.pipe(
    z.pipe(
      z.object({ noExpiry: z.boolean(), at: z.nullable(z.string()) }),
      z.transform((value: ExpiryValue, context): string | undefined => {
        const checked = checkExpiry(value, new Date());
        if (checked.problem === null) return checked.expirationDate;
        const message = expiryErrors[checked.problem];
        context.issues.push({ code: 'custom', message, input: value, path: ['at'] });
        return z.NEVER;
      }),
    ),
    withMessages(addStudentToClassesBodySchema.shape.expirationDate, () => errors.expiryInvalid, [
      'at',
    ]),
  );

  return z.pipe(
    z.object({
      classes: z.pipe(
        z.array(z.custom<ClassSummary>()),
        z.transform((turmas: ClassSummary[], context) => {
          const references = z.safeParse(classReferencesSchema, toReferences(turmas));
          if (references.success) return references.data;
          const issue = references.error.issues[0];
          // An issue inside the list (path [index, 'id']) is about one turma's id, not the count.
          const index = issue?.path[0];
          const message =
            typeof index === 'number'
              ? errors.turmaIdRefused(turmas[index]?.name ?? '', count(CLASS_ID_MAX_LENGTH))
              : issue?.code === 'too_small'
                ? errors.turmasRequired
                : issue?.code === 'too_big'
                  ? errors.turmasTooMany(count(CLASSES_PER_REQUEST_MAX))
                  : errors.turmasRepeated;
          context.issues.push({ code: 'custom', message, input: turmas, path: [] });
          return z.NEVER;
        }),
      ),
      name: withMessages(studentNameSchema, (issue) =>
        issue.code === 'too_big'
          ? errors.nameTooLong(count(NAME_MAX_LENGTH))
          : issue.message === NAME_NO_LETTER_MESSAGE
            ? errors.nameNoLetter
            : issue.message === NAME_BIDI_CONTROL_MESSAGE
              ? errors.nameBidiControls
              : issue.code === 'invalid_format'
                ? errors.nameControlCharacters
                : errors.nameRequired,
      ),
      email: withMessages(emailSchema, (issue, value) =>
        issue.code === 'too_big'
          ? errors.emailTooLong(count(EMAIL_MAX_LENGTH))
          : typeof value !== 'string'
            ? errors.emailInvalid
            : value.trim() === ''
              ? errors.emailRequired
              : (invisibleInEmail(value, locale) ?? errors.emailInvalid),
      ),
      expiry,
    }),
    z.transform(({ classes, name, email, expiry: expirationDate }): EnrolRequest => ({
      name,
      email,
      classes,
      // Absent, not undefined: "no expiry" is a missing field on the wire.
      ...(expirationDate === undefined ? {} : { expirationDate }),
    })),
  );
}

/**
 * `schema` with its issues told in the person's words (`describe`), reported on the field itself
 * (or `path` inside it) rather than deep inside the value, where no input would show them.
 */
function withMessages<Schema extends z.core.$ZodType>(
  schema: Schema,
  describe: (issue: z.core.$ZodIssue, value: z.input<Schema>) => string,
  path: PropertyKey[] = [],
) {
  return z.pipe(
    z.custom<z.input<Schema>>(),
    z.transform((value: z.input<Schema>, context): z.output<Schema> => {
      const parsed = z.safeParse(schema, value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) {
        // A copy each time: zod prefixes an issue's path in place as it travels up the object.
        const at = [...path];
        context.issues.push({
          code: 'custom',
          message: describe(issue, value),
          input: value,
          path: at,
        });
      }
      return z.NEVER;
    }),
  );
}
