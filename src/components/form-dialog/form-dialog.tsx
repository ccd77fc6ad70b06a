// Loaded with the first dialog, not with the first screen (src/app/mantine-styles.ts).
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Box, Modal, type ModalRootProps } from '@mantine/core';
import { Activity, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useModalLayer } from '../../lib/modal-layers';
import { useReturnFocus } from '../../lib/use-return-focus';
// What a form shows of a refusal is the server's words in the staff's language: they come with
// the dialogs, whose code loads after the first screen (describe-api-error.ts).
import '../../i18n/server-texts';
import {
  FormDialogContext,
  type FormDialogState,
  type HasUnsentChanges,
} from './form-dialog-context';
import { useFormDialogMessages } from './messages';
import { markFormDialogOpen } from './open-form-dialogs';

/**
 * The title stays above the form, and the form scrolls in a region of its own below it. Mantine
 * scrolls the whole content under a sticky header instead: whatever scrolled up went under the
 * title and its ✕ (on a phone, the bulk dialog's calendar button half under the ✕: too small a
 * target for axe). Inline, as Mantine's own modal styles may load after any sheet of ours; and no
 * stylesheet of its own, which the first screen would have to name among each dialog's files.
 */
const DIALOG_STYLES = {
  // Through the Root's styles: Modal.Content passes a style of its own to its wrapper too.
  content: { display: 'flex', flexDirection: 'column', overflow: 'hidden' },
  header: { flex: 'none' },
} as const;
// min-height 0: a flex item would otherwise grow to its content and never scroll.
const BODY_STYLE = { flex: '1 1 auto', minHeight: 0, overflowY: 'auto' } as const;

/** A field a person fills in, that takes focus now: never a button. */
const FIRST_FIELD = [
  'input:not([type="hidden"]):not(:disabled):not([tabindex="-1"])',
  'select:not(:disabled)',
  'textarea:not(:disabled)',
].join(', ');

export interface FormDialogProps {
  opened: boolean;
  title: string;
  /** Closes it for good: the page's state says it is closed. */
  onClose: () => void;
  /** A request is on its way: nothing closes the dialog until its outcome is shown. */
  busy?: boolean;
  /**
   * For what cannot be undone: an alert dialog (WAI-ARIA APG) described by this element alone.
   * It has the same ✕ as every form dialog, through the same discard question.
   */
  alertDescribedBy?: string;
  size?: ModalRootProps['size'];
  fullScreen?: boolean;
  /**
   * Mounted each time it opens (the Modal unmounts its content on close): a fresh form. It opens
   * on the field marked `data-autofocus`, else on its first field.
   */
  children: ReactNode;
}

/**
 * The one frame of the console's forms (enrolment, removal, bulk): the title, the close button,
 * focus given back to what opened it, a click beside it that never throws work away, nothing
 * closing it while a request is on its way, and the discard question (`useDiscardGuard`, shown
 * by `FormDialogActions`).
 */
export function FormDialog({
  opened,
  title,
  onClose,
  busy = false,
  alertDescribedBy,
  size = 'lg',
  fullScreen,
  children,
}: FormDialogProps) {
  const messages = useFormDialogMessages();
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const guard = useRef<HasUnsentChanges | null>(null);
  const content = useRef<HTMLElement | null>(null);
  const focusBeforeQuestion = useRef<HTMLElement | null>(null);
  const [everOpened, setEverOpened] = useState(opened);
  if (opened && !everOpened) setEverOpened(true);
  useReturnFocus(opened);
  const inert = useModalLayer(opened);
  useEffect(() => (opened ? markFormDialogOpen() : undefined), [opened]);

  const close = useCallback(() => {
    // Nothing in a dialog that is fading out should take a key press (Enter on "Discard"
    // again); and useReturnFocus gives focus back to the opener only when it is nowhere.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    setConfirmingDiscard(false);
    onClose();
  }, [onClose]);

  const keepEditing = useCallback(() => {
    setConfirmingDiscard(false);
    const target = focusBeforeQuestion.current;
    // The button that asked (Cancel) is gone while the question shows: the first field then.
    if (target?.isConnected) target.focus();
    else content.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);

  const requestClose = useCallback(() => {
    if (busy) return;
    // Asked again while asking (Escape twice): back to editing.
    if (confirmingDiscard) keepEditing();
    else if (guard.current?.()) {
      const active = document.activeElement;
      focusBeforeQuestion.current = active instanceof HTMLElement ? active : null;
      setConfirmingDiscard(true);
    } else close();
  }, [busy, confirmingDiscard, keepEditing, close]);

  const registerGuard = useCallback((hasUnsentChanges: HasUnsentChanges) => {
    guard.current = hasUnsentChanges;
    return () => {
      if (guard.current === hasUnsentChanges) guard.current = null;
    };
  }, []);

  const state = useMemo<FormDialogState>(
    () => ({ requestClose, close, keepEditing, confirmingDiscard, busy, registerGuard }),
    [requestClose, close, keepEditing, confirmingDiscard, busy, registerGuard],
  );

  // Mantine's Modal renders role="dialog" described by Modal.Body, with no prop for either. An
  // alert dialog is described by its warning alone; React leaves both attributes alone after this
  // because the props it set them from never change, and the body is a Box, not Modal.Body.
  const contentRef = useCallback(
    (node: HTMLElement | null) => {
      content.current = node;
      if (node && alertDescribedBy) {
        node.setAttribute('role', 'alertdialog');
        node.setAttribute('aria-describedby', alertDescribedBy);
      }
    },
    [alertDescribedBy],
  );

  // Mantine's focus trap opens on the element marked `data-autofocus`, else on the first one that
  // takes focus: the header's ✕. A form that marks none opens on its first field instead (WAI-ARIA
  // APG), marked as the form renders, before the trap looks; keepEditing goes back to it too.
  const bodyRef = useCallback((node: HTMLElement | null) => {
    if (!node || node.querySelector('[data-autofocus]')) return;
    node.querySelector(FIRST_FIELD)?.setAttribute('data-autofocus', '');
  }, []);

  const form = <FormDialogContext value={state}>{children}</FormDialogContext>;
  return (
    <>
      {/* Until it first opens, its content renders once, hidden and when React has nothing
          more urgent to do (no effects run there): the form's code then runs for the first time
          when nobody waits for it, and the first opening of a tab costs what a later one does
          (docs/decisions/006-dialogs-and-shared-parts.md). */}
      {!everOpened && <Activity mode="hidden">{form}</Activity>}
      <Modal.Root
        opened={opened}
        onClose={requestClose}
        closeOnEscape={!busy}
        // A stray click beside a form must not throw away what was typed in it.
        closeOnClickOutside={false}
        // useReturnFocus does it, also on the first open of a lazily loaded dialog.
        returnFocus={false}
        size={size}
        fullScreen={fullScreen}
        // Inert under what opens over it, the session's sign-in, and as it fades out
        // (modal-layers.ts).
        inert={inert}
        styles={DIALOG_STYLES}
      >
        <Modal.Overlay />
        <Modal.Content ref={contentRef}>
          <Modal.Header>
            {/* Mantine draws the title (an h2) as body text; it is what the dialog is about. */}
            <Modal.Title fz="xl" fw={700}>
              {title}
            </Modal.Title>
            {!busy && <Modal.CloseButton aria-label={messages.close} />}
          </Modal.Header>
          {/* Modal.Body's padding, without Modal.Body (see above); the region that scrolls. */}
          <Box ref={bodyRef} px="md" pb="md" style={BODY_STYLE}>
            {form}
          </Box>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}
