import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { classQueries } from '../../api/class-queries';
import { newRunId, type RequestOptions } from '../../api/client';
import type { RosterEntry } from '#contract/extensions';
import { createRunner, runToEnd, type Runner, type RunSnapshot } from '../../lib/batch-run/runner';
import { isActive, useRunnerSnapshot } from '../../lib/batch-run/use-runner';
import { useMessages } from '../../i18n/i18n-context';
import { useRosterMessages } from './messages';
import { describeStudentFailure, type StudentOutcome } from './student-outcome';

/** Lets the dialog around a run know it is on its way (it must not close meanwhile). */
export const ROSTER_WRITE_MUTATION_KEY = ['roster-write'] as const;

export type Outcomes = ReadonlyMap<string, StudentOutcome>;

/** How many of `students` the last run could not do (or cannot say it did). */
export function failedCount(students: readonly RosterEntry[], outcomes: Outcomes): number {
  return students.filter((student) => outcomes.get(student.email)?.status === 'failed').length;
}

/**
 * One call per student (`send`: remove from the turma, or enrol again with a new expiry) through
 * the shared batch runner: a few at a time, progress, pause and resume, a pause on a 401 or an
 * outage, each student with their own outcome. One try each: a call that may have gone through
 * says so and is offered again by the dialog, as before the runner. Each call is a mutation of its
 * own, so a 401 reaches the app's session handling like any other. Afterwards every turma list
 * and roster is refetched when anything may have changed. Every call of the dialog's runs, a
 * retry of its failed students too, goes with one `runId` (the audit extension's run): History
 * and the outcome's "Desfazer" undo it as one.
 */
export function useStudentRun(
  send: (student: RosterEntry, options: Pick<RequestOptions, 'runId'>) => Promise<unknown>,
) {
  const messages = useRosterMessages();
  const appMessages = useMessages();
  const queryClient = useQueryClient();
  const [runId] = useState(newRunId);
  const { mutateAsync } = useMutation({
    mutationKey: ROSTER_WRITE_MUTATION_KEY,
    mutationFn: (student: RosterEntry) => send(student, { runId }),
  });
  const [outcomes, setOutcomes] = useState<Outcomes>(() => new Map());
  const [current, setCurrent] = useState<{
    runner: Runner;
    students: readonly RosterEntry[];
  } | null>(null);
  const snapshot = useRunnerSnapshot(current?.runner ?? null);
  // Who has a call out now: the runner counts them, the list names them.
  const [sending, setSending] = useState<ReadonlySet<string>>(() => new Set());
  const mark = useCallback(
    (email: string, out: boolean) =>
      setSending((now) => {
        const next = new Set(now);
        if (out) next.add(email);
        else next.delete(email);
        return next;
      }),
    [],
  );

  const outcomeOf = useCallback(
    (student: RosterEntry, result: RunSnapshot['results'][number] | undefined): StudentOutcome => {
      if (result?.state === 'succeeded') return { status: 'done' };
      if (result?.state === 'failed')
        return describeStudentFailure(result.error, messages, appMessages);
      if (result?.state === 'not-sent') {
        return { status: 'failed', unknown: false, retry: true, reason: messages.travel.notSent };
      }
      return { status: sending.has(student.email) ? 'sending' : 'waiting' };
    },
    [messages, appMessages, sending],
  );

  const run = useCallback(
    async (students: readonly RosterEntry[]): Promise<Outcomes> => {
      const runner = createRunner({
        items: students,
        send: async (student: RosterEntry) => {
          mark(student.email, true);
          try {
            return await mutateAsync(student);
          } finally {
            mark(student.email, false);
          }
        },
        maxAttempts: 1,
      });
      setCurrent({ runner, students });
      const { results } = await runToEnd(runner);
      const next = new Map(outcomes);
      students.forEach((student, index) =>
        next.set(student.email, outcomeOf(student, results[index])),
      );
      setOutcomes(next);
      setCurrent(null);
      const changed = [...next.values()].some(
        (outcome) => outcome.status === 'done' || (outcome.status === 'failed' && outcome.unknown),
      );
      // Not awaited: the outcome shows at once, the lists catch up when they arrive.
      if (changed) void queryClient.invalidateQueries({ queryKey: classQueries.all() });
      return next;
    },
    [outcomes, outcomeOf, mutateAsync, mark, queryClient],
  );

  // While a run is under way, its students' outcomes come from the runner as they settle.
  let shown = outcomes;
  if (current && snapshot) {
    const live = new Map(outcomes);
    current.students.forEach((student, index) =>
      live.set(student.email, outcomeOf(student, snapshot.results[index])),
    );
    shown = live;
  }
  const progress =
    current && snapshot && isActive(snapshot) ? { runner: current.runner, snapshot } : null;
  return { outcomes: shown, run, progress, runId };
}
