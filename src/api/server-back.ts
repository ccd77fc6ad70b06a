import { onlineManager, type QueryClient } from '@tanstack/react-query';

/**
 * TanStack's reconnect (`QueryCache.onOnline`: each query on screen that failed, or is stale,
 * loads again as its `refetchOnReconnect` says) also when the server is back rather than the
 * browser. After a read failed: the browser's `online` event (TanStack acts on it only when it
 * thought it was offline, and a stopped server is not offline), or another call to the API
 * succeeding. Once per client (src/app/query-client.ts); returns the unsubscribe.
 */
export function reconnectWhenServerBack(queryClient: QueryClient): () => void {
  let failed = false;
  const back = () => {
    if (!failed) return;
    failed = false;
    queryClient.getQueryCache().onOnline();
  };
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'error') failed = true;
    else if (event.action.type === 'success') back();
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') back();
  });
  const page = typeof window === 'undefined' ? undefined : window;
  page?.addEventListener('online', back);
  return () => {
    page?.removeEventListener('online', back);
    stopQueries();
    stopMutations();
  };
}

/**
 * A retry staff asked for, sent even where the browser says it is offline: some say so wrongly
 * (TanStack/query#5714), and reads would otherwise wait for an `online` event that never comes.
 * Where the browser is right, the read fails on the network and says so.
 */
export function retryEvenOffline(retry: () => void): void {
  if (!onlineManager.isOnline()) onlineManager.setOnline(true);
  retry();
}
