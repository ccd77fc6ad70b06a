import { queryOptions } from '@tanstack/react-query';
import { meResponseSchema, type MeResponse } from '#contract';
import type { ApiClient, RequestOptions } from './client';

/** ME_EXTENSION: the credential in use, its name and role. */
export const getMe = (
  api: Pick<ApiClient, 'request'>,
  options?: RequestOptions,
): Promise<MeResponse> =>
  api.request({ method: 'GET', path: '/me', response: meResponseSchema, options });

/**
 * The credential in use (the `me` extension): only ever enabled where
 * `useExtension(api, ME_EXTENSION)` says the server has it. `session` tells one sign-in from the
 * next (signing in again with another token asks afresh) without the token in the key.
 */
export const credentialQueries = {
  all: () => ['credential'] as const,
  me: (api: Pick<ApiClient, 'request'>, session: number) =>
    queryOptions({
      queryKey: [...credentialQueries.all(), session] as const,
      queryFn: ({ signal }) => getMe(api, { signal }),
      // A role changes rarely; a 403 asks again at once (useCredentialWatch).
      staleTime: 5 * 60_000,
    }),
};
