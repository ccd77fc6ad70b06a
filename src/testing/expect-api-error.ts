import { expect } from 'vitest';
import { ApiError } from '../api/client';

/** The rejection of `promise`, failing the test when it resolves or rejects with something else. */
export async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    (value) => expect.fail(`expected an ApiError, got ${JSON.stringify(value)}`),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
