import { vi } from 'vitest';
import type { ApiClient } from '../api/client';

/** A stand-in for the fetch layer's `getClasses`, recording its calls, for component tests. */
export function fakeApi(getClasses: ApiClient['getClasses']) {
  return { getClasses: vi.fn(getClasses) };
}
