// Loaded with the roster, not with the first screen (src/app/mantine-styles.ts).
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/EmptyState.css';
import { Alert, Box, Drawer, getDefaultZIndex } from '@mantine/core';
import { lazy, Suspense, useRef } from 'react';
import type { ApiClient } from '../../api/client';
import type { ClassSummary, RosterEntry } from '#contract';
import { useModalLayer } from '../../lib/modal-layers';
import { useReturnFocus } from '../../lib/use-return-focus';
import { useRosterMessages } from './messages';
import { RemoveStudentsDialog } from './remove-students-dialog';
import type { RosterParams } from './roster-params';
import { RosterView } from './roster-view';
import { SelectionBar } from './selection-bar';
import { useCachedTurmaName } from './use-cached-turma-name';
import { loadExpiryDialog, useRosterDialogs } from './use-roster-dialogs';
import type { RosterChangeOptions } from './use-roster-params';
import { useRosterSelection } from './use-roster-selection';
import { useTurmaMissing } from './use-turma-missing';

// Loaded on intent (use-roster-dialogs.ts).
const ChangeExpiryDialog = lazy(async () => ({
  default: (await loadExpiryDialog()).ChangeExpiryDialog,
}));

export interface RosterPanelProps {
  api: ApiClient;
  opened: boolean;
  /** The roster shown; the last one while the panel closes. */
  params: RosterParams & { turma: string };
  /** The turma's name as the page knows it (carried from the row or chip that opened it). */
  turmaName: string | undefined;
  onChange: (change: Partial<Omit<RosterParams, 'turma'>>, options?: RosterChangeOptions) => void;
  onClose: () => void;
  /** The page's enrol form, for one turma: offered when the roster is empty. */
  enrol?: { open: (turma: ClassSummary) => void; want: () => void } | undefined;
}

/**
 * A turma's roster in a panel over the turmas list, where it was opened from: its students, and
 * what to do with those ticked. Its address is the page's (`?turma=…`), so Back closes it and a
 * link opens it; Escape, the ✕ or Close go back to the list as it was.
 */
export function RosterPanel({
  api,
  opened,
  params,
  turmaName,
  onChange,
  onClose,
  enrol,
}: RosterPanelProps) {
  const messages = useRosterMessages();
  const turmaId = params.turma;
  const cachedName = useCachedTurmaName(turmaId);
  const name = [turmaName, cachedName].find((known) => known !== undefined && known.trim() !== '');
  const label = name ?? messages.turmaById(turmaId);
  const missing = useTurmaMissing(turmaId);
  useReturnFocus(opened);
  const covered = useModalLayer(opened);

  const { selected, select } = useRosterSelection(turmaId);
  const heading = useRef<HTMLHeadingElement>(null);
  const dialogs = useRosterDialogs({ opened, label, selected, select, heading });
  const { dialog, expiryDialog, wantExpiryDialog, openDialog, closeDialog, settled } = dialogs;
  const { notice, noticeRef, dismissNotice } = dialogs;

  const dialogProps = dialog && {
    api,
    opened: dialog.opened,
    turma: { id: turmaId, label },
    students: dialog.students,
    onClose: closeDialog,
    onSettled: (done: readonly RosterEntry[]) => settled(dialog.kind, done),
  };
  return (
    <>
      <Drawer.Root
        opened={opened}
        onClose={onClose}
        position="right"
        size="xl"
        // Mantine's Escape listens on the window, so it would also close the panel under a
        // dialog (the forms here, the session's sign-in). Only an Escape pressed in the panel
        // closes it, below.
        closeOnEscape={false}
        returnFocus={false}
        // Below the form dialogs, whichever mounted first: the page's enrol form opens over it.
        zIndex={getDefaultZIndex('modal') - 1}
        // Under the dialogs opened from it (modal-layers.ts).
        inert={covered}
      >
        <Drawer.Overlay />
        <Drawer.Content>
          {/* Keys bubbling from the panel's own controls (Mantine's Content drops onKeyDown);
              the wrapper is no control of its own. */}
          {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
          <div
            onKeyDown={(event) => {
              if (event.key === 'Escape' && !event.defaultPrevented) onClose();
            }}
          >
            <Drawer.Header>
              <Drawer.Title ref={heading} fz="xl" fw={700} tabIndex={-1} data-autofocus>
                {missing ? messages.notFound : messages.title(label)}
              </Drawer.Title>
              <Drawer.CloseButton aria-label={messages.close} />
            </Drawer.Header>
            {/* Drawer.Body's padding, without Drawer.Body: it would describe the whole dialog. */}
            <Box px="md" pb={selected.size > 0 ? 0 : 'md'}>
              {notice && (
                <Alert
                  ref={noticeRef}
                  tabIndex={-1}
                  role="status"
                  color="teal"
                  mb="md"
                  withCloseButton
                  closeButtonLabel={messages.outcome.dismiss}
                  onClose={dismissNotice}
                >
                  {notice}
                </Alert>
              )}
              {expiryDialog === 'failed' && dialog?.kind === 'expiry' && (
                <Alert color="red" mb="md" role="alert">
                  {messages.dialogLoadFailed}
                </Alert>
              )}
              <RosterView
                api={api}
                turmaId={turmaId}
                turmaLabel={label}
                params={params}
                onChange={onChange}
                selected={selected}
                onSelect={select}
                now={new Date()}
                enrol={
                  enrol && {
                    open: () => enrol.open({ id: turmaId, name: label }),
                    want: enrol.want,
                  }
                }
              />
              {selected.size > 0 && (
                <SelectionBar
                  count={selected.size}
                  onWantExpiry={wantExpiryDialog}
                  onChangeExpiry={() => openDialog('expiry')}
                  onRemove={() => openDialog('remove')}
                  onClear={() => select([...selected.values()], false)}
                />
              )}
            </Box>
          </div>
        </Drawer.Content>
      </Drawer.Root>
      {/* Beside the panel, not inside it: a key pressed in a dialog must not reach the panel. */}
      {dialogProps && dialog.kind === 'remove' && <RemoveStudentsDialog {...dialogProps} />}
      {dialogProps && dialog.kind === 'expiry' && expiryDialog === 'ready' && (
        <Suspense fallback={null}>
          <ChangeExpiryDialog {...dialogProps} />
        </Suspense>
      )}
    </>
  );
}
