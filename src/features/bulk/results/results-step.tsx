import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/FloatingIndicator.css';
import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import type { ClassSummary } from '#contract';
import { isOtherName } from '../../../api/enrolment-changes';
import { describeApiError, describeServerSaid } from '../../../i18n/describe-api-error';
import { useFormats } from '../../../i18n/formats';
import { describeRemovalSplit } from '../../../components/removal-outcome/removal-split-text';
import { useLocale, useMessages } from '../../../i18n/i18n-context';
import type { Locale, Messages } from '../../../i18n/messages';
import classes from '../bulk.module.css';
// The counts look as a run's do while it goes: one rule for both.
import runClasses from '../../../lib/batch-run/run-progress.module.css';
import { useBulkMessages, type BulkMessages } from '../messages';
import { apiMessageOf, RETRYABLE, SUCCESS, type Outcome, type RowReport } from './outcomes';
import { BulkPager } from '../pager';
import { usePage } from '../use-page';
import { downloadCsv, toCsv } from '../../../lib/csv-file';
import { localDate } from '../../../lib/local-date';
import { formatNames } from '../../../i18n/format-names';
import { resultsCsvRows, type RunUndone } from './results-csv';
import { rowProblemText } from '../row-problem-text';
import type { BulkMode } from '../types';
import { useFormDialogMessages } from '../../../components/form-dialog/messages';
import { visibleName } from '../../../components/visible-name/visible-name';
import { EmailText } from '../../../components/email-text/email-text';

interface ResultsStepProps {
  mode: BulkMode;
  /** The run's turmas, start and retries, for the results file. */
  turmas: readonly ClassSummary[];
  startedAt: Date;
  retriedAt: readonly Date[];
  status: 'finished' | 'cancelled';
  reports: readonly RowReport[];
  onRetryFailed: () => void;
  onStartOver: () => void;
  onClose: () => void;
  /** "Desfazer" for the whole run, where the server keeps an audit trail. */
  undo?: ReactNode;
  /** When that undo set something back: the lines say what the run did before it. */
  undone?: RunUndone | null;
}

const OUTCOME_ORDER: readonly Outcome[] = [
  'enrolled',
  'removed',
  'was-not-in',
  'no-longer-in',
  'not-found',
  'rejected',
  'failed',
  'not-sent',
  'invalid',
  'excluded',
];

/** Every line of the list and what became of it; the ones that may pass can be tried again. */
export function ResultsStep({
  mode,
  turmas,
  startedAt,
  retriedAt,
  status,
  reports,
  onRetryFailed,
  onStartOver,
  onClose,
  undo,
  undone = null,
}: ResultsStepProps) {
  const messages = useBulkMessages();
  const closeLabel = useFormDialogMessages().close;
  const appMessages = useMessages();
  const locale = useLocale();
  const formats = useFormats();
  const { number } = formats;
  const format = (value: number) => number.format(value);
  const [filter, setFilter] = useState<'all' | 'problems'>('all');

  const counts = useMemo(() => {
    const byOutcome = new Map<Outcome, number>();
    for (const report of reports) {
      byOutcome.set(report.outcome, (byOutcome.get(report.outcome) ?? 0) + 1);
    }
    return byOutcome;
  }, [reports]);
  const problems = useMemo(
    () => reports.filter((report) => !SUCCESS.has(report.outcome)),
    [reports],
  );
  const retryable = problems.filter((report) => RETRYABLE.has(report.outcome)).length;
  const shown = filter === 'all' ? reports : problems;
  const page = usePage(shown);

  function download() {
    const text = messages.results;
    const [header = [], ...rows] = resultsCsvRows(
      { mode, turmas, startedAt, retriedAt, undone, reports },
      {
        text: text.csv,
        locale,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        detail: (report) => detailOf(report, messages, appMessages, locale),
      },
    );
    // The language's separator, as every file the console saves: its words and dates are the
    // language's too, and a list of addresses alone has no separator of its own to follow.
    const csv = toCsv(header, rows, formats.csvDelimiter);
    downloadCsv(text.fileName(mode, localDate(startedAt)), csv);
  }

  return (
    <Stack gap="lg">
      {/* Retrying what failed is the next step, so it comes first, before a long table. */}
      <Group justify="space-between" gap="sm">
        <Title order={3} size="h4" tabIndex={-1} data-step-start>
          {messages.results.title[status]}
        </Title>
        {retryable > 0 && (
          <Button leftSection={<IconRefresh aria-hidden size={18} />} onClick={onRetryFailed}>
            {messages.results.retryFailed(retryable, format(retryable))}
          </Button>
        )}
      </Group>
      {undo && <Group>{undo}</Group>}
      {undone && <UndoneNotice undone={undone} />}
      <dl className={runClasses.counts} aria-label={messages.results.summary}>
        {OUTCOME_ORDER.filter((outcome) => counts.has(outcome)).map((outcome) => (
          <div key={outcome}>
            <dt>{messages.results.countLabels[outcome](counts.get(outcome)!)}</dt>
            <dd>{format(counts.get(outcome)!)}</dd>
          </div>
        ))}
      </dl>
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label={messages.results.filterLabel}
          value={filter}
          onChange={(value) => setFilter(value)}
          data={[
            { value: 'all', label: messages.results.filterAll(format(reports.length)) },
            { value: 'problems', label: messages.results.filterProblems(format(problems.length)) },
          ]}
        />
        <Button
          variant="default"
          leftSection={<IconDownload aria-hidden size={18} />}
          onClick={download}
        >
          {messages.results.download}
        </Button>
      </Group>
      <div className={classes.scroll}>
        <table
          className={`${classes.table} ${classes.resultsTable}`}
          aria-label={messages.results.summary}
        >
          <thead>
            <tr>
              <th scope="col">{messages.preview.line}</th>
              <th scope="col">{messages.preview.name}</th>
              <th scope="col">{messages.preview.email}</th>
              <th scope="col">{messages.results.outcome}</th>
              <th scope="col">{messages.results.detail}</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((report) => (
              <tr key={report.line}>
                <th scope="row" className={classes.number}>
                  {report.line}
                </th>
                <td>{visibleName(report.name)}</td>
                <td>
                  <EmailText email={report.email} />
                </td>
                <td
                  className={SUCCESS.has(report.outcome) ? undefined : classes.problem}
                  data-label={messages.results.outcome}
                >
                  {messages.results.outcomes[report.outcome]}
                </td>
                <td data-label={messages.results.detail}>
                  {detailOf(report, messages, appMessages, locale)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <BulkPager {...page} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onStartOver}>
          {messages.results.newBatch}
        </Button>
        <Button variant={retryable > 0 ? 'default' : 'filled'} onClick={onClose}>
          {closeLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Why a line did not succeed, in words staff can act on (the API's own words when it sent any),
 * and what a removal did in each turma.
 */
function detailOf(
  report: RowReport,
  messages: BulkMessages,
  appMessages: Messages,
  locale: Locale,
): string {
  switch (report.outcome) {
    case 'enrolled':
      // The name on screen is the typed one; an existing student kept their own.
      return report.existing && isOtherName(report.name, report.existing.name)
        ? messages.results.nameKept(visibleName(report.existing.name))
        : '';
    case 'removed':
    case 'was-not-in':
    case 'no-longer-in': {
      // Which turmas the student left and which they were not in; when nothing is known the
      // outcome has said all there is.
      const { removal } = report;
      if (!removal || removal.removed.length + removal.notIn.length === 0) return '';
      return describeRemovalSplit(removal, messages.results.removal, locale);
    }
    case 'invalid':
      return (report.problems ?? [])
        .map((problem) => rowProblemText(problem, report.email, messages, locale))
        .join(' ');
    case 'excluded':
      return messages.results.excludedDetail;
    case 'not-sent':
      return messages.results.notSentDetail;
    case 'not-found':
    case 'rejected': {
      // The outcome already says it was refused: what the server said is the detail.
      const said = describeServerSaid(apiMessageOf(report.error) ?? '', appMessages);
      return said || describeApiError(report.error, appMessages);
    }
    case 'failed':
      return describeApiError(report.error, appMessages);
  }
}

/** The run undone from here: when, and whom the undo left as the run made them. */
function UndoneNotice({ undone }: { undone: RunUndone }) {
  const messages = useBulkMessages();
  const formats = useFormats();
  const locale = useLocale();
  const { notUndone } = undone;
  return (
    <>
      <Text size="sm">{messages.results.undoneNotice(formats.time.format(undone.at))}</Text>
      {notUndone.length > 0 && (
        <Text size="sm">
          {messages.results.notUndone(
            notUndone.length,
            formatNames(notUndone, locale, messages.results.more),
          )}
        </Text>
      )}
    </>
  );
}
