import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ApiClient } from '../../api/client';
import type { RosterSortBy } from '#contract';
import type { RosterEntry } from '#contract/extensions';
import { ExpiryCell } from '../../components/expiry-status/expiry-cell';
import { unavailable } from '../../components/form-dialog/unavailable';
import { useFormats } from '../../i18n/formats';
import { useRosterMessages } from './messages';
import { downloadRosterCsv, readWholeRoster, rosterCsv } from './roster-export';
import classes from './roster.module.css';

interface RosterExportProps {
  api: Pick<ApiClient, 'request'>;
  turma: { id: string; label: string };
  /** The roster's order on screen: the file and the sheet keep it. */
  sortBy: RosterSortBy;
}

type ExportState =
  | { step: 'idle' }
  | { step: 'reading'; read: number; total: number }
  | { step: 'saved'; count: number }
  | { step: 'failed' };

/**
 * The whole roster (every page, whatever the search shows) as a CSV file or a printed sheet.
 * Both read it afresh through the roster's paging and say so while they do.
 */
export function RosterExport({ api, turma, sortBy }: RosterExportProps) {
  const messages = useRosterMessages();
  const formats = useFormats();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const [sheet, setSheet] = useState<readonly RosterEntry[] | null>(null);

  const readAll = async () => {
    setState({ step: 'reading', read: 0, total: 0 });
    try {
      return await readWholeRoster(queryClient, api, turma.id, { sortBy }, (read, total) =>
        setState({ step: 'reading', read, total }),
      );
    } catch {
      setState({ step: 'failed' });
      return null;
    }
  };
  const exportCsv = async () => {
    const students = await readAll();
    if (!students) return;
    const now = new Date();
    downloadRosterCsv(
      turma.id,
      rosterCsv({ id: turma.id, name: turma.label }, students, messages, formats),
      now,
    );
    setState({ step: 'saved', count: students.length });
  };
  const print = async () => {
    const students = await readAll();
    if (!students) return;
    setState({ step: 'idle' });
    setSheet(students);
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
  return (
    <Group gap="xs" justify="space-between" wrap="wrap" className={classes.noPrint}>
      <Group gap="xs" role="group" aria-label={messages.export.label}>
        <Button
          variant="default"
          size="xs"
          aria-label={messages.export.csvName(turma.label)}
          // Not `disabled` while the roster is read: that would drop the focus on the page.
          {...unavailable(reading)}
          onClick={() => {
            if (!reading) void exportCsv();
          }}
        >
          {messages.export.csv}
        </Button>
        <Button
          variant="default"
          size="xs"
          aria-label={messages.export.printName(turma.label)}
          {...unavailable(reading)}
          onClick={() => {
            if (!reading) void print();
          }}
        >
          {messages.export.print}
        </Button>
      </Group>
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
              ? messages.export.failed
              : ''}
      </Text>
      {sheet && createPortal(<PrintSheet turma={turma} students={sheet} />, document.body)}
    </Group>
  );
}

/** What paper gets: the turma and the date on top, the students, no controls (roster.module.css). */
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
