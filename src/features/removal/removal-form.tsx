import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { ApiClient } from '../../api/client';
import type { ClassSummary } from '#contract';
import { useDiscardGuard, useFormDialog } from '../../components/form-dialog/form-dialog-context';
import { FormDialogActions, SubmitButton } from '../../components/form-dialog/form-dialog-actions';
import { FailureNotice } from '../../components/form-dialog/failure-notice';
import { showFieldErrors } from '../../components/form-dialog/form-failure';
import { useFailureAlert } from '../../components/form-dialog/use-failure-alert';
import { useFormSubmit } from '../../components/form-dialog/use-form-submit';
import { TurmaPicker } from '../../components/turma-picker/turma-picker';
import { useFormats } from '../../i18n/formats';
import { useLocale, useMessages } from '../../i18n/i18n-context';
import { confirmationState, type ConfirmationState } from './confirmation';
import { formatTurmaNames } from './format-turma-names';
import { useRemovalMessages, type RemovalMessages } from './messages';
import classes from './removal-form.module.css';
import { describeRemovalFailure } from './removal-failure';
import {
  createRemovalSchema,
  hasUnsentChanges,
  type RemovalFormValues,
  type ValidRemoval,
} from './removal-schema';
import { useRemoveStudent } from './use-remove-student';

/** Both e-mail fields: nothing suggested or corrected, as the two must be compared exactly. */
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
  const { close, busy } = useFormDialog();
  const removal = useRemoveStudent(api);
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
  const [email, confirmation] = useWatch({
    control: form.control,
    name: ['email', 'confirmation'],
  });
  const confirmed = confirmationState(confirmation, email);
  useDiscardGuard(useCallback(() => hasUnsentChanges(form.getValues(), turmas), [form, turmas]));

  const submit = useFormSubmit(
    form,
    async ({ email: student, turmas: chosen }) => {
      setAlert(null);
      try {
        await removal.mutateAsync({ email: student, classes: chosen.map(({ id }) => ({ id })) });
      } catch (error) {
        const failure = describeRemovalFailure(error, chosen, messages, appMessages, locale);
        // The schema now refuses them too, so the error stays until they are off the list.
        if (failure.unknownTurmaIds) setUnknownTurmaIds(failure.unknownTurmaIds);
        showFieldErrors(form, failure.fields);
        setAlert(failure.alert ?? null);
        return;
      }
      notifications.show({
        color: 'teal',
        icon: <IconCheck aria-hidden size={18} />,
        title: messages.outcome.removedTitle(
          student,
          chosen.length,
          formats.number.format(chosen.length),
        ),
        message: messages.outcome.removedTurmas(
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
      close();
    },
    confirmed !== 'match',
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          {...form.register('email')}
          label={messages.emailLabel}
          {...AN_EMAIL_TYPED_BY_HAND}
          error={form.formState.errors.email?.message}
          readOnly={busy}
          data-autofocus
        />
        <Controller
          control={form.control}
          name="turmas"
          render={({ field, fieldState }) => (
            <TurmaPicker
              // The picker's search field: where focus goes to report a problem with the turmas.
              ref={field.ref}
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
              disabled={busy}
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
          {...AN_EMAIL_TYPED_BY_HAND}
          // Red and aria-invalid on a mismatch; the words are in the status below, which is
          // always there so screen readers announce it as it changes.
          error={confirmed === 'mismatch'}
          inputWrapperOrder={['label', 'input', 'description']}
          description={<ConfirmationStatus state={confirmed} messages={messages} />}
          descriptionProps={{ 'aria-live': 'polite' }}
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
