// Loaded with the roster, not with the first screen (src/app/mantine-styles.ts).
import '@mantine/core/styles/EmptyState.css';
import { Alert, Box } from '@mantine/core';
import { lazy, Suspense, useRef } from 'react';
import { UndoWrite } from '../../api/audit-undo-parts';
import type { ApiClient } from '../../api/client';
import { useExtension } from '../../api/use-extension';
import { AUDIT_EXTENSION, type ClassSummary } from '#contract';
import type { RosterEntry } from '#contract/extensions';
import { PanelNotice } from '../../components/side-panel/panel-notice';
import { SidePanel } from '../../components/side-panel/side-panel';
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

// The turma picker and the date picker: loaded when asked for.
const CopyStudentsDialog = lazy(async () => ({
  default: (await import('./copy-students-dialog')).CopyStudentsDialog,
}));

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
  /** The page's sign-in, for a copy or move paused by a 401. */
  onUnauthorized?: (() => void) | undefined;
  /** A `read` credential's roster: nothing to do with students ticked, so no actions for them. */
  readOnly?: boolean | undefined;
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
  onUnauthorized,
  readOnly = false,
}: RosterPanelProps) {
  const messages = useRosterMessages();
  const turmaId = params.turma;
  const cachedName = useCachedTurmaName(turmaId);
  const name = [turmaName, cachedName].find((known) => known !== undefined && known.trim() !== '');
  const label = name ?? messages.turmaById(turmaId);
  const missing = useTurmaMissing(turmaId);

  const { selected, select } = useRosterSelection(turmaId);
  const heading = useRef<HTMLHeadingElement>(null);
  const dialogs = useRosterDialogs({ opened, label, selected, select, heading });
  const { dialog, expiryDialog, wantExpiryDialog, openDialog, closeDialog, settled } = dialogs;
  const { notice, noticeRef, dismissNotice } = dialogs;
  const undoable = useExtension(api, AUDIT_EXTENSION) && !readOnly;

  const dialogProps = dialog && {
    api,
    opened: dialog.opened,
    turma: { id: turmaId, label },
    students: dialog.students,
    onClose: closeDialog,
    // A copy or move also says where they went.
    onSettled: (done: readonly RosterEntry[], runId: string, target?: ClassSummary) =>
      settled(dialog.kind, done, runId, target?.name),
  };
  return (
    <>
      <SidePanel
        opened={opened}
        onClose={onClose}
        title={missing ? messages.notFound : messages.title(label)}
        closeLabel={messages.close}
        headingRef={heading}
      >
        {/* Drawer.Body's padding, without Drawer.Body: it would describe the whole dialog. */}
        <Box px="md" pb={selected.size > 0 ? 0 : 'md'}>
          {notice && (
            <PanelNotice
              ref={noticeRef}
              mb="md"
              dismissLabel={messages.outcome.dismiss}
              onDismiss={dismissNotice}
            >
              {notice.text}
              {undoable && (
                <Box mt="xs">
                  <UndoWrite
                    key={notice.seq}
                    api={api}
                    body={{ runId: notice.runId }}
                    students={notice.students}
                  />
                </Box>
              )}
            </PanelNotice>
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
            onSelect={readOnly ? undefined : select}
            now={new Date()}
            enrol={
              enrol && {
                open: () => enrol.open({ id: turmaId, name: label }),
                want: enrol.want,
              }
            }
          />
          {selected.size > 0 && !readOnly && (
            <SelectionBar
              count={selected.size}
              onWantExpiry={wantExpiryDialog}
              onChangeExpiry={() => openDialog('expiry')}
              onRemove={() => openDialog('remove')}
              onCopy={() => openDialog('copy')}
              onMove={() => openDialog('move')}
              onClear={() => select([...selected.values()], false)}
            />
          )}
        </Box>
      </SidePanel>
      {/* Beside the panel, not inside it: a key pressed in a dialog must not reach the panel. */}
      {dialogProps && dialog.kind === 'remove' && <RemoveStudentsDialog {...dialogProps} />}
      {dialogProps && (dialog.kind === 'copy' || dialog.kind === 'move') && (
        <Suspense fallback={null}>
          <CopyStudentsDialog {...dialogProps} kind={dialog.kind} onUnauthorized={onUnauthorized} />
        </Suspense>
      )}
      {dialogProps && dialog.kind === 'expiry' && expiryDialog === 'ready' && (
        <Suspense fallback={null}>
          <ChangeExpiryDialog {...dialogProps} />
        </Suspense>
      )}
    </>
  );
}
