import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

export interface FailureAlert {
  /**
   * - `retry`: the failure may pass (ApiError.isTransient) and sending the same again is safe.
   * - `rejected`: the server will answer the same until something changes.
   * - `session`: the token was refused; the app's sign-in dialog is open over the page.
   */
  kind: 'retry' | 'rejected' | 'session';
  title: string;
  text: string;
}

/** What a form shows when the API did not do what was asked: beside a field, or as an alert. */
export interface FormFailure<Field extends string> {
  fields: Partial<Record<Field, string>>;
  alert?: FailureAlert;
}

/**
 * Puts a failure's words on their fields and moves focus to the first, where they are read with
 * it. An error on a part of a field (`expiry.at`) focuses the field registered whole (`expiry`).
 */
export function showFieldErrors<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, 'setError' | 'setFocus'>,
  fields: Partial<Record<FieldPath<Values>, string>>,
): void {
  const entries = Object.entries(fields) as [FieldPath<Values>, string][];
  entries.forEach(([field, message]) => form.setError(field, { type: 'server', message }));
  const first = entries[0]?.[0];
  if (first !== undefined) form.setFocus(first.split('.')[0] as FieldPath<Values>);
}
