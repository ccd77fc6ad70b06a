import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { ApiClient } from '../../api/client';
import { classQueries } from '../../api/class-queries';
import { STUDENTS_BY_EMAIL_EXTENSION, type ClassSummary } from '#contract';
import { defaultExpiry, expiryToSend } from '../../components/expiry-field/expiry';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { bulkReducer, initialBulkState, type PreviewState, type RunItem } from './bulk-state';
import { InputStep } from './input-step';
import { useBulkMessages } from './messages';
import {
  excludedReport,
  invalidReport,
  RETRYABLE,
  sentReport,
  withRemovalOutcome,
  type RowReport,
} from './outcomes';
import { PreviewStep } from './preview-step';
import { createRemovalLookup, type RemovalLookup } from './removal-lookup';
import type { KnownStudents } from './review-warnings';
import { ResultsStep } from './results-step';
import { RunStep } from './run-step';
import { createRunner } from './runner';
import type { CheckedRow } from './types';
import { isActive, useRunnerSnapshot, useWarnBeforeLeaving } from './use-runner';

export interface BulkDialogProps {
  api: ApiClient;
  opened: boolean;
  /** The turmas to start a new list with (the selection). Read each time it opens. */
  turmas: readonly ClassSummary[];
  onClose: () => void;
  /** A call was refused with 401: the page brings the sign-in gate; the run waits paused. */
  onUnauthorized: () => void;
  /** Whether a token is in place: a run paused by a 401 resumes when it is again. */
  signedIn: boolean;
}

/**
 * Enrols or removes a whole list of students, one call per student: paste or pick the list,
 * review it (every row checked by the contract before anything is sent), run it with progress,
 * pause and cancel, and get a report of every line. The dialog stays mounted once opened, and its
 * state lives here, outside the Modal's content: closing it (when no call is in flight) and
 * opening it again finds the list, the run or its results where they were.
 */
export function BulkDialog({
  api,
  opened,
  turmas: initialTurmas,
  onClose,
  onUnauthorized,
  signedIn,
}: BulkDialogProps) {
  const messages = useBulkMessages();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)');

  const [state, dispatch] = useReducer(bulkReducer, initialTurmas, (selected) =>
    initialBulkState(selected, defaultExpiry(new Date())),
  );
  const { mode, turmas, step } = state;
  const run = step.step === 'run' ? step.run : null;
  const snapshot = useRunnerSnapshot(run?.runner ?? null);
  const active = isActive(snapshot);
  useWarnBeforeLeaving(active);

  // A new list starts from the turmas selected on the page; one under way keeps its own.
  const wasOpened = useRef(false);
  useEffect(() => {
    if (opened && !wasOpened.current && step.step === 'input') {
      dispatch({ type: 'setTurmas', turmas: [...initialTurmas] });
    }
    wasOpened.current = opened;
  }, [opened, initialTurmas, step.step]);

  // Signed in again after a 401: on from where it stopped (the runner never re-sends a success).
  useEffect(() => {
    if (signedIn && snapshot?.status === 'paused' && snapshot.pauseReason === 'unauthorized') {
      run?.runner.resume();
    }
  }, [signedIn, snapshot, run]);

  // The turma counts changed: once, when the run is over, rather than after every student.
  const settled = snapshot?.status === 'finished' || snapshot?.status === 'cancelled';
  useEffect(() => {
    if (settled) void queryClient.invalidateQueries({ queryKey: classQueries.all() });
  }, [settled, queryClient]);

  const reports = useMemo(() => {
    if (!run || !snapshot || !settled) return null;
    const sent = run.items.map((item, index) => {
      const report = sentReport(run.mode, item.row, item.expiry, snapshot.results[index]!);
      if (item.existing !== undefined) report.existing = item.existing;
      return run.mode === 'remove'
        ? withRemovalOutcome(report, run.turmas, run.removalLookup?.before.get(item))
        : report;
    });
    return [...run.others, ...sent].sort((a, b) => a.line - b.line);
  }, [run, snapshot, settled]);

  const begin = useCallback(
    (items: RunItem[], others: RowReport[], earlier?: RemovalLookup['before']) => {
      const classes = turmas.map(({ id }) => ({ id }));
      const runMode = mode;
      // What each student is in, asked just before their removal: the outcome says what it did.
      const removalLookup =
        runMode === 'remove' && api.extensions.has(STUDENTS_BY_EMAIL_EXTENSION)
          ? createRemovalLookup(api, items, earlier)
          : undefined;
      const runner = createRunner<RunItem>({
        items,
        send: async (item) => {
          const student = item.row.student!;
          if (runMode === 'enrol') {
            const expirationDate = item.expiry;
            return api.addStudentToClasses({
              name: student.name,
              email: student.email,
              classes,
              ...(expirationDate === undefined ? {} : { expirationDate }),
            });
          }
          await removalLookup?.beforeSending(item);
          return api.removeStudentFromClasses({ email: student.email, classes });
        },
        onUnauthorized,
        // After an outage the run asks the server's health before sending rows again.
        probe: () => api.checkHealth(),
      });
      const run = {
        mode: runMode,
        items,
        runner,
        others,
        turmas,
        startedAt: new Date(),
        ...(removalLookup && { removalLookup }),
      };
      dispatch({ type: 'started', run });
      runner.start();
    },
    [api, mode, turmas, onUnauthorized],
  );

  /** `checked`: the rows not excluded, as the review judged them; `students`, who it found. */
  function start(
    { rows, excluded }: PreviewState,
    checked: readonly CheckedRow[],
    students: KnownStudents,
  ) {
    const batchExpiry = mode === 'enrol' ? (expiryToSend(state.expiry) ?? undefined) : undefined;
    const items: RunItem[] = [];
    const heldBack = rows.filter((row) => excluded.has(row.line)).map(excludedReport);
    for (const row of checked) {
      if (!row.student) {
        heldBack.push(invalidReport(row));
        continue;
      }
      const item: RunItem = { row, expiry: row.student.expirationDate ?? batchExpiry };
      const existing = students.get(row.student.email);
      if (existing !== undefined) item.existing = existing;
      items.push(item);
    }
    begin(items, heldBack);
  }

  function retryFailed() {
    if (!run || !reports || !snapshot) return;
    const again = new Set(reports.filter((r) => RETRYABLE.has(r.outcome)).map((r) => r.line));
    // A line sent before with no look-up may have been removed then: a look now cannot tell.
    const earlier = new Map(run.removalLookup?.before);
    if (run.mode === 'remove' && !run.removalLookup) {
      run.items.forEach((item, index) => {
        if (snapshot.results[index]!.attempts > 0) earlier.set(item, undefined);
      });
    }
    begin(
      run.items.filter((item) => again.has(item.row.line)),
      reports.filter((report) => !again.has(report.line)),
      earlier,
    );
  }

  function renderStep() {
    switch (step.step) {
      case 'input':
        return (
          <InputStep
            mode={mode}
            onModeChange={(next) => dispatch({ type: 'setMode', mode: next })}
            text={state.pasted}
            onTextChange={(text) => dispatch({ type: 'setText', text })}
            onParsed={(parsed) => dispatch({ type: 'parsed', parsed })}
            onCancel={onClose}
          />
        );
      case 'preview':
        return (
          <PreviewStep
            api={api}
            mode={mode}
            review={step}
            turmas={turmas}
            expiry={state.expiry}
            dispatch={dispatch}
            onStart={(checked, students) => start(step, checked, students)}
          />
        );
      case 'run':
        // The runner's snapshot is there as soon as the run is; the results once it is over.
        if (!snapshot) return null;
        if (!reports) return <RunStep snapshot={snapshot} runner={step.run.runner} />;
        return (
          <ResultsStep
            mode={step.run.mode}
            turmas={step.run.turmas}
            startedAt={step.run.startedAt}
            status={snapshot.status === 'cancelled' ? 'cancelled' : 'finished'}
            reports={reports}
            delimiter={step.parsed.delimiter}
            onRetryFailed={retryFailed}
            onStartOver={() => dispatch({ type: 'startOver', turmas: initialTurmas })}
            onClose={onClose}
          />
        );
    }
  }

  const title = messages.title[run?.mode ?? mode];
  return (
    <FormDialog
      opened={opened}
      title={title}
      onClose={onClose}
      // While calls are in flight the run must be watched (or paused) before leaving it.
      busy={active}
      size="xl"
      fullScreen={phone}
    >
      {renderStep()}
    </FormDialog>
  );
}
