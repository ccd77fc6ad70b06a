import { emailSchema } from '#contract';

/**
 * The contract's normalisation of an e-mail (trimmed, lower-cased, at most 254 characters),
 * without its format check: the input side of `emailSchema`'s pipe. Both e-mails are compared in
 * this form, the one the API compares, so "Ana@Escola.com " confirms "ana@escola.com".
 */
function normalizeEmail(text: string): string | undefined {
  const normalized = emailSchema.def.in.safeParse(text);
  return normalized.success ? normalized.data : undefined;
}

/** True when `typed` is the same address as `email` once both are normalised as the API does. */
export function confirms(typed: string, email: string): boolean {
  const expected = normalizeEmail(email);
  return !!expected && normalizeEmail(typed) === expected;
}

/**
 * What to tell someone typing the confirmation:
 * - `empty`: nothing typed yet;
 * - `typing`: what is typed so far is the start of the e-mail, so it may still become it;
 * - `mismatch`: it can no longer become the e-mail by typing on (a wrong or an extra character);
 * - `match`: it is the e-mail.
 *
 * "Typing" is what keeps the field from calling a half-typed address wrong at every keystroke:
 * the mismatch is said (and announced) at the first character that makes it one, not later by a
 * timer, and not before.
 */
export type ConfirmationState = 'empty' | 'typing' | 'mismatch' | 'match';

export function confirmationState(typed: string, email: string): ConfirmationState {
  const soFar = typed.trim().toLowerCase();
  if (soFar === '') return 'empty';
  if (confirms(typed, email)) return 'match';
  const expected = normalizeEmail(email) ?? '';
  return expected.startsWith(soFar) ? 'typing' : 'mismatch';
}
