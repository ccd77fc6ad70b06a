import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import type { ClassSummary } from '#contract';
import type { StudentEnrolment, StudentRecord } from '#contract/extensions';
import { mayHaveBeenMade, newRunId } from '../../api/client';
import { studentWarnings } from '../../components/enrol-warnings/enrol-warnings';
import { WarningText } from '../../components/enrol-warnings/warnings-summary';
import { checkExpiry, defaultExpiry, type ExpiryValue } from '../../components/expiry-field/expiry';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { FormDialogActions, SubmitButton } from '../../components/form-dialog/form-dialog-actions';
import { useFormDialog } from '../../components/form-dialog/form-dialog-context';
import { useFormSubmit } from '../../components/form-dialog/use-form-submit';
import { TurmaPicker } from '../../components/turma-picker/turma-picker';
import { visibleName } from '../../components/visible-name/visible-name';
import { describeApiError } from '../../i18n/describe-api-error';
import { useMessages } from '../../i18n/i18n-context';
import type { StudentDialogProps } from './expiry-dialog';
import { ExpiryFormField } from './expiry-form-field';
import { useStudentMessages } from './messages';
import { STUDENT_WRITE_MUTATION_KEY, useStudentWrite } from './use-student-write';

interface MoveValues {
  to: ClassSummary[];
  keepExpiry: boolean;
  expiry: ExpiryValue;
}

/**
 * Where a move stands: the v1 has no move, so it is an enrolment in the new turma, then a removal
 * from the old one. Between the two the student is in both; if the removal fails, that is said
 * as it is, with the two ways out (finish the removal, or undo the enrolment).
 */
type MoveState =
  | { step: 'form'; failure: string | null }
  | { step: 'half'; to: ClassSummary; toBefore: StudentEnrolment | undefined; failure: string };

/** Moves the student from one of their turmas to another, keeping the expiry or setting one. */
export function MoveDialog(props: StudentDialogProps) {
  const messages = useStudentMessages();
  const busy = useIsMutating({ mutationKey: STUDENT_WRITE_MUTATION_KEY }) > 0;
  return (
    <FormDialog
      opened={props.opened}
      title={messages.move.title}
      onClose={props.onClose}
      busy={busy}
    >
      <MoveForm {...props} from={props.turmas[0]!} />
    </FormDialog>
  );
}

function MoveForm({ api, student, from, onDone }: StudentDialogProps & { from: StudentEnrolment }) {
  const messages = useStudentMessages();
  const appMessages = useMessages();
  const { close, busy } = useFormDialog();
  const [initialExpiry] = useState(() => defaultExpiry(new Date()));
  const form = useForm<MoveValues>({
    defaultValues: { to: [], keepExpiry: true, expiry: initialExpiry },
  });
  const keepExpiry = useWatch({ control: form.control, name: 'keepExpiry' });
  const write = useStudentWrite();
  const [state, setState] = useState<MoveState>({ step: 'form', failure: null });
  // The move's two calls (and a settling third) are one run: undone together.
  const [runId] = useState(newRunId);
  const text = messages.move;
  const fromName = visibleName(from.name);
  const warnings = useMoveWarnings(form.control, student, from);

  const remove = (turma: { id: string }) => () =>
    api.removeStudentFromClasses({ email: student.email, classes: [{ id: turma.id }] }, { runId });
  const enrol = (turma: { id: string }, expirationDate: string | null | undefined) => () =>
    api.addStudentToClass(
      turma.id,
      {
        name: visibleName(student.name),
        email: student.email,
        ...(expirationDate == null ? {} : { expirationDate }),
      },
      { runId },
    );

  const submit = useFormSubmit(form, async ({ to: [to], keepExpiry: keep, expiry }) => {
    if (!to) {
      form.setError('to', { type: 'required', message: text.toRequired });
      form.setFocus('to');
      return;
    }
    // Kept: the old turma's expiry, as it is (none stays none).
    const checked = keep
      ? { problem: null, expirationDate: from.expirationDate ?? undefined }
      : checkExpiry(expiry, new Date());
    if (checked.problem !== null) {
      form.setError('expiry', { type: 'validate', message: messages.expiry[checked.problem] });
      form.setFocus('expiry');
      return;
    }
    const { expirationDate } = checked;
    const toName = visibleName(to.name);
    // Read before the writes, which read the student again: a turma they were in already.
    const toBefore = student.classes.find((enrolment) => enrolment.id === to.id);
    try {
      await write.mutateAsync(enrol(to, expirationDate));
    } catch (error) {
      const said = mayHaveBeenMade(error) ? text.enrolUnknown : text.enrolFailed;
      setState({
        step: 'form',
        failure: `${said(fromName, toName)} ${describeApiError(error, appMessages)}`,
      });
      return;
    }
    try {
      await write.mutateAsync(remove(from));
    } catch (error) {
      setState({ step: 'half', to, toBefore, failure: describeApiError(error, appMessages) });
      return;
    }
    onDone(text.done(fromName, toName), runId);
    close();
  });

  if (state.step === 'half') {
    const { toBefore } = state;
    return (
      <HalfMove
        from={from}
        to={state.to}
        alreadyIn={toBefore !== undefined}
        failure={state.failure}
        settle={async (way) => {
          const toName = visibleName(state.to.name);
          // Taken back: out of the new turma, or, in one they were in already, its expiry as
          // it was (none stays none).
          const send =
            way === 'finish'
              ? remove(from)
              : toBefore
                ? enrol(state.to, toBefore.expirationDate)
                : remove(state.to);
          try {
            await write.mutateAsync(send);
          } catch (error) {
            setState({ ...state, failure: describeApiError(error, appMessages) });
            return;
          }
          // Finished, the move is undone as a run; taken back, it left nothing to undo.
          if (way === 'finish') onDone(text.done(fromName, toName), runId);
          else onDone(toBefore ? text.undoneExpiry(toName) : text.undone(toName));
          close();
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {text.from(fromName)}
        </Text>
        <DestinationField form={form} api={api} from={from} disabled={busy} />
        <Controller
          control={form.control}
          name="keepExpiry"
          render={({ field }) => (
            <Checkbox
              ref={field.ref}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              label={text.keepExpiry}
              disabled={busy}
            />
          )}
        />
        {!keepExpiry && <ExpiryFormField form={form} readOnly={busy} />}
        {warnings.length > 0 && (
          <div role="note" aria-label={text.warningsLabel}>
            {warnings.map((warning, index) => (
              <WarningText key={index} warning={warning} typedName={student.name} />
            ))}
          </div>
        )}
        <Text size="sm" c="dimmed">
          {text.steps}
        </Text>
        {state.failure && (
          <Alert color="red" role="alert" title={messages.failed}>
            {state.failure}
          </Alert>
        )}
        <FormDialogActions>
          <SubmitButton busyLabel={text.sending}>{text.submit}</SubmitButton>
        </FormDialogActions>
      </Stack>
    </form>
  );
}

/** Where the student goes: one turma, the dialog's first field. */
function DestinationField({
  form,
  api,
  from,
  disabled,
}: {
  form: UseFormReturn<MoveValues>;
  api: StudentDialogProps['api'];
  from: StudentEnrolment;
  disabled: boolean;
}) {
  const text = useStudentMessages().move;
  // The turma it leaves cannot be where it goes: the move would only take the student out.
  const unavailable = new Map([[from.id, text.fromHere]]);
  return (
    <Controller
      control={form.control}
      name="to"
      render={({ field, fieldState }) => (
        <TurmaPicker
          ref={field.ref}
          api={api}
          label={text.to}
          // One turma to move to: a new pick replaces the last.
          single
          value={field.value}
          onChange={(value) => {
            field.onChange(value);
            form.clearErrors('to');
          }}
          error={fieldState.error?.message}
          disabled={disabled}
          unavailable={unavailable}
          data-autofocus
        />
      )}
    />
  );
}

/**
 * Moved into a turma the student is already in, the enrolment there takes the moved expiry: said
 * before sending, as the enrol form and a roster's copy say it.
 */
function useMoveWarnings(
  control: Control<MoveValues>,
  student: StudentRecord,
  from: StudentEnrolment,
) {
  const [target] = useWatch({ control, name: 'to' });
  const keepExpiry = useWatch({ control, name: 'keepExpiry' });
  const expiry = useWatch({ control, name: 'expiry' });
  if (!target) return [];
  // The typed expiry as it would be sent, or null while it is not one (nothing said yet).
  const typed = checkExpiry(expiry, new Date());
  const chosen = keepExpiry
    ? (from.expirationDate ?? undefined)
    : typed.problem === null
      ? typed.expirationDate
      : null;
  return studentWarnings(student.name, student, [target], chosen).filter(
    (warning) => warning.kind !== 'other-name',
  );
}

/**
 * Enrolled in the new turma, still in the old one: said as it is, with the two ways out (finish
 * the removal from the old turma, or undo the enrolment in the new one).
 */
function HalfMove({
  from,
  to,
  alreadyIn,
  failure,
  settle,
}: {
  from: StudentEnrolment;
  to: ClassSummary;
  /** The student was in the new turma before the move: only its expiry changed. */
  alreadyIn: boolean;
  failure: string;
  /** Finish the removal from the old turma, or take back the enrolment in the new one. */
  settle: (way: 'finish' | 'undo') => Promise<void>;
}) {
  const text = useStudentMessages().move;
  const busy = useIsMutating({ mutationKey: STUDENT_WRITE_MUTATION_KEY }) > 0;
  const fromName = visibleName(from.name);
  const toName = visibleName(to.name);
  return (
    <Stack gap="md">
      <Alert color="red" role="alert" title={text.halfTitle}>
        <Stack gap="xs">
          <Text size="sm">{(alreadyIn ? text.halfAlreadyIn : text.half)(fromName, toName)}</Text>
          <Text size="sm">{failure}</Text>
        </Stack>
      </Alert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" loading={busy} onClick={() => void settle('undo')}>
          {(alreadyIn ? text.undoExpiry : text.undo)(toName)}
        </Button>
        <Button loading={busy} onClick={() => void settle('finish')}>
          {text.finish(fromName)}
        </Button>
      </Group>
    </Stack>
  );
}
