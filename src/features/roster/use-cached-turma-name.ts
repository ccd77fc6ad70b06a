import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { classQueries } from '../../api/class-queries';
import type { ClassListResponse } from '#contract';

/**
 * A turma's name as any turma list this tab has loaded shows it, or undefined. How a roster
 * opened from a shared link (its name not in the link, the API with no call for one turma) gets
 * its name: the list behind it loads anyway, and the name appears when a page of it has the turma.
 */
export function useCachedTurmaName(classId: string): string | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const read = useCallback(() => {
    for (const [, page] of queryClient.getQueriesData<ClassListResponse>({
      queryKey: classQueries.lists(),
    })) {
      const turma = page?.data.find(({ id }) => id === classId);
      if (turma) return turma.name;
    }
    return undefined;
  }, [queryClient, classId]);
  return useSyncExternalStore(subscribe, read);
}
