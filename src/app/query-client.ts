import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, retryAfterOf, retryPolicy } from '../api/client';
import { reconnectWhenServerBack } from '../api/server-back';

/**
 * @param onUnauthorized called when any query or mutation gets a 401: the stored token is no
 * longer good, wherever in the console that is noticed.
 */
export function createQueryClient(onUnauthorized: () => void): QueryClient {
  const handleError = (error: unknown) => {
    if (error instanceof ApiError && error.isUnauthorized) onUnauthorized();
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        handleError(error);
        // The server said when to come back (a 429 or 503 with Retry-After), and the console
        // says it tries again then (describeApiError): a read still on screen is fetched again.
        const waitMs = retryAfterOf(error);
        if (waitMs === undefined) return;
        setTimeout(() => {
          if (query.state.status === 'error' && query.getObserversCount() > 0) {
            void queryClient.refetchQueries({ queryKey: query.queryKey, exact: true });
          }
        }, waitMs);
      },
    }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => retryPolicy.retry(failures, error),
        retryDelay: (failures, error) => retryPolicy.delayMs(failures, error),
        // Turmas change when staff enrol or remove students, through this console: our own
        // mutations invalidate what they touch, so a short staleness window is safe.
        staleTime: 30_000,
      },
      mutations: {
        // Offline, a write is sent and fails at once, and its form says so and keeps what was
        // typed; Query's default held it, the form busy and no way out, until the network came
        // back, when it went unasked.
        networkMode: 'always',
        retry: (failures, error) => retryPolicy.retry(failures, error, { write: true }),
        retryDelay: (failures, error) => retryPolicy.delayMs(failures, error),
      },
    },
  });
  followTheBrowsersConnection();
  reconnectWhenServerBack(queryClient);
  return queryClient;
}

/**
 * TanStack's `onlineManager`, the console's one source for being online, starts from what the
 * browser says (`navigator.onLine`), then follows its `online` and `offline` events. Left to
 * itself it starts online whatever the browser says: a console opened offline sent its reads and
 * each panel said they had failed, not that they wait for the connection, until an event came.
 * TanStack stopped reading `navigator.onLine` for a false "offline" some Chromium set-ups report
 * (TanStack/query#5714); there, reads wait for an `online` event. Read again with each client,
 * and whenever the manager is listened to anew.
 */
function followTheBrowsersConnection(): void {
  onlineManager.setEventListener((setOnline) => {
    if (typeof window === 'undefined') return undefined;
    setOnline(window.navigator.onLine);
    const online = () => setOnline(true);
    const offline = () => setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  });
}
