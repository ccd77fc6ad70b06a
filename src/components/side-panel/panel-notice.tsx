import { Alert } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { useRef, type ReactNode, type Ref } from 'react';

/**
 * What a write from a side panel did, said above its content: a status that takes focus when it
 * appears (the caller moves it there), so a screen reader reads it, and that staff can dismiss:
 * its ✕ goes with it, so focus goes to the panel's heading rather than the page's body.
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
  const own = useRef<HTMLDivElement>(null);
  const merged = useMergedRef(ref, own);
  const dismiss = () => {
    own.current
      ?.closest('[role="dialog"]')
      ?.querySelector<HTMLElement>('h2[tabindex="-1"]')
      ?.focus();
    onDismiss();
  };
  return (
    <Alert
      ref={merged}
      tabIndex={-1}
      role="status"
      color="teal"
      mb={mb}
      withCloseButton
      closeButtonLabel={dismissLabel}
      onClose={dismiss}
    >
      {children}
    </Alert>
  );
}
