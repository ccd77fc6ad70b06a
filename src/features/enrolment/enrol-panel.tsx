import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { Controller, useForm, useFormState, useWatch, type UseFormRegister } from 'react-hook-form';
import type { ApiClient } from '../../api/client';
import type { ClassSummary } from '#contract';
import { ExpiryField } from '../../components/expiry-field/expiry-field';
import { TurmaPicker } from '../../components/turma-picker/turma-picker';
import { useFormats } from '../../i18n/formats';
import { useLocale, useMessages } from '../../i18n/i18n-context';
import {
  createEnrolFormSchema,
  hasUnsentChanges,
  initialEnrolValues,
  type EnrolFormControl,
  type EnrolFormValues,
  type EnrolRequest,
} from './enrol-form-schema';
import { describeEnrolled } from './describe-enrolled';
import { EnrolSuccess, type Enrolled } from './enrol-success';
import {
  describeEnrolmentFailure,
  type FailureAlert,
  type FailureField,
} from './enrolment-failure';
import { useEnrolmentMessages } from './messages';
import { useEnrolStudent } from './use-enrol-student';

/** Asked when the dialog wants to close: true lets it close now. */
export type CloseGuard = () => boolean;

interface EnrolPanelProps {
  api: ApiClient;
  turmas: readonly ClassSummary[];
  /** Where the panel tells the dialog whether closing would lose anything. */
  closeGuardRef: RefObject<CloseGuard | null>;
  /** Close as the person asked (Cancel): through the guard. */
  requestClose: () => void;
  /** Close at once: nothing left to lose. */
  close: () => void;
}

/**
 * The enrol dialog's content, mounted each time the dialog opens: the form, then what came of
 * sending it. Fields are small components that each watch their own value, so typing re-renders
 * the field and not the list of (up to 100) turmas.
 */
export function EnrolPanel({ api, turmas, closeGuardRef, requestClose, close }: EnrolPanelProps) {
  const messages = useEnrolmentMessages();
  const appMessages = useMessages();
  const locale = useLocale();
  const resolver = useMemo(
    () => zodResolver(createEnrolFormSchema(messages, locale)),
    [messages, locale],
  );
  const [initialValues] = useState(() => initialEnrolValues(turmas, new Date()));
  /** What "nothing typed" means: the values it opened with, or kept for the next student. */
  const baseline = useRef(initialValues);
  const form = useForm<EnrolFormValues, unknown, EnrolRequest>({
    defaultValues: initialValues,
    resolver,
  });
  const mutation = useEnrolStudent(api);
  const [alert, setAlert] = useState<FailureAlert | null>(null);
  const [enrolled, setEnrolled] = useState<Enrolled | null>(null);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  /** Set before anything else on submit, so a second Enter or click cannot start another. */
  const submitting = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const focusBeforeConfirm = useRef<HTMLElement | null>(null);
  const keepEditingRef = useRef<HTMLButtonElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const focusNameNext = useRef(false);

  const askToDiscard = () => {
    const active = document.activeElement;
    focusBeforeConfirm.current = active instanceof HTMLElement ? active : null;
    setConfirmingDiscard(true);
  };
  const keepEditing = () => {
    setConfirmingDiscard(false);
    const target = focusBeforeConfirm.current;
    // Back where the person was; the Cancel button itself is gone while confirming.
    if (target?.isConnected) target.focus();
    else form.setFocus('name');
  };

  // The dialog asks before closing (Escape, the close button, Cancel): a form with anything
  // typed asks whether to throw it away; asked again while asking, it goes back to editing.
  useEffect(() => {
    closeGuardRef.current = () => {
      if (enrolled) return true;
      if (confirmingDiscard) {
        keepEditing();
        return false;
      }
      if (!hasUnsentChanges(form.getValues(), baseline.current)) return true;
      askToDiscard();
      return false;
    };
    return () => {
      closeGuardRef.current = null;
    };
  });

  useEffect(() => {
    if (confirmingDiscard) keepEditingRef.current?.focus();
  }, [confirmingDiscard]);
  useEffect(() => {
    if (enrolled) successRef.current?.focus();
    else if (focusNameNext.current) {
      focusNameNext.current = false;
      form.setFocus('name');
    }
  }, [enrolled, form]);

  const enrol = async (request: EnrolRequest) => {
    const { classes } = form.getValues();
    setAlert(null);
    try {
      await mutation.mutateAsync(request);
    } catch (error) {
      const failure = describeEnrolmentFailure(error, classes, messages, appMessages);
      if (!mounted.current) {
        // Closed while sending: the form is gone, so the outcome can only be told this way.
        notifications.show({
          color: 'red',
          title: messages.failure.afterClose(request.name),
          message: failure.alert?.text ?? Object.values(failure.fields).join(' '),
        });
        return;
      }
      const fields = Object.entries(failure.fields) as [FailureField, string][];
      fields.forEach(([field, message], index) =>
        form.setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
      // Its errors sit on `expiry.at`, where react-hook-form finds no input to focus: the field
      // is registered whole, as `expiry`.
      if (fields[0]?.[0] === 'expiry.at') form.setFocus('expiry');
      setAlert(failure.alert ?? null);
      return;
    }
    notifications.show({
      color: 'green',
      title: messages.success.title,
      message: describeEnrolled(request.name, classes, messages, locale),
    });
    setEnrolled({ name: request.name, email: request.email, classes, at: request.expirationDate });
  };

  const submit = async (event?: SyntheticEvent) => {
    event?.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    try {
      await form.handleSubmit(enrol)();
    } finally {
      submitting.current = false;
    }
  };

  const enrolAnother = () => {
    const next: EnrolFormValues = { ...form.getValues(), name: '', email: '' };
    form.reset(next);
    baseline.current = next;
    mutation.reset();
    focusNameNext.current = true;
    setEnrolled(null);
  };

  if (enrolled) {
    return (
      <EnrolSuccess
        ref={successRef}
        enrolled={enrolled}
        onEnrolAnother={enrolAnother}
        onClose={close}
      />
    );
  }

  const sending = mutation.isPending;
  return (
    <form noValidate aria-label={messages.title} onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <Text size="sm">{messages.intro}</Text>
        <ClassesField api={api} control={form.control} disabled={sending} />
        <NameField control={form.control} register={form.register} readOnly={sending} />
        <EmailField control={form.control} register={form.register} readOnly={sending} />
        <ExpiryFormField control={form.control} readOnly={sending} />
        {alert && <FailureNotice alert={alert} onRetry={() => void submit()} sending={sending} />}
        {confirmingDiscard ? (
          <DiscardConfirmation
            keepEditingRef={keepEditingRef}
            onKeepEditing={keepEditing}
            onDiscard={close}
          />
        ) : (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={requestClose}>
              {messages.cancel}
            </Button>
            <SubmitButton control={form.control} sending={sending} />
          </Group>
        )}
      </Stack>
    </form>
  );
}

interface FieldProps {
  control: EnrolFormControl;
  register: UseFormRegister<EnrolFormValues>;
  readOnly: boolean;
}

function ClassesField({
  api,
  control,
  disabled,
}: {
  api: ApiClient;
  control: EnrolFormControl;
  disabled: boolean;
}) {
  const messages = useEnrolmentMessages();
  return (
    <Controller
      control={control}
      name="classes"
      render={({ field, fieldState }) => (
        <TurmaPicker
          // The picker's search field: where focus goes to report a problem with the turmas.
          ref={field.ref}
          api={api}
          value={field.value}
          onChange={field.onChange}
          label={messages.turmasLabel}
          error={fieldState.error?.message}
          disabled={disabled}
        />
      )}
    />
  );
}

function NameField({ control, register, readOnly }: FieldProps) {
  const messages = useEnrolmentMessages();
  const { errors } = useFormState({ control, name: 'name' });
  return (
    <TextInput
      {...register('name')}
      label={messages.nameLabel}
      error={errors.name?.message}
      readOnly={readOnly}
      withAsterisk
      autoComplete="off"
      // Where typing starts when the dialog opens: the turmas are usually chosen already.
      data-autofocus
    />
  );
}

function EmailField({ control, register, readOnly }: FieldProps) {
  const messages = useEnrolmentMessages();
  const { errors } = useFormState({ control, name: 'email' });
  const email = useWatch({ control, name: 'email' });
  // As the contract will send it: trimmed and lower-cased (docs/decisions/001).
  const sentAs = email.trim().toLowerCase();
  return (
    <TextInput
      {...register('email')}
      type="email"
      label={messages.emailLabel}
      description={sentAs ? messages.emailSentAs(sentAs) : undefined}
      // The hint reads as a consequence of what was typed: under the field.
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={errors.email?.message}
      readOnly={readOnly}
      withAsterisk
      autoComplete="off"
      spellCheck={false}
      autoCapitalize="none"
    />
  );
}

function ExpiryFormField({ control, readOnly }: { control: EnrolFormControl; readOnly: boolean }) {
  // The schema and the server put expiry errors on `expiry.at`; the controller's own state
  // watches `expiry` exactly and would miss one set there by the server.
  const { errors } = useFormState({ control, name: 'expiry.at' });
  return (
    <Controller
      control={control}
      name="expiry"
      render={({ field }) => (
        <ExpiryField
          // The picker: where a submit that finds the expiry wrong moves focus.
          ref={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={errors.expiry?.at?.message}
          readOnly={readOnly}
        />
      )}
    />
  );
}

function SubmitButton({ control, sending }: { control: EnrolFormControl; sending: boolean }) {
  const messages = useEnrolmentMessages();
  const formats = useFormats();
  const count = useWatch({ control, name: 'classes' }).length;
  return (
    <Button
      type="submit"
      // Not `disabled`: a disabled button drops the focus, and the person would have to find
      // their way back into the dialog. Announced as unavailable; a second submit is ignored.
      data-disabled={sending || undefined}
      aria-disabled={sending || undefined}
      leftSection={sending ? <Loader size="xs" color="currentColor" /> : undefined}
    >
      {sending ? messages.sending : messages.submit(count, formats.number.format(count))}
    </Button>
  );
}

function FailureNotice({
  alert,
  onRetry,
  sending,
}: {
  alert: FailureAlert;
  onRetry: () => void;
  sending: boolean;
}) {
  const messages = useEnrolmentMessages();
  return (
    <Alert color={alert.kind === 'session' ? 'yellow' : 'red'} title={alert.title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{alert.text}</Text>
        {alert.kind === 'retry' && (
          <Button
            size="compact-sm"
            // Not the primary blue: on the red alert it falls below AA contrast (4.14:1).
            variant="default"
            onClick={onRetry}
            data-disabled={sending || undefined}
            aria-disabled={sending || undefined}
          >
            {messages.failure.retry}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

function DiscardConfirmation({
  keepEditingRef,
  onKeepEditing,
  onDiscard,
}: {
  keepEditingRef: RefObject<HTMLButtonElement | null>;
  onKeepEditing: () => void;
  onDiscard: () => void;
}) {
  const messages = useEnrolmentMessages().discard;
  const questionId = useId();
  return (
    <Group role="group" aria-labelledby={questionId} justify="space-between" gap="sm" wrap="wrap">
      <Text id={questionId} fw={600}>
        {messages.question}
      </Text>
      <Group gap="sm">
        <Button ref={keepEditingRef} variant="default" onClick={onKeepEditing}>
          {messages.keepEditing}
        </Button>
        <Button color="red.9" onClick={onDiscard}>
          {messages.confirm}
        </Button>
      </Group>
    </Group>
  );
}
