/**
 * Setup of the API tests (vitest.config.ts, project `api`): every answer a test gets through
 * fetch is checked against the served OpenAPI document (openapi-conformance.ts), and a test that
 * got one the document does not allow fails, even if it caught the error.
 */
import { afterEach } from 'vitest';
import {
  forgetServedDocument,
  installConformingFetch,
  takeProblems,
} from './openapi-conformance.ts';

installConformingFetch();
// A file may serve another document (API_EXTENSIONS=off); a worker runs many files (no isolation).
forgetServedDocument();

afterEach(({ task }) => {
  const problems = takeProblems();
  // A test that failed already reported them (unless it caught them, in which case it passed).
  if (problems.length > 0 && task.result?.state !== 'fail') {
    throw new Error(`Answers the OpenAPI document does not allow:\n${problems.join('\n')}`);
  }
});
