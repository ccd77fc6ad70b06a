import type { QueryClient } from '@tanstack/react-query';
import { classQueries } from './class-queries';
import type { ClassListResponse } from '#contract';
import type { RosterResponse } from '#contract/extensions';
import { rosterQueries } from './roster-queries';

/**
 * A turma's name as the turma lists this tab has loaded show it, or as its roster's answer says
 * it (the roster extension names its turma), or undefined: the API has no call for one turma, so
 * a roster opened from a link names it from these.
 */
export function cachedTurmaName(queryClient: QueryClient, classId: string): string | undefined {
  for (const [, page] of queryClient.getQueriesData<ClassListResponse>({
    queryKey: classQueries.lists(),
  })) {
    const turma = page?.data.find(({ id }) => id === classId);
    if (turma) return turma.name;
  }
  for (const [, roster] of queryClient.getQueriesData<RosterResponse>({
    queryKey: rosterQueries.ofTurma(classId),
  })) {
    if (roster?.className !== undefined) return roster.className;
  }
  return undefined;
}
