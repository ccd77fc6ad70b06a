import { Button, Group, Stack, Text } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import { useCallback, useId, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { ApiClient } from '../../api/client';
import type { RosterEntry } from '#contract/extensions';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { FormDialogActions, SubmitButton } from '../../components/form-dialog/form-dialog-actions';
import { useDiscardGuard, useFormDialog } from '../../components/form-dialog/form-dialog-context';
import { useFormSubmit } from '../../components/form-dialog/use-form-submit';
import { CannotUndoWarning } from '../../components/typed-confirmation/cannot-undo-warning';
import {
  confirmationState,
  type Confirmation,
} from '../../components/typed-confirmation/typed-confirmation';
import { TypedConfirmationField } from '../../components/typed-confirmation/typed-confirmation-field';
import { useExtension } from '../../api/use-extension';
import { AUDIT_EXTENSION } from '#contract';
import { useFormats } from '../../i18n/formats';
import { RunProgress } from '../../lib/batch-run/run-progress';
import { useRosterMessages } from './messages';
import { RunSummary, StudentList } from './student-list';
import { failedCount, ROSTER_WRITE_MUTATION_KEY, useStudentRun } from './use-student-run';

export interface RosterDialogProps {
  api: Pick<ApiClient, 'removeStudentFromClasses' | 'addStudentToClass' | 'extensions'>;
  opened: boolean;
  turma: { id: string; label: string };
  /** The students ticked when it opened. */
  students: readonly RosterEntry[];
  onClose: () => void;
  /** After each run: who the server said yes for (the panel unticks them and says so). */
  /** `runId`: the run of the dialog's calls, which the panel's notice can undo. */
  onSettled: (done: readonly RosterEntry[], runId: string) => void;
}

/**
 * Removes the ticked students from this one turma, which the API cannot undo: an alert dialog,
 * its warning the description, sent only once the number of students (or the one student's
 * e-mail) is typed. One call per student; each outcome is shown, and the ones that may pass can
 * be sent again without typing again.
 */
export function RemoveStudentsDialog(props: RosterDialogProps) {
  const messages = useRosterMessages();
  const { number } = useFormats();
  // Paused, a run has nothing in flight, and is still under way.
  const [running, setRunning] = useState(false);
  const busy = useIsMutating({ mutationKey: ROSTER_WRITE_MUTATION_KEY }) > 0 || running;
  const warningId = useId();
  const count = props.students.length;
  return (
    <FormDialog
      opened={props.opened}
      title={messages.remove.title(count, number.format(count))}
      onClose={props.onClose}
      busy={busy}
      alertDescribedBy={warningId}
    >
      <RemoveStudentsForm {...props} warningId={warningId} onRunning={setRunning} />
    </FormDialog>
  );
}

function RemoveStudentsForm({
  api,
  turma,
  students,
  onSettled,
  warningId,
  onRunning,
}: RosterDialogProps & { warningId: string; onRunning: (running: boolean) => void }) {
  const messages = useRosterMessages();
  const { number } = useFormats();
  const { close, busy } = useFormDialog();
  const form = useForm<{ confirmation: string }>({ defaultValues: { confirmation: '' } });
  const confirmation = useWatch({ control: form.control, name: 'confirmation' });
  // One student's e-mail, as the removal dialog asks; several, their number, as the bulk does.
  const single = students.length === 1;
  const undoable = useExtension(api, AUDIT_EXTENSION);
  const expected: Confirmation = single
    ? { kind: 'email', email: students[0]!.email }
    : { kind: 'count', count: students.length };
  const confirmed = confirmationState(confirmation, expected);
  const { outcomes, run, progress, runId } = useStudentRun((student, options) =>
    api.removeStudentFromClasses({ email: student.email, classes: [{ id: turma.id }] }, options),
  );
  // How many runs were made: each new summary takes the focus, and is read out.
  const running = progress !== null;
  useEffect(() => onRunning(running), [onRunning, running]);
  const [runs, setRuns] = useState(0);
  const ran = runs > 0;
  useDiscardGuard(
    useCallback(() => !ran && form.getValues('confirmation').trim() !== '', [form, ran]),
  );

  const retryable = students.filter((student) => {
    const outcome = outcomes.get(student.email);
    return outcome?.status === 'failed' && outcome.retry;
  });
  const toSend = ran ? retryable : students;

  const submit = useFormSubmit(
    form,
    async () => {
      const result = await run(toSend);
      setRuns((count) => count + 1);
      const done = toSend.filter((student) => result.get(student.email)?.status === 'done');
      onSettled(done, runId);
      if (students.every((student) => result.get(student.email)?.status === 'done')) close();
    },
    confirmed !== 'match' || toSend.length === 0,
  );

  const failed = failedCount(students, outcomes);
  const text = messages.remove;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {messages.remove.from(turma.label)}
        </Text>
        {progress && <RunProgress snapshot={progress.snapshot} runner={progress.runner} />}
        <StudentList
          label={messages.remove.listLabel}
          students={students}
          outcomes={outcomes}
          doneLabel={messages.outcome.removed}
        />
        <CannotUndoWarning id={warningId}>
          {undoable ? messages.remove.warningUndoable : messages.remove.warning}
        </CannotUndoWarning>
        {!ran && (
          <TypedConfirmationField
            {...form.register('confirmation')}
            label={
              single
                ? messages.remove.confirmEmail
                : messages.remove.confirmCount(number.format(students.length))
            }
            kind={expected.kind}
            state={confirmed}
            status={
              single
                ? { hint: text.hintEmail, mismatch: text.mismatchEmail, match: text.match }
                : { hint: text.hintCount, mismatch: text.mismatchCount, match: text.match }
            }
            readOnly={busy}
            data-autofocus
          />
        )}
        {ran && failed > 0 && (
          <RunSummary
            key={runs}
            text={messages.outcome.someFailed(failed, number.format(failed))}
          />
        )}
        {ran ? (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {messages.outcome.done}
            </Button>
            {retryable.length > 0 && (
              <SubmitButton color="red.9" busyLabel={messages.remove.sending}>
                {messages.outcome.retryFailed(retryable.length, number.format(retryable.length))}
              </SubmitButton>
            )}
          </Group>
        ) : (
          <FormDialogActions>
            <SubmitButton
              color="red.9"
              blocked={confirmed !== 'match'}
              busyLabel={messages.remove.sending}
            >
              {messages.remove.submit(students.length, number.format(students.length))}
            </SubmitButton>
          </FormDialogActions>
        )}
      </Stack>
    </form>
  );
}
