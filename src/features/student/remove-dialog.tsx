import { Alert, Stack, Text } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { useFailureText } from '../../components/form-dialog/use-failure-alert';
import { FormDialogActions, SubmitButton } from '../../components/form-dialog/form-dialog-actions';
import { useFormDialog } from '../../components/form-dialog/form-dialog-context';
import { useFormSubmit } from '../../components/form-dialog/use-form-submit';
import { CannotUndoWarning } from '../../components/typed-confirmation/cannot-undo-warning';
import { confirmationState } from '../../components/typed-confirmation/typed-confirmation';
import { TypedConfirmationField } from '../../components/typed-confirmation/typed-confirmation-field';
import { describeApiError } from '../../i18n/describe-api-error';
import { useFormats } from '../../i18n/formats';
import { useMessages } from '../../i18n/i18n-context';
import { newRunId } from '../../api/client';
import { useExtension } from '../../api/use-extension';
import { AUDIT_EXTENSION } from '#contract';
import type { StudentDialogProps } from './expiry-dialog';
import { useStudentMessages } from './messages';
import { turmaNames } from './turma-names';
import { STUDENT_WRITE_MUTATION_KEY, useStudentWrite } from './use-student-write';

/**
 * Removes the student from the chosen turmas in one atomic v1 call, which cannot be undone: sent
 * only once the student's e-mail is typed, as the removal form asks.
 */
export function RemoveDialog(props: StudentDialogProps) {
  const messages = useStudentMessages();
  const busy = useIsMutating({ mutationKey: STUDENT_WRITE_MUTATION_KEY }) > 0;
  const warningId = useId();
  return (
    <FormDialog
      opened={props.opened}
      title={messages.remove.title}
      onClose={props.onClose}
      busy={busy}
      alertDescribedBy={warningId}
    >
      <RemoveForm {...props} warningId={warningId} />
    </FormDialog>
  );
}

function RemoveForm({
  api,
  student,
  turmas,
  onDone,
  warningId,
}: StudentDialogProps & { warningId: string }) {
  const messages = useStudentMessages();
  const appMessages = useMessages();
  const formats = useFormats();
  const { close, busy } = useFormDialog();
  const form = useForm<{ confirmation: string }>({ defaultValues: { confirmation: '' } });
  const typed = useWatch({ control: form.control, name: 'confirmation' });
  const confirmed = confirmationState(typed, { kind: 'email', email: student.email });
  const write = useStudentWrite();
  const [failure, setFailure] = useFailureText();
  const names = turmaNames(turmas, formats);
  const text = messages.remove;
  const undoable = useExtension(api, AUDIT_EXTENSION);

  const submit = useFormSubmit(
    form,
    async () => {
      setFailure(null);
      // The run the success message's "Desfazer" undoes.
      const runId = newRunId();
      try {
        await write.mutateAsync(() =>
          api.removeStudentFromClasses(
            { email: student.email, classes: turmas.map(({ id }) => ({ id })) },
            { runId },
          ),
        );
      } catch (error) {
        setFailure(describeApiError(error, appMessages), error);
        return;
      }
      onDone(text.done(names), runId);
      close();
    },
    confirmed !== 'match',
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {text.from(names)}
        </Text>
        <CannotUndoWarning id={warningId}>
          {undoable ? text.warningUndoable : text.warning}
        </CannotUndoWarning>
        <TypedConfirmationField
          {...form.register('confirmation')}
          label={text.confirm}
          kind="email"
          state={confirmed}
          status={{ hint: text.hint, mismatch: text.mismatch, match: text.match }}
          readOnly={busy}
          data-autofocus
        />
        {failure && (
          <Alert color="red" role="alert" title={messages.failed}>
            {failure}
          </Alert>
        )}
        <FormDialogActions>
          <SubmitButton color="red.9" blocked={confirmed !== 'match'} busyLabel={text.sending}>
            {text.submit}
          </SubmitButton>
        </FormDialogActions>
      </Stack>
    </form>
  );
}
