import { z } from 'zod/mini';
import {
  CLASS_ID_MAX_LENGTH,
  CLASSES_PER_REQUEST_MAX,
  classReferencesSchema,
  classSchema,
  EMAIL_MAX_LENGTH,
  emailSchema,
  type ClassSummary,
} from '#contract';
import { formatsFor } from '../../i18n/formats';
import type { Locale } from '../../i18n/messages';
import { confirms } from '../../components/typed-confirmation/typed-confirmation';
import { invisibleInEmail } from '../../components/invisible-in-email/invisible-in-email';
import { formatNames } from '../../i18n/format-names';
import type { RemovalMessages } from './messages';

/**
 * The removal form's rules. The e-mail and the turmas are judged by the contract's own schemas
 * (the ones the fetch layer and the server apply), so a limit changes in one place; only the
 * words are the form's, in the person's language, because the contract speaks to developers.
 * The confirmation is the form's own rule: the same e-mail again, as the contract normalises it.
 *
 * `unknownTurmaIds` are turmas the server said no longer exist: the form refuses to send them
 * again, and names them until they are taken off the list.
 */
export function createRemovalSchema(
  messages: RemovalMessages,
  locale: Locale,
  unknownTurmaIds: ReadonlySet<string>,
) {
  const text = messages.validation;
  const { number } = formatsFor(locale);
  return z
    .object({
      email: z.pipe(
        z.string(),
        z.transform((value: string, context) => {
          const email = emailSchema.safeParse(value);
          if (email.success) return email.data;
          const problem = email.error.issues[0]?.code;
          context.issues.push({
            code: 'custom',
            input: value,
            message:
              problem === 'too_big'
                ? text.emailTooLong(number.format(EMAIL_MAX_LENGTH))
                : value.trim() === ''
                  ? text.emailRequired
                  : (invisibleInEmail(value, locale) ?? text.emailInvalid),
          });
          return z.NEVER;
        }),
      ),
      turmas: z.array(z.object({ id: classSchema.shape.id, name: classSchema.shape.name })).check(
        z.superRefine((turmas, context) => {
          const references = classReferencesSchema.safeParse(turmas.map(({ id }) => ({ id })));
          if (!references.success) {
            const issue = references.error.issues[0];
            const problem = issue?.code;
            // An issue inside the list (path [index, 'id']) is about one turma's id.
            const index = issue?.path[0];
            context.addIssue({
              code: 'custom',
              message:
                typeof index === 'number'
                  ? text.turmaIdRefused(
                      turmas[index]?.name ?? '',
                      number.format(CLASS_ID_MAX_LENGTH),
                    )
                  : problem === 'too_small'
                    ? text.turmasRequired
                    : problem === 'too_big'
                      ? text.turmasTooMany(
                          number.format(CLASSES_PER_REQUEST_MAX),
                          number.format(turmas.length - CLASSES_PER_REQUEST_MAX),
                        )
                      : text.turmasRepeated,
            });
            return;
          }
          const unknown = unknownTurmasMessage(turmas, unknownTurmaIds, messages, locale);
          if (unknown) context.addIssue({ code: 'custom', message: unknown });
        }),
      ),
      confirmation: z.string(),
    })
    .check(
      z.superRefine(({ email, confirmation }, context) => {
        if (!confirms(confirmation, { kind: 'email', email })) {
          context.addIssue({
            code: 'custom',
            path: ['confirmation'],
            message: text.confirmationMismatch,
          });
        }
      }),
    );
}

export type RemovalSchema = ReturnType<typeof createRemovalSchema>;
export type RemovalFormValues = z.input<RemovalSchema>;
export type ValidRemoval = z.output<RemovalSchema>;

/** "As turmas A e B não existem mais…" for those of `turmas` the server did not know, if any. */
export function unknownTurmasMessage(
  turmas: readonly ClassSummary[],
  unknownTurmaIds: ReadonlySet<string>,
  messages: RemovalMessages,
  locale: Locale,
): string | undefined {
  const names = turmas.filter(({ id }) => unknownTurmaIds.has(id)).map(({ name }) => name);
  if (names.length === 0) return undefined;
  return messages.validation.unknownTurmas(
    names.length,
    formatNames(names, locale, messages.outcome.more),
  );
}

/** Whether closing now would lose anything: something typed, or the turmas changed. */
export function hasUnsentChanges(
  { email, confirmation, turmas }: RemovalFormValues,
  openedWith: readonly ClassSummary[],
): boolean {
  const ids = (list: readonly ClassSummary[]) => list.map(({ id }) => id).join('\n');
  return email.trim() !== '' || confirmation.trim() !== '' || ids(turmas) !== ids(openedWith);
}
