import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { ApiClient } from '../../api/client';
import { membershipOf, splitByMembership } from '../../api/removal-membership';
import { normalizedEmail, studentQueries, studentWithEmail } from '../../api/student-queries';
import { useExtension } from '../../api/use-extension';
import { ROSTER_EXTENSION, type ClassSummary, type StudentMatch } from '#contract';
import { useDiscardGuard, useFormDialog } from '../../components/form-dialog/form-dialog-context';
import { FormDialogActions, SubmitButton } from '../../components/form-dialog/form-dialog-actions';
import { FailureNotice } from '../../components/form-dialog/failure-notice';
import { FormOutcome, type Outcome } from '../../components/form-dialog/form-outcome';
import { notifyOutcome } from '../../components/form-dialog/notify-outcome';
import { showFieldErrors } from '../../components/form-dialog/form-failure';
import { useFailureAlert } from '../../components/form-dialog/use-failure-alert';
import { useFormSubmit } from '../../components/form-dialog/use-form-submit';
import { TurmaPicker, type TurmaNote } from '../../components/turma-picker/turma-picker';
import { SUGGEST_DEBOUNCE_MS } from '../../components/student-suggestions/student-suggest-field';
import { visibleName } from '../../components/visible-name/visible-name';
import { CannotUndoWarning } from '../../components/typed-confirmation/cannot-undo-warning';
import { confirmationState } from '../../components/typed-confirmation/typed-confirmation';
import { TypedConfirmationField } from '../../components/typed-confirmation/typed-confirmation-field';
import { useFormats, type Formats } from '../../i18n/formats';
import { useLocale, useMessages } from '../../i18n/i18n-context';
import { useRemovalMessages, type RemovalMessages } from './messages';
import classes from './removal-form.module.css';
import { describeRemovalFailure } from './removal-failure';
import { describeRemovalOutcome } from './removal-outcome';
import {
  createRemovalSchema,
  hasUnsentChanges,
  type RemovalFormValues,
  type ValidRemoval,
} from './removal-schema';
import { StudentEmailField } from './student-email-field';
import { useRemoveStudent } from './use-remove-student';

/** The e-mail, typed as its confirmation is: nothing suggested or corrected. */
const AN_EMAIL_TYPED_BY_HAND = {
  type: 'email',
  autoComplete: 'off',
  autoCorrect: 'off',
  autoCapitalize: 'off',
  spellCheck: false,
  required: true,
  // Every field is required: an asterisk would only be read out as part of the label.
  withAsterisk: false,
} as const;

interface RemovalFormProps {
  api: ApiClient;
  turmas: readonly ClassSummary[];
  /** The warning's id: it describes the whole dialog. */
  warningId: string;
}

/**
 * Makes the mistake hard (the e-mail typed twice, the turmas named and counted, a warning, a red
 * button unavailable until both e-mails match) and the intended removal easy (paste works, case
 * does not matter, the turmas come pre-filled from where it was opened). Mounted each time the
 * dialog opens: a fresh form.
 *
 * Keyboard: focus starts in the e-mail; Tab goes e-mail → turmas → confirmation → Cancel →
 * Remove. Enter sends only once the confirmation matches.
 */
export function RemovalForm({ api, turmas, warningId }: RemovalFormProps) {
  const messages = useRemovalMessages();
  const appMessages = useMessages();
  const locale = useLocale();
  const formats = useFormats();
  const { busy } = useFormDialog();
  // With the roster extension the e-mail field suggests students, and the form says which of
  // the chosen turmas the student is in; without it, the form is as it always was.
  const suggest = useExtension(api, ROSTER_EXTENSION);
  const removal = useRemoveStudent(api, { lookUpStudent: suggest });
  const [alert, setAlert] = useFailureAlert();
  const [unknownTurmaIds, setUnknownTurmaIds] = useState<ReadonlySet<string>>(() => new Set());
  const schema = useMemo(
    () => createRemovalSchema(messages, locale, unknownTurmaIds),
    [messages, locale, unknownTurmaIds],
  );
  const form = useForm<RemovalFormValues, unknown, ValidRemoval>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', turmas: [...turmas], confirmation: '' },
    // The e-mail is judged once the person leaves it, then as they correct it.
    mode: 'onTouched',
  });
  const [email, confirmation, chosenTurmas] = useWatch({
    control: form.control,
    name: ['email', 'confirmation', 'turmas'],
  });
  const confirmed = confirmationState(confirmation, { kind: 'email', email });
  const student = useKnownStudent(api, suggest, email);
  const [picked, setPicked] = useState<StudentMatch | null>(null);
  // A student just picked is known at once; the lookup of their e-mail then keeps them current.
  const shownStudent =
    student === undefined && picked !== null && picked.email === normalizedEmail(email)
      ? picked
      : student;
  const notes = useMemo(
    () => turmaNotes(shownStudent, chosenTurmas, messages, formats),
    [shownStudent, chosenTurmas, messages, formats],
  );
  const [removed, setRemoved] = useState<{ outcome: Outcome; email: string } | null>(null);
  useDiscardGuard(
    useCallback(
      () => !removed && hasUnsentChanges(form.getValues(), turmas),
      [removed, form, turmas],
    ),
  );

  const submit = useFormSubmit(
    form,
    async ({ email: student, turmas: chosen }) => {
      setAlert(null);
      let before: StudentMatch | undefined;
      try {
        before = await removal.mutateAsync({
          email: student,
          classes: chosen.map(({ id }) => ({ id })),
        });
      } catch (error) {
        const failure = describeRemovalFailure(error, chosen, messages, appMessages, locale);
        // The schema now refuses them too, so the error stays until they are off the list.
        if (failure.unknownTurmaIds) setUnknownTurmaIds(failure.unknownTurmaIds);
        showFieldErrors(form, failure.fields);
        setAlert(failure.alert ?? null);
        return;
      }
      // Named as the roster extension knows them, just before sending or while typing.
      const known = before ?? (shownStudent?.email === student ? shownStudent : undefined);
      const outcome = describeRemovalOutcome(
        known ? visibleName(known.name) : student,
        splitByMembership(chosen, before),
        messages,
        locale,
      );
      notifyOutcome(outcome, messages.outcome.dismiss);
      setRemoved({ outcome, email: student });
    },
    confirmed !== 'match',
  );

  if (removed) {
    return (
      <FormOutcome outcome={removed.outcome}>
        <Text size="sm">
          {messages.outcome.email}: {removed.email}
        </Text>
      </FormOutcome>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <StudentEmailField
          api={api}
          suggest={suggest}
          text={email}
          registration={form.register('email')}
          chosenIds={chosenTurmas.map(({ id }) => id)}
          onPick={(match) => {
            setPicked(match);
            form.setValue('email', match.email, {
              shouldValidate: true,
              shouldDirty: true,
              shouldTouch: true,
            });
          }}
          inputProps={{
            label: messages.emailLabel,
            ...AN_EMAIL_TYPED_BY_HAND,
            error: form.formState.errors.email?.message,
            readOnly: busy,
            'data-autofocus': true,
          }}
        />
        {suggest && (
          <Text size="sm" aria-live="polite" className={classes.studentSummary}>
            {shownStudent === null
              ? messages.membership.noStudent
              : shownStudent
                ? studentSummary(shownStudent, chosenTurmas, messages, formats)
                : ''}
          </Text>
        )}
        <Controller
          control={form.control}
          name="turmas"
          render={({ field, fieldState }) => (
            <TurmaPicker
              // The picker's search field: where focus goes to report a problem with the turmas.
              ref={field.ref}
              api={api}
              value={field.value}
              notes={notes}
              // Judged at once: taking the last turma off (or the 101st on) is worth saying now.
              onChange={(next) =>
                form.setValue('turmas', next, { shouldValidate: true, shouldDirty: true })
              }
              label={messages.turmasLabel(
                field.value.length,
                formats.number.format(field.value.length),
              )}
              error={fieldState.error?.message}
              disabled={busy}
            />
          )}
        />
        <CannotUndoWarning id={warningId}>{messages.warning}</CannotUndoWarning>
        <TypedConfirmationField
          {...form.register('confirmation')}
          label={messages.confirmationLabel}
          kind="email"
          state={confirmed}
          status={{
            hint: messages.confirmationHint,
            mismatch: messages.confirmationMismatch,
            match: messages.confirmationMatch,
          }}
          required
          withAsterisk={false}
          readOnly={busy}
        />
        {alert && <FailureNotice alert={alert} onRetry={() => submit()} />}
        <FormDialogActions>
          <SubmitButton color="red.9" blocked={confirmed !== 'match'}>
            {messages.submit}
          </SubmitButton>
        </FormDialogActions>
      </Stack>
    </form>
  );
}

/**
 * The student whose e-mail the field holds, as the roster extension finds them once typing
 * pauses: null when nobody has it, undefined when not known (no extension, not a whole e-mail,
 * no answer yet).
 */
function useKnownStudent(
  api: ApiClient,
  suggest: boolean,
  text: string,
): StudentMatch | null | undefined {
  const email = normalizedEmail(text);
  const [settled] = useDebouncedValue(email, SUGGEST_DEBOUNCE_MS);
  const lookup = useQuery({
    ...studentQueries.matching(api, settled ?? ''),
    enabled: suggest && settled !== undefined && settled === email,
  });
  return suggest && settled === email ? studentWithEmail(lookup.data, email) : undefined;
}

/** Beside each chosen turma: whether the student is in it (and until when), when that is known. */
function turmaNotes(
  student: StudentMatch | null | undefined,
  turmas: readonly ClassSummary[],
  messages: RemovalMessages,
  formats: Formats,
): ReadonlyMap<string, TurmaNote> | undefined {
  if (!student) return undefined;
  const notes = new Map<string, TurmaNote>();
  for (const { id } of turmas) {
    const membership = membershipOf(student, id);
    if (membership.kind === 'in') {
      const text =
        membership.expirationDate === null
          ? messages.membership.inTurma
          : messages.membership.inTurmaUntil(
              formats.mediumDateTime.format(new Date(membership.expirationDate)),
            );
      notes.set(id, { text, tone: 'neutral' });
    } else if (membership.kind === 'out') {
      notes.set(id, { text: messages.membership.notInTurma, tone: 'warning' });
    }
  }
  return notes;
}

function studentSummary(
  student: StudentMatch,
  turmas: readonly ClassSummary[],
  messages: RemovalMessages,
  formats: Formats,
): string {
  const kinds = turmas.map(({ id }) => membershipOf(student, id).kind);
  const inCount = kinds.filter((kind) => kind === 'in').length;
  const name = visibleName(student.name);
  if (turmas.length === 0) return messages.membership.named(name);
  // Past the 100 turmas the answer lists, a count might be untrue: only the name then.
  if (kinds.includes('unknown')) return messages.membership.named(name);
  return messages.membership.summary(name, inCount, turmas.length, formats.number.format(inCount));
}
