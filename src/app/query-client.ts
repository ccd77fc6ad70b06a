import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isTransient } from '../api/client';

const MAX_RETRIES = 2;

/**
 * @param onUnauthorized called when any query or mutation gets a 401: the stored token is no
 * longer good, wherever in the console that is noticed.
 */
export function createQueryClient(onUnauthorized: () => void): QueryClient {
  const handleError = (error: unknown) => {
    if (error instanceof ApiError && error.isUnauthorized) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < MAX_RETRIES && isTransient(error),
        // Turmas change when staff enrol or remove students, through this console: our own
        // mutations invalidate what they touch, so a short staleness window is safe.
        staleTime: 30_000,
      },
    },
  });
}
