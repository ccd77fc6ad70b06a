// Loaded with the view, not with the first screen (src/app/mantine-styles.ts).
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Badge.css';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import { emailSchema, type ClassSummary } from '#contract';
import type { AuditEntry, AuditQuery, UndoBody } from '#contract/extensions';
import { useUndo, useUndoMessages } from '../../api/audit-undo';
import { cachedTurmaName } from '../../api/cached-turma-name';
import { UndoAnswer, UndoConfirm } from '../../api/audit-undo-parts';
import { classQueries } from '../../api/class-queries';
import type { ApiClient } from '../../api/client';
import { getAudit } from '../../api/extension-calls';
import { EmailText } from '../../components/email-text/email-text';
import { LoadFailedAlert } from '../../components/load-failed/load-failed-alert';
import { TurmaPicker } from '../../components/turma-picker/turma-picker';
import { useFormats } from '../../i18n/formats';
import {
  changed,
  describeEntry,
  describeChange,
  groupByRun,
  undoneStates,
  type UndoneState,
} from './describe-entry';
import { HistoryDrawer } from './history-drawer';
import { useHistoryMessages } from './messages';

const PAGE_SIZE = 50;

/** What the list is narrowed to; the turma as picked, with its name, sent as its id. */
type Filters = Pick<AuditQuery, 'email' | 'credential' | 'runId'> & { turma?: ClassSummary };

export interface HistoryViewProps {
  api: ApiClient;
  opened: boolean;
  onClose: () => void;
  /** The signed-in credential's name, once the server has said it: "Minhas" filters by it. */
  me?: string | undefined;
  /** A read credential's: the entries without "Desfazer" (the server would answer 403). */
  readOnly?: boolean;
}

/**
 * The latest writes, newest first (the audit extension): everyone's or the signed-in
 * credential's, by student, turma, credential or run, each with "Desfazer" where it changed
 * something and is not undone yet; a run side by side on a page is undone whole.
 */
export function HistoryView({ api, opened, onClose, me, readOnly = false }: HistoryViewProps) {
  const messages = useHistoryMessages();
  const [scope, setScope] = useState<'mine' | 'all'>('all');
  const [filters, setFilters] = useState<Filters>({});
  const { turma, ...rest } = filters;
  const query: AuditQuery = {
    ...rest,
    ...(turma && { classId: turma.id }),
    ...(scope === 'mine' && me !== undefined && { credential: me }),
    pageSize: PAGE_SIZE,
  };
  const pages = useInfiniteQuery({
    // Under the turmas' key: every write (and undo) of this console reads it again.
    queryKey: [...classQueries.all(), 'audit', query] as const,
    queryFn: ({ signal, pageParam }) =>
      getAudit(api, { ...query, ...(pageParam && { cursor: pageParam }) }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
    staleTime: 10_000,
  });
  const undo = useUndo(api);
  const [undoing, setUndoing] = useState<string | null>(null);
  const answer = useRef<HTMLDivElement>(null);
  const send = (key: string, body: UndoBody) => {
    if (undo.isPending) return;
    setUndoing(key);
    undo.mutate(body);
  };
  // The button that sent it goes once its entry reads as undone: focus goes to the answer.
  const answered = undo.isSuccess || undo.isError;
  useEffect(() => {
    if (answered) answer.current?.focus();
  }, [answered, undo.submittedAt]);
  // The first page waits for the connection (TanStack's paused fetch): no answer is coming until
  // it is back, when the fetch goes on by itself. Said as such, never "Carregando" for good.
  const waitsOffline = pages.fetchStatus === 'paused' && pages.isPending;
  const retry = () => void pages.refetch();
  // Any later read (the next page, a refetch after a write) waits the same, over what is shown.
  const stalledOffline = pages.fetchStatus === 'paused' && !pages.isPending;
  const entries = pages.data?.pages.flatMap((page) => page.data) ?? [];
  const undone = undoneStates(entries);
  const studentOf = (entryId: string) =>
    entries.find((entry) => entry.id === entryId)?.student.email;
  const emailRef = useRef<HTMLInputElement>(null);
  const turmaRef = useRef<HTMLInputElement>(null);
  const runIdRef = useRef<HTMLInputElement>(null);
  // "Só este lote" and the like: the list under it is replaced, and focus goes to the field
  // that now holds the filter, where it can be read and cleared.
  const only = (next: Filters) => {
    setFilters(next);
    const field = next.email ? emailRef : next.turma ? turmaRef : next.runId ? runIdRef : null;
    field?.current?.focus();
  };

  return (
    <HistoryDrawer opened={opened} onClose={onClose}>
      <Stack gap="md">
        {me !== undefined && (
          <SegmentedControl
            aria-label={messages.scope}
            value={scope}
            data={[
              { value: 'all', label: messages.all },
              { value: 'mine', label: messages.mine },
            ]}
            onChange={(value) => setScope(value === 'mine' ? 'mine' : 'all')}
          />
        )}
        <FilterForm
          api={api}
          filters={filters}
          withCredential={me === undefined}
          onApply={setFilters}
          emailRef={emailRef}
          turmaRef={turmaRef}
          runIdRef={runIdRef}
        />
        {(undo.isSuccess || undo.isError) && (
          <Alert
            ref={answer}
            tabIndex={-1}
            color={undo.isError ? 'red' : 'gray'}
            title={messages.answer}
          >
            <UndoAnswer answer={undo.data} error={undo.error} studentOf={studentOf} />
          </Alert>
        )}
        {waitsOffline ? (
          <LoadFailedAlert failedTitle={messages.loadFailed} offline onRetry={retry} />
        ) : pages.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{messages.loading}</Text>
          </Group>
        ) : pages.isError ? (
          <LoadFailedAlert failedTitle={messages.loadFailed} error={pages.error} onRetry={retry} />
        ) : entries.length === 0 ? (
          <Alert color="gray" title={messages.empty} role="status">
            {messages.emptyDescription}
          </Alert>
        ) : (
          <>
            <Stack component="ul" gap="sm" aria-label={messages.listLabel} m={0} p={0}>
              {groupByRun(entries).map((item) =>
                'entry' in item ? (
                  <li key={item.entry.id} style={{ listStyle: 'none' }}>
                    <EntryCard
                      entry={item.entry}
                      undone={undone.get(item.entry.id)}
                      busy={undoing === item.entry.id && undo.isPending}
                      onUndo={
                        readOnly ? undefined : () => send(item.entry.id, { entryId: item.entry.id })
                      }
                      onOnly={only}
                    />
                  </li>
                ) : (
                  <li key={`run-${item.entries[0]!.id}`} style={{ listStyle: 'none' }}>
                    <RunCard
                      entries={item.entries}
                      undone={undone}
                      busy={undoing === item.run && undo.isPending}
                      onUndoRun={readOnly ? undefined : () => send(item.run, { runId: item.run })}
                      onOnlyRun={() => only({ runId: item.run })}
                    />
                  </li>
                ),
              )}
            </Stack>
            {pages.hasNextPage && (
              <Button
                variant="default"
                loading={pages.isFetchingNextPage}
                onClick={() => void pages.fetchNextPage()}
              >
                {messages.more}
              </Button>
            )}
            {stalledOffline && (
              <Text size="sm" role="status">
                {messages.stalledOffline}
              </Text>
            )}
          </>
        )}
      </Stack>
    </HistoryDrawer>
  );
}

function FilterForm({
  api,
  filters,
  withCredential,
  onApply,
  emailRef,
  turmaRef,
  runIdRef,
}: {
  api: ApiClient;
  filters: Filters;
  /** Until the server names the signed-in credential, "mine" is a credential typed here. */
  withCredential: boolean;
  onApply: (filters: Filters) => void;
  /** The fields an entry's "Só este …" fills, focused then. */
  emailRef: RefObject<HTMLInputElement | null>;
  turmaRef: RefObject<HTMLInputElement | null>;
  runIdRef: RefObject<HTMLInputElement | null>;
}) {
  const messages = useHistoryMessages();
  const [email, setEmail] = useState(filters.email ?? '');
  const [turma, setTurma] = useState(filters.turma ?? null);
  const [credential, setCredential] = useState(filters.credential ?? '');
  const [runId, setRunId] = useState(filters.runId ?? '');
  const [emailError, setEmailError] = useState(false);
  // Filters chosen from an entry (its run, turma or student) show in the fields.
  const [shown, setShown] = useState(filters);
  if (filters !== shown) {
    setShown(filters);
    setEmail(filters.email ?? '');
    setTurma(filters.turma ?? null);
    setCredential(filters.credential ?? '');
    setRunId(filters.runId ?? '');
    setEmailError(false);
  }
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const typed = email.trim();
    const valid = typed === '' || emailSchema.safeParse(typed).success;
    setEmailError(!valid);
    if (!valid) return;
    const next: Filters = {};
    if (typed !== '') next.email = typed;
    if (turma) next.turma = turma;
    if (withCredential && credential.trim() !== '') next.credential = credential.trim();
    if (runId.trim() !== '') next.runId = runId.trim();
    onApply(next);
  };
  const clear = () => {
    setEmail('');
    setTurma(null);
    setCredential('');
    setRunId('');
    setEmailError(false);
    onApply({});
  };
  return (
    <form onSubmit={submit} aria-label={messages.filters} noValidate>
      <Stack gap="sm">
        <TurmaPicker
          ref={turmaRef}
          api={api}
          label={messages.turma}
          // One turma to filter by: a pick replaces the last and closes the list.
          single
          value={turma ? [turma] : []}
          onChange={(value) => setTurma(value.at(-1) ?? null)}
        />
        <Group gap="sm" align="flex-end">
          <TextInput
            ref={emailRef}
            label={messages.email}
            type="email"
            value={email}
            error={emailError ? messages.invalidEmail : undefined}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          {withCredential && (
            <TextInput
              label={messages.credential}
              value={credential}
              onChange={(event) => setCredential(event.currentTarget.value)}
            />
          )}
          <TextInput
            ref={runIdRef}
            label={messages.run}
            value={runId}
            onChange={(event) => setRunId(event.currentTarget.value)}
          />
          <Button type="submit">{messages.apply}</Button>
          <Button variant="subtle" onClick={clear}>
            {messages.clear}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A turma of the entry by name: as the server named it, or as a list of this tab shows it. */
function useTurmaName(entry: AuditEntry) {
  const queryClient = useQueryClient();
  const undoMessages = useUndoMessages();
  return (classId: string) =>
    entry.changes.find((change) => change.classId === classId)?.className ??
    cachedTurmaName(queryClient, classId) ??
    undoMessages.turmaOf(classId);
}

function EntryCard({
  entry,
  undone,
  busy,
  onUndo,
  onOnly,
}: {
  entry: AuditEntry;
  /** As the trail says; an entry undone in part keeps "Desfazer" (the refused turmas may pass now). */
  undone: UndoneState | undefined;
  busy: boolean;
  onUndo: (() => void) | undefined;
  /** Narrows the list to this entry's turma or student. */
  onOnly: (filters: Filters) => void;
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
          <Text fw={600}>
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

function RunCard({
  entries,
  undone,
  busy,
  onUndoRun,
  onOnlyRun,
}: {
  entries: AuditEntry[];
  undone: ReadonlyMap<string, UndoneState>;
  busy: boolean;
  onUndoRun: (() => void) | undefined;
  onOnlyRun: () => void;
}) {
  const messages = useHistoryMessages();
  const undoMessages = useUndoMessages();
  const formats = useFormats();
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const undoButton = useRef<HTMLButtonElement>(null);
  // The question gone, focus goes back to the button (busy once sent), not to the page's body.
  const backToButton = () => requestAnimationFrame(() => undoButton.current?.focus());
  const first = entries[0]!;
  const firstTurmaName = useTurmaName(first);
  const name = messages.runNamed(
    describeEntry(first, messages, firstTurmaName),
    entries.length - 1,
    messages.byAt(first.credential, formats.dateTime.format(new Date(first.at))),
  );
  // Gone once every line that changed something is undone whole: a second undo is only refused.
  const undoable = entries.some(
    (entry) => changed(entry).length > 0 && !undone.get(entry.id)?.whole,
  );
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
            {messages.runOf(entries.length)}
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
                ref={undoButton}
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
        <Stack component="ul" gap="xs" m={0} p={0}>
          {entries.map((entry) => (
            <li key={entry.id} style={{ listStyle: 'none' }}>
              <RunEntry entry={entry} undone={undone.get(entry.id)} />
            </li>
          ))}
        </Stack>
      </Stack>
    </Paper>
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
