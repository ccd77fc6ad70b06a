import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { classQueries } from '../../api/class-queries';
import { studentQueries, studentWithEmail } from '../../api/student-queries';
import type { RemoveStudentFromClassesBody } from '#contract';
import type { StudentMatch } from '#contract/extensions';
import { removalOutcome } from './removal-failure';

/** Lets the dialog around the form know a removal is on its way (it must not close meanwhile). */
export const REMOVE_STUDENT_MUTATION_KEY = ['remove-student'] as const;

type RemovalApi = Pick<ApiClient, 'removeStudentFromClasses' | 'request'>;

/**
 * DELETE /classe/remove-student. Turma counts change with it, so every turma list is refetched
 * after a removal, and also after a failure that may have removed anyway (no answer, a server
 * error): the table then shows what the server holds, whichever way it went. Sent again on its
 * own only when the server said it did nothing and when to come back (Retry-After:
 * `retryPolicy`); otherwise sending again is the person's decision, offered by the dialog.
 *
 * With `lookUpStudent` (the roster extension is there), it first asks the server which turmas the
 * student is in, so the outcome can say where they were removed and where they never were: the
 * removal resolves to that student, or undefined when the answer does not tell (then the outcome
 * says only what is sure). That question never stops a removal: it fails quietly, unretried.
 */
export function useRemoveStudent(api: RemovalApi, { lookUpStudent }: { lookUpStudent: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: REMOVE_STUDENT_MUTATION_KEY,
    // `runId`: the audit extension's run, which the success message's "Desfazer" undoes.
    mutationFn: async ({ runId, ...body }: RemoveStudentFromClassesBody & { runId: string }) => {
      const before = lookUpStudent ? await studentBefore(queryClient, api, body.email) : undefined;
      await api.removeStudentFromClasses(body, { runId });
      return before;
    },
    onSettled: (_data, error, body) => {
      const sentIds = body.classes.map(({ id }) => id);
      if (error === null || removalOutcome(error, sentIds).kind === 'unknown-outcome') {
        // Not awaited: the dialog closes at once, the table catches up when the lists arrive.
        void queryClient.invalidateQueries({ queryKey: classQueries.all() });
      }
    },
  });
}

/** The student's turmas as the server has them now (never from the cache), if it can tell. */
async function studentBefore(
  queryClient: QueryClient,
  api: RemovalApi,
  email: string,
): Promise<StudentMatch | undefined> {
  try {
    const student = await queryClient.query({
      ...studentQueries.withEmail(api, email),
      staleTime: 0,
      retry: false,
      select: (page) => studentWithEmail(page, email),
    });
    return student ?? undefined;
  } catch {
    return undefined;
  }
}
