import { UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useEffect, useRef, type Ref } from 'react';
import type { RosterEntry, RosterSortBy, RosterSortField } from '#contract';
import { useFormats, type Formats } from '../../i18n/formats';
import { EmailText } from '../../components/email-text/email-text';
import { visibleName } from '../../components/visible-name/visible-name';
import { parseSortBy } from '../../components/sort-cycle/sort-cycle';
import { expiryStatus } from './expiry-status';
import { useRosterMessages, type RosterMessages } from './messages';
import classes from './roster.module.css';

interface RosterTableProps {
  label: string;
  /** The page to show; undefined while the first one loads (skeleton rows). */
  rows: readonly RosterEntry[] | undefined;
  /** A newer page is on its way: the rows shown are the previous ones. */
  stale: boolean;
  sort: RosterSortBy;
  onSort: (field: RosterSortField) => void;
  /** The e-mails ticked, on any page of this roster. */
  selected: ReadonlySet<string>;
  onToggle: (students: readonly RosterEntry[], checked: boolean) => void;
  /** What "now" is for the expiry states (a test may fix it). */
  now: Date;
  ref?: Ref<HTMLTableElement>;
}

const SKELETON_ROWS = 8;

/** One page of a turma's students: tick them to act on them, sort by a column's header. */
export function RosterTable({
  label,
  rows,
  stale,
  sort,
  onSort,
  selected,
  onToggle,
  now,
  ref,
}: RosterTableProps) {
  const messages = useRosterMessages();
  const formats = useFormats();
  const columns = messages.columns;
  const header = (field: RosterSortField, className?: string) => (
    <SortHeader field={field} sort={sort} onSort={onSort} className={className}>
      {columns[field]}
    </SortHeader>
  );
  return (
    <table
      ref={ref}
      tabIndex={-1}
      className={classes.table}
      aria-label={label}
      aria-busy={rows === undefined || stale}
    >
      <thead>
        <tr>
          <th scope="col" className={classes.selectColumn}>
            <PageCheckbox rows={rows} selected={selected} onToggle={onToggle} />
          </th>
          {header('name')}
          {header('email')}
          {header('expirationDate', classes.dateColumn)}
          {header('enrolledAt', classes.dateColumn)}
        </tr>
      </thead>
      <tbody data-stale={stale || undefined} data-loading={rows === undefined || undefined}>
        {rows === undefined
          ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <tr key={index} aria-hidden>
                {[0, 1, 2, 3, 4].map((cell) => (
                  <td key={cell}>
                    <span className={classes.bone} />
                  </td>
                ))}
              </tr>
            ))
          : rows.map((student) => (
              <StudentRow
                key={student.email}
                student={student}
                checked={selected.has(student.email)}
                onToggle={onToggle}
                now={now}
                formats={formats}
                messages={messages}
              />
            ))}
      </tbody>
    </table>
  );
}

function StudentRow({
  student,
  checked,
  onToggle,
  now,
  formats,
  messages,
}: {
  student: RosterEntry;
  checked: boolean;
  onToggle: RosterTableProps['onToggle'];
  now: Date;
  formats: Formats;
  messages: RosterMessages;
}) {
  const columns = messages.columns;
  return (
    <tr>
      <td>
        <input
          type="checkbox"
          className={classes.checkbox}
          aria-label={messages.selectRow(visibleName(student.name), student.email)}
          checked={checked}
          onChange={(event) => onToggle([student], event.currentTarget.checked)}
        />
      </td>
      {/* Text, never markup: React escapes whatever the server sent. */}
      <td className={classes.name}>{visibleName(student.name)}</td>
      <td>
        <EmailText email={student.email} />
      </td>
      <td data-label={columns.expirationDate}>
        <ExpiryCell expirationDate={student.expirationDate} now={now} formats={formats} />
      </td>
      <td data-label={columns.enrolledAt}>
        <CompactDateTime value={student.enrolledAt} formats={formats} />
      </td>
    </tr>
  );
}

/** "Expira em 12 dias", "Expirada" or "Sem validade", with the date when there is one. */
export function ExpiryCell({
  expirationDate,
  now,
  formats,
}: {
  expirationDate: string | null;
  now: Date;
  formats: Formats;
}) {
  const messages = useRosterMessages().expiry;
  const status = expiryStatus(expirationDate, now);
  if (status.kind === 'none') return <span className={classes.dimmed}>{messages.none}</span>;
  const date = (
    <CompactDateTime value={expirationDate ?? status.at.toISOString()} formats={formats} />
  );
  if (status.kind === 'later') return date;
  return (
    <>
      <span className={status.kind === 'expired' ? classes.expired : classes.soon}>
        {status.kind === 'expired'
          ? messages.expired
          : messages.expires(formats.relativeTime.format(status.days, 'day'))}
      </span>{' '}
      ({date})
    </>
  );
}

/**
 * A short date-time that may wrap between the date and the time, never inside either: the date
 * columns stay narrow and the e-mails get the width.
 */
function CompactDateTime({ value, formats }: { value: string; formats: Formats }) {
  const parts = formats.dateTime.formatToParts(new Date(value));
  const hour = parts.findIndex((part) => part.type === 'hour');
  const text = (from: number, to?: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('');
  return (
    <time className={classes.time} dateTime={value}>
      {hour <= 0 ? (
        text(0)
      ) : (
        <>
          <span className={classes.nowrap}>{text(0, hour - 1)}</span>
          {text(hour - 1, hour)}
          <span className={classes.nowrap}>{text(hour)}</span>
        </>
      )}
    </time>
  );
}

function SortHeader({
  field,
  sort,
  onSort,
  className,
  children,
}: {
  field: RosterSortField;
  sort: RosterSortBy;
  onSort: (field: RosterSortField) => void;
  className?: string | undefined;
  children: string;
}) {
  const current = parseSortBy(sort);
  const sorted = current.field === field ? (current.desc ? 'desc' : 'asc') : false;
  const Icon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
    >
      <UnstyledButton
        className={classes.sortButton}
        data-sorted={sorted || undefined}
        onClick={() => onSort(field)}
      >
        {children}
        <Icon aria-hidden size={14} className={classes.sortIcon} />
      </UnstyledButton>
    </th>
  );
}

/** Ticks the whole page, or clears it; mixed while some of the page is ticked. */
function PageCheckbox({
  rows,
  selected,
  onToggle,
}: Pick<RosterTableProps, 'rows' | 'selected' | 'onToggle'>) {
  const messages = useRosterMessages();
  const ref = useRef<HTMLInputElement>(null);
  const page = rows ?? [];
  const ticked = page.filter((student) => selected.has(student.email)).length;
  const all = page.length > 0 && ticked === page.length;
  const some = ticked > 0 && !all;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={classes.checkbox}
      aria-label={messages.selectPage}
      checked={all}
      disabled={page.length === 0}
      onChange={() => onToggle(page, !all)}
    />
  );
}
