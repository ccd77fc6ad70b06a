import type { StudentsByEmailResponse } from '#contract/extensions';
import type { RequestSpec } from '../api/client';
import type { Requester } from '../api/extension-calls';

/**
 * A client whose one call is `GET /students/by-email`, answered by `answer` from the e-mails
 * asked: for unit tests of what batches and merges those answers, with no server.
 */
export function studentsByEmailRequester(
  answer: (emails: readonly string[]) => Promise<StudentsByEmailResponse>,
): Requester {
  return {
    request: async <T>(spec: RequestSpec<T>) =>
      spec.response.parse(await answer(spec.query?.getAll('email') ?? [])),
  };
}
