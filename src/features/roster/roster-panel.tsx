// Loaded with the roster, not with the first screen (src/app/mantine-styles.ts).
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/EmptyState.css';
import { Alert, Box, Button, Drawer, getDefaultZIndex, Group, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { ClassSummary, RosterEntry } from '#contract';
import { useIsFormDialogOpen } from '../../components/form-dialog/open-form-dialogs';
import { useFormats } from '../../i18n/formats';
import { useModalLayer } from '../../lib/modal-layers';
import { useReturnFocus } from '../../lib/use-return-focus';
import { useRosterMessages } from './messages';
import { RemoveStudentsDialog } from './remove-students-dialog';
import type { RosterParams } from './roster-params';
import { RosterView } from './roster-view';
import classes from './roster.module.css';
import { useCachedTurmaName } from './use-cached-turma-name';
import { useTurmaMissing } from './use-turma-missing';
import type { RosterChangeOptions } from './use-roster-params';

// The date picker and its calendar are for the few who change an expiry: loaded on intent.
const loadExpiryDialog = () => import('./change-expiry-dialog');
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

type DialogKind = 'remove' | 'expiry';

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
  const { number } = useFormats();
  const turmaId = params.turma;
  const cachedName = useCachedTurmaName(turmaId);
  const name = [turmaName, cachedName].find((known) => known !== undefined && known.trim() !== '');
  const label = name ?? messages.turmaById(turmaId);
  const missing = useTurmaMissing(turmaId);
  useReturnFocus(opened);
  const covered = useModalLayer(opened);

  // Ticked students belong to one turma: another roster starts with none.
  const [selection, setSelection] = useState<{
    turma: string;
    students: ReadonlyMap<string, RosterEntry>;
  }>({ turma: turmaId, students: new Map() });
  const selected = selection.turma === turmaId ? selection.students : EMPTY;
  const select = useCallback(
    (students: readonly RosterEntry[], checked: boolean) =>
      setSelection((current) => {
        const next = new Map(current.turma === turmaId ? current.students : EMPTY);
        for (const student of students) {
          if (checked) next.set(student.email, student);
          else next.delete(student.email);
        }
        return { turma: turmaId, students: next };
      }),
    [turmaId],
  );

  const [dialog, setDialog] = useState<{
    kind: DialogKind;
    opened: boolean;
    students: readonly RosterEntry[];
  } | null>(null);
  const [expiryDialog, setExpiryDialog] = useState<'idle' | 'ready' | 'failed'>('idle');
  const wantExpiryDialog = () => {
    loadExpiryDialog().then(
      () => setExpiryDialog('ready'),
      () => setExpiryDialog((current) => (current === 'ready' ? current : 'failed')),
    );
  };
  const openDialog = (kind: DialogKind) => {
    if (kind === 'expiry') wantExpiryDialog();
    setNotice(null);
    setDialog({ kind, opened: true, students: [...selected.values()] });
  };
  const heading = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const closeDialog = useCallback(
    () => setDialog((current) => current && { ...current, opened: false }),
    [],
  );
  // A dialog over the panel gives focus back to the button that opened it (FormDialog); when what
  // it did took that button away (the students it removed, the first one enrolled), focus goes to
  // what the panel says of it, or its title.
  const formDialogOpen = useIsFormDialogOpen();
  const dialogClosed = opened && !formDialogOpen;
  useEffect(() => {
    if (!dialogClosed) return;
    const timer = setTimeout(() => {
      const active = document.activeElement;
      if (active === null || active === document.body) {
        (noticeRef.current ?? heading.current)?.focus({ preventScroll: true });
      }
    }, 50);
    return () => clearTimeout(timer);
  }, [dialogClosed]);

  const [notice, setNotice] = useState<string | null>(null);
  const settled = useCallback(
    (kind: DialogKind, done: readonly RosterEntry[]) => {
      if (done.length === 0) return;
      const formatted = number.format(done.length);
      setNotice(
        kind === 'remove'
          ? messages.outcome.summaryRemoved(done.length, formatted, label)
          : messages.outcome.summaryChanged(done.length, formatted),
      );
      // Done with: unticked, so what stays ticked is what is left to do (the failures).
      select(done, false);
    },
    [label, messages, number, select],
  );

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
                  onClose={() => setNotice(null)}
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
                <section aria-label={messages.selection.label} className={classes.actionBar}>
                  <Group justify="space-between" gap="xs">
                    <Text fw={600} role="status">
                      {messages.selection.count(selected.size, number.format(selected.size))}
                    </Text>
                    <Group gap="xs">
                      <Button
                        variant="default"
                        onPointerEnter={wantExpiryDialog}
                        onFocus={wantExpiryDialog}
                        onClick={() => openDialog('expiry')}
                      >
                        {messages.selection.changeExpiry}
                      </Button>
                      <Button color="red.9" onClick={() => openDialog('remove')}>
                        {messages.selection.remove}
                      </Button>
                      <Button
                        variant="subtle"
                        onClick={() => select([...selected.values()], false)}
                      >
                        {messages.selection.clear}
                      </Button>
                    </Group>
                  </Group>
                </section>
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

const EMPTY: ReadonlyMap<string, RosterEntry> = new Map();
