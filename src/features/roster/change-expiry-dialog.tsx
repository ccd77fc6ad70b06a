import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import { useCallback, useRef, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { checkExpiry, defaultExpiry, type ExpiryValue } from '../../components/expiry-field/expiry';
import { ExpiryCell } from '../../components/expiry-status/expiry-cell';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { FormDialogActions, SubmitButton } from '../../components/form-dialog/form-dialog-actions';
import { useDiscardGuard, useFormDialog } from '../../components/form-dialog/form-dialog-context';
import { useFormSubmit } from '../../components/form-dialog/use-form-submit';
import { visibleName } from '../../components/visible-name/visible-name';
import { useFormats } from '../../i18n/formats';
import { RunProgress } from '../../lib/batch-run/run-progress';
import { ExpiryFormField } from './expiry-form-field';
import { useRosterMessages } from './messages';
import type { RosterDialogProps } from './remove-students-dialog';
import { RunSummary, StudentList } from './student-list';
import { failedCount, ROSTER_WRITE_MUTATION_KEY, useStudentRun } from './use-student-run';

/**
 * Gives the ticked students of this turma a new expiry. The API has no call for it: enrolling an
 * enrolled student again sets the expiry it is sent, so each is enrolled again with their own
 * name and e-mail. That replaces whatever they had, a longer expiry or none, and the dialog says
 * so before anything is sent, with each one's current expiry beside their name.
 */
export function ChangeExpiryDialog(props: RosterDialogProps) {
  const messages = useRosterMessages();
  const { number } = useFormats();
  // Paused, a run has nothing in flight, and is still under way.
  const [running, setRunning] = useState(false);
  const busy = useIsMutating({ mutationKey: ROSTER_WRITE_MUTATION_KEY }) > 0 || running;
  const count = props.students.length;
  return (
    <FormDialog
      opened={props.opened}
      title={messages.expiryChange.title(count, number.format(count))}
      onClose={props.onClose}
      busy={busy}
    >
      <ChangeExpiryForm {...props} onRunning={setRunning} />
    </FormDialog>
  );
}

function ChangeExpiryForm({
  api,
  turma,
  students,
  onSettled,
  onRunning,
}: RosterDialogProps & { onRunning: (running: boolean) => void }) {
  const messages = useRosterMessages();
  const formats = useFormats();
  const { close, busy } = useFormDialog();
  const [opened] = useState(() => ({ now: new Date(), expiry: defaultExpiry(new Date()) }));
  const form = useForm<{ expiry: ExpiryValue }>({ defaultValues: { expiry: opened.expiry } });
  // What the run sends, set on submit; a retry sends the same, whatever the field shows since.
  const sent = useRef<{ expirationDate: string | undefined }>({ expirationDate: undefined });
  const { outcomes, run, progress, runId } = useStudentRun((student, options) => {
    const { expirationDate } = sent.current;
    return api.addStudentToClass(
      turma.id,
      {
        // The server keeps an existing student's name; a name stored before the contract refused
        // its characters would make the body a 400, so it goes as shown.
        name: visibleName(student.name),
        email: student.email,
        ...(expirationDate === undefined ? {} : { expirationDate }),
      },
      options,
    );
  });
  const running = progress !== null;
  useEffect(() => onRunning(running), [onRunning, running]);
  const [runs, setRuns] = useState(0);
  const ran = runs > 0;
  useDiscardGuard(
    useCallback(() => {
      const { expiry } = form.getValues();
      return !ran && (expiry.noExpiry !== opened.expiry.noExpiry || expiry.at !== opened.expiry.at);
    }, [form, ran, opened]),
  );

  const retryable = students.filter((student) => {
    const outcome = outcomes.get(student.email);
    return outcome?.status === 'failed' && outcome.retry;
  });
  const toSend = ran ? retryable : students;

  const submit = useFormSubmit(
    form,
    async ({ expiry }) => {
      if (!ran) {
        const checked = checkExpiry(expiry, new Date());
        if (checked.problem !== null) {
          form.setError('expiry', {
            type: 'validate',
            message: messages.expiryChange[checked.problem],
          });
          form.setFocus('expiry');
          return;
        }
        sent.current = { expirationDate: checked.expirationDate };
      }
      const result = await run(toSend);
      setRuns((count) => count + 1);
      onSettled(
        toSend.filter((student) => result.get(student.email)?.status === 'done'),
        runId,
      );
      if (students.every((student) => result.get(student.email)?.status === 'done')) close();
    },
    toSend.length === 0,
  );

  const failed = failedCount(students, outcomes);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {messages.expiryChange.in(turma.label)}
        </Text>
        {progress && <RunProgress snapshot={progress.snapshot} runner={progress.runner} />}
        <StudentList
          label={messages.expiryChange.listLabel}
          students={students}
          outcomes={outcomes}
          doneLabel={messages.outcome.changed}
          detail={(student) => (
            <>
              {messages.expiryChange.current}{' '}
              <ExpiryCell
                expirationDate={student.expirationDate}
                now={opened.now}
                formats={formats}
              />
            </>
          )}
        />
        <Alert color="yellow" p="xs">
          <Text size="sm" fw={500}>
            {messages.expiryChange.replaces}
          </Text>
        </Alert>
        {!ran && (
          <ExpiryFormField
            control={form.control}
            clearErrors={form.clearErrors}
            readOnly={busy}
            forEnrolled
            // What the dialog is for: it opens there, not on the ✕ before the list.
            focusOnOpen
          />
        )}
        {ran && failed > 0 && (
          <RunSummary
            key={runs}
            text={messages.outcome.someFailed(failed, formats.number.format(failed))}
          />
        )}
        {ran ? (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {messages.outcome.done}
            </Button>
            {retryable.length > 0 && (
              <SubmitButton busyLabel={messages.expiryChange.sending}>
                {messages.outcome.retryFailed(
                  retryable.length,
                  formats.number.format(retryable.length),
                )}
              </SubmitButton>
            )}
          </Group>
        ) : (
          <FormDialogActions>
            <SubmitButton busyLabel={messages.expiryChange.sending}>
              {messages.expiryChange.submit}
            </SubmitButton>
          </FormDialogActions>
        )}
      </Stack>
    </form>
  );
}
