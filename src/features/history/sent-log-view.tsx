import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { cachedTurmaName } from '../../api/cached-turma-name';
import { SENT_LOG_DAYS, type SentEntry, type SentLog, type SentOutcome } from '../../api/sent-log';
import { useFormats } from '../../i18n/formats';
import { HistoryDrawer } from './history-drawer';
import { useSentLogMessages, type SentLogMessages } from './messages';

const PAGE_SIZE = 50;

export interface SentLogViewProps {
  sentLog: SentLog;
  /** Whether the sign-in chose "remember on this device": the log is kept there, 30 days. */
  remembered: boolean;
  opened: boolean;
  onClose: () => void;
}

/**
 * History against a platform without the `audit` extension: what this browser sent, newest first,
 * with each turma's outcome as the answer said, filtered by student and turma; no undo (there is
 * nothing on the server to undo from), and a "Limpar histórico" with a confirmation.
 */
export function SentLogView({ sentLog, remembered, opened, onClose }: SentLogViewProps) {
  const messages = useSentLogMessages();
  const entries = useSyncExternalStore(sentLog.subscribe, sentLog.entries, sentLog.entries);
  const [student, setStudent] = useState('');
  const [turma, setTurma] = useState('');
  const [shown, setShown] = useState(PAGE_SIZE);
  const turmaName = useTurmaName();
  // A removal's body has no name: the student's from another write of theirs, if there is one.
  const names = new Map(entries.flatMap(({ student: s }) => (s.name ? [[s.email, s.name]] : [])));
  const matching = entries.filter(matches(student, turma, turmaName));
  const items = groupByRun(matching.slice(0, shown));

  return (
    <HistoryDrawer opened={opened} onClose={onClose}>
      <Stack gap="md">
        <Text size="sm">
          {messages.about} {remembered ? messages.keptOnDevice(SENT_LOG_DAYS) : messages.keptForTab}
        </Text>
        <Group gap="sm" align="flex-end">
          <TextInput
            label={messages.student}
            value={student}
            onChange={(event) => setStudent(event.currentTarget.value)}
          />
          <TextInput
            label={messages.turma}
            value={turma}
            onChange={(event) => setTurma(event.currentTarget.value)}
          />
          {entries.length > 0 && <ClearLog onClear={sentLog.clear} />}
        </Group>
        {matching.length === 0 ? (
          <Alert
            color="gray"
            role="status"
            title={entries.length === 0 ? messages.empty : messages.noMatch}
          >
            {entries.length === 0 && messages.emptyDescription}
          </Alert>
        ) : (
          <Stack component="ul" gap="sm" aria-label={messages.listLabel} m={0} p={0}>
            {items.map((item) => (
              <li key={item[0]!.id} style={{ listStyle: 'none' }}>
                {item.length === 1 ? (
                  <EntryCard entry={item[0]!} names={names} turmaName={turmaName} />
                ) : (
                  <RunCard entries={item} names={names} turmaName={turmaName} />
                )}
              </li>
            ))}
          </Stack>
        )}
        {matching.length > shown && (
          <Button variant="default" onClick={() => setShown(shown + PAGE_SIZE)}>
            {messages.more}
          </Button>
        )}
      </Stack>
    </HistoryDrawer>
  );
}

type TurmaName = (turma: SentEntry['turmas'][number]) => string;

function useTurmaName(): TurmaName {
  const queryClient = useQueryClient();
  const messages = useSentLogMessages();
  return ({ id, name }) => name ?? cachedTurmaName(queryClient, id) ?? messages.turmaOf(id);
}

const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().trim();

/** Every filter's text inside the student's name or e-mail, and inside a turma's name or id. */
function matches(student: string, turma: string, turmaName: TurmaName) {
  const byStudent = fold(student);
  const byTurma = fold(turma);
  return (entry: SentEntry) =>
    (byStudent === '' ||
      fold(`${entry.student.name ?? ''} ${entry.student.email}`).includes(byStudent)) &&
    (byTurma === '' || entry.turmas.some((t) => fold(`${turmaName(t)} ${t.id}`).includes(byTurma)));
}

/** Entries side by side that share a run: one card. */
function groupByRun(entries: readonly SentEntry[]): SentEntry[][] {
  const items: SentEntry[][] = [];
  for (const entry of entries) {
    const last = items.at(-1);
    if (last && last[0]!.runId === entry.runId) last.push(entry);
    else items.push([entry]);
  }
  return items;
}

function describe(
  entry: SentEntry,
  names: ReadonlyMap<string, string>,
  turmaName: TurmaName,
  messages: SentLogMessages,
): string {
  const { email } = entry.student;
  const name = entry.student.name ?? names.get(email);
  const who = name ? `${name} <${email}>` : email;
  const only = entry.turmas.length === 1 ? turmaName(entry.turmas[0]!) : undefined;
  const say = entry.operation === 'remove' ? messages.removed : messages.enrolled;
  return say(who, entry.turmas.length, only);
}

function outcomeText(outcome: SentOutcome, messages: SentLogMessages): string {
  switch (outcome.kind) {
    case 'done':
      return messages.done;
    case 'refused':
      return messages.refused(outcome.message ?? String(outcome.status ?? ''));
    case 'not-sent':
      return messages.notSent;
    case 'no-answer':
      return messages.noAnswer;
  }
}

interface EntryProps {
  entry: SentEntry;
  names: ReadonlyMap<string, string>;
  turmaName: TurmaName;
}

function EntryCard(props: EntryProps) {
  return (
    <Paper withBorder p="sm">
      <EntryLines {...props} />
    </Paper>
  );
}

/** What was sent, when, and each turma's outcome. */
function EntryLines({ entry, names, turmaName }: EntryProps) {
  const messages = useSentLogMessages();
  const formats = useFormats();
  const expiry =
    entry.operation === 'enrol'
      ? entry.expirationDate === null
        ? messages.noExpiry
        : messages.until(formats.dateTime.format(new Date(entry.expirationDate)))
      : undefined;
  return (
    <Stack gap={2}>
      <Text fw={600}>{describe(entry, names, turmaName, messages)}</Text>
      <Text size="sm" c="dimmed">
        {formats.dateTime.format(new Date(entry.at))}
        {expiry && ` · ${expiry}`}
      </Text>
      {entry.turmas.map((turma) => (
        <Text size="sm" key={turma.id} c={entry.outcome.kind === 'done' ? undefined : 'red.8'}>
          {turmaName(turma)}: {outcomeText(entry.outcome, messages)}
        </Text>
      ))}
    </Stack>
  );
}

function RunCard({ entries, ...rest }: Omit<EntryProps, 'entry'> & { entries: SentEntry[] }) {
  const messages = useSentLogMessages();
  const headingId = useId();
  return (
    <Paper withBorder p="sm" role="group" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Text fw={700} id={headingId}>
          {messages.runOf(entries.length)}
        </Text>
        <Stack component="ul" gap="xs" m={0} p={0}>
          {entries.map((entry) => (
            <li key={entry.id} style={{ listStyle: 'none' }}>
              <EntryLines entry={entry} {...rest} />
            </li>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** "Limpar histórico", then a question in place: delete it all, or keep it. */
function ClearLog({ onClear }: { onClear: () => void }) {
  const messages = useSentLogMessages();
  const [asking, setAsking] = useState(false);
  const askRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // Focus follows the question: to its answer when asked, back to the button when kept.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    (asking ? confirmRef : askRef).current?.focus();
  }, [asking]);
  const ask = (value: boolean) => {
    moved.current = true;
    setAsking(value);
  };
  if (!asking) {
    return (
      <Button ref={askRef} variant="subtle" color="red" onClick={() => ask(true)}>
        {messages.clearLog}
      </Button>
    );
  }
  return (
    <Alert color="red" title={messages.clearQuestion} w="100%">
      <Stack gap="xs">
        <Text size="sm">{messages.clearDescription}</Text>
        <Group gap="xs">
          <Button ref={confirmRef} color="red" size="xs" onClick={onClear}>
            {messages.confirmClear}
          </Button>
          <Button variant="default" size="xs" onClick={() => ask(false)}>
            {messages.cancel}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
