import { handOverListRequest } from '../api/class-queries';
import type { ApiClient, SentRequest } from '../api/client';
import { RANK_EXTENSION } from '#contract';
import { tokenStore } from '../features/auth/token-store';
import { parseListParams } from '../features/classes/list/list-params';
import { toQuery } from '../features/classes/list/use-class-list';

/**
 * Asks for the page of turmas the address shows as soon as the app's code runs, before it
 * hydrates: left to the list, the request waited for hydration and the providers (~570 ms after
 * the scripts were in, issue 36). Same client and request as the list's, handed over to the
 * list's first fetch (class-queries.ts): its answer lands after the hydrating commit, never in
 * it, and a failure is that fetch's, under the one retry policy (a 4xx is asked for once).
 * No stored token, no request: the gate shows instead. For an address without parameters
 * public/shell.js has already sent it before the first paint: the client takes that answer.
 */
export function sendFirstListRequest(api: ApiClient): void {
  if (tokenStore.get() === null) return;
  const params = parseListParams(window.location.search);
  // As the list asks before any answer has said which extensions the server has.
  const query = toQuery(params, api.extensions.has(RANK_EXTENSION));
  handOverListRequest(query, api.getClasses(query, { sent: takeShellListRequest() }));
}

declare global {
  interface Window {
    /** The first list request public/shell.js sent before the first paint, if it sent one. */
    __TURMAS_FIRST_LIST__?: SentRequest;
  }
}

/** The shell's request, taken once: the client uses it only if it is the request it would send. */
function takeShellListRequest(): SentRequest | undefined {
  const sent = window.__TURMAS_FIRST_LIST__;
  delete window.__TURMAS_FIRST_LIST__;
  return sent;
}
