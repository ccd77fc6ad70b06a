// Loaded with the dialog, not with the first screen (src/app/mantine-styles.ts); the inputs,
// buttons, pills and alerts it also uses are already there.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useIsMutating } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { ApiClient } from '../../api/client';
import type { ClassSummary, RemoveStudentFromClassesBody } from '#contract';
import { TurmaPicker } from '../../components/turma-picker/turma-picker';
import { describeApiError } from '../../i18n/describe-api-error';
import { useFormats } from '../../i18n/formats';
import { useLocale, useMessages } from '../../i18n/i18n-context';
import { confirmationState, type ConfirmationState } from './confirmation';
import { formatTurmaNames } from './format-turma-names';
import { useRemovalMessages, type RemovalMessages } from './messages';
import classes from './removal-dialog.module.css';
import { describeRemovalFailure, type RemovalFailure } from './removal-failure';
import {
  createRemovalSchema,
  unknownTurmasMessage,
  type RemovalFormValues,
  type ValidRemoval,
} from './removal-schema';
import { REMOVE_STUDENT_MUTATION_KEY, useRemoveStudent } from './use-remove-student';
import { useReturnFocus } from '../../lib/use-return-focus';

export interface RemovalDialogProps {
  api: ApiClient;
  opened: boolean;
  /** The turmas to start with: the row's one, or the selection. Read each time it opens. */
  turmas: readonly ClassSummary[];
  onClose: () => void;
}

/**
 * Removes one student from several turmas, which the API cannot undo. An alert dialog that
 * makes the mistake hard (the e-mail typed twice, the turmas named and counted, a warning, a red
 * button that stays disabled until both e-mails match) and the intended removal easy (paste
 * works, case does not matter, the turmas come pre-filled from where it was opened).
 *
 * Keyboard: focus starts in the e-mail; Tab goes e-mail → turmas → confirmation → Cancel →
 * Remove. Escape and Cancel close without sending; Enter sends only once the confirmation
 * matches (before that the form's default button is disabled, and the schema refuses anyway).
 */
export function RemovalDialog({ api, opened, turmas, onClose }: RemovalDialogProps) {
  const messages = useRemovalMessages();
  // Nothing closes the dialog while a removal is on its way: its outcome must be seen.
  const sending = useIsMutating({ mutationKey: REMOVE_STUDENT_MUTATION_KEY }) > 0;
  const warningId = useId();
  useReturnFocus(opened);
  // Mantine's Modal always renders role="dialog" described by its whole body, and has no prop
  // for either. An alert dialog (WAI-ARIA APG) is described by its warning alone; React leaves
  // both attributes alone afterwards because the props it set them from never change, and the
  // body below is not <Modal.Body>, whose mounting would make Mantine set the description.
  const asAlertDialog = useCallback(
    (node: HTMLElement | null) => {
      node?.setAttribute('role', 'alertdialog');
      node?.setAttribute('aria-describedby', warningId);
    },
    [warningId],
  );
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      closeOnEscape={!sending}
      // A stray click beside the dialog must not throw away a half-typed confirmation.
      closeOnClickOutside={false}
      // useReturnFocus does it, also on the first open (see there).
      returnFocus={false}
      size="lg"
    >
      <Modal.Overlay />
      <Modal.Content ref={asAlertDialog}>
        <Modal.Header>
          <Modal.Title fz="xl" fw={700}>
            {messages.title}
          </Modal.Title>
        </Modal.Header>
        {/* Modal.Body's padding, without Modal.Body (see above). */}
        <Box px="md" pb="md">
          <RemovalForm api={api} turmas={turmas} warningId={warningId} onClose={onClose} />
        </Box>
      </Modal.Content>
    </Modal.Root>
  );
}

interface RemovalFormProps {
  api: ApiClient;
  turmas: readonly ClassSummary[];
  /** The warning's id: it describes the whole dialog. */
  warningId: string;
  onClose: () => void;
}

/** Mounted each time the dialog opens (Modal unmounts its content on close): a fresh form. */
function RemovalForm({ api, turmas, warningId, onClose }: RemovalFormProps) {
  const messages = useRemovalMessages();
  const locale = useLocale();
  const formats = useFormats();
  const removal = useRemoveStudent(api);
  // Said by a live region when the news is on a field away from focus (unknown turmas).
  const [announcement, setAnnouncement] = useState('');
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
  const [email, confirmation] = useWatch({
    control: form.control,
    name: ['email', 'confirmation'],
  });
  const confirmed = confirmationState(confirmation, email);
  const submitRef = useRef<HTMLButtonElement>(null);

  const failure = removal.isError
    ? describeRemovalFailure(removal.error, sentIds(removal.variables))
    : null;

  const submit = form.handleSubmit(({ email: student, turmas: chosen }) => {
    const body: RemoveStudentFromClassesBody = {
      email: student,
      classes: chosen.map(({ id }) => ({ id })),
    };
    setAnnouncement('');
    removal.mutate(body, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          icon: <IconCheck aria-hidden size={18} />,
          title: messages.outcome.removedTitle,
          message: messages.outcome.removed(
            student,
            chosen.length,
            formatTurmaNames(
              chosen.map(({ name }) => name),
              locale,
              messages.outcome.more,
            ),
          ),
          // Long enough to read a few turma names; it also stays while hovered.
          autoClose: 8_000,
          closeButtonProps: { 'aria-label': messages.outcome.dismiss },
        });
        onClose();
      },
      onError: (error) => {
        const what = describeRemovalFailure(error, sentIds(body));
        if (what.kind === 'student-not-found') {
          form.setError('email', { type: 'server', message: messages.outcome.studentNotFound });
        } else if (what.kind === 'unknown-turmas') {
          const unknown = new Set(what.ids);
          const message = unknownTurmasMessage(chosen, unknown, messages, locale);
          // The schema now refuses them too, so the error stays until they are off the list.
          setUnknownTurmaIds(unknown);
          form.setError('turmas', { type: 'server', message });
          setAnnouncement(`${messages.outcome.nothingChanged} ${message}`);
        }
      },
    });
  });

  // Where focus goes once an answer has come: the fields were disabled while sending, and a
  // disabled element drops focus. To the e-mail when it is what was wrong (its error is read with
  // it), else back to the button, unless the sign-in dialog has taken focus over this one.
  // Runs once per failed attempt: each failure is a new error object.
  const { error: removalError, variables: sentBody } = removal;
  useEffect(() => {
    if (!removalError) return;
    if (describeRemovalFailure(removalError, sentIds(sentBody)).kind === 'student-not-found') {
      form.setFocus('email');
    } else if (!document.activeElement || document.activeElement === document.body) {
      submitRef.current?.focus();
    }
  }, [removalError, sentBody, form]);

  const sending = removal.isPending;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          {...form.register('email')}
          label={messages.emailLabel}
          type="email"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          required
          // Every field is required: an asterisk would only be read out as part of the label.
          withAsterisk={false}
          error={form.formState.errors.email?.message}
          disabled={sending}
          data-autofocus
        />
        <Controller
          control={form.control}
          name="turmas"
          render={({ field, fieldState }) => (
            <TurmaPicker
              api={api}
              value={field.value}
              // Judged at once: taking the last turma off (or the 101st on) is worth saying now.
              onChange={(next) =>
                form.setValue('turmas', next, { shouldValidate: true, shouldDirty: true })
              }
              label={messages.turmasLabel(
                field.value.length,
                formats.number.format(field.value.length),
              )}
              error={fieldState.error?.message}
              disabled={sending}
            />
          )}
        />
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconAlertTriangle aria-hidden size={20} className={classes.warningIcon} />
          <Text id={warningId} size="sm" fw={500}>
            {messages.warning}
          </Text>
        </Group>
        <TextInput
          {...form.register('confirmation')}
          label={messages.confirmationLabel}
          type="email"
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          required
          withAsterisk={false}
          // Red and aria-invalid on a mismatch; the words are in the status below, which is
          // always there so screen readers announce it as it changes.
          error={confirmed === 'mismatch'}
          inputWrapperOrder={['label', 'input', 'description']}
          description={<ConfirmationStatus state={confirmed} messages={messages} />}
          descriptionProps={{ 'aria-live': 'polite' }}
          disabled={sending}
        />
        {failure && (
          <FailureAlert
            failure={failure}
            error={removal.error}
            messages={messages}
            onRetry={() => void submit()}
          />
        )}
        <VisuallyHidden role="alert">{announcement}</VisuallyHidden>
        {/* Cancel first: the safe choice comes first in reading and tab order. */}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={sending}>
            {messages.cancel}
          </Button>
          <Button
            ref={submitRef}
            type="submit"
            color="red.9"
            disabled={confirmed !== 'match'}
            loading={sending}
          >
            {messages.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function sentIds(body: RemoveStudentFromClassesBody | undefined): string[] {
  return body?.classes.map(({ id }) => id) ?? [];
}

function ConfirmationStatus({
  state,
  messages,
}: {
  state: ConfirmationState;
  messages: RemovalMessages;
}) {
  if (state === 'mismatch') {
    return <span className={classes.mismatch}>{messages.confirmationMismatch}</span>;
  }
  if (state === 'match') {
    return (
      <span className={classes.match}>
        <IconCheck aria-hidden size={14} className={classes.matchIcon} />
        {messages.confirmationMatch}
      </span>
    );
  }
  // Empty, or the start of the e-mail so far: nothing is wrong yet.
  return messages.confirmationHint;
}

interface FailureAlertProps {
  failure: RemovalFailure;
  error: unknown;
  messages: RemovalMessages;
  onRetry: () => void;
}

/** Failures about the request as a whole; those about one field are shown on that field. */
function FailureAlert({ failure, error, messages, onRetry }: FailureAlertProps) {
  const appMessages = useMessages();
  switch (failure.kind) {
    case 'student-not-found':
    case 'unknown-turmas':
      return null;
    case 'session-expired':
      return (
        <Alert color="red" title={messages.outcome.sessionExpiredTitle}>
          {messages.outcome.sessionExpired}
        </Alert>
      );
    case 'rejected':
      return (
        <Alert color="red" title={messages.outcome.rejectedTitle}>
          {`${describeApiError(error, appMessages)} ${messages.outcome.nothingChanged}`}
        </Alert>
      );
    case 'unknown-outcome':
      return (
        <Alert color="red" title={messages.outcome.unknownOutcomeTitle}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {`${describeApiError(error, appMessages)} ${messages.outcome.unknownOutcome}`}
            </Text>
            {/* While it runs, the alert gives way to the Remove button's spinner. */}
            <Button variant="default" onClick={onRetry}>
              {messages.outcome.retry}
            </Button>
          </Stack>
        </Alert>
      );
  }
}
