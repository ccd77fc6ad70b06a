import type { Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * StudentSuggestField's wiring for a field kept in component state rather than a form's
 * (`register`): each change hands the text to `onText`; `ref` reaches the input.
 */
export function stateRegistration<Name extends string>(
  name: Name,
  onText: (text: string) => void,
  ref: Ref<HTMLInputElement> = () => undefined,
): UseFormRegisterReturn<Name> {
  return {
    name,
    onChange: (event: { target: { value: string } }) => {
      onText(event.target.value);
      return Promise.resolve();
    },
    onBlur: () => Promise.resolve(),
    ref: ref as UseFormRegisterReturn<Name>['ref'],
  };
}
