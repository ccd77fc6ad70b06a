/**
 * public/shell.js asks for the first page of turmas before the first paint (/config.js has run
 * just before it), long before the app's code arrives; the app's first list fetch takes that
 * answer when it is the request it would send, and asks again otherwise (decision 005). The rows
 * it paints from that answer are e2e/first-screen.spec.ts's: they need the built page.
 */
import { QueryClient } from '@tanstack/react-query';
import { runInThisContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { classQueries } from '../api/class-queries';
import { ApiError } from '../api/client';
import { tokenStore } from '../features/auth/token-store';
import { parseListParams } from '../features/classes/list/list-params';
import { toQuery } from '../features/classes/list/use-class-list';
import { createTestApiClient, TEST_API_BASE_URL, TEST_TOKEN } from '../testing/api-client';
import { installReferenceApi } from '../testing/msw/reference-api';
import { aTurma } from '../testing/sample-classes';
import script from '../../public/shell.js?raw';
import { sendFirstListRequest } from './first-list-request';

/** index.html as built, as far as shell.js reads it: /config.js, then shell.js. */
function loadPage() {
  document.body.innerHTML = '<div id="root"></div>';
  window.__TURMAS_CONFIG__ = { apiBaseUrl: TEST_API_BASE_URL };
  runInThisContext(script, { filename: 'public/shell.js' });
}

/** The list's first fetch, as the page's query runs it once the app has handed the request over. */
function firstListFetch() {
  const api = createTestApiClient({ getToken: tokenStore.get });
  sendFirstListRequest(api);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return client.query(classQueries.list(api, toQuery(parseListParams(''), false)));
}

declare global {
  interface Window {
    __TURMAS_CONFIG__?: unknown;
  }
}

beforeEach(() => tokenStore.set(TEST_TOKEN));
afterEach(() => {
  tokenStore.clear();
  delete window.__TURMAS_CONFIG__;
  delete window.__TURMAS_FIRST_LIST__;
});

describe('the first list request sent by public/shell.js', () => {
  it('is the list’s first fetch: asked for once, its answer shown', async () => {
    const reference = installReferenceApi({ turmas: [aTurma({ name: '1º ano A' })] });
    loadPage();
    expect(reference.listRequests()).toHaveLength(0); // on its way, not yet answered
    const page = await firstListFetch();
    expect(page.data.map((turma) => turma.name)).toEqual(['1º ano A']);
    expect(reference.listRequests()).toHaveLength(1);
    expect(reference.listRequests()[0]!.authorization).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('with an expired token, fails as the list’s own request would: a 401, asked once', async () => {
    const reference = installReferenceApi({ token: 'the-new-token' });
    loadPage();
    const failure = await firstListFetch().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(reference.listRequests()).toHaveLength(1);
  });

  it('that failed leaves the list to its retry policy, the failure its own', async () => {
    const reference = installReferenceApi({ turmas: [aTurma()] });
    reference.failNext('network');
    loadPage();
    await expect(firstListFetch()).rejects.toBeInstanceOf(ApiError);
    const again = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const api = createTestApiClient({ getToken: tokenStore.get });
    await expect(
      again.query(classQueries.list(api, toQuery(parseListParams(''), false))),
    ).resolves.toMatchObject({ data: [expect.anything()] });
  });

  it('sent with another token than the app’s is not taken: the app asks with its own', async () => {
    const reference = installReferenceApi({ turmas: [aTurma()] });
    loadPage();
    tokenStore.set('signed-in-again');
    await expect(firstListFetch()).rejects.toMatchObject({ status: 401 });
    tokenStore.set(TEST_TOKEN);
    expect(reference.listRequests().map((request) => request.authorization)).toEqual([
      `Bearer ${TEST_TOKEN}`,
      'Bearer signed-in-again',
    ]);
  });

  it('is not sent without a stored token, nor for an address with parameters', () => {
    installReferenceApi();
    tokenStore.clear();
    loadPage();
    expect(window.__TURMAS_FIRST_LIST__).toBeUndefined();

    tokenStore.set(TEST_TOKEN);
    window.history.replaceState(null, '', '/?page=2');
    loadPage();
    window.history.replaceState(null, '', '/');
    expect(window.__TURMAS_FIRST_LIST__).toBeUndefined();
  });
});
