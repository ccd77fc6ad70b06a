// Loaded with the dialog, not with the first screen (src/app/mantine-styles.ts).
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { getDefaultZIndex, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { announceSessionRestored } from '../../components/form-dialog/session-restored';
import { useMessages } from '../../i18n/i18n-context';
import { useModalLayer } from '../../lib/modal-layers';
import { TokenForm, type TokenFormProps } from './token-form';

interface SessionExpiredDialogProps extends Pick<TokenFormProps, 'api'> {
  opened: boolean;
  /** The choice the expired session was made with, offered again. */
  remember: boolean;
}

/**
 * The gate over the page when the API refuses the token mid-session. The page stays mounted
 * beneath, so open forms and the table keep everything typed; there is no way to dismiss the
 * dialog but a good token, because nothing underneath would work without one.
 *
 * It is loaded apart from the first screen (see session-gate.tsx); giving focus back on close
 * and the Escape guard that must precede the page's dialogs live in the gate, which is never
 * lazy.
 */
export function SessionExpiredDialog({ api, opened, remember }: SessionExpiredDialogProps) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const inert = useModalLayer(opened);
  return (
    <Modal
      opened={opened}
      inert={inert}
      onClose={() => {}}
      title={messages.auth.sessionExpiredTitle}
      // Mantine draws the title (an h2) as body text; it is what the dialog is about.
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      // The session gate gives focus back (session-gate.tsx): this dialog may mount open.
      returnFocus={false}
      centered
      // Above any dialog or dropdown the page had open when the session expired.
      zIndex={getDefaultZIndex('max')}
    >
      <Stack gap="md">
        <Text>{messages.auth.sessionExpiredDescription}</Text>
        <TokenForm
          api={api}
          defaultRemember={remember}
          onSignedIn={() => {
            // The forms beneath drop "your session expired": the new token has just worked.
            announceSessionRestored();
            void refetchWhatFailed(queryClient);
          }}
        />
      </Stack>
    </Modal>
  );
}

/**
 * The interrupted view recovers on its own: every query that failed (the 401 that expired the
 * session, and any refused while the dialog was open) is marked stale, and those on screen are
 * fetched again now. Queries that succeeded keep their data: it did not depend on which token
 * fetched it. Failed mutations are not repeated behind the person's back: their forms are still
 * filled, and sending again is their decision.
 */
function refetchWhatFailed(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
}
