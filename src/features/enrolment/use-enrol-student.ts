import { useMutation, useQueryClient } from '@tanstack/react-query';
import { classQueries } from '../../api/class-queries';
import type { ApiClient } from '../../api/client';
import type { EnrolRequest } from './enrolment-schema';

/** Lets the dialog around the form know an enrolment is on its way (it must not close meanwhile). */
export const ENROL_STUDENT_MUTATION_KEY = ['enrol-student'] as const;

type EnrolApi = Pick<ApiClient, 'addStudentToClass' | 'addStudentToClasses'>;

/**
 * Enrols one student. The endpoint follows the number of turmas at the moment of sending: one
 * turma is the per-turma call (`POST /classe/{id}/add-student`), two or more the many-turmas
 * call, one transaction on the server. Sent again on its own only when the server said it did
 * nothing and when to come back (Retry-After: `retryPolicy`, the app's default for mutations);
 * otherwise a failed form stays filled and sending again is the person's decision.
 */
export function useEnrolStudent(api: EnrolApi) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ENROL_STUDENT_MUTATION_KEY,
    // `runId`: the audit extension's run, which the success message's "Desfazer" undoes.
    mutationFn: ({ runId, ...request }: EnrolRequest & { runId: string }) =>
      enrol(api, request, runId),
    // Not awaited: the dialog says "done" at once, while the table's counts catch up behind it.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: classQueries.all() }),
  });
}

function enrol(api: EnrolApi, { classes, ...student }: EnrolRequest, runId: string) {
  const [only, ...others] = classes;
  return only !== undefined && others.length === 0
    ? api.addStudentToClass(only.id, student, { runId })
    : api.addStudentToClasses({ ...student, classes }, { runId });
}
