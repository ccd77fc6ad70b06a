import '@mantine/core/styles/Checkbox.css';
import { Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import classes from '../bulk.module.css';
import type { BulkMessages } from '../messages';
import { BulkPager } from '../pager';
import type { BulkMode, CheckedRow, InputRow } from '../types';
import { rowProblemText } from '../row-problem-text';
import { usePage } from '../use-page';
import type {
  EnrolWarning,
  EnrolWarningKind,
} from '../../../components/enrol-warnings/enrol-warnings';
import { WarningText } from '../../../components/enrol-warnings/warnings-summary';
import { useLocale } from '../../../i18n/i18n-context';

/** The fields a warning is about: where a reader of the field hears it. */
const WARNED_FIELD: Record<EnrolWarningKind, 'name' | 'email' | 'expiry'> = {
  'columns-swapped': 'email',
  'other-name': 'name',
  expired: 'expiry',
  shortens: 'expiry',
  limits: 'expiry',
  removes: 'expiry',
  'not-registered': 'email',
  'in-none': 'email',
};

interface ReviewListProps {
  mode: BulkMode;
  rows: { row: InputRow; checked: CheckedRow | undefined }[];
  excluded: ReadonlySet<number>;
  /** Of the lines not excluded that have any. */
  warnings: ReadonlyMap<number, readonly EnrolWarning[]>;
  messages: BulkMessages;
  onRowChange: (line: number, change: Partial<InputRow>) => void;
  onExclude: (lines: readonly number[], exclude: boolean) => void;
  problemLines: readonly number[];
  warnedLines: readonly number[];
}

/**
 * Excluding or including lines all at once takes away the button pressed (its lines are gone,
 * or back): focus goes to the buttons left, or the list's title, never to the page's body.
 */
function useRefocusedExclude(onExclude: ReviewListProps['onExclude']) {
  const actionsRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [excludedTimes, setExcludedTimes] = useState(0);
  useEffect(() => {
    if (excludedTimes === 0) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body && active.isConnected) return;
    (actionsRef.current?.querySelector('button') ?? titleRef.current)?.focus();
  }, [excludedTimes]);
  const excludeAll = (lines: readonly number[], exclude: boolean) => {
    onExclude(lines, exclude);
    setExcludedTimes((times) => times + 1);
  };
  return { actionsRef, titleRef, excludeAll };
}

/**
 * The rows with problems or warnings (and those fixed or excluded here), each editable in place:
 * a row with a warning is sent as it stands unless it is changed or excluded.
 */
export function ReviewList({
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
  const locale = useLocale();
  const page = usePage(rows);
  const anyWarned = warnedLines.length > 0;
  const { actionsRef, titleRef, excludeAll } = useRefocusedExclude(onExclude);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h4" ref={titleRef} tabIndex={-1}>
          {anyWarned ? text.reviewTable : text.problemsTable}
        </Title>
        <Group gap="xs" ref={actionsRef}>
          {problemLines.length > 0 && (
            <Button variant="default" size="xs" onClick={() => excludeAll(problemLines, true)}>
              {text.excludeAll}
            </Button>
          )}
          {anyWarned && (
            <Button variant="default" size="xs" onClick={() => excludeAll(warnedLines, true)}>
              {text.excludeWarned}
            </Button>
          )}
          {excluded.size > 0 && (
            <Button variant="default" size="xs" onClick={() => excludeAll([...excluded], false)}>
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
                          {rowProblemText(problem, (checked ?? row).email, messages, locale)}
                        </div>
                      ))}
                      {rowWarnings.map((warning) => (
                        <WarningText
                          key={warning.kind + ('turma' in warning ? warning.turma.id : '')}
                          warning={warning}
                          typedName={row.name}
                        />
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
      <BulkPager {...page} />
    </Stack>
  );
}
