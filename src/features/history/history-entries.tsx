/**
 * History's entries on screen: one write's card, and a run's (its lines side by side on a page).
 * A write that changed nothing (a call sent again after the connection came back, or asking for
 * what already was) is kept in the trail (decision 019, "What counts as a change") but is not an
 * alteration: a run counts and lists the lines that changed something, and folds the rest into
 * one quiet line that shows them on request.
 */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type Ref } from 'react';
import type { AuditEntry } from '#contract/extensions';
import { useUndoMessages } from '../../api/audit-undo';
import { UndoConfirm } from '../../api/audit-undo-parts';
import { cachedTurmaName } from '../../api/cached-turma-name';
import { EmailText } from '../../components/email-text/email-text';
import { useFormats } from '../../i18n/formats';
import { changed, describeChange, describeEntry, type UndoneState } from './describe-entry';
import type { Filters } from './filters';
import { useHistoryMessages } from './messages';

/** A turma of the entry by name: as the server named it, or as a list of this tab shows it. */
function useTurmaName(entry: AuditEntry) {
  const queryClient = useQueryClient();
  const undoMessages = useUndoMessages();
  return (classId: string) =>
    entry.changes.find((change) => change.classId === classId)?.className ??
    cachedTurmaName(queryClient, classId) ??
    undoMessages.turmaOf(classId);
}

export function EntryCard({
  entry,
  undone,
  busy,
  onUndo,
  onOnly,
  undoRef,
}: {
  entry: AuditEntry;
  /** As the trail says; an entry undone in part keeps "Desfazer" (the refused turmas may pass now). */
  undone: UndoneState | undefined;
  busy: boolean;
  onUndo: (() => void) | undefined;
  /** Narrows the list to this entry's turma or student. */
  onOnly: (filters: Filters) => void;
  /** Its "Desfazer", for focus after a sign-in (useHistoryUndo). */
  undoRef?: Ref<HTMLButtonElement>;
}) {
  const messages = useHistoryMessages();
  const formats = useFormats();
  const turmaName = useTurmaName(entry);
  const what = describeEntry(entry, messages, turmaName);
  const formatDate = (iso: string) => formats.dateTime.format(new Date(iso));
  const changes = changed(entry);
  return (
    <Paper withBorder p="sm" style={{ overflowWrap: 'break-word' }}>
      <Group justify="space-between" align="flex-start" gap="xs">
        {/* May shrink to the card's width: its lines wrap rather than run past the edge. */}
        <Stack gap={2} miw={0}>
          {/* A call that changed nothing is said, quietly: it is not an alteration. */}
          <Text {...(changes.length > 0 ? { fw: 600 } : { size: 'sm', c: 'dimmed' })}>
            <WithEmail text={what} email={entry.student.email} />
          </Text>
          <Text size="sm" c="dimmed">
            {messages.byAt(entry.credential, formats.dateTime.format(new Date(entry.at)))}
          </Text>
          {changes.map((change) => (
            <Group gap="xs" key={change.classId}>
              <Text size="sm">
                {turmaName(change.classId)}: {describeChange(change, messages, formatDate)}
                {undone &&
                  !undone.whole &&
                  ` · ${undone.turmas.has(change.classId) ? messages.turmaUndone : messages.turmaNotUndone}`}
              </Text>
              <Button
                size="xs"
                variant="subtle"
                aria-label={messages.onlyTurmaNamed(turmaName(change.classId))}
                onClick={() =>
                  onOnly({ turma: { id: change.classId, name: turmaName(change.classId) } })
                }
              >
                {messages.onlyTurma}
              </Button>
            </Group>
          ))}
          <Group gap="xs">
            <Button
              size="xs"
              variant="subtle"
              aria-label={messages.onlyStudentNamed(entry.student.email)}
              onClick={() => onOnly({ email: entry.student.email })}
            >
              {messages.onlyStudent}
            </Button>
            {/* Found by student or turma, the rest of its run is one click away. */}
            {entry.runId !== null && (
              <Button
                size="xs"
                variant="subtle"
                aria-label={messages.onlyRunNamed(what)}
                onClick={() => onOnly({ runId: entry.runId! })}
              >
                {messages.onlyRun}
              </Button>
            )}
          </Group>
        </Stack>
        <Stack gap="xs" align="flex-end">
          {undone && (
            <Badge color="gray" variant="light">
              {undone.whole ? messages.undone : messages.undonePart}
            </Badge>
          )}
          {!undone?.whole && changes.length > 0 && onUndo && (
            <Button
              ref={undoRef}
              size="xs"
              variant="default"
              loading={busy}
              aria-label={messages.undoEntry(what)}
              onClick={onUndo}
            >
              {messages.undo}
            </Button>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

export function RunCard({
  entries,
  undone,
  busy,
  onUndoRun,
  onOnlyRun,
  undoRef,
}: {
  entries: AuditEntry[];
  undone: ReadonlyMap<string, UndoneState>;
  busy: boolean;
  onUndoRun: (() => void) | undefined;
  onOnlyRun: () => void;
  /** Its "Desfazer o lote inteiro", for focus after a sign-in (useHistoryUndo). */
  undoRef?: Ref<HTMLButtonElement>;
}) {
  const messages = useHistoryMessages();
  const undoMessages = useUndoMessages();
  const formats = useFormats();
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const undoButton = useRef<HTMLButtonElement>(null);
  const buttonRef = useMergedRef(undoButton, undoRef);
  // The question gone, focus goes back to the button (busy once sent), not to the page's body.
  const backToButton = () => requestAnimationFrame(() => undoButton.current?.focus());
  // The alterations: the lines that changed something. The rest are said apart, and not counted.
  const moved = entries.filter((entry) => changed(entry).length > 0);
  const still = entries.filter((entry) => changed(entry).length === 0);
  const named = moved.length > 0 ? moved : still;
  const first = named[0]!;
  const firstTurmaName = useTurmaName(first);
  const name = messages.runNamed(
    describeEntry(first, messages, firstTurmaName),
    named.length - 1,
    messages.byAt(first.credential, formats.dateTime.format(new Date(first.at))),
  );
  // Gone once every line that changed something is undone whole: a second undo is only refused.
  const undoable = moved.some((entry) => !undone.get(entry.id)?.whole);
  return (
    <Paper
      withBorder
      p="sm"
      role="group"
      aria-labelledby={headingId}
      style={{ overflowWrap: 'break-word' }}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={700} id={headingId}>
            {messages.runOf(moved.length)}
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="subtle"
              aria-label={messages.onlyRunNamed(name)}
              onClick={onOnlyRun}
            >
              {messages.onlyRun}
            </Button>
            {onUndoRun && undoable && !confirming && (
              <Button
                ref={buttonRef}
                size="xs"
                variant="default"
                loading={busy}
                aria-label={messages.undoRunNamed(name)}
                onClick={() => setConfirming(true)}
              >
                {messages.undoRun}
              </Button>
            )}
          </Group>
        </Group>
        {onUndoRun && confirming && (
          <UndoConfirm
            question={undoMessages.confirmRun}
            confirmLabel={undoMessages.confirmRunButton}
            onConfirm={() => {
              setConfirming(false);
              backToButton();
              onUndoRun();
            }}
            onCancel={() => {
              setConfirming(false);
              backToButton();
            }}
          />
        )}
        {moved.length > 0 && <RunEntries entries={moved} undone={undone} />}
        {still.length > 0 && (
          <UnchangedCalls entries={still} besides={moved.length > 0} runName={name} />
        )}
      </Stack>
    </Paper>
  );
}

function RunEntries({
  entries,
  undone,
  label,
  id,
}: {
  entries: readonly AuditEntry[];
  undone?: ReadonlyMap<string, UndoneState>;
  label?: string;
  id?: string;
}) {
  return (
    <Stack component="ul" gap="xs" m={0} p={0} aria-label={label} id={id}>
      {entries.map((entry) => (
        <li key={entry.id} style={{ listStyle: 'none' }}>
          <RunEntry entry={entry} undone={undone?.get(entry.id)} />
        </li>
      ))}
    </Stack>
  );
}

/**
 * A run's calls that changed nothing, in one quiet line ("e 4 chamadas que não mudaram nada"),
 * listed on request: the trail keeps them, who sent what and when, but they moved no student.
 */
function UnchangedCalls({
  entries,
  besides,
  runName,
}: {
  entries: readonly AuditEntry[];
  /** Said after the run's alterations ("e 4…"), or alone. */
  besides: boolean;
  runName: string;
}) {
  const messages = useHistoryMessages();
  const [shown, setShown] = useState(false);
  const listId = useId();
  const toggle = shown ? messages.hideUnchanged : messages.showUnchanged;
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {messages.unchangedCalls(entries.length, besides)}
        </Text>
        <Button
          size="xs"
          variant="subtle"
          aria-expanded={shown}
          aria-controls={shown ? listId : undefined}
          aria-label={messages.unchangedToggleNamed(toggle, runName)}
          onClick={() => setShown(!shown)}
        >
          {toggle}
        </Button>
      </Group>
      {shown && (
        <RunEntries entries={entries} label={messages.unchangedList(runName)} id={listId} />
      )}
    </Stack>
  );
}

/** One line of a run: what it did, from what to what, and whether it was undone since. */
function RunEntry({ entry, undone }: { entry: AuditEntry; undone: UndoneState | undefined }) {
  const messages = useHistoryMessages();
  const formats = useFormats();
  const turmaName = useTurmaName(entry);
  const formatDate = (iso: string) => formats.dateTime.format(new Date(iso));
  const changes = changed(entry);
  // One turma is named in the sentence already; several are named change by change.
  const states = changes.map(
    (change) =>
      `${changes.length > 1 ? `${turmaName(change.classId)}: ` : ''}${describeChange(change, messages, formatDate)}`,
  );
  return (
    <Stack gap={0}>
      <Text size="sm">
        <WithEmail text={describeEntry(entry, messages, turmaName)} email={entry.student.email} /> ·{' '}
        {messages.byAt(entry.credential, formatDate(entry.at))}
        {undone && ` · ${undone.whole ? messages.undone : messages.undonePart}`}
      </Text>
      {states.length > 0 && (
        <Text size="xs" c="dimmed">
          {states.join('; ')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * `text` with the student's `email` in it as EmailText: a long address wraps only after its "@"
 * and dots, so a phone's card shows it whole, within its edge.
 */
function WithEmail({ text, email }: { text: string; email: string }) {
  const at = text.indexOf(email);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <EmailText email={email} />
      {text.slice(at + email.length)}
    </>
  );
}
