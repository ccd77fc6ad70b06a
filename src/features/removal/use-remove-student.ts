import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { classQueries } from '../../api/class-queries';
import type { RemoveStudentFromClassesBody } from '#contract';
import { removalOutcome } from './removal-failure';

/** Lets the dialog around the form know a removal is on its way (it must not close meanwhile). */
export const REMOVE_STUDENT_MUTATION_KEY = ['remove-student'] as const;

/**
 * DELETE /classe/remove-student. Turma counts change with it, so every turma list is refetched
 * after a removal, and also after a failure that may have removed anyway (no answer, a server
 * error): the table then shows what the server holds, whichever way it went. Never retried on
 * its own: sending again is the person's decision, offered by the dialog.
 */
export function useRemoveStudent(api: Pick<ApiClient, 'removeStudentFromClasses'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: REMOVE_STUDENT_MUTATION_KEY,
    mutationFn: (body: RemoveStudentFromClassesBody) => api.removeStudentFromClasses(body),
    onSettled: (_data, error, body) => {
      const sentIds = body.classes.map(({ id }) => id);
      if (error === null || removalOutcome(error, sentIds).kind === 'unknown-outcome') {
        // Not awaited: the dialog closes at once, the table catches up when the lists arrive.
        void queryClient.invalidateQueries({ queryKey: classQueries.all() });
      }
    },
  });
}
