import { ApiError, mayHaveBeenMade } from '../../api/client';
import { describeApiError } from '../../i18n/describe-api-error';
import type { Messages } from '../../i18n/messages';
import type { RosterMessages } from './messages';

/**
 * Where one student's call stands in a run (remove from the turma, or set a new expiry):
 * - `waiting` / `sending`: not answered yet;
 * - `done`: the server said yes;
 * - `failed`: it did not happen, or we cannot know (`unknown`); `retry` when sending the same
 *   again may work (no answer, 429 or 5xx, the session that expired), never for a refusal that
 *   would answer the same.
 */
export type StudentOutcome =
  | { status: 'waiting' | 'sending' | 'done' }
  | { status: 'failed'; unknown: boolean; retry: boolean; reason: string };

/** What a failed call means for the person, in their language, with the one retry policy. */
export function describeStudentFailure(
  error: unknown,
  messages: RosterMessages,
  appMessages: Messages,
): Extract<StudentOutcome, { status: 'failed' }> {
  const text = messages.outcome;
  if (!(error instanceof ApiError)) {
    // A bug of ours, not the server's answer: never sent again by itself.
    return {
      status: 'failed',
      unknown: true,
      retry: false,
      reason: describeApiError(error, appMessages),
    };
  }
  if (mayHaveBeenMade(error)) {
    // No answer, a 429 or 5xx, or one we could not read: it may have happened. Both calls are
    // safe to repeat (removal is idempotent; enrolling again sets the same expiry).
    return {
      status: 'failed',
      unknown: true,
      retry: true,
      reason: describeApiError(error, appMessages, text.unknownOutcome),
    };
  }
  if (error.isUnauthorized) {
    return { status: 'failed', unknown: false, retry: true, reason: text.sessionExpired };
  }
  if (error.isNotFound) {
    // The API's two 404s differ only in their English words (see removal-failure.ts): a
    // student not found, or turma ids it does not know. Only this turma was sent.
    const message = error.body?.message ?? '';
    const studentGone = /\bstudent\b/i.test(message) && /\bnot found\b/i.test(message);
    return {
      status: 'failed',
      unknown: false,
      retry: false,
      reason: studentGone ? text.studentGone : text.turmaGone,
    };
  }
  return {
    status: 'failed',
    unknown: false,
    retry: false,
    reason: describeApiError(error, appMessages),
  };
}
