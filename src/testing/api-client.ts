/**
 * The real fetch layer, pointed at the reference API that MSW answers with in component tests
 * (msw/reference-api.ts): the same request building, auth header and parsing the console ships.
 */
import { EXTENSIONS_HEADER } from '#contract';
import { createApiClient, type ApiClient, type ApiClientConfig } from '../api/client';

/** An origin that never resolves: only MSW can answer it, so nothing leaves the test process. */
export const TEST_API_BASE_URL = 'http://api.test/v1';
export const TEST_TOKEN = 'test-token';

export function createTestApiClient(overrides: Partial<ApiClientConfig> = {}): ApiClient {
  return createApiClient({
    baseUrl: TEST_API_BASE_URL,
    getToken: () => TEST_TOKEN,
    ...overrides,
  });
}

/** A fetch whose answers do not list `extension`: a server that has the other extensions only. */
export function fetchWithout(extension: string): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const offered = response.headers.get(EXTENSIONS_HEADER);
    if (offered === null) return response;
    const headers = new Headers(response.headers);
    const kept = offered.split(',').map((name) => name.trim());
    headers.set(EXTENSIONS_HEADER, kept.filter((name) => name !== extension).join(', '));
    return new Response(await response.arrayBuffer(), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}
