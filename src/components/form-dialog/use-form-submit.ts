import { useRef, type SyntheticEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * The form's submit handler: validates, then `send`s (which resolves once the outcome is shown).
 * A second Enter or click while one is on its way, or while `blocked`, does nothing: the flag is
 * set before validation, which is asynchronous, so two quick presses cannot both get through.
 */
export function useFormSubmit<Values extends FieldValues, Valid>(
  form: Pick<UseFormReturn<Values, unknown, Valid>, 'handleSubmit'>,
  send: (values: Valid) => Promise<void>,
  blocked = false,
): (event?: SyntheticEvent) => void {
  const submitting = useRef(false);
  return (event) => {
    event?.preventDefault();
    if (submitting.current || blocked) return;
    submitting.current = true;
    void form
      .handleSubmit(send)()
      .finally(() => {
        submitting.current = false;
      });
  };
}
