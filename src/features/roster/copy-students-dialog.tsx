import { Alert, Button, Checkbox, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { newRunId, type ApiClient } from '../../api/client';
import { classQueries } from '../../api/class-queries';
import type { ClassSummary } from '#contract';
import type { RosterEntry } from '#contract/extensions';
import { LookupStatus } from '../../components/enrol-warnings/lookup-status';
import { useStartAfterLookup } from '../../components/enrol-warnings/use-start-after-lookup';
import { WarningsSummary, WarningText } from '../../components/enrol-warnings/warnings-summary';
import {
  checkExpiry,
  defaultExpiry,
  expiryToSend,
  type ExpiryValue,
} from '../../components/expiry-field/expiry';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { FormDialogActions, SubmitButton } from '../../components/form-dialog/form-dialog-actions';
import { useDiscardGuard, useFormDialog } from '../../components/form-dialog/form-dialog-context';
import { useFormSubmit } from '../../components/form-dialog/use-form-submit';
import { TurmaPicker } from '../../components/turma-picker/turma-picker';
import { visibleName } from '../../components/visible-name/visible-name';
import { createRunner, runToEnd, type Runner, type RunSnapshot } from '../../lib/batch-run/runner';
import { RunProgress } from '../../lib/batch-run/run-progress';
import { isActive, useRunnerSnapshot } from '../../lib/batch-run/use-runner';
import { downloadCsv, toCsv } from '../../lib/csv-file';
import { localDate } from '../../lib/local-date';
import { useFormats } from '../../i18n/formats';
import { useMessages } from '../../i18n/i18n-context';
import { ExpiryFormField } from './expiry-form-field';
import { useRosterMessages } from './messages';
import classes from './roster.module.css';
import { describeStudentFailure } from './student-outcome';
import { useTravelReview } from './use-travel-review';

export type TravelKind = 'copy' | 'move';

export interface CopyStudentsDialogProps {
  api: Pick<
    ApiClient,
    | 'addStudentToClass'
    | 'removeStudentFromClasses'
    | 'checkHealth'
    | 'getClasses'
    | 'extensions'
    | 'request'
  >;
  kind: TravelKind;
  opened: boolean;
  /** The roster they come from. */
  turma: { id: string; label: string };
  students: readonly RosterEntry[];
  onClose: () => void;
  /** After the run: who is done (the panel unticks them). */
  /** `runId`: the run of the dialog's calls, which the panel's notice can undo; `target`: where. */
  onSettled: (done: readonly RosterEntry[], runId: string, target: ClassSummary) => void;
  /** The page's sign-in, on a 401 (the run pauses until then). */
  onUnauthorized?: (() => void) | undefined;
}

interface TravelForm {
  keep: 'keep' | 'new';
  expiry: ExpiryValue;
}

/**
 * Enrols the chosen students in another turma ("copy": the year's turnover) or moves them there
 * (enrolled in the new one, then removed from this one, per student). Before anything is sent,
 * the bulk review's warnings (who is already in the target and what their expiry there would
 * become, an expiry kept though past), each student warned of can be left out. Then v1 calls
 * only, one or two per student, through the shared batch runner: progress, pause, and each one's
 * outcome, with the outcomes as a CSV file.
 */
export function CopyStudentsDialog(props: CopyStudentsDialogProps) {
  const messages = useRosterMessages().travel;
  const { number } = useFormats();
  const [busy, setBusy] = useState(false);
  // The title counts whom the run sends, as its button and its results do: those left out are not
  // (said by the form, for the students it was opened with).
  const [sending, setSending] = useState<{ of: readonly RosterEntry[]; count: number } | null>(
    null,
  );
  const count = sending?.of === props.students ? sending.count : props.students.length;
  const onSendCount = useCallback(
    (of: readonly RosterEntry[], count: number) => setSending({ of, count }),
    [],
  );
  return (
    <FormDialog
      opened={props.opened}
      title={messages.title(props.kind, count, number.format(count))}
      onClose={props.onClose}
      busy={busy}
    >
      <CopyStudentsForm {...props} onBusy={setBusy} onSendCount={onSendCount} />
    </FormDialog>
  );
}

function CopyStudentsForm({
  api,
  kind,
  turma,
  students,
  onSettled,
  onUnauthorized,
  onBusy,
  onSendCount,
}: CopyStudentsDialogProps & {
  onBusy: (busy: boolean) => void;
  onSendCount: (of: readonly RosterEntry[], count: number) => void;
}) {
  const rosterMessages = useRosterMessages();
  const messages = rosterMessages.travel;
  const formats = useFormats();
  const queryClient = useQueryClient();
  const { close } = useFormDialog();
  const [target, setTarget] = useState<ClassSummary | null>(null);
  const [targetError, setTargetError] = useState<string | null>(null);
  const [opened] = useState(() => defaultExpiry(new Date()));
  const form = useForm<TravelForm>({ defaultValues: { keep: 'keep', expiry: opened } });
  const keep = useWatch({ control: form.control, name: 'keep' });
  const expiry = useWatch({ control: form.control, name: 'expiry' });
  const [runner, setRunner] = useState<Runner | null>(null);
  const snapshot = useRunnerSnapshot(runner);
  // Moves whose enrolment went through but whose removal did not: where each student is now.
  const stillInSource = useRef(new Set<string>());
  useDiscardGuard(useCallback(() => runner === null && target !== null, [runner, target]));

  const forAll = keep === 'new' ? expiryToSend(expiry) : null;
  const review = useTravelReview(api, students, target, (student) =>
    keep === 'keep' ? (student.expirationDate ?? undefined) : forAll,
  );
  const { lookup, sent } = review;
  useEffect(() => onSendCount(students, sent.length), [onSendCount, students, sent.length]);

  /** Sends `sent` through the runner, to its end; the dialog shows the run meanwhile. */
  const run = async () => {
    if (target === null) return;
    const newExpiry = keep === 'new' ? { expirationDate: forAll ?? undefined } : null;
    const where = { targetId: target.id, sourceId: turma.id, runId: newRunId() };
    const send = travelSend(api, kind, where, newExpiry, stillInSource.current);
    const started = createRunner({ items: sent, send, onUnauthorized, probe: api.checkHealth });
    setRunner(started);
    onBusy(true);
    const { results } = await runToEnd(started);
    onBusy(false);
    void queryClient.invalidateQueries({ queryKey: classQueries.all() });
    onSettled(succeeded(sent, results), where.runId, target);
  };
  const afterLookup = useStartAfterLookup(lookup, review.warnedSent, () => void run());

  const submit = useFormSubmit(
    form,
    async ({ expiry }) => {
      if (target === null) {
        setTargetError(messages.targetRequired);
        return;
      }
      if (keep === 'new') {
        const checked = checkExpiry(expiry, new Date());
        if (checked.problem !== null) {
          form.setError('expiry', {
            type: 'validate',
            message: rosterMessages.expiryChange[checked.problem],
          });
          form.setFocus('expiry');
          return;
        }
      }
      // Sent once the lookup is over, unless it finds warnings not shown yet.
      if (lookup.state === 'looking') afterLookup.startWhenDone();
      else await run();
    },
    sent.length === 0,
  );

  const outcomeOf = useOutcomeWords(kind, turma, target, snapshot, stillInSource);
  if (runner && snapshot) {
    return (
      <TravelRun
        runner={runner}
        snapshot={snapshot}
        students={sent}
        kind={kind}
        outcomeOf={outcomeOf}
        onClose={close}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{messages.from(turma.label)}</Text>
        <TurmaPicker
          api={api}
          // One turma to go to: a pick replaces the last and closes the list, so the choices below
          // do not move under the pointer (the move dialog's lost click); the field to fill first.
          single
          data-autofocus
          value={target ? [target] : []}
          onChange={(value) => {
            setTargetError(null);
            setTarget(value.at(-1) ?? null);
          }}
          unavailable={new Map([[turma.id, messages.thisTurma]])}
          label={messages.target}
          error={targetError}
        />
        <Controller
          control={form.control}
          name="keep"
          render={({ field }) => (
            <Radio.Group label={messages.expiryLabel} value={field.value} onChange={field.onChange}>
              <Stack gap="xs" mt="xs">
                <Radio value="keep" label={messages.keepExpiry} />
                <Radio value="new" label={messages.newExpiry} />
              </Stack>
            </Radio.Group>
          )}
        />
        {keep === 'new' && (
          <ExpiryFormField control={form.control} clearErrors={form.clearErrors} />
        )}
        {kind === 'move' && (
          <Alert color="yellow" p="xs">
            <Text size="sm">{messages.moveNote(turma.label)}</Text>
          </Alert>
        )}
        {target !== null && (
          <TravelReview students={students} review={review} waiting={afterLookup.waiting} />
        )}
        <FormDialogActions>
          <SubmitButton busyLabel={messages.sending} blocked={sent.length === 0}>
            {sent.length === 0
              ? messages.noneToSend
              : messages.submit(kind, sent.length, formats.number.format(sent.length))}
          </SubmitButton>
        </FormDialogActions>
      </Stack>
    </form>
  );
}

/**
 * The lookup's state and the students warned of, each with what they are warned of and a box to
 * leave them out: a student warned of is sent as they are unless left out (the bulk review's rule).
 */
function TravelReview({
  students: all,
  review: { lookup, warnings, leftOut, leaveOut: onLeaveOut },
  waiting,
}: {
  students: readonly RosterEntry[];
  review: ReturnType<typeof useTravelReview>;
  /** A start waits for the lookup. */
  waiting: boolean;
}) {
  const messages = useRosterMessages().travel;
  const status = <LookupStatus lookup={lookup} startWhenDone={waiting} text={messages.lookup} />;
  if (warnings.size === 0) return status;
  const students = all.filter((student) => warnings.has(student.email));
  const emails = students.map((student) => student.email);
  const included = emails.filter((email) => !leftOut.has(email));
  return (
    <Stack gap="xs">
      {status}
      <WarningsSummary warnings={included.map((email) => warnings.get(email) ?? [])} />
      <Group justify="space-between">
        <Title order={3} size="h5">
          {messages.warnedTitle}
        </Title>
        {included.length > 0 ? (
          <Button variant="default" size="xs" onClick={() => onLeaveOut(included, true)}>
            {messages.leaveOutWarned}
          </Button>
        ) : (
          <Button variant="default" size="xs" onClick={() => onLeaveOut(emails, false)}>
            {messages.includeWarned}
          </Button>
        )}
      </Group>
      <Text size="sm">{messages.warnedHint}</Text>
      <ul aria-label={messages.warnedTitle} className={classes.travelOutcomes}>
        {students.map((student) => (
          <li key={student.email}>
            <Text size="sm" fw={500}>
              {visibleName(student.name)} ({student.email})
            </Text>
            {(warnings.get(student.email) ?? []).map((warning) => (
              <WarningText
                key={warning.kind + ('turma' in warning ? warning.turma.id : '')}
                warning={warning}
                typedName={student.name}
              />
            ))}
            <Checkbox
              mt={4}
              label={messages.leaveOut(visibleName(student.name))}
              checked={leftOut.has(student.email)}
              onChange={(event) => onLeaveOut([student.email], event.currentTarget.checked)}
            />
          </li>
        ))}
      </ul>
    </Stack>
  );
}

/** Each student's outcome in words, as the list and the outcomes' file say it. */
function useOutcomeWords(
  kind: TravelKind,
  turma: { label: string },
  target: ClassSummary | null,
  snapshot: RunSnapshot | null,
  stillInSource: { readonly current: ReadonlySet<string> },
) {
  const rosterMessages = useRosterMessages();
  const messages = rosterMessages.travel;
  const appMessages = useMessages();
  return (student: RosterEntry, index: number): string => {
    const result = snapshot?.results[index];
    const where = target?.name ?? '';
    if (!result || result.state === 'pending') return messages.pending;
    if (result.state === 'succeeded') return messages.done(kind, where);
    if (result.state === 'not-sent') return messages.notSent;
    if (stillInSource.current.has(student.email)) return messages.stillInBoth(where, turma.label);
    return describeStudentFailure(result.error, rosterMessages, appMessages).reason;
  };
}

/** The students whose calls all went through. */
function succeeded(students: readonly RosterEntry[], results: RunSnapshot['results']) {
  return students.filter((_, index) => results[index]?.state === 'succeeded');
}

/**
 * One student's calls: enrolled in the target (their own expiry, or `newExpiry` for all);
 * for a move, then removed from `sourceId`. `stillInSource` holds who is in both meanwhile, and
 * stays holding them when the removal failed. Every call of the dialog goes with `runId` (the
 * audit extension's run), a move's enrolment and removal alike: undone as one.
 */
function travelSend(
  api: Pick<ApiClient, 'addStudentToClass' | 'removeStudentFromClasses'>,
  kind: TravelKind,
  { targetId, sourceId, runId }: { targetId: string; sourceId: string; runId: string },
  newExpiry: { expirationDate: string | undefined } | null,
  stillInSource: Set<string>,
) {
  const options = { runId };
  return async (student: RosterEntry) => {
    const when = newExpiry ? newExpiry.expirationDate : (student.expirationDate ?? undefined);
    await api.addStudentToClass(
      targetId,
      {
        name: visibleName(student.name),
        email: student.email,
        ...(when === undefined ? {} : { expirationDate: when }),
      },
      options,
    );
    if (kind === 'copy') return;
    stillInSource.add(student.email);
    await api.removeStudentFromClasses(
      { email: student.email, classes: [{ id: sourceId }] },
      options,
    );
    stillInSource.delete(student.email);
  };
}

/** The run under way or over: progress, pause, each student's outcome and the outcomes' file. */
function TravelRun({
  runner,
  snapshot,
  students,
  kind,
  outcomeOf,
  onClose,
}: {
  runner: Runner;
  snapshot: RunSnapshot;
  students: readonly RosterEntry[];
  kind: TravelKind;
  outcomeOf: (student: RosterEntry, index: number) => string;
  onClose: () => void;
}) {
  const rosterMessages = useRosterMessages();
  const messages = rosterMessages.travel;
  const formats = useFormats();
  // The same formula-safe writer as the bulk results.
  const onSave = () =>
    downloadCsv(
      messages.fileName(kind, localDate(new Date())),
      toCsv(
        messages.csvHeader,
        students.map((student, index) => [student.name, student.email, outcomeOf(student, index)]),
        formats.csvDelimiter,
      ),
    );
  const running = isActive(snapshot);
  // The form and its send button are gone: focus goes to the run's first control (the bulk run's
  // way), not to the page's body, where Escape and Tab would start from nowhere in the dialog.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = root.current;
    if (!node || node.contains(document.activeElement)) return;
    node.querySelector<HTMLElement>('button:not(:disabled)')?.focus();
  }, []);
  return (
    <Stack gap="md" ref={root}>
      {running ? (
        <RunProgress snapshot={snapshot} runner={runner} />
      ) : (
        <RunFinished
          text={messages.finished(
            formats.number.format(snapshot.succeeded),
            formats.number.format(snapshot.total - snapshot.succeeded),
          )}
        />
      )}
      <ul aria-label={rosterMessages.outcome.listLabel} className={classes.travelOutcomes}>
        {students.map((student, index) => (
          <li key={student.email}>
            <Text size="sm" span fw={500}>
              {visibleName(student.name)}
            </Text>{' '}
            <Text size="sm" span>
              ({student.email}): {outcomeOf(student, index)}
            </Text>
          </li>
        ))}
      </ul>
      {!running && (
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onSave}>
            {messages.saveOutcomes}
          </Button>
          <Button onClick={onClose}>{rosterMessages.outcome.done}</Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * What the run did, once it is over. It takes the focus (the run's controls it was on are gone)
 * and so is read out: "each new summary takes the focus", as the roster's other dialogs do.
 */
function RunFinished({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Text ref={ref} tabIndex={-1} size="sm" fw={600} role="status">
      {text}
    </Text>
  );
}
