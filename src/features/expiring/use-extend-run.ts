import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ExpiringEnrolment } from '#contract/extensions';
import { newRunId, type ApiClient } from '../../api/client';
import { classQueries } from '../../api/class-queries';
import { visibleName } from '../../components/visible-name/visible-name';
import { createRunner, runToEnd, type Runner } from '../../lib/batch-run/runner';
import { isActive, useRunnerSnapshot } from '../../lib/batch-run/use-runner';

/** An enrolment not extended, and why: what the server answered, or none (not sent). */
export interface NotExtended {
  row: ExpiringEnrolment;
  error: unknown;
}

export interface ExtendOutcome {
  extended: number;
  failed: readonly NotExtended[];
  /** The run its calls shared (the audit extension's): undone as one from History or its notice. */
  runId: string;
}

/**
 * Sets a new expiry on the chosen enrolments with the v1 enrol write (the API has no other): one
 * call for one, the shared batch runner for several (a few at a time, retries, pause and resume,
 * a pause on 401 or an outage), all under one run id. Every turma list, roster and this view are
 * refetched afterwards. `progress` is the runner and its state while a run of several is on; the
 * outcome is `extend`'s answer, for the view to say: it outlives the form.
 */
export function useExtendRun(
  api: Pick<ApiClient, 'addStudentToClass' | 'checkHealth'>,
  onUnauthorized: () => void,
) {
  const queryClient = useQueryClient();
  const [runner, setRunner] = useState<Runner | null>(null);
  const snapshot = useRunnerSnapshot(runner);

  const extend = useCallback(
    async (rows: readonly ExpiringEnrolment[], expirationDate: string | undefined) => {
      const runId = newRunId();
      const send = (row: ExpiringEnrolment) =>
        api.addStudentToClass(
          row.class.id,
          {
            // The server keeps an existing student's name; it goes as shown.
            name: visibleName(row.student.name),
            email: row.student.email,
            ...(expirationDate === undefined ? {} : { expirationDate }),
          },
          { runId },
        );
      let result: ExtendOutcome;
      if (rows.length === 1) {
        const row = rows[0]!;
        result = await send(row).then(
          () => ({ extended: 1, failed: [], runId }),
          (error: unknown) => ({ extended: 0, failed: [{ row, error }], runId }),
        );
      } else {
        const started = createRunner({
          items: rows,
          send,
          onUnauthorized,
          probe: () => api.checkHealth(),
        });
        setRunner(started);
        const end = await runToEnd(started);
        const failed = rows.flatMap((row, at) => {
          const { state, error } = end.results[at]!;
          return state === 'succeeded' ? [] : [{ row, error }];
        });
        result = { extended: end.succeeded, failed, runId };
        setRunner(null);
      }
      void queryClient.invalidateQueries({ queryKey: classQueries.all() });
      return result;
    },
    [api, onUnauthorized, queryClient],
  );

  const progress = runner && snapshot && isActive(snapshot) ? { runner, snapshot } : null;
  return { extend, progress };
}
