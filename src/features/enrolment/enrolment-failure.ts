/**
 * What the enrol form shows when the API did not enrol: what the API said (in the staff's
 * language: describe-api-error.ts) next to the field it is about where it names one, otherwise
 * an alert; and whether sending again can help.
 */
import { ApiError } from '../../api/client';
import type { ClassSummary } from '#contract';
import { describeApiError, describeServerSaid } from '../../i18n/describe-api-error';
import type { Locale, Messages } from '../../i18n/messages';
import { describeServerProblem } from '../../i18n/server-texts';
import type { EnrolmentMessages } from './messages';
import type { FormFailure } from '../../components/form-dialog/form-failure';

/** The form fields a server message can be attached to. */
export type FailureField = 'name' | 'email' | 'classes' | 'expiry.at';

export type EnrolmentFailure = FormFailure<FailureField>;

/** The API's field names (the path before ':' in its 400 messages) → the form's fields. */
const FIELD_BY_API_PATH: Record<string, FailureField> = {
  name: 'name',
  email: 'email',
  classes: 'classes',
  expirationDate: 'expiry.at',
};

export function describeEnrolmentFailure(
  error: unknown,
  classes: readonly ClassSummary[],
  messages: EnrolmentMessages,
  appMessages: Messages,
  locale: Locale,
): EnrolmentFailure {
  const text = messages.failure;
  const general = describeApiError(error, appMessages);
  if (!(error instanceof ApiError)) {
    return { fields: {}, alert: { kind: 'rejected', title: text.notSentTitle, text: general } };
  }
  if (error.isUnauthorized) {
    return { fields: {}, alert: { kind: 'session', title: text.sessionTitle, text: text.session } };
  }
  if (error.isTransient) {
    return { fields: {}, alert: { kind: 'retry', title: text.notSentTitle, text: general } };
  }

  const apiMessage = error.body?.message;
  if (error.status === 404) {
    return {
      fields: { classes: unknownTurmas(apiMessage ?? '', classes, messages, appMessages) },
    };
  }
  if (error.status === 400 && apiMessage) {
    const fields: EnrolmentFailure['fields'] = {};
    const unplaced: string[] = [];
    // "email: must be a valid e-mail address; classes.0.id: must not be empty"
    for (const part of apiMessage.split('; ')) {
      const separator = part.indexOf(': ');
      const field = FIELD_BY_API_PATH[part.slice(0, separator).split('.')[0] ?? ''];
      if (separator > 0 && field) {
        const problem = part.slice(separator + 2);
        // A problem the catalogue does not know is quoted as the server wrote it.
        fields[field] ??= text.rejectedField(
          describeServerProblem(problem, locale) ?? `“${problem}”`,
        );
      } else unplaced.push(part);
    }
    if (unplaced.length === 0) return { fields };
    const said = describeServerSaid(unplaced.join('; '), appMessages);
    return { fields, alert: { kind: 'rejected', title: text.rejectedTitle, text: said } };
  }
  return { fields: {}, alert: { kind: 'rejected', title: text.rejectedTitle, text: general } };
}

/** "No class with id t1, t9": the turmas of the list it names, by name, when it names any. */
function unknownTurmas(
  apiMessage: string,
  classes: readonly ClassSummary[],
  messages: EnrolmentMessages,
  appMessages: Messages,
): string {
  const mentioned = new Set(apiMessage.split(/[\s,;:]+/));
  const names = classes.filter((turma) => mentioned.has(turma.id)).map((turma) => turma.name);
  return names.length > 0
    ? messages.failure.unknownTurmas(names.join(', '))
    : messages.failure.unknownTurmasUnnamed(describeServerSaid(apiMessage, appMessages));
}
