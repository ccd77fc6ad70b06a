import { NAME_MAX_LENGTH } from '#contract';
import { invisibleInEmail } from '../../components/invisible-in-email/invisible-in-email';
import type { Locale } from '../../i18n/messages';
import type { BulkMessages } from './messages';
import type { RowProblem } from './types';

/**
 * Why a line is held back, as its review and its results (on screen and in the file) say it: an
 * address refused for a character nobody can see names it, as the forms do.
 */
export function rowProblemText(
  problem: RowProblem,
  email: string,
  messages: BulkMessages,
  locale: Locale,
): string {
  const invisible =
    problem.field === 'email' && problem.reason === 'invalid'
      ? invisibleInEmail(email, locale)
      : null;
  return invisible ?? messages.rowProblem(problem, String(NAME_MAX_LENGTH));
}
