import { Alert, Box, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { UndoWrite } from '../../api/audit-undo-parts';
import type { ApiClient } from '../../api/client';
import { useExtension } from '../../api/use-extension';
import { normalizedEmail, studentQueries } from '../../api/student-queries';
import { AUDIT_EXTENSION, foldedWords, matchWord, searchWords } from '#contract';
import type { StudentEnrolment, StudentRecord } from '#contract/extensions';
import { EmailText } from '../../components/email-text/email-text';
import {
  LoadFailedAlert,
  WaitingForConnection,
} from '../../components/load-failed/load-failed-alert';
import { PanelNotice } from '../../components/side-panel/panel-notice';
import { SidePanel } from '../../components/side-panel/side-panel';
import { visibleName } from '../../components/visible-name/visible-name';
import { useFormats } from '../../i18n/formats';
import { ExpiryDialog, type StudentDialogProps } from './expiry-dialog';
import { useStudentMessages } from './messages';
import { MoveDialog } from './move-dialog';
import { RemoveDialog } from './remove-dialog';
import classes from './student.module.css';
import { studentSearchButton } from './student-search-button';
import { StudentTable, type StudentSort } from './student-table';

export interface StudentPageProps {
  api: ApiClient;
  opened: boolean;
  /** The e-mail the address names (`?aluno=`), as typed there. */
  email: string;
  onClose: () => void;
  /** The page's enrol form, the student filled in; absent where it cannot be offered. */
  enrol?:
    { open: (student: { name: string; email: string }) => void; want: () => void } | undefined;
  /** A `read` credential's page: no move, expiry or removal offered. */
  readOnly?: boolean | undefined;
}

/** More turmas than this and the page offers a search of them. */
const SEARCH_FROM = 8;

type DialogKind = 'expiry' | 'remove' | 'move';

/**
 * A student and every turma they are in (the students-by-email extension), in a panel over the
 * page it was opened from; its address is the page's (`?aluno=…`), so Back closes it and a link
 * opens it. From it: enrol in more turmas, change the expiry or remove from the ticked ones, move
 * one turma to another.
 */
export function StudentPage({
  api,
  opened,
  email,
  onClose,
  enrol,
  readOnly = false,
}: StudentPageProps) {
  const messages = useStudentMessages();
  const normalized = normalizedEmail(email);
  const read = useQuery({
    ...studentQueries.record(api, normalized ?? ''),
    enabled: opened && normalized !== undefined,
  });
  const student = read.data;

  const title =
    normalized === undefined || student === null
      ? messages.notFoundTitle
      : student
        ? visibleName(student.name)
        : email;

  let body;
  if (normalized === undefined || student === null) {
    body = (
      <Alert color="yellow" title={messages.notFoundTitle}>
        {messages.notFound(email)}
      </Alert>
    );
  } else if (student) {
    body = <StudentDetails api={api} student={student} enrol={enrol} readOnly={readOnly} />;
  } else if (read.fetchStatus === 'paused') {
    body = (
      <WaitingForConnection
        description={messages.waitingOffline}
        onRetry={() => void read.refetch()}
      />
    );
  } else if (read.isError) {
    body = (
      <LoadFailedAlert
        failedTitle={messages.loadFailed}
        error={read.error}
        onRetry={() => void read.refetch()}
      />
    );
  } else {
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{messages.loading}</Text>
      </Group>
    );
  }

  return (
    <SidePanel
      opened={opened}
      onClose={onClose}
      title={title}
      closeLabel={messages.close}
      // Opened from the student search, or from its address: back to the search's button.
      returnFocusTo={studentSearchButton}
    >
      <Box px="md" pb="md">
        {body}
      </Box>
    </SidePanel>
  );
}

function StudentDetails({
  api,
  student,
  enrol,
  readOnly,
}: {
  api: ApiClient;
  student: StudentRecord;
  enrol: StudentPageProps['enrol'];
  readOnly: boolean;
}) {
  const messages = useStudentMessages();
  const formats = useFormats();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<StudentSort>({ field: 'name', desc: false });
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const [dialog, setDialog] = useState<{
    kind: DialogKind;
    turmas: readonly StudentEnrolment[];
    opened: boolean;
  } | null>(null);
  const [notice, setNotice] = useState<{ text: string; seq: number; runId?: string } | null>(null);
  const undoable = useExtension(api, AUDIT_EXTENSION) && !readOnly;
  const noticeRef = useRef<HTMLDivElement>(null);
  // Once the dialog has given focus back: the outcome is read where it is shown.
  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => noticeRef.current?.focus(), 50);
    return () => clearTimeout(timer);
  }, [notice]);
  const [now] = useState(() => new Date());

  const count = student.classes.length;
  const shown = useMemo(() => filterTurmas(student.classes, filter), [student.classes, filter]);
  // Ticks of turmas the student has left (removed, moved) are gone with them.
  const selected = student.classes.filter(({ id }) => ticked.has(id));
  const selectedIds = new Set(selected.map(({ id }) => id));
  const name = visibleName(student.name);

  const toggle = (ids: readonly string[], checked: boolean) =>
    setTicked((before) => {
      const next = new Set(before);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const open = (kind: DialogKind, turmas: readonly StudentEnrolment[]) =>
    setDialog({ kind, turmas, opened: true });
  const dialogProps: StudentDialogProps | null = dialog && {
    api,
    opened: dialog.opened,
    student,
    turmas: dialog.turmas,
    onClose: () => setDialog({ ...dialog, opened: false }),
    onDone: (text, runId) => {
      setNotice((before) => ({ text, seq: (before?.seq ?? 0) + 1, ...(runId && { runId }) }));
      setTicked(new Set());
    },
  };

  return (
    <Stack gap="md">
      <Text>
        <EmailText email={student.email} />
      </Text>
      {notice && (
        <PanelNotice
          ref={noticeRef}
          dismissLabel={messages.dismissNotice}
          onDismiss={() => setNotice(null)}
        >
          {notice.text}
          {undoable && notice.runId && (
            <Box mt="xs">
              <UndoWrite key={notice.seq} api={api} body={{ runId: notice.runId }} />
            </Box>
          )}
        </PanelNotice>
      )}
      <Group justify="space-between" gap="sm">
        <Text component="h3" fw={700} size="lg">
          {messages.turmasHeading}{' '}
          <Text component="span" c="dimmed" size="sm">
            ({formats.number.format(count)})
          </Text>
        </Text>
        {enrol && (
          <Button
            variant="default"
            onPointerEnter={enrol.want}
            onFocus={enrol.want}
            onClick={() => enrol.open({ name, email: student.email })}
          >
            {messages.actions.enrol}
          </Button>
        )}
      </Group>
      {count > SEARCH_FROM && (
        <TextInput
          type="search"
          label={messages.filterLabel}
          placeholder={messages.filterPlaceholder}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
      )}
      {count === 0 ? (
        <Text c="dimmed">{messages.noTurmas}</Text>
      ) : shown.length === 0 ? (
        <Text c="dimmed" role="status">
          {messages.noMatch(filter.trim())}
        </Text>
      ) : (
        <StudentTable
          label={messages.tableLabel(name)}
          turmas={shown}
          query={filter}
          sort={sort}
          onSort={setSort}
          selected={selectedIds}
          onToggle={readOnly ? undefined : toggle}
          onMove={readOnly ? undefined : (turma) => open('move', [turma])}
          now={now}
        />
      )}
      {selected.length > 0 && !readOnly && (
        <Group className={classes.actions} gap="sm" justify="space-between">
          <Text size="sm" fw={600} role="status">
            {messages.selected(selected.length, formats.number.format(selected.length))}
          </Text>
          <Group gap="sm">
            <Button onClick={() => open('expiry', selected)}>
              {messages.actions.changeExpiry}
            </Button>
            <Button variant="default" c="red.9" onClick={() => open('remove', selected)}>
              {messages.actions.remove}
            </Button>
          </Group>
        </Group>
      )}
      {dialogProps && dialog?.kind === 'expiry' && <ExpiryDialog {...dialogProps} />}
      {dialogProps && dialog?.kind === 'remove' && <RemoveDialog {...dialogProps} />}
      {dialogProps && dialog?.kind === 'move' && <MoveDialog {...dialogProps} />}
    </Stack>
  );
}

/** The turmas whose name has every word of `text`, by the turma search's word rule. */
function filterTurmas(turmas: readonly StudentEnrolment[], text: string) {
  const words = searchWords(text);
  if (words.length === 0) return turmas;
  return turmas.filter((turma) => {
    const nameWords = foldedWords(turma.name);
    return words.every((word) => nameWords.some((nameWord) => matchWord(nameWord, word)));
  });
}
