import { createApiClient, type ApiClient } from '../api/client';
import type { SentLog } from '../api/sent-log';
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
    onWrite: (write) => withSentLog((sentLog) => sentLog.record(write)),
  });
  return apiClient;
}

/**
 * The sent log (History without `audit`), its code loaded with the first write or sign-out: a
 * console that only reads never loads it.
 */
export function withSentLog(use: (sentLog: SentLog) => void): void {
  import('./history-sent-log').then(({ sentLog }) => use(sentLog), noop);
}

const noop = () => undefined;
