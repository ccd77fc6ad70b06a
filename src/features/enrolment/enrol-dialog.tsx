// Loaded with the dialog, not with the first screen (src/app/mantine-styles.ts): the Modal. The
// expiry field brings the date picker's own.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Modal } from '@mantine/core';
import { useCallback, useRef } from 'react';
import type { ApiClient } from '../../api/client';
import type { ClassSummary } from '#contract';
import { useReturnFocus } from '../../lib/use-return-focus';
import { EnrolPanel, type CloseGuard } from './enrol-panel';
import { useEnrolmentMessages } from './messages';

export interface EnrolDialogProps {
  api: ApiClient;
  opened: boolean;
  /** The turmas to start with: the row's one, or the selection. Read each time it opens. */
  turmas: readonly ClassSummary[];
  onClose: () => void;
}

/**
 * Enrol one student into the turmas it opens with (a row's, or the selection), which can be
 * changed inside. The page keeps it mounted once used so Mantine can give focus back to the
 * button that opened it; its content mounts on each opening and starts afresh.
 */
export function EnrolDialog({ api, opened, turmas, onClose }: EnrolDialogProps) {
  const messages = useEnrolmentMessages();
  const closeGuardRef = useRef<CloseGuard | null>(null);
  const close = useCallback(() => {
    // Nothing in a dialog that is fading out should take a key press (Enter on "Descartar"
    // again); and useReturnFocus gives focus back to the opener only when it is nowhere.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    onClose();
  }, [onClose]);
  // Escape, the close button, a click outside and Cancel all ask the content first.
  const requestClose = useCallback(() => {
    if (closeGuardRef.current?.() ?? true) close();
  }, [close]);

  useReturnFocus(opened);

  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      title={messages.title}
      // Mantine draws the title (an h2) as body text; it is what the dialog is about.
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': messages.close }}
      // Done by useReturnFocus, which also covers the first opening (mounted already open).
      returnFocus={false}
      size="lg"
    >
      <EnrolPanel
        api={api}
        turmas={turmas}
        closeGuardRef={closeGuardRef}
        requestClose={requestClose}
        close={close}
      />
    </Modal>
  );
}
