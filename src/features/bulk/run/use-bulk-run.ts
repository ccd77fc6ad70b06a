import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, type Dispatch } from 'react';
import { STUDENTS_BY_EMAIL_EXTENSION, type ClassSummary } from '#contract';
import { newRunId, type ApiClient } from '../../../api/client';
import { classQueries } from '../../../api/class-queries';
import { createRunner } from '../../../lib/batch-run/runner';
import { isActive, useRunnerSnapshot } from '../../../lib/batch-run/use-runner';
import type { BulkAction, Run, RunItem } from '../bulk-state';
import { RETRYABLE, sentReport, withRemovalOutcome, type RowReport } from '../results/outcomes';
import { lineExpiry, type BulkMode } from '../types';
import { createRemovalLookup, type RemovalLookup } from './removal-lookup';

interface BulkRunOptions {
  api: ApiClient;
  /** What a new run does, to which turmas. */
  mode: BulkMode;
  turmas: readonly ClassSummary[];
  /** The run under way or over, if any. */
  run: Run | null;
  dispatch: Dispatch<BulkAction>;
  onUnauthorized: () => void;
  /** Whether a token is in place: a run paused by a 401 resumes when it is again. */
  signedIn: boolean;
}

/**
 * The dialog's run: starting one (one call per student through the batch runner), its progress,
 * the sign-in and the turma counts around it, and the report of every line once it is over.
 */
export function useBulkRun(options: BulkRunOptions) {
  const { api, mode, turmas, run, dispatch, onUnauthorized, signedIn } = options;
  const queryClient = useQueryClient();
  const snapshot = useRunnerSnapshot(run?.runner ?? null);
  const active = isActive(snapshot);

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
      // A removal tells of the student as the run found them, not as the review did minutes before.
      if (run.mode === 'remove') {
        return withRemovalOutcome(report, run.turmas, run.removalLookup?.before.get(item));
      }
      if (item.existing !== undefined) report.existing = item.existing;
      return report;
    });
    return [...run.others, ...sent].sort((a, b) => a.line - b.line);
  }, [run, snapshot, settled]);

  /**
   * Sends `items`; `others` are the lines reported as they stand (held back, or done before). A
   * retry of a run's failed lines keeps its `runId` and its start, and adds its own.
   */
  const begin = useCallback(
    (
      given: RunItem[],
      others: RowReport[],
      retry?: { of: Run; earlier: RemovalLookup['before'] },
    ) => {
      const items = mode === 'enrol' ? given.map(withOwnExpiry) : given;
      const runId = retry?.of.runId ?? newRunId();
      const earlier = retry?.earlier;
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
            return api.addStudentToClasses(
              {
                name: student.name,
                email: student.email,
                classes,
                ...(expirationDate === undefined ? {} : { expirationDate }),
              },
              { runId },
            );
          }
          await removalLookup?.beforeSending(item);
          return api.removeStudentFromClasses({ email: student.email, classes }, { runId });
        },
        onUnauthorized,
        // After an outage the run asks the server's health before sending rows again.
        probe: () => api.checkHealth(),
      });
      const now = new Date();
      const started: Run = {
        mode: runMode,
        items,
        runner,
        others,
        turmas,
        startedAt: retry?.of.startedAt ?? now,
        retriedAt: retry ? [...retry.of.retriedAt, now] : [],
        ...(removalLookup && { removalLookup }),
        runId,
      };
      dispatch({ type: 'started', run: started });
      runner.start();
    },
    [api, mode, turmas, onUnauthorized, dispatch],
  );

  /** Runs the failed and not-sent lines again; the others keep their outcome. */
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
      { of: run, earlier },
    );
  }

  return { snapshot, active, reports, begin, retryFailed };
}

/**
 * An item sent with the expiry its row's own says, its "no expiry" included: the dialog gives a
 * row without a date of its own the batch's (`?? batch`), so a row that says "Sem validade" is
 * set right here, once, and the call, the results and their file all say none.
 */
function withOwnExpiry(item: RunItem): RunItem {
  const student = item.row.student;
  if (!student) return item;
  const expiry = lineExpiry(student, item.expiry);
  return expiry === item.expiry ? item : { ...item, expiry };
}
