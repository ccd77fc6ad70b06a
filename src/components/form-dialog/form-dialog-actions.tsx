import { Button, Group, Loader, Text, type ButtonProps } from '@mantine/core';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useFormDialog } from './form-dialog-context';
import { unavailable } from './unavailable';
import { useFormDialogMessages } from './messages';
import classes from './form-dialog-actions.module.css';

/**
 * The footer of a form dialog: Cancel, then the form's submit button (the safe choice first in
 * reading and tab order); or, while the dialog asks whether to discard, that question.
 */
export function FormDialogActions({ children }: { children: ReactNode }) {
  const messages = useFormDialogMessages();
  const { confirmingDiscard, requestClose, busy } = useFormDialog();
  return (
    <div className={classes.footer}>
      {confirmingDiscard ? (
        <DiscardQuestion />
      ) : (
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={requestClose} {...unavailable(busy)}>
            {messages.cancel}
          </Button>
          {children}
        </Group>
      )}
    </div>
  );
}

interface SubmitButtonProps {
  /** Not sendable yet (removal: until the confirmation matches). */
  blocked?: boolean;
  /** Shown instead of the label while the request is on its way. */
  busyLabel?: string;
  color?: ButtonProps['color'];
  children: ReactNode;
}

/**
 * The form's submit button. Never `disabled`: a disabled button drops the focus, and the person
 * would have to find their way back into the dialog. It is announced as unavailable while the
 * form cannot be sent, and `useFormSubmit` ignores a submit then.
 */
export function SubmitButton({ blocked = false, busyLabel, color, children }: SubmitButtonProps) {
  const { busy } = useFormDialog();
  return (
    <Button
      type="submit"
      color={color}
      {...unavailable(busy || blocked)}
      leftSection={busy ? <Loader size="xs" color="currentColor" /> : undefined}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </Button>
  );
}

function DiscardQuestion() {
  const messages = useFormDialogMessages().discard;
  const { keepEditing, close } = useFormDialog();
  const questionId = useId();
  const keepEditingRef = useRef<HTMLButtonElement>(null);
  useEffect(() => keepEditingRef.current?.focus(), []);
  return (
    <Group role="group" aria-labelledby={questionId} justify="space-between" gap="sm" wrap="wrap">
      <Text id={questionId} fw={600}>
        {messages.question}
      </Text>
      <Group gap="sm">
        <Button ref={keepEditingRef} variant="default" onClick={keepEditing}>
          {messages.keepEditing}
        </Button>
        <Button color="red.9" onClick={close}>
          {messages.confirm}
        </Button>
      </Group>
    </Group>
  );
}
