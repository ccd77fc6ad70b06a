import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { cachedTurmaName } from '../../api/cached-turma-name';

/**
 * A turma's name as the turma lists this tab has loaded show it, kept current: a roster opened
 * from a shared link gets its name when a page of the list behind it has the turma.
 */
export function useCachedTurmaName(classId: string): string | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const read = useCallback(() => cachedTurmaName(queryClient, classId), [queryClient, classId]);
  return useSyncExternalStore(subscribe, read);
}
