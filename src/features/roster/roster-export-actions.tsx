import { Button, Group, Text } from '@mantine/core';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ApiError, type ApiClient } from '../../api/client';
import type { RosterSortBy } from '#contract';
import type { RosterEntry } from '#contract/extensions';
import { EXPIRY_CELLS } from '../../components/expiry-field/expiry-cells';
import { ExpiryCell } from '../../components/expiry-status/expiry-cell';
import { unavailable } from '../../components/form-dialog/unavailable';
import { useFormats } from '../../i18n/formats';
import { useLocale } from '../../i18n/i18n-context';
import { useRosterMessages } from './messages';
import { pageMarginRules } from './print-margins';
import { downloadRosterCsv, readWholeRosterNamed, rosterCsv } from './roster-export';
import classes from './roster.module.css';

interface RosterExportProps {
  api: Pick<ApiClient, 'request'>;
  turma: { id: string; label: string };
  /** The roster's order on screen: the file and the sheet keep it. */
  sortBy: RosterSortBy;
}

type ExportKind = 'csv' | 'print';

type ExportState =
  | { step: 'idle' }
  | { step: 'reading'; read: number; total: number }
  | { step: 'saved'; count: number }
  /** `offline`: no answer, or the browser says it is offline: the connection is the cause. */
  | { step: 'failed'; kind: ExportKind; offline: boolean };

/**
 * The whole roster (every page, whatever the search shows) as a CSV file or a printed sheet.
 * Both read it afresh through the roster's paging and say so while they do.
 */
export function RosterExport({ api, turma, sortBy }: RosterExportProps) {
  const messages = useRosterMessages();
  const formats = useFormats();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const [sheet, setSheet] = useState<readonly RosterEntry[] | null>(null);
  const csvButton = useRef<HTMLButtonElement>(null);
  const printButton = useRef<HTMLButtonElement>(null);

  const readAll = async (kind: ExportKind) => {
    setState({ step: 'reading', read: 0, total: 0 });
    try {
      return await readWholeRosterNamed(queryClient, api, turma.id, { sortBy }, (read, total) =>
        setState({ step: 'reading', read, total }),
      );
    } catch (error) {
      const offline =
        (error instanceof ApiError && error.kind === 'network') || !onlineManager.isOnline();
      setState({ step: 'failed', kind, offline });
      return null;
    }
  };
  const exportCsv = async () => {
    const roster = await readAll('csv');
    if (!roster) return;
    const { students } = roster;
    // The server's name for the turma, else the one the panel knows (not its "turma <id>").
    const panelName = turma.label === messages.turmaById(turma.id) ? undefined : turma.label;
    const name = [roster.className, panelName].find((known) => known?.trim());
    const csv = rosterCsv(
      { id: turma.id, name: name ?? turma.label },
      students,
      messages,
      formats,
      EXPIRY_CELLS[locale],
    );
    downloadRosterCsv({ id: turma.id, name }, csv, new Date(), messages.export.filePrefix);
    setState({ step: 'saved', count: students.length });
  };
  const print = async () => {
    const roster = await readAll('print');
    if (!roster) return;
    setState({ step: 'idle' });
    setSheet(roster.students);
  };

  // Printed once the sheet is in the document; it leaves with the print dialog.
  useEffect(() => {
    if (!sheet) return;
    const done = () => setSheet(null);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [sheet]);

  const reading = state.step === 'reading';
  const run = (kind: ExportKind) => {
    if (reading) return;
    void (kind === 'csv' ? exportCsv() : print());
  };
  return (
    <Group gap="xs" justify="space-between" wrap="wrap" className={classes.noPrint}>
      <Group gap="xs" role="group" aria-label={messages.export.label}>
        <Button
          variant="default"
          size="xs"
          ref={csvButton}
          aria-label={messages.export.csvName(turma.label)}
          // Not `disabled` while the roster is read: that would drop the focus on the page.
          {...unavailable(reading)}
          onClick={() => run('csv')}
        >
          {messages.export.csv}
        </Button>
        <Button
          variant="default"
          size="xs"
          ref={printButton}
          aria-label={messages.export.printName(turma.label)}
          {...unavailable(reading)}
          onClick={() => run('print')}
        >
          {messages.export.print}
        </Button>
      </Group>
      <Group gap="xs" wrap="wrap">
        {/* A live region without the status role: the roster's count is the panel's one status. */}
        <Text
          size="sm"
          aria-live="polite"
          aria-atomic
          c={state.step === 'failed' ? 'red.9' : undefined}
        >
          {state.step === 'reading'
            ? messages.export.reading(
                formats.number.format(state.read),
                formats.number.format(state.total),
              )
            : state.step === 'saved'
              ? messages.export.saved(state.count, formats.number.format(state.count))
              : state.step === 'failed'
                ? messages.export.failed(state.kind, state.offline)
                : ''}
        </Text>
        {state.step === 'failed' && (
          <Button
            variant="default"
            size="xs"
            onClick={() => {
              // It leaves as the reading starts: the focus goes to the button it does again.
              (state.kind === 'csv' ? csvButton : printButton).current?.focus();
              run(state.kind);
            }}
          >
            {messages.export.retry(state.kind)}
          </Button>
        )}
      </Group>
      {sheet && createPortal(<PrintSheet turma={turma} students={sheet} />, document.body)}
    </Group>
  );
}

/**
 * What paper gets: the turma and the date on top, the students, no controls (roster.module.css).
 * Every page repeats the table's column headers, and has the turma in its top margin and its
 * number at its foot (print-margins.ts).
 */
function PrintSheet({
  turma,
  students,
}: {
  turma: { id: string; label: string };
  students: readonly RosterEntry[];
}) {
  const messages = useRosterMessages();
  const formats = useFormats();
  const now = new Date();
  return (
    <div className={classes.printSheet} data-testid="roster-print-sheet">
      {/* The words of each page's margins, there only while the sheet prints. */}
      <style>
        {pageMarginRules(messages.export.printTitle(turma.label), messages.export.printPage)}
      </style>
      <h1>{messages.export.printTitle(turma.label)}</h1>
      <p>
        {messages.export.printDate(
          formats.dateTime.format(now),
          messages.total(students.length, formats.number.format(students.length)),
        )}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">{messages.columns.name}</th>
            <th scope="col">{messages.columns.email}</th>
            <th scope="col">{messages.columns.expirationDate}</th>
            <th scope="col">{messages.columns.enrolledAt}</th>
          </tr>
        </thead>
        <tbody>
          {students.map((student) => (
            <tr key={student.email}>
              <td>{student.name}</td>
              <td>{student.email}</td>
              <td>
                <ExpiryCell expirationDate={student.expirationDate} now={now} formats={formats} />
              </td>
              <td>{formats.date.format(new Date(student.enrolledAt))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
