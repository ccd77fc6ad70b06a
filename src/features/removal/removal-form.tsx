import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { UndoWrite } from '../../api/audit-undo-parts';
import { newRunId, type ApiClient } from '../../api/client';
import { splitByMembership } from '../../api/removal-membership';
import { useExtension } from '../../api/use-extension';
import { AUDIT_EXTENSION, ROSTER_EXTENSION, type ClassSummary } from '#contract';
import type { StudentMatch } from '#contract/extensions';
import { useDiscardGuard, useFormDialog } from '../../components/form-dialog/form-dialog-context';
import { FormDialogActions, SubmitButton } from '../../components/form-dialog/form-dialog-actions';
import { FailureNotice } from '../../components/form-dialog/failure-notice';
import { FormOutcome, type Outcome } from '../../components/form-dialog/form-outcome';
import { notifyOutcome } from '../../components/form-dialog/notify-outcome';
import { showFieldErrors } from '../../components/form-dialog/form-failure';
import { useFailureAlert } from '../../components/form-dialog/use-failure-alert';
import { useFormSubmit } from '../../components/form-dialog/use-form-submit';
import { TurmaPicker } from '../../components/turma-picker/turma-picker';
import { visibleName } from '../../components/visible-name/visible-name';
import { CannotUndoWarning } from '../../components/typed-confirmation/cannot-undo-warning';
import { confirmationState } from '../../components/typed-confirmation/typed-confirmation';
import { TypedConfirmationField } from '../../components/typed-confirmation/typed-confirmation-field';
import { useFormats } from '../../i18n/formats';
import { useLocale, useMessages } from '../../i18n/i18n-context';
import { turmaNotes, useShownStudent } from './known-student';
import { MembershipSummary } from './membership-summary';
import { useRemovalMessages } from './messages';
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
  const { busy } = useFormDialog();
  // With the roster extension the e-mail field suggests students, and the form says which of
  // the chosen turmas the student is in; without it, the form is as it always was.
  const suggest = useExtension(api, ROSTER_EXTENSION);
  const undoable = useExtension(api, AUDIT_EXTENSION);
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
  const [shownStudent, setPicked] = useShownStudent(api, suggest, email);
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
      const runId = newRunId();
      try {
        before = await removal.mutateAsync({
          email: student,
          classes: chosen.map(({ id }) => ({ id })),
          runId,
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
      notifyOutcome(
        outcome,
        messages.outcome.dismiss,
        undoable
          ? (keepOpen) => <UndoWrite api={api} body={{ runId }} onUndone={keepOpen} />
          : undefined,
      );
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
        {suggest && <MembershipSummary student={shownStudent} turmas={chosenTurmas} />}
        <RemovalTurmas
          api={api}
          form={form}
          chosen={chosenTurmas}
          student={shownStudent}
          disabled={busy}
        />
        <CannotUndoWarning id={warningId}>
          {undoable ? messages.warningUndoable : messages.warning}
        </CannotUndoWarning>
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

/** The turmas to remove the student from, each noted with whether the student is in it. */
function RemovalTurmas({
  api,
  form,
  chosen,
  student,
  disabled,
}: {
  api: ApiClient;
  form: UseFormReturn<RemovalFormValues, unknown, ValidRemoval>;
  chosen: readonly ClassSummary[];
  student: StudentMatch | null | undefined;
  disabled: boolean;
}) {
  const messages = useRemovalMessages();
  const formats = useFormats();
  const notes = useMemo(
    () => turmaNotes(student, chosen, messages, formats),
    [student, chosen, messages, formats],
  );
  return (
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
          disabled={disabled}
        />
      )}
    />
  );
}
