import { Alert } from '@mantine/core';
import type { ReactNode, Ref } from 'react';

/**
 * What a write from a side panel did, said above its content: a status that takes focus when it
 * appears (the caller moves it there), so a screen reader reads it, and that staff can dismiss.
 */
export function PanelNotice({
  ref,
  dismissLabel,
  onDismiss,
  mb,
  children,
}: {
  ref: Ref<HTMLDivElement>;
  dismissLabel: string;
  onDismiss: () => void;
  mb?: 'md';
  children: ReactNode;
}) {
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role="status"
      color="teal"
      mb={mb}
      withCloseButton
      closeButtonLabel={dismissLabel}
      onClose={onDismiss}
    >
      {children}
    </Alert>
  );
}
