import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { undoByTurma } from '../../api/audit-undo';
import { UndoWrite } from '../../api/audit-undo-parts';
import type { ApiClient } from '../../api/client';
import { AUDIT_EXTENSION, type ClassSummary } from '#contract';
import { defaultExpiry, expiryToSend } from '../../components/expiry-field/expiry';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import {
  bulkReducer,
  initialBulkState,
  type PreviewState,
  type Run,
  type RunItem,
} from './bulk-state';
import { useBulkMessages } from './messages';
import { InputStep } from './parse/input-step';
import { excludedReport, invalidReport, SUCCESS, type RowReport } from './results/outcomes';
import type { RunUndone } from './results/results-csv';
import { ResultsStep } from './results/results-step';
import { PreviewStep } from './review/preview-step';
import type { KnownStudents } from '../../components/enrol-warnings/enrol-warnings';
import { RunStep } from './run/run-step';
import { useBulkRun } from './run/use-bulk-run';
import type { CheckedRow } from './types';

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
  const phone = useMediaQuery('(max-width: 48em)');

  const [state, dispatch] = useReducer(bulkReducer, initialTurmas, (selected) =>
    initialBulkState(selected, defaultExpiry(new Date())),
  );
  const { mode, turmas, step } = state;
  const run = step.step === 'run' ? step.run : null;
  const { snapshot, active, reports, begin, retryFailed } = useBulkRun({
    api,
    mode,
    turmas,
    run,
    dispatch,
    onUnauthorized,
    signedIn,
  });
  const runUndo = useRunUndo(api, run, reports);

  // A new list starts from the turmas selected on the page; one under way keeps its own.
  const wasOpened = useRef(false);
  useEffect(() => {
    if (opened && !wasOpened.current && step.step === 'input') {
      dispatch({ type: 'setTurmas', turmas: [...initialTurmas] });
    }
    wasOpened.current = opened;
  }, [opened, initialTurmas, step.step]);

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
            retriedAt={step.run.retriedAt}
            status={snapshot.status === 'cancelled' ? 'cancelled' : 'finished'}
            reports={reports}
            onRetryFailed={retryFailed}
            onStartOver={() => dispatch({ type: 'startOver', turmas: initialTurmas })}
            onClose={onClose}
            undo={runUndo.button}
            undone={runUndo.undone}
          />
        );
    }
  }

  // A new step replaces the button that led to it: focus goes to the step's start (its summary
  // or title, else its first control that can take it) rather than to the page's body, unless
  // the step has put it somewhere in the dialog itself. A run's first control is "Pausar", as in
  // a roster's copy or move (run-progress.tsx): the key that started the run, pressed again,
  // pauses it and never cancels it.
  const stepRoot = useRef<HTMLDivElement>(null);
  const stepKey = step.step === 'run' && reports ? 'results' : step.step;
  const shownStep = useRef(stepKey);
  useEffect(() => {
    if (shownStep.current === stepKey) return;
    shownStep.current = stepKey;
    const root = stepRoot.current;
    const active = document.activeElement;
    if (!root || (active && active !== document.body && root.contains(active))) return;
    const start =
      root.querySelector<HTMLElement>('[data-step-start]') ??
      root.querySelector<HTMLElement>(
        'button:not(:disabled), input:not(:disabled), textarea:not(:disabled)',
      );
    start?.focus();
  }, [stepKey]);

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
      <div ref={stepRoot}>{renderStep()}</div>
    </FormDialog>
  );
}

/**
 * The results' "Desfazer" for the whole run (asked first: it sets every student done back), and
 * when it set something back, for the results to say their lines are what the run did before.
 */
function useRunUndo(
  api: ApiClient,
  run: Run | null,
  reports: readonly RowReport[] | null,
): { button: ReactNode; undone: RunUndone | null } {
  const [undone, setUndone] = useState<{ run: Run; undone: RunUndone } | null>(null);
  const done = reports?.filter((report) => SUCCESS.has(report.outcome)).length ?? 0;
  if (!run || !api.extensions.has(AUDIT_EXTENSION) || done === 0) {
    return { button: undefined, undone: null };
  }
  return {
    button: (
      <UndoWrite
        api={api}
        body={{ runId: run.runId }}
        students={done}
        onUndone={(answer) => {
          const turmas = answer ? undoByTurma(answer) : [];
          if (turmas.some((turma) => turma.restored > 0)) {
            const notUndone = new Set(turmas.flatMap((turma) => turma.refusedStudents));
            setUndone({ run, undone: { at: new Date(), notUndone: [...notUndone] } });
          }
        }}
      />
    ),
    undone: undone?.run === run ? undone.undone : null,
  };
}
