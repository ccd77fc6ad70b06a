import type { QueryClient } from '@tanstack/react-query';
import { classQueries } from './class-queries';
import type { ClassListResponse } from '#contract';

/**
 * A turma's name as the turma lists this tab has loaded show it, or undefined: the API has no
 * call for one turma, so a roster opened from a link or an undo's answer names it from these.
 */
export function cachedTurmaName(queryClient: QueryClient, classId: string): string | undefined {
  for (const [, page] of queryClient.getQueriesData<ClassListResponse>({
    queryKey: classQueries.lists(),
  })) {
    const turma = page?.data.find(({ id }) => id === classId);
    if (turma) return turma.name;
  }
  return undefined;
}
