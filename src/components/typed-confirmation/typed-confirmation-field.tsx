import { TextInput, type TextInputProps } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import type { Confirmation, ConfirmationState } from './typed-confirmation';
import classes from './typed-confirmation.module.css';

/** The words under the field, in turns: before a match, on a mismatch, on a match. */
export interface ConfirmationStatusText {
  /** What makes the action available; nothing is said before a mismatch without it. */
  hint?: ReactNode;
  mismatch: ReactNode;
  match: ReactNode;
}

export interface TypedConfirmationFieldProps extends Omit<
  TextInputProps,
  'error' | 'description' | 'descriptionProps' | 'inputWrapperOrder' | 'type' | 'inputMode'
> {
  ref?: Ref<HTMLInputElement>;
  /** What is asked for: sets the keyboard a phone shows. */
  kind: Confirmation['kind'];
  /** `confirmationState` of what is typed: the form needs it too, to hold its submit. */
  state: ConfirmationState;
  status: ConfirmationStatusText;
}

/**
 * The field where a confirmation is typed, controlled (`value`, `onChange`) or registered
 * (`{...form.register(name)}`). Nothing is suggested or corrected, as the answer is compared
 * exactly. A mismatch turns it red and aria-invalid; the words are in the status below it,
 * always rendered so screen readers announce it as it changes.
 */
export function TypedConfirmationField({
  kind,
  state,
  status,
  ...props
}: TypedConfirmationFieldProps) {
  return (
    <TextInput
      type={kind === 'email' ? 'email' : 'text'}
      inputMode={kind === 'email' ? 'email' : 'numeric'}
      autoComplete="off"
      autoCorrect="off"
      autoCapitalize="off"
      spellCheck={false}
      {...props}
      error={state === 'mismatch'}
      inputWrapperOrder={['label', 'input', 'description']}
      description={<ConfirmationStatus state={state} text={status} />}
      descriptionProps={{ role: 'status', 'aria-live': 'polite' }}
    />
  );
}

function ConfirmationStatus({
  state,
  text,
}: {
  state: ConfirmationState;
  text: ConfirmationStatusText;
}) {
  if (state === 'mismatch') return <span className={classes.mismatch}>{text.mismatch}</span>;
  if (state === 'match') {
    return (
      <span className={classes.match}>
        <IconCheck aria-hidden size={14} className={classes.matchIcon} />
        {text.match}
      </span>
    );
  }
  // Empty, or the start of the answer so far: nothing is wrong yet.
  return <>{text.hint}</>;
}
