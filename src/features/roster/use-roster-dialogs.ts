import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { RosterEntry } from '#contract/extensions';
import { useIsFormDialogOpen } from '../../components/form-dialog/open-form-dialogs';
import { useFormats } from '../../i18n/formats';
import { useRosterMessages } from './messages';

export type DialogKind = 'remove' | 'expiry' | 'copy' | 'move';

// The date picker and its calendar are for the few who change an expiry: loaded on intent.
export const loadExpiryDialog = () => import('./change-expiry-dialog');

interface RosterDialogsOptions {
  /** The panel is open. */
  opened: boolean;
  /** The turma as the panel names it. */
  label: string;
  selected: ReadonlyMap<string, RosterEntry>;
  select: (students: readonly RosterEntry[], checked: boolean) => void;
  /** The panel's title: where focus goes when a dialog took away what had it. */
  heading: RefObject<HTMLHeadingElement | null>;
}

/**
 * The dialogs over a roster panel: which is open and for whom (the students ticked when it
 * opened), whether the expiry dialog's code is in, and the notice of what the last one did.
 */
export function useRosterDialogs({
  opened,
  label,
  selected,
  select,
  heading,
}: RosterDialogsOptions) {
  const messages = useRosterMessages();
  const { number } = useFormats();
  const [dialog, setDialog] = useState<{
    kind: DialogKind;
    opened: boolean;
    students: readonly RosterEntry[];
  } | null>(null);
  const [expiryDialog, setExpiryDialog] = useState<'idle' | 'ready' | 'failed'>('idle');
  // `runId`: the run that did it, for the notice's "Desfazer".
  const [notice, setNotice] = useState<{
    text: string;
    runId: string;
    students: number;
    seq: number;
  } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

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
  }, [dialogClosed, heading]);

  /** `target`: the turma a copy or move went to, named in the notice with this one. */
  const settled = useCallback(
    (kind: DialogKind, done: readonly RosterEntry[], runId: string, target?: string) => {
      if (done.length === 0) return;
      const formatted = number.format(done.length);
      const text =
        kind === 'remove'
          ? messages.outcome.summaryRemoved(done.length, formatted, label)
          : kind === 'expiry'
            ? messages.outcome.summaryChanged(done.length, formatted)
            : messages.travel.summary(kind, done.length, formatted, {
                from: label,
                to: target ?? '',
              });
      setNotice((before) => ({
        text,
        runId,
        students: done.length,
        seq: (before?.seq ?? 0) + 1,
      }));
      // Done with: unticked, so what stays ticked is what is left to do (the failures).
      select(done, false);
    },
    [label, messages, number, select],
  );

  return {
    dialog,
    expiryDialog,
    wantExpiryDialog,
    openDialog,
    closeDialog,
    settled,
    notice,
    noticeRef,
    dismissNotice: () => setNotice(null),
  };
}
