// Loaded with the view, not with the first screen (src/app/mantine-styles.ts).
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/FloatingIndicator.css';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import type { ExpiringEnrolment } from '#contract/extensions';
import type { ApiClient } from '../../api/client';
import cardTable from '../../components/card-table/card-table.module.css';
import { TickAll } from '../../components/card-table/tick-all';
import { EmailText } from '../../components/email-text/email-text';
import { ExpiryCell } from '../../components/expiry-status/expiry-cell';
import { StudentLink } from '../../components/student-link/student-link';
import { visibleName } from '../../components/visible-name/visible-name';
import {
  LoadFailedAlert,
  WaitingForConnection,
} from '../../components/load-failed/load-failed-alert';
import { Pager } from '../../components/pager/pager';
import { SidePanel } from '../../components/side-panel/side-panel';
import { useFormats } from '../../i18n/formats';
import { useSelection } from '../../lib/selection-store';
import {
  changeExpiring,
  dayAfter,
  EXPIRING_DAYS,
  EXPIRING_LAST_DAY,
  untilProblem,
  type ExpiringChoice,
  type UntilProblem,
} from './expiring-address';
import { exportExpiring } from './expiring-csv';
import { ExtendForm } from './extend-form';
import { ExtendOutcomeNotice } from './extend-outcome';
import { useExpiringMessages } from './messages';
import type { ExtendOutcome } from './use-extend-run';
import { useExtendFormOpener } from './use-extend-form-opener';
import { PAGE_SIZE, useExpiringPage } from './use-expiring-page';
import { keyOf, useTickedRows } from './use-ticked-rows';

export interface ExpiringViewProps {
  api: ApiClient;
  opened: boolean;
  choice: ExpiringChoice;
  onClose: () => void;
  /** A 401 in a run of several: the app's sign-in comes back. */
  onUnauthorized: () => void;
  /** A `read` credential's view: no extending offered. */
  readOnly?: boolean | undefined;
}

/**
 * The enrolments that expire within 7 or 30 days or by a date, in every turma or only the
 * selected ones, soonest first (the expiring extension): tick some to give them a new expiry, or
 * export the whole window as CSV.
 */
export function ExpiringView({
  api,
  opened,
  choice,
  onClose,
  onUnauthorized,
  readOnly = false,
}: ExpiringViewProps) {
  const messages = useExpiringMessages();
  const formats = useFormats();
  const turmas = useSelection();
  const [onlySelected, setOnlySelected] = useState(false);
  const [page, setPage] = useState(1);
  const [extending, setExtending] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<ExtendOutcome | null>(null);
  const [exportFailed, setExportFailed] = useState(false);
  const { opener, open, openings, noteCancel } = useExtendFormOpener(extending, setExtending);
  const classIds = onlySelected && turmas.length > 0 ? turmas.map((turma) => turma.id) : undefined;
  const { query, window, now, otherWindow, waitsOffline } = useExpiringPage(
    api,
    choice,
    classIds,
    page,
  );
  const retry = () => void query.refetch();
  const rows = query.data?.data ?? [];
  const total = query.data?.totalRecords ?? 0;
  const { ticked, toggle, tickPage, tickOnly } = useTickedRows(rows);
  const restart = () => {
    setPage(1);
    tickOnly([]);
    // No ticks left: an open form would offer "0 matrículas". A run on its way keeps its form.
    if (!sending) setExtending(false);
  };

  return (
    <SidePanel
      opened={opened}
      onClose={onClose}
      title={messages.title}
      closeLabel={messages.close}
      busy={sending}
    >
      {/* Drawer.Body's padding, without Drawer.Body: it would describe the whole dialog. */}
      <Box px="md" pb="md">
        <Stack gap="md">
          <WindowControls
            choice={choice}
            onChoose={(next) => {
              restart();
              changeExpiring(next);
            }}
          />
          {turmas.length > 0 && (
            <Checkbox
              label={messages.onlySelected(turmas.length)}
              checked={onlySelected}
              onChange={(event) => {
                restart();
                setOnlySelected(event.currentTarget.checked);
              }}
            />
          )}
          {/* Outside the states: its outcome stays when the window empties. */}
          {extending && (
            <ExtendForm
              api={api}
              rows={[...ticked.values()]}
              openings={openings}
              onUnauthorized={onUnauthorized}
              onDone={(done) => {
                setOutcome(done);
                // Done: the form goes, its outcome stays, and only the rows not extended stay
                // ticked, to try again. With none extended, the form stays to retry.
                if (done.extended > 0) {
                  tickOnly(done.failed.map(({ row }) => row));
                  setExtending(false);
                }
              }}
              onCancel={() => {
                noteCancel();
                setExtending(false);
              }}
              onSendingChange={(busy) => {
                setSending(busy);
                if (busy) setOutcome(null);
              }}
            />
          )}
          {outcome && <ExtendOutcomeNotice key={outcome.runId} api={api} outcome={outcome} />}
          {waitsOffline ? (
            <WaitingForConnection description={messages.waitingOffline} onRetry={retry} />
          ) : query.isPending || (otherWindow && total === 0) ? (
            <Loading />
          ) : query.isError ? (
            <LoadFailedAlert
              failedTitle={messages.loadFailed}
              error={query.error}
              onRetry={retry}
            />
          ) : total === 0 ? (
            <NoneExpire choice={choice} />
          ) : (
            <>
              <Group justify="space-between" gap="xs">
                {otherWindow ? (
                  <Loading />
                ) : (
                  <Text size="sm" role="status">
                    {messages.total(total, formats.number.format(total))}
                    {ticked.size > 0 && ` · ${messages.selected(ticked.size)}`}
                  </Text>
                )}
                <Group gap="xs">
                  {!readOnly && (
                    <Button ref={opener} disabled={ticked.size === 0} onClick={open}>
                      {messages.extend}
                    </Button>
                  )}
                  <ExportButton api={api} window={window} onFailed={setExportFailed} />
                </Group>
              </Group>
              {exportFailed && <Alert color="red" role="alert" title={messages.exportFailed} />}
              <ExpiringTable
                rows={rows}
                busy={otherWindow}
                now={now}
                // A read credential has nothing to do with ticked rows: it may only export.
                ticking={readOnly ? undefined : { ticked, onToggle: toggle, onTickPage: tickPage }}
              />
              {total > PAGE_SIZE && (
                <Pager
                  page={page}
                  pageCount={Math.ceil(total / PAGE_SIZE)}
                  label={messages.pages}
                  onPageChange={setPage}
                />
              )}
            </>
          )}
        </Stack>
      </Box>
    </SidePanel>
  );
}

/** The whole window as CSV, page after page; a failure is said by the view. */
function ExportButton({
  api,
  window,
  onFailed,
}: {
  api: ApiClient;
  window: Parameters<typeof exportExpiring>[1];
  onFailed: (failed: boolean) => void;
}) {
  const messages = useExpiringMessages();
  const formats = useFormats();
  const [exporting, setExporting] = useState(false);
  return (
    <Button
      variant="default"
      loading={exporting}
      onClick={() => {
        setExporting(true);
        onFailed(false);
        exportExpiring(api, window, messages, formats).then(
          () => setExporting(false),
          () => {
            setExporting(false);
            onFailed(true);
          },
        );
      }}
    >
      {messages.export}
    </Button>
  );
}

/** Said only from this window's own answer (an empty one kept from another is no answer). */
function NoneExpire({ choice }: { choice: ExpiringChoice }) {
  const messages = useExpiringMessages();
  const formats = useFormats();
  const untilText = 'until' in choice ? formats.date.format(new Date(`${choice.until}T00:00`)) : '';
  return (
    <Alert color="gray" title={messages.empty(choice, untilText)} role="status">
      {messages.emptyDescription}
    </Alert>
  );
}

function Loading() {
  const messages = useExpiringMessages();
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" />
      <Text size="sm">{messages.loading}</Text>
    </Group>
  );
}

/**
 * The window: 7 or 30 days, or until a day. The day applies only given whole: Chromium's date
 * field reports every digit typed as a whole date (the year's first digit "2" as 0002), so what is
 * typed applies on Enter or on leaving the field; the calendar and the arrow keys apply at once.
 * A day that cannot end the window is said under the field, which keeps it, and changes nothing.
 */
function WindowControls({
  choice,
  onChoose,
}: {
  choice: ExpiringChoice;
  onChoose: (choice: ExpiringChoice) => void;
}) {
  const messages = useExpiringMessages();
  const formats = useFormats();
  const [date, setDate] = useState('until' in choice ? choice.until : '');
  // An address can name a day gone by: said as soon as it shows.
  const [problem, setProblem] = useState<UntilProblem | null>(() =>
    'until' in choice ? untilProblem(choice.until, new Date()) : null,
  );
  // Digits or deletions typed since the day last applied: they wait for Enter or leaving.
  const typing = useRef(false);
  const mode = 'days' in choice ? String(choice.days) : 'date';

  /** The field's day, given whole: applied if it can end the window, said if not. */
  function apply(event: SyntheticEvent<HTMLInputElement>) {
    typing.current = false;
    const { value, validity } = event.currentTarget;
    // Empty with something in it: a part missing, or a day no month has (31/02).
    const found = value === '' && validity.badInput ? 'invalid' : untilProblem(value, new Date());
    setProblem(found);
    if (found === null && !('until' in choice && choice.until === value)) {
      onChoose({ until: value });
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') apply(event);
    else if (/^\d$/.test(event.key) || event.key === 'Backspace' || event.key === 'Delete') {
      typing.current = true;
    }
  }

  return (
    <Group gap="sm" align="flex-start">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="expiring-window-label">
          {messages.windowLabel}
        </Text>
        <SegmentedControl
          aria-labelledby="expiring-window-label"
          value={mode}
          data={[
            ...EXPIRING_DAYS.map((days) => ({ value: String(days), label: messages.days(days) })),
            { value: 'date', label: messages.aDate },
          ]}
          onChange={(value) => {
            if (value !== 'date') onChoose({ days: Number(value) as 7 | 30 });
            else if (untilProblem(date, new Date()) === null) onChoose({ until: date });
            else {
              // Not today, always an empty list: the end of the widest window, "30 dias", rows to
              // see and a date there to move.
              const until = dayAfter(new Date(), 30);
              setDate(until);
              setProblem(null);
              onChoose({ until });
            }
          }}
        />
      </Stack>
      {mode === 'date' && (
        <TextInput
          type="date"
          label={messages.dateLabel}
          value={date}
          min={dayAfter(new Date(), 0)}
          max={EXPIRING_LAST_DAY}
          error={
            problem === 'tooLate'
              ? messages.dateProblem.tooLate(
                  formats.date.format(new Date(`${EXPIRING_LAST_DAY}T00:00`)),
                )
              : problem && messages.dateProblem[problem]
          }
          onKeyDown={onKeyDown}
          // The calendar's button is in the field: what is picked there applies at once.
          onPointerDown={() => {
            typing.current = false;
          }}
          onBlur={apply}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setDate(value);
            if (!typing.current && value !== '') apply(event);
            // Typed right after an error: it goes as soon as the day is one, applied or not.
            else if (problem !== null && untilProblem(value, new Date()) === null) setProblem(null);
          }}
        />
      )}
    </Group>
  );
}

interface Ticking {
  ticked: ReadonlyMap<string, ExpiringEnrolment>;
  onToggle: (row: ExpiringEnrolment) => void;
  onTickPage: (checked: boolean) => void;
}

/** One page of the window: each name opens the student's page; `ticking` adds the tick boxes. */
function ExpiringTable({
  rows,
  busy,
  now,
  ticking,
}: {
  rows: readonly ExpiringEnrolment[];
  /** The rows are another window's, shown while this one's come. */
  busy: boolean;
  now: Date;
  ticking: Ticking | undefined;
}) {
  const messages = useExpiringMessages();
  const formats = useFormats();
  return (
    <table className={cardTable.table} aria-label={messages.tableLabel} aria-busy={busy}>
      <thead>
        <tr>
          {ticking && (
            <th scope="col" className={cardTable.selectColumn}>
              <TickAll
                aria-label={messages.selectPage}
                total={rows.length}
                ticked={rows.filter((row) => ticking.ticked.has(keyOf(row))).length}
                onChange={ticking.onTickPage}
              />
            </th>
          )}
          <th scope="col">{messages.columns.student}</th>
          <th scope="col">{messages.columns.turma}</th>
          <th scope="col" aria-sort="ascending">
            {messages.columns.expirationDate}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const name = visibleName(row.student.name);
          return (
            <tr key={keyOf(row)}>
              {ticking && (
                <td>
                  <input
                    type="checkbox"
                    className={cardTable.checkbox}
                    aria-label={messages.selectRow(name, row.class.name)}
                    checked={ticking.ticked.has(keyOf(row))}
                    onChange={() => ticking.onToggle(row)}
                  />
                </td>
              )}
              {/* Text, never markup: React escapes whatever the server sent. */}
              <td>
                <span className={cardTable.name}>
                  <StudentLink email={row.student.email}>{name}</StudentLink>
                </span>
                <Text size="xs" c="dimmed">
                  <EmailText email={row.student.email} />
                </Text>
              </td>
              <td data-label={messages.columns.turma}>{row.class.name}</td>
              <td data-label={messages.columns.expirationDate}>
                <ExpiryCell expirationDate={row.expirationDate} now={now} formats={formats} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
