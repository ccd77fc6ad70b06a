// Loaded with the view, not with the first screen (src/app/mantine-styles.ts).
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Badge.css';
import {
  Alert,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useInfiniteQuery, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import { emailSchema, ROSTER_EXTENSION } from '#contract';
import type { AuditQuery } from '#contract/extensions';
import { UndoAnswer } from '../../api/audit-undo-parts';
import { classQueries } from '../../api/class-queries';
import type { ApiClient } from '../../api/client';
import { getAudit } from '../../api/extension-calls';
import { useExtension } from '../../api/use-extension';
import {
  LoadFailedAlert,
  WaitingForConnection,
} from '../../components/load-failed/load-failed-alert';
import { stateRegistration } from '../../components/student-suggestions/state-registration';
import { StudentSuggestField } from '../../components/student-suggestions/student-suggest-field';
import { invisibleInEmail } from '../../components/invisible-in-email/invisible-in-email';
import { TurmaPicker } from '../../components/turma-picker/turma-picker';
import { useLocale } from '../../i18n/i18n-context';
import { groupByRun, undoneStates } from './describe-entry';
import { auditWindow, narrowed, type Filters } from './filters';
import { EntryCard, RunCard } from './history-entries';
import { HistoryDrawer } from './history-drawer';
import { useHistoryMessages } from './messages';
import { useDayRange } from './use-day-range';
import { useHistoryUndo } from './use-history-undo';

const PAGE_SIZE = 50;

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
 * credential's, by student, turma, credential, run or days, each with "Desfazer" where it changed
 * something and is not undone yet; a run side by side on a page is undone whole.
 */
export function HistoryView({ api, opened, onClose, me, readOnly = false }: HistoryViewProps) {
  const messages = useHistoryMessages();
  const [scope, setScope] = useState<'mine' | 'all'>('all');
  const [filters, setFilters] = useState<Filters>({});
  const { turma, fromDay, toDay, ...rest } = filters;
  const query: AuditQuery = {
    ...rest,
    ...(turma && { classId: turma.id }),
    ...auditWindow({ fromDay, toDay }),
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
  const { undo, answer, send, busy, buttonRef } = useHistoryUndo(api);
  // The first page waits for the connection (TanStack's paused fetch): no answer is coming until
  // it is back, when the fetch goes on by itself. Said as such, never "Carregando" for good.
  const waitsOffline = pages.fetchStatus === 'paused' && pages.isPending;
  const retry = () => void pages.refetch();
  // Any later read (the next page, a refetch after a write) waits the same, over what is shown.
  const stalledOffline = pages.fetchStatus === 'paused' && !pages.isPending;
  const entries = pages.data?.pages.flatMap((page) => page.data) ?? [];
  const undone = undoneStates(entries);
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
            <UndoAnswer answer={undo.data} error={undo.error} />
          </Alert>
        )}
        {waitsOffline ? (
          <WaitingForConnection description={messages.waitingOffline} onRetry={retry} />
        ) : pages.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{messages.loading}</Text>
          </Group>
        ) : pages.isError && pages.data === undefined ? (
          <LoadFailedAlert failedTitle={messages.loadFailed} error={pages.error} onRetry={retry} />
        ) : entries.length === 0 ? (
          <Alert color="gray" title={messages.empty} role="status">
            {narrowed(filters) ? messages.noMatchDescription : messages.emptyDescription}
          </Alert>
        ) : (
          <>
            {pages.isRefetchError && (
              // What was read stays: only its update failed (after a write, or a retry).
              <LoadFailedAlert
                failedTitle={messages.refreshFailed}
                error={pages.error}
                onRetry={retry}
              />
            )}
            <Stack component="ul" gap="sm" aria-label={messages.listLabel} m={0} p={0}>
              {groupByRun(entries).map((item) =>
                'entry' in item ? (
                  <li key={item.entry.id} style={{ listStyle: 'none' }}>
                    <EntryCard
                      entry={item.entry}
                      undone={undone.get(item.entry.id)}
                      busy={busy(item.entry.id)}
                      undoRef={buttonRef(item.entry.id)}
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
                      busy={busy(item.run)}
                      undoRef={buttonRef(item.run)}
                      onUndoRun={readOnly ? undefined : () => send(item.run, { runId: item.run })}
                      onOnlyRun={() => only({ runId: item.run })}
                    />
                  </li>
                ),
              )}
            </Stack>
            <MoreEntries pages={pages} stalledOffline={stalledOffline} />
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
  // With the roster extension, a name typed finds the student whose e-mail the filter takes.
  const suggest = useExtension(api, ROSTER_EXTENSION);
  const [email, setEmail] = useState(filters.email ?? '');
  const [turma, setTurma] = useState(filters.turma ?? null);
  const [credential, setCredential] = useState(filters.credential ?? '');
  const [runId, setRunId] = useState(filters.runId ?? '');
  const days = useDayRange(filters);
  const [emailError, setEmailError] = useState(false);
  const locale = useLocale();
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
    const emailValid = typed === '' || emailSchema.safeParse(typed).success;
    setEmailError(!emailValid);
    // Days that cannot go are said at their fields; nothing is sent, and what was typed stays.
    const range = days.check();
    if (!emailValid || range === null) return;
    const next: Filters = { ...range };
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
    days.clear();
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
        <Group gap="sm" align="flex-start">
          <TextInput {...days.from} />
          <TextInput {...days.to} />
        </Group>
        <Group gap="sm" align="flex-end">
          <StudentSuggestField
            api={api}
            suggest={suggest}
            text={email}
            registration={stateRegistration('email', setEmail, emailRef)}
            onPick={(student) => {
              setEmail(student.email);
              setEmailError(false);
            }}
            inputProps={{
              label: messages.email,
              type: 'email',
              value: email,
              // A character nobody can see is named first: "pick a student" would not help.
              error: emailError
                ? (invisibleInEmail(email, locale) ??
                  (suggest ? messages.pickStudent : messages.invalidEmail))
                : undefined,
            }}
            emailField
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

/** What comes after the list: the next page's button, or why it did not come and its retry. */
function MoreEntries({
  pages,
  stalledOffline,
}: {
  pages: UseInfiniteQueryResult;
  stalledOffline: boolean;
}) {
  const messages = useHistoryMessages();
  return (
    <>
      {pages.isFetchNextPageError && (
        <LoadFailedAlert
          failedTitle={messages.moreFailed}
          error={pages.error}
          onRetry={() => void pages.fetchNextPage()}
        />
      )}
      {pages.hasNextPage && !pages.isFetchNextPageError && (
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
  );
}
