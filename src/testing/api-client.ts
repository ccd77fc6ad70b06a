/**
 * The real fetch layer, pointed at the reference API that MSW answers with in component tests
 * (msw/reference-api.ts): the same request building, auth header and parsing the console ships.
 */
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
