import { emailSchema } from '#contract';

/**
 * The typed confirmation of a removal from the roster, as elsewhere in the console: the number
 * of students (as the bulk removal asks), or, for one student, their e-mail (as the removal
 * dialog asks), compared as the API compares e-mails (trimmed, any case).
 *
 * - `empty`: nothing typed; `typing`: what is typed can still become the answer;
 * - `mismatch`: it can no longer (said at the first character that makes it so);
 * - `match`: confirmed.
 */
export type ConfirmationState = 'empty' | 'typing' | 'mismatch' | 'match';

export function expectedConfirmation(emails: readonly string[]): string {
  return emails.length === 1 ? normalize(emails[0]!) : String(emails.length);
}

export function confirmationState(typed: string, emails: readonly string[]): ConfirmationState {
  const expected = expectedConfirmation(emails);
  // Thousands separators and spaces do not matter in a count: "1.000" and "1 000" are 1000.
  const soFar = emails.length === 1 ? normalize(typed) : typed.replace(/[\s.,]/g, '');
  if (soFar === '') return 'empty';
  if (soFar === expected) return 'match';
  return expected.startsWith(soFar) ? 'typing' : 'mismatch';
}

function normalize(email: string): string {
  const normalized = emailSchema.def.in.safeParse(email);
  return normalized.success ? normalized.data : email.trim().toLowerCase();
}
