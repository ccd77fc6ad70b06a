import '@mantine/core/styles/Checkbox.css';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type Dispatch } from 'react';
import { z } from 'zod/mini';
import type { ApiClient } from '../../api/client';
import { useExtension } from '../../api/use-extension';
import {
  expirationDateSchema,
  NAME_MAX_LENGTH,
  STUDENTS_BY_EMAIL_EXTENSION,
  type ClassSummary,
} from '#contract';
import { expiryToSend, type ExpiryValue } from '../../components/expiry-field/expiry';
import { ExpiryField } from '../../components/expiry-field/expiry-field';
import { TurmaPicker } from '../../components/turma-picker/turma-picker';
import { visibleName } from '../../components/visible-name/visible-name';
import { useFormats } from '../../i18n/formats';
import type { BulkAction, PreviewState } from './bulk-state';
import classes from './bulk.module.css';
import { checkRows } from './check-rows';
import { useBulkMessages, type BulkMessages } from './messages';
import { Pager } from './pager';
import {
  countWarnings,
  reviewWarnings,
  type KnownStudents,
  type RowWarning,
  type RowWarningKind,
} from './review-warnings';
import { usePage } from './use-page';
import { useStudentLookup, type StudentLookup } from './use-student-lookup';
import { BULK_ROWS_MAX, type BulkMode, type CheckedRow, type InputRow } from './types';

interface PreviewStepProps {
  api: ApiClient;
  mode: BulkMode;
  /** The list under review: as parsed, with its fixes and exclusions. */
  review: PreviewState;
  turmas: readonly ClassSummary[];
  expiry: ExpiryValue;
  /** Edits, exclusions, turmas, expiry and "Voltar" go to the dialog's reducer. */
  dispatch: Dispatch<BulkAction>;
  /**
   * The rows not excluded, as judged here; the dialog sends those without problems. `students`:
   * who was already registered, as far as the review could tell (for the results file).
   */
  onStart: (checked: readonly CheckedRow[], students: KnownStudents) => void;
}

/** The order the warnings' summary counts them in. */
const WARNING_ORDER: readonly RowWarningKind[] = [
  'shortens',
  'removes',
  'limits',
  'other-name',
  'columns-swapped',
];

/**
 * Everything is checked before anything is sent: each row against the contract, with its line
 * and reason; rows with problems can be fixed in place or excluded. Then the turmas, the batch's
 * expiry, and, for a removal, the number of students typed as confirmation.
 */
export function PreviewStep(props: PreviewStepProps) {
  const { mode, turmas, dispatch } = props;
  const { parsed, rows, excluded } = props.review;
  const messages = useBulkMessages();
  const { number } = useFormats();
  const format = (value: number) => number.format(value);

  const checked = useMemo(
    () =>
      checkRows(
        rows.filter((row) => !excluded.has(row.line)),
        { mode, now: new Date() },
      ),
    [rows, excluded, mode],
  );
  const ready = useMemo(() => checked.filter((row) => row.student !== null), [checked]);
  const withProblems = checked.filter((row) => row.student === null);

  const batchExpiry = mode === 'enrol' ? expiryToSend(props.expiry) : undefined;
  // The field says what is wrong with a date that is past or missing; the contract also caps
  // the year, which no picker offers but a date typed in could reach.
  const expiryInvalid =
    batchExpiry === null || !z.safeParse(expirationDateSchema, batchExpiry).success;

  // Who is already registered, so that what an enrolment would change for them is said here.
  const knowsStudents = useExtension(props.api, STUDENTS_BY_EMAIL_EXTENSION);
  const emails = useMemo(() => ready.map((row) => row.student!.email), [ready]);
  const lookup = useStudentLookup(props.api, emails, mode === 'enrol' && knowsStudents);
  const expiryForWarnings = expiryInvalid ? null : batchExpiry;
  const warnings = useMemo(
    () =>
      reviewWarnings(checked, {
        turmas,
        batchExpiry: expiryForWarnings,
        students: lookup.students,
      }),
    [checked, turmas, expiryForWarnings, lookup.students],
  );

  // Rows stay in the review table once they are there: a row fixed as it is typed into must
  // not vanish from under the cursor.
  const [reviewed, setReviewed] = useState<ReadonlySet<number>>(
    () => new Set(withProblems.map((row) => row.line)),
  );
  const unreviewed = checked.filter(
    (row) => (row.student === null || warnings.has(row.line)) && !reviewed.has(row.line),
  );
  if (unreviewed.length > 0) {
    setReviewed(new Set([...reviewed, ...unreviewed.map((row) => row.line)]));
  }
  const checkedByLine = new Map(checked.map((row) => [row.line, row]));
  const reviewRows = rows
    .filter((row) => reviewed.has(row.line) || excluded.has(row.line))
    .map((row) => ({ row, checked: checkedByLine.get(row.line) }));

  const [confirmation, setConfirmation] = useState('');
  const [triedStart, setTriedStart] = useState(false);
  const confirmed =
    mode === 'enrol' || confirmation.replace(/[\s.,]/g, '') === String(ready.length);

  const turmaCount =
    turmas.length === 0 ? null : messages.preview.turmaCount(turmas.length, format(turmas.length));
  // Missing turmas are said on submit, at the picker; the typed count keeps the button disabled
  // until it matches, as the single removal's e-mail does.
  const canStart = ready.length > 0 && confirmed;
  const turmasRef = useRef<HTMLInputElement>(null);

  // "Matricular" while the lookup runs: sent once it is over, unless it found warnings not yet
  // shown (the lines warned of when it was clicked); a failed lookup waits for another click.
  const [startWhenLooked, setStartWhenLooked] = useState<ReadonlySet<number> | null>(null);
  const noNewWarnings =
    startWhenLooked !== null && [...warnings.keys()].every((line) => startWhenLooked.has(line));
  if (
    startWhenLooked !== null &&
    lookup.state !== 'looking' &&
    !(lookup.state === 'done' && noNewWarnings)
  ) {
    setStartWhenLooked(null);
  }
  const { onStart } = props;
  const started = useRef(false);
  useEffect(() => {
    if (started.current || startWhenLooked === null) return;
    if (lookup.state !== 'done' || !noNewWarnings) return;
    started.current = true;
    onStart(checked, lookup.students);
  }, [startWhenLooked, lookup.state, lookup.students, noNewWarnings, checked, onStart]);

  function setRow(line: number, change: Partial<InputRow>) {
    dispatch({ type: 'editRow', line, change });
  }
  function setExcluded(lines: readonly number[], exclude: boolean) {
    dispatch({ type: 'exclude', lines, exclude });
  }
  const warnedLines = [...warnings.keys()];

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTriedStart(true);
        if (!canStart || expiryInvalid) return;
        if (turmas.length === 0) turmasRef.current?.focus();
        else if (lookup.state === 'looking') setStartWhenLooked(new Set(warnings.keys()));
        else props.onStart(checked, lookup.students);
      }}
    >
      <Stack gap="lg">
        {parsed.problems.map((problem) => (
          <Alert
            key={problem.reason}
            color="yellow"
            icon={<IconAlertTriangle aria-hidden size={18} />}
          >
            {messages.input.problem(problem, format(BULK_ROWS_MAX))}
          </Alert>
        ))}
        <Text fw={600} aria-live="polite">
          {messages.preview.summary(
            messages.preview.ready(ready.length, format(ready.length)),
            messages.preview.withProblems(withProblems.length, format(withProblems.length)),
            messages.preview.excludedCount(excluded.size, format(excluded.size)),
            warnings.size > 0
              ? messages.preview.warnedCount(warnings.size, format(warnings.size))
              : undefined,
          )}
        </Text>
        {warnings.size > 0 && <WarningsSummary warnings={warnings} messages={messages} />}
        {mode === 'enrol' && (
          <LookupStatus
            lookup={lookup}
            startWhenDone={startWhenLooked !== null}
            messages={messages}
          />
        )}

        {reviewRows.length > 0 && (
          <ReviewList
            mode={mode}
            rows={reviewRows}
            excluded={excluded}
            warnings={warnings}
            messages={messages}
            onRowChange={setRow}
            onExclude={setExcluded}
            problemLines={withProblems.map((row) => row.line)}
            warnedLines={warnedLines}
          />
        )}

        <TurmaPicker
          ref={turmasRef}
          api={props.api}
          value={turmas}
          onChange={(next) => dispatch({ type: 'setTurmas', turmas: next })}
          label={messages.preview.turmasLabel(turmas.length, format(turmas.length))}
          error={triedStart && turmas.length === 0 ? messages.preview.turmasRequired : undefined}
        />
        {mode === 'enrol' && (
          <Stack gap={4}>
            <ExpiryField
              value={props.expiry}
              onChange={(expiry) => dispatch({ type: 'setExpiry', expiry })}
              error={triedStart && expiryInvalid ? messages.preview.expiryInvalid : undefined}
            />
            <Text size="sm" c="dimmed">
              {messages.preview.batchExpiryHint}
            </Text>
          </Stack>
        )}

        <ReadyTable mode={mode} rows={ready} messages={messages} />

        {mode === 'remove' && ready.length > 0 && (
          <Stack gap="xs">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconAlertTriangle aria-hidden size={20} className={classes.warningIcon} />
              <Text size="sm" fw={500}>
                {messages.preview.confirmWarning}
              </Text>
            </Group>
            <TextInput
              label={messages.preview.confirmLabel(format(ready.length))}
              value={confirmation}
              onChange={(event) => setConfirmation(event.currentTarget.value)}
              inputMode="numeric"
              autoComplete="off"
              error={
                confirmation.trim() !== '' && !confirmed
                  ? messages.preview.confirmMismatch
                  : undefined
              }
            />
          </Stack>
        )}

        <Group justify="space-between" gap="sm">
          <Button variant="default" onClick={() => dispatch({ type: 'back' })}>
            {messages.preview.back}
          </Button>
          <Button
            type="submit"
            disabled={!canStart}
            color={mode === 'remove' ? 'red.9' : undefined}
          >
            {ready.length === 0
              ? messages.preview.noneReady
              : messages.preview.start[mode](ready.length, format(ready.length), turmaCount)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The fields a warning is about: where a reader of the field hears it. */
const WARNED_FIELD: Record<RowWarningKind, 'name' | 'email' | 'expiry'> = {
  'columns-swapped': 'email',
  'other-name': 'name',
  shortens: 'expiry',
  limits: 'expiry',
  removes: 'expiry',
};

/** One line counting the lines warned of, by what they warn of. */
function WarningsSummary({
  warnings,
  messages,
}: {
  warnings: ReadonlyMap<number, readonly RowWarning[]>;
  messages: BulkMessages;
}) {
  const { number } = useFormats();
  const counts = countWarnings(warnings.values());
  const parts = WARNING_ORDER.filter((kind) => counts[kind] > 0).map((kind) =>
    messages.preview.warningCounts[kind](counts[kind], number.format(counts[kind])),
  );
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <IconAlertTriangle aria-hidden size={18} className={classes.noticeIcon} />
      <Text size="sm">{messages.preview.warningsSummary(parts)}</Text>
    </Group>
  );
}

/** What the lookup of existing students is doing, or why it is not there. */
function LookupStatus({
  lookup,
  startWhenDone,
  messages,
}: {
  lookup: StudentLookup;
  startWhenDone: boolean;
  messages: BulkMessages;
}) {
  const text = messages.preview.lookup;
  switch (lookup.state) {
    case 'off':
      return (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconInfoCircle aria-hidden size={18} className={classes.infoIcon} />
          <Text size="sm">{text.unavailable}</Text>
        </Group>
      );
    case 'looking':
      return (
        <Group gap="xs" wrap="nowrap" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">
            {text.running}
            {startWhenDone && ` ${text.startWhenDone}`}
          </Text>
        </Group>
      );
    case 'failed':
      return (
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden size={18} />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{text.failed}</Text>
            <Button variant="default" size="xs" onClick={lookup.retry}>
              {text.retry}
            </Button>
          </Stack>
        </Alert>
      );
    case 'done':
      return null;
  }
}

interface ReviewListProps {
  mode: BulkMode;
  rows: { row: InputRow; checked: CheckedRow | undefined }[];
  excluded: ReadonlySet<number>;
  /** Of the lines not excluded that have any. */
  warnings: ReadonlyMap<number, readonly RowWarning[]>;
  messages: BulkMessages;
  onRowChange: (line: number, change: Partial<InputRow>) => void;
  onExclude: (lines: readonly number[], exclude: boolean) => void;
  problemLines: readonly number[];
  warnedLines: readonly number[];
}

/**
 * The rows with problems or warnings (and those fixed or excluded here), each editable in place:
 * a row with a warning is sent as it stands unless it is changed or excluded.
 */
function ReviewList({
  mode,
  rows,
  excluded,
  warnings,
  messages,
  onRowChange,
  onExclude,
  problemLines,
  warnedLines,
}: ReviewListProps) {
  const text = messages.preview;
  const formats = useFormats();
  const date = (iso: string) => formats.mediumDateTime.format(new Date(iso));
  const page = usePage(rows);
  const maxName = String(NAME_MAX_LENGTH);
  const anyWarned = warnedLines.length > 0;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h4">
          {anyWarned ? text.reviewTable : text.problemsTable}
        </Title>
        <Group gap="xs">
          {problemLines.length > 0 && (
            <Button variant="default" size="xs" onClick={() => onExclude(problemLines, true)}>
              {text.excludeAll}
            </Button>
          )}
          {anyWarned && (
            <Button variant="default" size="xs" onClick={() => onExclude(warnedLines, true)}>
              {text.excludeWarned}
            </Button>
          )}
          {excluded.size > 0 && (
            <Button variant="default" size="xs" onClick={() => onExclude([...excluded], false)}>
              {text.includeAll}
            </Button>
          )}
        </Group>
      </Group>
      <Text size="sm">{anyWarned ? text.reviewHint : text.problemsHint}</Text>
      {/* A card per row rather than a table: each field gets the width to show what needs
          fixing (a whole e-mail), and on a phone the fields stack at full width. */}
      <ul className={classes.cards}>
        {page.items.map(({ row, checked }) => {
          const isExcluded = excluded.has(row.line);
          const problems = isExcluded ? [] : (checked?.problems ?? []);
          const wrong = new Set(problems.map((problem) => problem.field));
          const rowWarnings = (!isExcluded && warnings.get(row.line)) || [];
          const described = new Set([
            ...wrong,
            ...rowWarnings.map((warning) => WARNED_FIELD[warning.kind]),
          ]);
          const problemId = `bulk-problem-${row.line}`;
          const field = (name: 'name' | 'email' | 'expiry', label: string) => (
            <TextInput
              label={label}
              // The visible label is the field's; the name read out also says which line.
              aria-label={text.fieldOfLine(label, row.line)}
              value={row[name]}
              onChange={(event) => onRowChange(row.line, { [name]: event.currentTarget.value })}
              error={wrong.has(name)}
              // Mantine's Input overwrites an aria-describedby prop with its own (none here),
              // so the field is tied to its problem on the element itself.
              ref={(node: HTMLInputElement | null) => {
                if (!node) return;
                if (described.has(name)) node.setAttribute('aria-describedby', problemId);
                else node.removeAttribute('aria-describedby');
              }}
              disabled={isExcluded}
              spellCheck={false}
              autoComplete="off"
            />
          );
          return (
            <li key={row.line} className={classes.card} data-excluded={isExcluded || undefined}>
              <fieldset className={classes.cardGroup}>
                <legend className={classes.cardTitle}>{text.lineTitle(row.line)}</legend>
                <div id={problemId} className={classes.cardProblem}>
                  {isExcluded ? (
                    text.excludedRow
                  ) : problems.length === 0 && rowWarnings.length === 0 ? (
                    <span className={classes.fixed}>
                      <IconCheck aria-hidden size={14} /> {text.fixed}
                    </span>
                  ) : (
                    <>
                      {problems.map((problem) => (
                        <div key={problem.field + problem.reason} className={classes.problem}>
                          {messages.rowProblem(problem, maxName)}
                        </div>
                      ))}
                      {rowWarnings.map((warning) => (
                        <div
                          key={warning.kind + ('turma' in warning ? warning.turma.id : '')}
                          className={classes.rowWarning}
                        >
                          <IconAlertTriangle aria-hidden size={14} className={classes.noticeIcon} />
                          {messages.rowWarning(warning, row.name, date)}
                        </div>
                      ))}
                    </>
                  )}
                </div>
                <div className={classes.cardFields} data-mode={mode}>
                  {field('name', text.name)}
                  {field('email', text.email)}
                  {mode === 'enrol' && field('expiry', text.expiry)}
                </div>
                <Checkbox
                  label={text.exclude}
                  aria-label={text.excludeRow(row.line)}
                  checked={isExcluded}
                  onChange={(event) => onExclude([row.line], event.currentTarget.checked)}
                />
              </fieldset>
            </li>
          );
        })}
      </ul>
      <Pager {...page} />
    </Stack>
  );
}

interface ReadyTableProps {
  mode: BulkMode;
  rows: readonly CheckedRow[];
  messages: BulkMessages;
}

/** What will be sent, as it will be sent (names trimmed, e-mails lower-cased), a page at a time. */
function ReadyTable({ mode, rows, messages }: ReadyTableProps) {
  const text = messages.preview;
  const dateFormat = useFormats().dateTime;
  const page = usePage(rows);
  if (rows.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {text.readyTable}
      </Title>
      <div className={classes.scroll}>
        <table className={classes.table}>
          <thead>
            <tr>
              <th scope="col">{text.line}</th>
              {mode === 'enrol' && <th scope="col">{text.name}</th>}
              <th scope="col">{text.email}</th>
              {mode === 'enrol' && <th scope="col">{text.expiry}</th>}
            </tr>
          </thead>
          <tbody>
            {page.items.map((row) => (
              <tr key={row.line}>
                <th scope="row" className={classes.number}>
                  {row.line}
                </th>
                {mode === 'enrol' && <td>{visibleName(row.student!.name)}</td>}
                <td>{row.student!.email}</td>
                {mode === 'enrol' && (
                  <td>
                    {row.student!.expirationDate
                      ? dateFormat.format(new Date(row.student!.expirationDate))
                      : text.batchExpiryCell}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager {...page} />
    </Stack>
  );
}
