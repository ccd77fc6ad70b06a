// Loaded with the panels that use it, not with the first screen (src/app/mantine-styles.ts).
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Drawer.css';
import { Drawer, getDefaultZIndex } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { useModalLayer } from '../../lib/modal-layers';
import { useReturnFocus } from '../../lib/use-return-focus';

/**
 * A page that opens over the turmas from the right (a roster, a student's page): its heading
 * takes focus, focus goes back where it was when it closes, and it lies under the dialogs opened
 * from it (modal-layers.ts). The caller's children are the body, below the heading. While
 * `busy` (a run of calls in it, paused or not), nothing closes it, as a busy form dialog.
 */
export function SidePanel({
  opened,
  onClose,
  title,
  closeLabel,
  headingRef,
  busy = false,
  returnFocusTo,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  headingRef?: Ref<HTMLHeadingElement>;
  busy?: boolean;
  /**
   * Where focus goes when it closes if it opened with focus nowhere (from its address); by
   * default the page's heading, the start of what is left on screen.
   */
  returnFocusTo?: () => HTMLElement | null;
  children: ReactNode;
}) {
  useReturnFocus(opened, returnFocusTo ?? pageHeading);
  const inert = useModalLayer(opened);
  const requestClose = () => {
    if (!busy) onClose();
  };
  return (
    <Drawer.Root
      opened={opened}
      onClose={requestClose}
      position="right"
      size="xl"
      // Mantine's Escape listens on the window, so it would also close the panel under a dialog
      // (the forms opened from it, the session's sign-in). Only an Escape pressed in the panel
      // closes it, below.
      closeOnEscape={false}
      returnFocus={false}
      // Below the form dialogs, whichever mounted first: the page's enrol form opens over it.
      zIndex={getDefaultZIndex('modal') - 1}
      inert={inert}
    >
      <Drawer.Overlay />
      <Drawer.Content>
        {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- it hears Escape
            bubbling from the panel's own controls (Mantine's Content drops onKeyDown); the
            wrapper is no control of its own. */}
        <div
          onKeyDown={(event) => {
            // A dialog opened from the panel sits inside it: its Escape (a move's turma list
            // closing) is the dialog's. The panel's own is one whose nearest dialog is the panel.
            const dialogOf = (node: EventTarget) =>
              node instanceof Element
                ? node.closest('[role="dialog"], [role="alertdialog"]')
                : null;
            const inPanel = dialogOf(event.target) === dialogOf(event.currentTarget);
            if (event.key === 'Escape' && !event.defaultPrevented && inPanel) requestClose();
          }}
        >
          <Drawer.Header>
            <Drawer.Title ref={headingRef} fz="xl" fw={700} tabIndex={-1} data-autofocus>
              {title}
            </Drawer.Title>
            {!busy && <Drawer.CloseButton aria-label={closeLabel} />}
          </Drawer.Header>
          {children}
        </div>
      </Drawer.Content>
    </Drawer.Root>
  );
}

const pageHeading = () => document.querySelector<HTMLElement>('h1[tabindex="-1"]');
