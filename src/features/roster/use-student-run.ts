import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { classQueries } from '../../api/class-queries';
import type { RosterEntry } from '#contract';
import { useMessages } from '../../i18n/i18n-context';
import { useRosterMessages } from './messages';
import { describeStudentFailure, isSessionFailure, type StudentOutcome } from './student-outcome';

/** Lets the dialog around a run know it is on its way (it must not close meanwhile). */
export const ROSTER_WRITE_MUTATION_KEY = ['roster-write'] as const;

/** As the bulk runner: a few at a time, so a long list is quick and the server is not flooded. */
const CONCURRENCY = 4;

export type Outcomes = ReadonlyMap<string, StudentOutcome>;

/** How many of `students` the last run could not do (or cannot say it did). */
export function failedCount(students: readonly RosterEntry[], outcomes: Outcomes): number {
  return students.filter((student) => outcomes.get(student.email)?.status === 'failed').length;
}

/**
 * One call per student (`send`: remove from the turma, or enrol again with a new expiry), a few at
 * a time, each with its own outcome, as the API has no call for several students at once. Each
 * call is a mutation of its own, so a 401 reaches the app's session handling like any other; once
 * one has come, the calls not yet sent are not sent (they would fail the same way) and say so.
 * Afterwards every turma list and roster is refetched when anything may have changed.
 */
export function useStudentRun(send: (student: RosterEntry) => Promise<unknown>) {
  const messages = useRosterMessages();
  const appMessages = useMessages();
  const queryClient = useQueryClient();
  const { mutateAsync } = useMutation({ mutationKey: ROSTER_WRITE_MUTATION_KEY, mutationFn: send });
  const [outcomes, setOutcomes] = useState<Outcomes>(() => new Map());

  const run = useCallback(
    async (students: readonly RosterEntry[]): Promise<Outcomes> => {
      const next = new Map(outcomes);
      const update = (email: string, outcome: StudentOutcome) => {
        next.set(email, outcome);
        setOutcomes(new Map(next));
      };
      for (const student of students) next.set(student.email, { status: 'waiting' });
      setOutcomes(new Map(next));

      // Written by the workers below: an object, so the reads after them are not narrowed away.
      const run = { sessionLost: false, changed: false };
      const queue = [...students];
      const worker = async () => {
        for (let student = queue.shift(); student; student = queue.shift()) {
          if (run.sessionLost) {
            update(student.email, {
              status: 'failed',
              unknown: false,
              retry: true,
              reason: messages.outcome.sessionExpired,
            });
            continue;
          }
          update(student.email, { status: 'sending' });
          try {
            await mutateAsync(student);
            run.changed = true;
            update(student.email, { status: 'done' });
          } catch (error) {
            if (isSessionFailure(error)) run.sessionLost = true;
            const failure = describeStudentFailure(error, messages, appMessages);
            if (failure.unknown) run.changed = true;
            update(student.email, failure);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, students.length) }, worker));
      // Not awaited: the outcome shows at once, the lists catch up when they arrive.
      if (run.changed) void queryClient.invalidateQueries({ queryKey: classQueries.all() });
      return next;
    },
    [outcomes, mutateAsync, messages, appMessages, queryClient],
  );

  return { outcomes, run };
}
