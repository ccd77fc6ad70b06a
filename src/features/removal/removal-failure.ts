import { ApiError } from '../../api/client';
import type { ClassSummary } from '#contract';
import type { FormFailure } from '../../components/form-dialog/form-failure';
import { describeApiError } from '../../i18n/describe-api-error';
import type { Locale, Messages } from '../../i18n/messages';
import type { RemovalMessages } from './messages';
import { unknownTurmasMessage } from './removal-schema';

/**
 * What a failed removal means for the person, and so what the dialog shows:
 * - `student-not-found`: no student has the e-mail (404); nothing changed.
 * - `unknown-turmas`: some of the turmas sent no longer exist (404, their ids); nothing changed.
 * - `session-expired`: the token was refused (401); nothing changed, the sign-in gate takes over.
 * - `rejected`: any other refusal (400, 413, another 404…); nothing changed.
 * - `unknown-outcome`: no answer (offline, timeout), a 429 or server error, or an answer we
 *   could not read: the removal may have happened. Trying again is safe, removal being
 *   idempotent.
 */
export type RemovalOutcome =
  | { kind: 'student-not-found' }
  | { kind: 'unknown-turmas'; ids: string[] }
  | { kind: 'session-expired' }
  | { kind: 'rejected' }
  | { kind: 'unknown-outcome' };

/**
 * The API has two 404s for a removal and no code to tell them apart, only English messages:
 * "No class with id t1, t2" (checked first, so it wins when both apply) and "Student not
 * found". Rather than match either sentence exactly, this asks what a platform's wording must
 * still say: a 404 that lists ids we sent is about those turmas; one that says a student was
 * not found is about the e-mail. The student test comes first because a turma id can be any
 * word ("not"); a 404 that says neither (a wrong base URL: "No route DELETE …") is a plain
 * refusal, never "no student with this e-mail".
 */
export function removalOutcome(error: unknown, sentTurmaIds: readonly string[]): RemovalOutcome {
  // Not an ApiError, or a 2xx we could not read: the removal may have happened.
  if (!(error instanceof ApiError) || error.kind !== 'http') return { kind: 'unknown-outcome' };
  // One retry policy for the console: what may pass is worth trying again.
  if (error.isTransient) return { kind: 'unknown-outcome' };
  if (error.isUnauthorized) return { kind: 'session-expired' };
  if (error.isNotFound) {
    const message = error.body?.message ?? '';
    if (/\bstudent\b/i.test(message) && /\bnot found\b/i.test(message)) {
      return { kind: 'student-not-found' };
    }
    const ids = sentTurmaIds.filter((id) => listsId(message, id));
    if (ids.length > 0) return { kind: 'unknown-turmas', ids };
  }
  return { kind: 'rejected' };
}

export interface RemovalFailure extends FormFailure<'email' | 'turmas'> {
  /** Turmas the server says no longer exist: the form refuses to send them again. */
  unknownTurmaIds?: ReadonlySet<string>;
}

/** What the removal form shows for a failure: on the e-mail, on the turmas, or as an alert. */
export function describeRemovalFailure(
  error: unknown,
  sent: readonly ClassSummary[],
  messages: RemovalMessages,
  appMessages: Messages,
  locale: Locale,
): RemovalFailure {
  const text = messages.outcome;
  const outcome = removalOutcome(
    error,
    sent.map(({ id }) => id),
  );
  switch (outcome.kind) {
    case 'student-not-found':
      return { fields: { email: text.studentNotFound } };
    case 'unknown-turmas': {
      const unknownTurmaIds = new Set(outcome.ids);
      const message = unknownTurmasMessage(sent, unknownTurmaIds, messages, locale);
      return { fields: { turmas: message ?? '' }, unknownTurmaIds };
    }
    case 'session-expired':
      return {
        fields: {},
        alert: { kind: 'session', title: text.sessionExpiredTitle, text: text.sessionExpired },
      };
    case 'rejected':
      return {
        fields: {},
        alert: {
          kind: 'rejected',
          title: text.rejectedTitle,
          text: describeApiError(error, appMessages, text.nothingChanged),
        },
      };
    case 'unknown-outcome':
      return {
        fields: {},
        alert: {
          kind: 'retry',
          title: text.unknownOutcomeTitle,
          text: describeApiError(error, appMessages, text.unknownOutcome),
        },
      };
  }
}

/** Whether `id` appears in `message` as a whole item of a list ("id t1, t2" lists t1, not t). */
function listsId(message: string, id: string): boolean {
  let from = message.indexOf(id);
  while (from !== -1) {
    const before = message[from - 1];
    const after = message[from + id.length];
    if (isListBoundary(before) && isListBoundary(after)) return true;
    from = message.indexOf(id, from + 1);
  }
  return false;
}

function isListBoundary(character: string | undefined): boolean {
  return character === undefined || /[\s,;:.'"()[\]]/.test(character);
}
