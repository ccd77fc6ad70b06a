import { createApiClient, type ApiClient } from '../api/client';
import { readConfig } from '../config';
import { tokenStore } from '../features/auth/token-store';

let apiClient: ApiClient | undefined;

/**
 * The console's one API client: base URL from the runtime config, token from the token store
 * (read per request, so signing in or out needs no new client). Features get it as a prop from
 * the page, never by importing this module, so tests hand them a fake instead.
 *
 * Created on first use, during the first render, rather than at import: a broken /config.js
 * then reaches the error boundary, which shows what is wrong, instead of leaving a white page.
 */
export function getApiClient(): ApiClient {
  const config = readConfig();
  apiClient ??= createApiClient({
    baseUrl: config.apiBaseUrl,
    getToken: tokenStore.get,
    timeoutMs: config.requestTimeoutMs,
    // Its code comes with the first write: a console that only reads never loads it.
    onWrite: (write) =>
      void import('./history-sent-log').then(({ sentLog }) => sentLog.record(write), noop),
  });
  return apiClient;
}

const noop = () => undefined;
