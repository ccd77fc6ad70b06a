import { Alert, Stack, Text } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { newRunId, type ApiClient } from '../../api/client';
import type { StudentEnrolment, StudentRecord } from '#contract/extensions';
import { checkExpiry, defaultExpiry, type ExpiryValue } from '../../components/expiry-field/expiry';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { useFailureText } from '../../components/form-dialog/use-failure-alert';
import { FormDialogActions, SubmitButton } from '../../components/form-dialog/form-dialog-actions';
import { useFormDialog } from '../../components/form-dialog/form-dialog-context';
import { useFormSubmit } from '../../components/form-dialog/use-form-submit';
import { visibleName } from '../../components/visible-name/visible-name';
import { describeApiError } from '../../i18n/describe-api-error';
import { useFormats } from '../../i18n/formats';
import { useMessages } from '../../i18n/i18n-context';
import { ExpiryFormField } from './expiry-form-field';
import { useStudentMessages } from './messages';
import { turmaNames } from './turma-names';
import { STUDENT_WRITE_MUTATION_KEY, useStudentWrite } from './use-student-write';

export interface StudentDialogProps {
  api: ApiClient;
  opened: boolean;
  student: StudentRecord;
  /** The turmas it acts on, as ticked when it opened. */
  turmas: readonly StudentEnrolment[];
  onClose: () => void;
  /**
   * What was done, for the page to say once the dialog has closed; `runId`, the run its calls
   * shared, when it can be undone as one.
   */
  onDone: (notice: string, runId?: string) => void;
}

/**
 * A new expiry in the chosen turmas. The v1 has no call for it: enrolling the student again sets
 * the expiry sent, in all the turmas at once (one atomic call), replacing whatever was there.
 */
export function ExpiryDialog(props: StudentDialogProps) {
  const messages = useStudentMessages();
  const busy = useIsMutating({ mutationKey: STUDENT_WRITE_MUTATION_KEY }) > 0;
  return (
    <FormDialog
      opened={props.opened}
      title={messages.expiry.title}
      onClose={props.onClose}
      busy={busy}
    >
      <ExpiryForm {...props} />
    </FormDialog>
  );
}

function ExpiryForm({ api, student, turmas, onDone }: StudentDialogProps) {
  const messages = useStudentMessages();
  const appMessages = useMessages();
  const formats = useFormats();
  const { close, busy } = useFormDialog();
  const [initial] = useState(() => defaultExpiry(new Date()));
  const form = useForm<{ expiry: ExpiryValue }>({ defaultValues: { expiry: initial } });
  const write = useStudentWrite();
  const [failure, setFailure] = useFailureText();
  const names = turmaNames(turmas, formats);

  const submit = useFormSubmit(form, async ({ expiry }) => {
    const checked = checkExpiry(expiry, new Date());
    if (checked.problem !== null) {
      form.setError('expiry', { type: 'validate', message: messages.expiry[checked.problem] });
      form.setFocus('expiry');
      return;
    }
    const { expirationDate } = checked;
    setFailure(null);
    // The run the success message's "Desfazer" undoes.
    const runId = newRunId();
    try {
      await write.mutateAsync(() =>
        api.addStudentToClasses(
          {
            name: visibleName(student.name),
            email: student.email,
            classes: turmas.map(({ id }) => ({ id })),
            ...(expirationDate === undefined ? {} : { expirationDate }),
          },
          { runId },
        ),
      );
    } catch (error) {
      setFailure(describeApiError(error, appMessages), error);
      return;
    }
    onDone(messages.expiry.done(names), runId);
    close();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {messages.expiry.in(names)}
        </Text>
        <Alert color="yellow" p="xs">
          <Text size="sm" fw={500}>
            {messages.expiry.replaces}
          </Text>
        </Alert>
        <ExpiryFormField form={form} readOnly={busy} forEnrolled />
        {failure && (
          <Alert color="red" role="alert" title={messages.failed}>
            {failure}
          </Alert>
        )}
        <FormDialogActions>
          <SubmitButton busyLabel={messages.expiry.sending}>{messages.expiry.submit}</SubmitButton>
        </FormDialogActions>
      </Stack>
    </form>
  );
}
