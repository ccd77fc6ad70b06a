import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCalendarQuestion } from '@tabler/icons-react';
import { useMemo, useRef, useState, type Dispatch } from 'react';
import type { ApiClient } from '../../../api/client';
import { AUDIT_EXTENSION, type ClassSummary } from '#contract';
import { useExtension } from '../../../api/use-extension';
import type { ExpiryValue } from '../../../components/expiry-field/expiry';
import { ExpiryField } from '../../../components/expiry-field/expiry-field';
import {
  DAY_ORDER,
  slashedReading,
  type DayOrder,
} from '../../../components/expiry-field/typed-expiry';
import { TurmaPicker } from '../../../components/turma-picker/turma-picker';
import { CannotUndoWarning } from '../../../components/typed-confirmation/cannot-undo-warning';
import {
  confirmationState,
  type ConfirmationState,
} from '../../../components/typed-confirmation/typed-confirmation';
import { TypedConfirmationField } from '../../../components/typed-confirmation/typed-confirmation-field';
import type { KnownStudents } from '../../../components/enrol-warnings/enrol-warnings';
import { LookupStatus } from '../../../components/enrol-warnings/lookup-status';
import { useStartAfterLookup } from '../../../components/enrol-warnings/use-start-after-lookup';
import { WarningsSummary } from '../../../components/enrol-warnings/warnings-summary';
import { useFormats } from '../../../i18n/formats';
import { useLocale } from '../../../i18n/i18n-context';
import type { BulkAction, PreviewState } from '../bulk-state';
import { useBulkMessages } from '../messages';
import { BULK_ROWS_MAX, type BulkMode, type CheckedRow, type ParsedInput } from '../types';
import { ReadyTable } from './ready-table';
import { ReviewList } from './review-list';
import { useReview } from './use-review';

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

/**
 * Everything is checked before anything is sent: each row against the contract, with its line
 * and reason; rows with problems can be fixed in place or excluded. Then the turmas, the batch's
 * expiry, and, for a removal, the number of students typed as confirmation.
 */
export function PreviewStep(props: PreviewStepProps) {
  const { mode, turmas, dispatch } = props;
  const { parsed, excluded } = props.review;
  const messages = useBulkMessages();
  const { number } = useFormats();
  const format = (value: number) => number.format(value);
  const { checked, ready, withProblems, expiryInvalid, lookup, warnings, reviewRows } =
    useReview(props);
  // As the single removal says it: where the server keeps an audit trail, History undoes it.
  const undoable = useExtension(props.api, AUDIT_EXTENSION);

  const [confirmation, setConfirmation] = useState('');
  const [triedStart, setTriedStart] = useState(false);
  // A removal asks for the students it will remove: not the lines the look-up found would remove
  // no one (their warnings say so). Those are sent all the same, harmlessly, so the results say
  // what each met when its turn came; until the look-up answers, every line counts.
  const affected =
    mode === 'remove' ? ready.filter((row) => !warnings.has(row.line)).length : ready.length;
  const confirmState = confirmationState(confirmation, { kind: 'count', count: affected });
  const confirmed = mode === 'enrol' || confirmState === 'match';

  const turmaCount =
    turmas.length === 0 ? null : messages.preview.turmaCount(turmas.length, format(turmas.length));
  // Missing turmas are said on start, at the picker; the typed count keeps the button disabled
  // until it matches, as the single removal's e-mail does.
  const canStart = affected > 0 && confirmed;
  const turmasRef = useRef<HTMLInputElement>(null);
  const warnedLines = [...warnings.keys()];
  // A removal's warnings (lines that would remove no one) need not stop a start to be read.
  const afterLookup = useStartAfterLookup(lookup, mode === 'enrol' ? warnedLines : [], () =>
    props.onStart(checked, lookup.students),
  );

  // Not a form: Enter in a field (a line's fix, the expiry, the turma search) is done with that
  // field and never starts the run. Only the button does, or, for a removal, Enter in the typed
  // count that guards it.
  function start() {
    setTriedStart(true);
    if (!canStart || expiryInvalid) return;
    if (turmas.length === 0) turmasRef.current?.focus();
    else if (lookup.state === 'looking') afterLookup.startWhenDone();
    else props.onStart(checked, lookup.students);
  }

  return (
    <Stack gap="lg">
      <InputNotices parsed={parsed} />
      <Text fw={600} aria-live="polite" tabIndex={-1} data-step-start>
        {messages.preview.summary(
          messages.preview.ready(ready.length, format(ready.length)),
          messages.preview.withProblems(withProblems.length, format(withProblems.length)),
          messages.preview.excludedCount(excluded.size, format(excluded.size)),
          warnings.size > 0
            ? messages.preview.warnedCount(warnings.size, format(warnings.size))
            : undefined,
        )}
      </Text>
      {warnings.size > 0 && <WarningsSummary warnings={warnings.values()} />}
      {mode === 'enrol' && <DayFirstNotice rows={checked} />}
      {(mode === 'enrol' || lookup.state !== 'off') && (
        <LookupStatus
          lookup={lookup}
          startWhenDone={afterLookup.waiting}
          text={mode === 'enrol' ? messages.preview.lookup : messages.preview.removalLookup}
        />
      )}

      {reviewRows.length > 0 && (
        <ReviewList
          mode={mode}
          rows={reviewRows}
          excluded={excluded}
          warnings={warnings}
          messages={messages}
          onRowChange={(line, change) => dispatch({ type: 'editRow', line, change })}
          onExclude={(lines, exclude) => dispatch({ type: 'exclude', lines, exclude })}
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

      {mode === 'remove' && affected > 0 && (
        <RemovalConfirmation
          count={format(affected)}
          notRemoving={
            ready.length > affected
              ? messages.preview.notRemoving(
                  ready.length - affected,
                  format(ready.length - affected),
                )
              : undefined
          }
          undoable={undoable}
          state={confirmState}
          value={confirmation}
          onChange={setConfirmation}
          onEnter={start}
        />
      )}

      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={() => dispatch({ type: 'back' })}>
          {messages.preview.back}
        </Button>
        <Button
          onClick={start}
          disabled={!canStart}
          color={mode === 'remove' ? 'red.9' : undefined}
        >
          {ready.length === 0
            ? messages.preview.noneReady
            : messages.preview.start[mode](affected, format(affected), turmaCount)}
        </Button>
      </Group>
    </Stack>
  );
}

/** The typed count a removal cannot start without, under the warning that it cannot be undone. */
function RemovalConfirmation(props: {
  /** The students to be removed, formatted. */
  count: string;
  /** The lines sent that the look-up found would remove no one, said; undefined for none. */
  notRemoving: string | undefined;
  /** Whether History can undo it (the audit extension). */
  undoable: boolean;
  state: ConfirmationState;
  value: string;
  onChange: (value: string) => void;
  /** Enter in the field: the removal starts, if what is typed confirms it. */
  onEnter: () => void;
}) {
  const messages = useBulkMessages();
  return (
    <Stack gap="xs">
      <CannotUndoWarning>
        {props.undoable ? messages.preview.confirmWarningUndoable : messages.preview.confirmWarning}
      </CannotUndoWarning>
      {props.notRemoving && <Text size="sm">{props.notRemoving}</Text>}
      <TypedConfirmationField
        label={messages.preview.confirmLabel(props.count)}
        kind="count"
        state={props.state}
        status={{
          mismatch: messages.preview.confirmMismatch,
          match: messages.preview.confirmMatch,
        }}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          // The run takes the focus to its "Pausar" at once: the key's own default (a keypress)
          // must not reach it and pause the run just started.
          event.preventDefault();
          props.onEnter();
        }}
      />
    </Stack>
  );
}

/**
 * A list's dates are read day first in every language (decision 016). Where a date reads both
 * ways (03/04/2027), the review says how the first one was taken, in words, and how many more
 * there are, unless the list itself shows it is written day first (a 31/12/2027 in it, and no
 * 12/31/2027) in a language that writes it so: a file exported in English and stripped of its
 * ISO column (parse-input.ts) must not go out a month or more off without a word, whichever
 * language reads it.
 */
function DayFirstNotice({ rows }: { rows: readonly CheckedRow[] }) {
  const messages = useBulkMessages();
  const formats = useFormats();
  const locale = useLocale();
  const dates = useMemo(() => datesOfList(rows), [rows]);
  const [first] = dates.bothWays;
  const shownDayFirst = dates.onlyOneWay.has('day-first') && !dates.onlyOneWay.has('month-first');
  if (!first?.student?.expirationDate) return null;
  if (DAY_ORDER[locale] === 'day-first' && shownDayFirst) return null;
  const read = formats.mediumDateTime.format(new Date(first.student.expirationDate));
  const more = dates.bothWays.length - 1;
  return (
    <Alert color="blue" icon={<IconCalendarQuestion aria-hidden size={18} />}>
      {messages.preview.dayFirst(
        first.line,
        first.expiry.trim(),
        read,
        more,
        formats.number.format(more),
      )}
    </Alert>
  );
}

/**
 * What a list's slashed dates say of the order it was written in: the rows ready to send whose
 * date reads both ways, and the orders its dates that read only one way were written in.
 */
function datesOfList(rows: readonly CheckedRow[]): {
  bothWays: CheckedRow[];
  onlyOneWay: ReadonlySet<DayOrder>;
} {
  const bothWays: CheckedRow[] = [];
  const onlyOneWay = new Set<DayOrder>();
  // A list repeats a few dates: each is read once.
  const readings = new Map<string, ReturnType<typeof slashedReading>>();
  for (const row of rows) {
    if (row.expiry === '') continue;
    let reading = readings.get(row.expiry);
    if (reading === undefined) {
      reading = slashedReading(row.expiry);
      readings.set(row.expiry, reading);
    }
    if (reading === 'both') {
      if (typeof row.student?.expirationDate === 'string') bothWays.push(row);
    } else if (reading !== null) onlyOneWay.add(reading);
  }
  return { bothWays, onlyOneWay };
}

/** What reading the list found wrong with it as a whole, and the columns it did not use. */
function InputNotices({ parsed }: { parsed: ParsedInput }) {
  const messages = useBulkMessages();
  const { number } = useFormats();
  return (
    <>
      {parsed.problems.map((problem) => (
        <Alert
          key={problem.reason}
          color="yellow"
          icon={<IconAlertTriangle aria-hidden size={18} />}
        >
          {messages.input.problem(problem, number.format(BULK_ROWS_MAX))}
        </Alert>
      ))}
      {parsed.ignoredColumns && (
        // One notice for them all: a roster's export brings three columns a run has no use for.
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden size={18} />}>
          <Stack gap={4}>
            {parsed.ignoredColumns.map((column) => (
              <Text key={column.column} size="sm">
                {messages.input.ignoredColumn(column)}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </>
  );
}
