import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useId, useLayoutEffect, useMemo, type Ref } from 'react';
import type { ApiClient } from '../api/client';
import { CLASSES_PER_REQUEST_MAX, type ClassSummary } from '#contract';
import { tokenStore, useSession } from '../features/auth/token-store';
import { ClassBrowser } from '../features/classes/list/class-browser';
import type { RowAction } from '../features/classes/table/class-table';
import { turmaLabel, useClassListMessages } from '../features/classes/list/messages';
import { useSelection } from '../lib/selection-store';
import { useHydrated } from '../lib/use-hydrated';
import type { SelectionLimit } from '../features/classes/selection/selection-tray';
import { useMessages } from '../i18n/i18n-context';
import { useCredential } from './credential-access';
import { ReadOnlyNotice } from './credential-parts';
import focus from './focus-target.module.css';
import classes from './turmas-page.module.css';
import { ExpiringButton, ExpiringOutlet } from './expiring-outlet';
import { AuditHistory } from './history-outlet';
import { RosterOutlet } from './roster-outlet';
import { StudentOutlet } from './student-outlet';
import { useStudentEnrol } from './use-student-enrol';
import { useRosterAction } from './use-roster-action';
import { writeActions } from './write-actions';
import { useLazyDialogs } from './use-lazy-dialogs';

interface TurmasPageProps {
  api: ApiClient;
  /** The heading, so the app can move focus to it after sign-in. */
  headingRef?: Ref<HTMLHeadingElement>;
}

// The forms are not part of the first screen (react-hook-form, the date picker and the dialog
// itself weigh more than the table): they load once the first rows are on screen and the browser
// is idle, or sooner when a pointer or focus reaches a button that opens one.
const loadEnrolmentDialog = () => import('../features/enrolment/enrolment-dialog');
const loadRemovalDialog = () => import('../features/removal/removal-dialog');
// The bulk runner (a CSV parser, a worker, the runner) is for the start and end of a term.
const loadBulkDialog = () => import('../features/bulk/bulk-dialog');
const EnrolmentDialog = lazy(async () => ({
  default: (await loadEnrolmentDialog()).EnrolmentDialog,
}));
const RemovalDialog = lazy(async () => ({ default: (await loadRemovalDialog()).RemovalDialog }));
const BulkDialog = lazy(async () => ({ default: (await loadBulkDialog()).BulkDialog }));

const loadNotificationsHost = () => import('./notifications-host');
const NotificationsHost = lazy(loadNotificationsHost);
const loadSelectionTray = () => import('../features/classes/selection/selection-tray');
const SelectionTray = lazy(async () => ({ default: (await loadSelectionTray()).SelectionTray }));

// Everything a dialog mounts with: the notifications outlet comes with the first dialog that
// reports an outcome through it.
const loaders = {
  enrol: [loadEnrolmentDialog, loadNotificationsHost],
  remove: [loadRemovalDialog, loadNotificationsHost],
  bulk: [loadBulkDialog],
};

/** The one page a signed-in person sees: the turmas, what is selected, and what to do with it. */
export function TurmasPage({ api, headingRef }: TurmasPageProps) {
  const messages = useMessages();
  const listMessages = useClassListMessages();
  const selection = useSelection();
  const signedIn = useSession().token !== null;
  const { dialogs, opened, failed, want, preload, open, close, dismissFailure } =
    useLazyDialogs(loaders);

  // The dialogs name turmas as the list does: "(sem nome)" for an empty name, never a title
  // that stops mid-sentence ("Matricular aluno em ").
  const labelled = useMemo(
    () => (turmas: readonly ClassSummary[]) =>
      turmas.map((turma) => ({ ...turma, name: turmaLabel(turma.name, listMessages) })),
    [listMessages],
  );
  const rosterAction = useRosterAction(api);
  const rosterEnrol = useMemo(
    () => ({
      open: (turma: ClassSummary) => open('enrol', labelled([turma])),
      want: () => want('enrol'),
    }),
    [open, want, labelled],
  );
  const { studentEnrol, enrolling, enrolled } = useStudentEnrol(open, want);
  // A `read` credential is offered no write anywhere on the page (ReadOnlyNotice says why).
  const { canWrite } = useCredential(api);
  // public/shell.js hid the prerendered write controls of a remembered `read` credential; from
  // the first render that knows the credential (the one after hydration), the page decides.
  const hydrated = useHydrated();
  useLayoutEffect(() => {
    if (hydrated) delete document.documentElement.dataset.credentialRole;
  }, [hydrated]);
  const rowActions = useMemo<RowAction[]>(
    () => [
      ...(canWrite ? writeActions(messages, open, want, labelled) : []),
      // Last: where "Matricular" and "Remover" were stays where hands and tests know it.
      ...(rosterAction ? [rosterAction] : []),
    ],
    [messages, open, want, labelled, rosterAction, canWrite],
  );

  const tooMany = selection.length > CLASSES_PER_REQUEST_MAX;
  const limitId = useId();
  const onShown = useCallback(() => {
    loadSelectionTray().catch(() => undefined);
    preload();
  }, [preload]);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" className={classes.headingRow}>
        <Title order={1} ref={headingRef} tabIndex={-1} className={focus.focusTarget}>
          {messages.classes.title}
        </Title>
        <Group gap="xs">
          <ExpiringButton api={api} />
          <AuditHistory api={api} part="button" />
          {canWrite ? (
            <BulkButton
              limitId={tooMany ? limitId : undefined}
              onWant={() => want('bulk')}
              onOpen={() => open('bulk', selection)}
            />
          ) : (
            <ReadOnlyNotice />
          )}
        </Group>
      </Group>
      {failed && (
        <DialogLoadFailed
          onRetry={() => open(failed, dialogs[failed].turmas)}
          onDismiss={dismissFailure}
        />
      )}
      {/* Once the first rows are on screen, the dialogs' code loads in idle moments: the first
          click of a tab then waits for no download (decision 006). */}
      <ClassBrowser
        api={api}
        rowActions={rowActions}
        // The roster's action comes with the first answer, where the server offers it.
        rowActionsWhileLoading={rosterAction ? rowActions.length : rowActions.length + 1}
        onShown={onShown}
      />
      {/* The tray shows only while something is selected: its code comes once the rows are on
          screen, or with the first selection. */}
      {selection.length > 0 && (
        <Suspense fallback={null}>
          <SelectionTray
            chipAction={rosterAction}
            limitId={limitId}
            actions={
              canWrite
                ? (limit) => (
                    <SelectionWrites
                      limit={limit}
                      disabled={tooMany}
                      want={want}
                      open={(kind) => open(kind, labelled(selection))}
                    />
                  )
                : undefined
            }
          />
        </Suspense>
      )}
      <RosterOutlet api={api} enrol={canWrite ? rosterEnrol : undefined} readOnly={!canWrite} />
      <StudentOutlet api={api} enrol={canWrite ? studentEnrol : undefined} readOnly={!canWrite} />
      <ExpiringOutlet api={api} readOnly={!canWrite} />
      <AuditHistory api={api} part="outlet" />
      <Suspense fallback={null}>
        {/* Only the dialogs report outcomes, so the notifications come with the first one. */}
        {(dialogs.enrol.mounted || dialogs.remove.mounted) && <NotificationsHost />}
        {dialogs.bulk.mounted && (
          <BulkDialog
            api={api}
            opened={opened === 'bulk'}
            turmas={dialogs.bulk.turmas}
            onClose={close}
            onUnauthorized={tokenStore.expire}
            signedIn={signedIn}
          />
        )}
        {dialogs.enrol.mounted && (
          <EnrolmentDialog
            api={api}
            opened={opened === 'enrol'}
            turmas={dialogs.enrol.turmas}
            student={enrolling}
            onClose={() => {
              close();
              enrolled();
            }}
          />
        )}
        {dialogs.remove.mounted && (
          <RemovalDialog
            api={api}
            opened={opened === 'remove'}
            turmas={dialogs.remove.turmas}
            onClose={close}
          />
        )}
      </Suspense>
    </Stack>
  );
}

/** The tray's enrol and remove, for the turmas selected. */
function SelectionWrites({
  limit,
  disabled,
  want,
  open,
}: {
  limit: SelectionLimit;
  disabled: boolean;
  want: (kind: 'enrol' | 'remove') => void;
  open: (kind: 'enrol' | 'remove') => void;
}) {
  const messages = useMessages();
  return (
    <>
      <Button
        disabled={disabled}
        {...limit}
        onPointerEnter={() => want('enrol')}
        onFocus={() => want('enrol')}
        onClick={() => open('enrol')}
      >
        {messages.selection.enrol}
      </Button>
      <Button
        variant="default"
        className={classes.destructive}
        disabled={disabled}
        {...limit}
        onPointerEnter={() => want('remove')}
        onFocus={() => want('remove')}
        onClick={() => open('remove')}
      >
        {messages.selection.removeStudent}
      </Button>
    </>
  );
}

/** A dialog's code did not come: say so, and offer to load it again. */
function DialogLoadFailed({ onRetry, onDismiss }: { onRetry: () => void; onDismiss: () => void }) {
  const messages = useMessages();
  return (
    <Alert
      color="red"
      title={messages.dialogLoad.failed}
      role="alert"
      withCloseButton
      closeButtonLabel={messages.dialogLoad.dismiss}
      onClose={onDismiss}
    >
      <Stack gap="xs" align="flex-start">
        {messages.dialogLoad.description}
        <Button variant="default" size="xs" onClick={onRetry}>
          {messages.dialogLoad.retry}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * Enrol or remove a list: the selection's turmas, or chosen in the dialog. Over the limit, the
 * selection could not be sent: disabled as the tray's writes are, described by the tray's
 * sentence that says why (`limitId`).
 */
function BulkButton({
  limitId,
  onWant,
  onOpen,
}: {
  limitId: string | undefined;
  onWant: () => void;
  onOpen: () => void;
}) {
  const messages = useMessages();
  return (
    <Button
      variant="default"
      data-write
      leftSection={<IconFileSpreadsheet aria-hidden size={18} />}
      onPointerEnter={onWant}
      onFocus={onWant}
      disabled={limitId !== undefined}
      aria-describedby={limitId}
      onClick={onOpen}
    >
      {messages.classes.bulkAction}
    </Button>
  );
}
