import { useMutation, useQueryClient } from '@tanstack/react-query';
import { classQueries } from '../../api/class-queries';

/** Lets a dialog know a write of the student's page is on its way (it must not close meanwhile). */
export const STUDENT_WRITE_MUTATION_KEY = ['student-write'] as const;

/**
 * One v1 write of the student's page (an enrolment, a removal). Afterwards every turma list,
 * roster and student read is fetched again, whatever came of it: a failed call may still have
 * changed something.
 */
export function useStudentWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: STUDENT_WRITE_MUTATION_KEY,
    mutationFn: (send: () => Promise<unknown>) => send(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: classQueries.all() }),
  });
}
