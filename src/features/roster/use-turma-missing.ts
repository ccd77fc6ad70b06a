import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { ApiError } from '../../api/client';
import { rosterQueries } from '../../api/roster-queries';

/**
 * Whether the server answered a roster of `classId` with 404: no such turma (an old or mistyped
 * link). Read from the cache as the roster's own query left it, so the panel's title and the
 * roster below it say the same.
 */
export function useTurmaMissing(classId: string): boolean {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const read = useCallback(
    () =>
      queryClient
        .getQueryCache()
        .findAll({ queryKey: rosterQueries.ofTurma(classId) })
        .some(({ state }) => state.error instanceof ApiError && state.error.isNotFound),
    [queryClient, classId],
  );
  return useSyncExternalStore(subscribe, read);
}
