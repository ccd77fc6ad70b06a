import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Controller,
  useForm,
  useFormState,
  useWatch,
  type UseFormRegister,
  type UseFormReturn,
} from 'react-hook-form';
import { UndoWrite } from '../../api/audit-undo-parts';
import { newRunId, type ApiClient } from '../../api/client';
import { normalizedEmail } from '../../api/student-queries';
import { useExtension } from '../../api/use-extension';
import { AUDIT_EXTENSION, emailSchema, ROSTER_EXTENSION, type ClassSummary } from '#contract';
import type { StudentMatch } from '#contract/extensions';
import { ExpiryField } from '../../components/expiry-field/expiry-field';
import { useDiscardGuard, useFormDialog } from '../../components/form-dialog/form-dialog-context';
import { FormDialogActions, SubmitButton } from '../../components/form-dialog/form-dialog-actions';
import { FailureNotice } from '../../components/form-dialog/failure-notice';
import { notifyOutcome } from '../../components/form-dialog/notify-outcome';
import { showFieldErrors } from '../../components/form-dialog/form-failure';
import { useFailureAlert } from '../../components/form-dialog/use-failure-alert';
import { useFormSubmit } from '../../components/form-dialog/use-form-submit';
import { StudentSuggestField } from '../../components/student-suggestions/student-suggest-field';
import { TurmaPicker } from '../../components/turma-picker/turma-picker';
import { visibleName } from '../../components/visible-name/visible-name';
import { useFormats } from '../../i18n/formats';
import { useLocale, useMessages } from '../../i18n/i18n-context';
import { describeEnrolled } from './describe-enrolled';
import {
  createEnrolFormSchema,
  hasUnsentChanges,
  initialEnrolValues,
  type EnrolFormControl,
  type EnrolFormValues,
  type EnrolRequest,
} from './enrolment-schema';
import { describeEnrolmentFailure } from './enrolment-failure';
import { ExistingStudent } from './existing-student';
import { existingTurmaNotes } from './existing-student-lookup';
import { EnrolSuccess, type Enrolled } from './enrolment-success';
import { useEnrolmentMessages } from './messages';
import { findSameNameStudents, sameNameKey } from './same-name-lookup';
import { SameNameQuestion, type SameNameAnswers } from './same-name-question';
import { useEnrolStudent } from './use-enrol-student';

/** A student the form opens with, name and e-mail filled in. */
export interface PrefilledStudent {
  name: string;
  email: string;
}

interface EnrolmentFormProps {
  api: ApiClient;
  turmas: readonly ClassSummary[];
  student?: PrefilledStudent | undefined;
}

/**
 * The enrolment dialog's content, mounted each time the dialog opens: the form, then what came
 * of sending it. Fields are small components that each watch their own value, so typing
 * re-renders the field and not the list of (up to 100) turmas.
 */
export function EnrolmentForm({ api, turmas, student }: EnrolmentFormProps) {
  const messages = useEnrolmentMessages();
  const appMessages = useMessages();
  const locale = useLocale();
  const { busy } = useFormDialog();
  const resolver = useMemo(
    () => zodResolver(createEnrolFormSchema(messages, locale)),
    [messages, locale],
  );
  const [initialValues] = useState(() => ({
    ...initialEnrolValues(turmas, new Date()),
    ...(student && { name: student.name, email: student.email }),
  }));
  /** What "nothing typed" means: the values it opened with, or kept for the next student. */
  const baseline = useRef(initialValues);
  const form = useForm<EnrolFormValues, unknown, EnrolRequest>({
    defaultValues: initialValues,
    resolver,
  });
  const mutation = useEnrolStudent(api);
  const [alert, setAlert] = useFailureAlert();
  const [enrolled, setEnrolled] = useState<Enrolled | null>(null);
  const focusNameNext = useRef(false);
  // With the roster extension, an e-mail already there shows who it is before sending.
  const knowsStudents = useExtension(api, ROSTER_EXTENSION);
  const undoable = useExtension(api, AUDIT_EXTENSION);
  const [existing, setExisting] = useState<StudentMatch | null>(null);
  const queryClient = useQueryClient();
  const [sameName, setSameName] = useState<SameNameAnswers>({ newFor: null, asked: null });
  const { picked, pick, undoPick, setPicked } = usePickedStudent(form, setSameName);

  useDiscardGuard(
    useCallback(
      () => !enrolled && hasUnsentChanges(form.getValues(), baseline.current),
      [enrolled, form],
    ),
  );

  useEffect(() => {
    if (!enrolled && focusNameNext.current) {
      focusNameNext.current = false;
      form.setFocus('name');
    }
  }, [enrolled, form]);

  const submit = useFormSubmit(form, async (request) => {
    const { classes } = form.getValues();
    setAlert(null);
    // "É este aluno?" is answered before a student is created (same-name-lookup.ts).
    const key = sameNameKey(request.name, request.email);
    if (knowsStudents && sameName.newFor !== key) {
      const candidates = await findSameNameStudents(queryClient, api, request.name, request.email);
      if (candidates.length > 0) {
        setSameName((answers) => ({
          ...answers,
          asked: { key, times: (answers.asked?.times ?? 0) + 1 },
        }));
        return;
      }
    }
    const runId = newRunId();
    try {
      await mutation.mutateAsync({ ...request, runId });
    } catch (error) {
      const failure = describeEnrolmentFailure(error, classes, messages, appMessages, locale);
      showFieldErrors(form, failure.fields);
      setAlert(failure.alert ?? null);
      return;
    }
    // A student already registered keeps their name (the form said so): theirs is the one said.
    const name = existing?.email === request.email ? visibleName(existing.name) : request.name;
    notifyOutcome(
      {
        title: messages.success.title,
        message: describeEnrolled(name, classes, messages, locale),
      },
      messages.success.dismiss,
      undoable
        ? (keepOpen) => <UndoWrite api={api} body={{ runId }} onUndone={keepOpen} />
        : undefined,
    );
    setEnrolled({ name, email: request.email, classes, at: request.expirationDate });
  });

  const enrolAnother = () => {
    const next: EnrolFormValues = { ...form.getValues(), name: '', email: '' };
    form.reset(next);
    baseline.current = next;
    mutation.reset();
    setPicked(null);
    setSameName({ newFor: null, asked: null });
    focusNameNext.current = true;
    setEnrolled(null);
  };

  if (enrolled) {
    return <EnrolSuccess enrolled={enrolled} onEnrolAnother={enrolAnother} />;
  }

  return (
    <form noValidate aria-label={messages.title} onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">{messages.intro}</Text>
        <ClassesField
          api={api}
          control={form.control}
          disabled={busy}
          existing={existing}
          opensHere={student !== undefined}
        />
        <NameField
          api={api}
          opensHere={student === undefined}
          suggest={knowsStudents}
          control={form.control}
          register={form.register}
          readOnly={busy}
          onPick={(student) => pick(student, { withName: true })}
        />
        <EmailField control={form.control} register={form.register} readOnly={busy} />
        {picked && <PickedNote control={form.control} picked={picked} onUndo={undoPick} />}
        <ExistingStudent
          api={api}
          control={form.control}
          enabled={knowsStudents}
          onKnown={setExisting}
        />
        <SameNameQuestion
          api={api}
          control={form.control}
          enabled={knowsStudents}
          answers={sameName}
          onPick={(student) => {
            pick(student, { withName: false });
            form.setFocus('email');
          }}
          onNew={(key) => setSameName({ newFor: key, asked: null })}
        />
        <ExpiryFormField control={form.control} readOnly={busy} />
        {alert && <FailureNotice alert={alert} onRetry={() => submit()} />}
        <FormDialogActions>
          <SubmitCount control={form.control} />
        </FormDialogActions>
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
  existing,
  opensHere,
}: {
  api: ApiClient;
  control: EnrolFormControl;
  disabled: boolean;
  /** The student the e-mail belongs to, if known: the turmas they are in are marked. */
  existing: StudentMatch | null;
  /** The student filled in (a student's page): the turmas are what is left to choose. */
  opensHere: boolean;
}) {
  const messages = useEnrolmentMessages();
  const formats = useFormats();
  const notes = useMemo(
    () => existingTurmaNotes(existing, messages, formats),
    [existing, messages, formats],
  );
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
          notes={notes}
          label={messages.turmasLabel}
          error={fieldState.error?.message}
          disabled={disabled}
          data-autofocus={opensHere || undefined}
        />
      )}
    />
  );
}

/**
 * The student's name. With the roster extension it suggests the students the name finds (the
 * shared StudentSuggestField, as the removal form's e-mail): picking one fills their name and
 * e-mail.
 */
function NameField({
  api,
  opensHere,
  suggest,
  control,
  register,
  readOnly,
  onPick,
}: FieldProps & {
  api: ApiClient;
  /** Where typing starts when the dialog opens: the turmas are usually chosen already. */
  opensHere: boolean;
  suggest: boolean;
  onPick: (student: StudentMatch) => void;
}) {
  const messages = useEnrolmentMessages();
  const { errors } = useFormState({ control, name: 'name' });
  const name = useWatch({ control, name: 'name' });
  return (
    <StudentSuggestField
      api={api}
      suggest={suggest}
      text={name}
      registration={register('name')}
      onPick={onPick}
      inputProps={{
        label: messages.nameLabel,
        error: errors.name?.message,
        readOnly,
        withAsterisk: true,
        'data-autofocus': opensHere || undefined,
      }}
    />
  );
}

/** What a pick replaced, so that it can be had back. */
interface Picked {
  student: StudentMatch;
  before: { name: string; email: string };
}

/**
 * A student picked (from the name's suggestions, or the question) fills their e-mail, and name;
 * what that replaced is kept (`picked`) so that nothing typed is lost.
 */
function usePickedStudent(
  form: UseFormReturn<EnrolFormValues, unknown, EnrolRequest>,
  setSameName: (answers: SameNameAnswers) => void,
) {
  const [picked, setPicked] = useState<Picked | null>(null);
  const pick = (student: StudentMatch, { withName }: { withName: boolean }) => {
    const before = { name: form.getValues('name'), email: form.getValues('email') };
    const set = (field: 'name' | 'email', value: string) =>
      form.setValue(field, value, {
        shouldDirty: true,
        // An error shown on the field is judged again; none is raised by picking.
        shouldValidate: form.getFieldState(field).invalid,
      });
    if (withName) set('name', student.name);
    set('email', student.email);
    const replaced =
      (before.email.trim() !== '' && normalizedEmail(before.email) !== student.email) ||
      (withName && before.name.trim() !== '' && before.name !== student.name);
    // What was typed and is now gone can be had back (nothing typed is lost).
    setPicked(replaced ? { student, before } : null);
  };

  const undoPick = (undone: Picked) => {
    form.setValue('name', undone.before.name, { shouldDirty: true });
    form.setValue('email', undone.before.email, { shouldDirty: true });
    // Going back to the typed e-mail answers the question for it.
    setSameName({ newFor: sameNameKey(undone.before.name, undone.before.email), asked: null });
    setPicked(null);
    form.setFocus('email');
  };

  return { picked, pick, undoPick, setPicked };
}

/** "Preenchido com o cadastro de …" and the way back, while the e-mail is still the picked one. */
function PickedNote({
  control,
  picked,
  onUndo,
}: {
  control: EnrolFormControl;
  picked: Picked;
  onUndo: (picked: Picked) => void;
}) {
  const words = useEnrolmentMessages().sameName;
  const email = useWatch({ control, name: 'email' });
  if (normalizedEmail(email) !== picked.student.email) return null;
  return (
    <Group gap="xs">
      <Text size="sm">{words.picked(visibleName(picked.student.name))}</Text>
      <Button size="compact-sm" variant="default" onClick={() => onUndo(picked)}>
        {words.undo}
      </Button>
    </Group>
  );
}

function EmailField({ control, register, readOnly }: FieldProps) {
  const messages = useEnrolmentMessages();
  const { errors } = useFormState({ control, name: 'email' });
  const email = useWatch({ control, name: 'email' });
  // As the contract will send it (trimmed, lower-cased: docs/decisions/001), said only when that
  // differs from what was typed, and never beside a reason the address is refused.
  const sent = emailSchema.safeParse(email);
  const sentAs = sent.success && sent.data !== email && !errors.email ? sent.data : undefined;
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
          // The typed field: where a submit that finds the expiry wrong moves focus.
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

/** The submit button, saying how many turmas the student goes into. */
function SubmitCount({ control }: { control: EnrolFormControl }) {
  const messages = useEnrolmentMessages();
  const formats = useFormats();
  const count = useWatch({ control, name: 'classes' }).length;
  return (
    <SubmitButton busyLabel={messages.sending}>
      {messages.submit(count, formats.number.format(count))}
    </SubmitButton>
  );
}
