import { emailSchema } from '#contract';

/**
 * What someone types to confirm a write the API cannot undo: one student's e-mail, compared as
 * the API compares e-mails (trimmed, any case), or how many students it touches, where
 * thousands separators and spaces do not matter ("1.000" and "1 000" are 1000).
 */
export type Confirmation = { kind: 'email'; email: string } | { kind: 'count'; count: number };

/**
 * What to tell someone typing the confirmation:
 * - `empty`: nothing typed yet;
 * - `typing`: what is typed so far is the start of the answer, so it may still become it;
 * - `mismatch`: it can no longer become the answer by typing on (a wrong or an extra character);
 * - `match`: confirmed.
 *
 * "Typing" is what keeps the field from calling a half-typed answer wrong at every keystroke:
 * the mismatch is said (and announced) at the first character that makes it one, not later by a
 * timer, and not before.
 */
export type ConfirmationState = 'empty' | 'typing' | 'mismatch' | 'match';

export function confirmationState(typed: string, expected: Confirmation): ConfirmationState {
  const soFar =
    expected.kind === 'email' ? typed.trim().toLowerCase() : typed.replace(/[\s.,]/g, '');
  if (soFar === '') return 'empty';
  const answer = answerOf(expected);
  if (answer !== undefined && soFar === answer) return 'match';
  return answer?.startsWith(soFar) ? 'typing' : 'mismatch';
}

/** True when `typed` is the answer: what a form's schema checks before sending. */
export function confirms(typed: string, expected: Confirmation): boolean {
  return confirmationState(typed, expected) === 'match';
}

/**
 * The answer in its compared form; for an e-mail, the input side of `emailSchema`'s pipe (the
 * contract's trimming, lower-casing and length limit, without the format check). Nothing
 * confirms an empty or over-long e-mail.
 */
function answerOf(expected: Confirmation): string | undefined {
  if (expected.kind === 'count') return String(expected.count);
  const normalized = emailSchema.def.in.safeParse(expected.email);
  return normalized.success && normalized.data !== '' ? normalized.data : undefined;
}
