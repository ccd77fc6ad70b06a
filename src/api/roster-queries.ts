import { queryOptions } from '@tanstack/react-query';
import type { RosterQuery } from '#contract/extensions';
import { classQueries } from './class-queries';
import { getClassStudents, type Requester } from './extension-calls';

/**
 * A turma's roster (the roster extension, `GET /v1/classe/{id}/students`), keyed under
 * `classQueries.all()`: every write that invalidates the turmas (enrol, remove, bulk) refreshes
 * the rosters too, with no list of who else to tell.
 */
export const rosterQueries = {
  all: () => [...classQueries.all(), 'roster'] as const,
  ofTurma: (classId: string) => [...rosterQueries.all(), classId] as const,
  page: (api: Requester, classId: string, params: RosterQuery) =>
    queryOptions({
      queryKey: [...rosterQueries.ofTurma(classId), params] as const,
      queryFn: ({ signal }) => getClassStudents(api, classId, params, { signal }),
      // As the turma lists: our own writes invalidate it, others' show within half a minute.
      staleTime: 30_000,
    }),
};
